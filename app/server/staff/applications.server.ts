/**
 * Job applications, model applications and feedback as staff work them:
 * lists by status, one in full, and the template replies to job applicants.
 */
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { firstNameOf } from "~/domain/first-visit-offer";
import { APPLICATION_STATUSES, fillTemplate, REPLY_TEMPLATES, type ReplyTemplateKey } from "~/domain/staff/records";
import { config } from "../config.server";
import type { Database } from "../db.server";
import { mailDomainOf } from "../delivery/delivery.server";
import { applicantReply } from "../delivery/staff-messages.server";
import { enqueue, wakeOutbox } from "../outbox.server";
import { feedback, jobApplications, modelApplications, replyTemplates, salons, staffNotes } from "../schema.server";
import { type Actor, audit } from "./audit.server";

/** The status a list URL asks for: "open" (everything not archived, the default), "all" or one status. */
export function statusFilterOf(params: URLSearchParams): string {
  const value = params.get("status") ?? "open";
  return value === "all" || value === "open" || (APPLICATION_STATUSES as readonly string[]).includes(value)
    ? value
    : "open";
}

function statusWhere(column: AnyPgColumn, status: string): SQL | undefined {
  if (status === "all") return undefined;
  if (status === "open") return sql`${column} <> 'archived'`;
  return eq(column, status);
}

export async function listJobApplications(
  db: Database,
  filter: { status: string; role?: string },
  page: { limit: number; offset: number },
) {
  return db
    .select({
      id: jobApplications.id,
      name: jobApplications.name,
      role: jobApplications.role,
      position: jobApplications.position,
      salon: salons.shortName,
      status: jobApplications.status,
      createdAt: jobApplications.createdAt,
    })
    .from(jobApplications)
    .innerJoin(salons, eq(salons.id, jobApplications.salonId))
    .where(
      and(
        statusWhere(jobApplications.status, filter.status),
        filter.role ? eq(jobApplications.role, filter.role) : undefined,
      ),
    )
    .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function getJobApplication(db: Database, id: number) {
  const [row] = await db
    .select({ application: jobApplications, salon: salons.name })
    .from(jobApplications)
    .innerJoin(salons, eq(salons.id, jobApplications.salonId))
    .where(eq(jobApplications.id, id))
    .limit(1);
  return row;
}

export async function listModelApplications(db: Database, status: string, page: { limit: number; offset: number }) {
  return db
    .select({
      id: modelApplications.id,
      name: modelApplications.name,
      status: modelApplications.status,
      createdAt: modelApplications.createdAt,
    })
    .from(modelApplications)
    .where(statusWhere(modelApplications.status, status))
    .orderBy(desc(modelApplications.createdAt), desc(modelApplications.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function getModelApplication(db: Database, id: number) {
  return db.query.modelApplications.findFirst({ where: (m, { eq }) => eq(m.id, id) });
}

export async function listFeedback(db: Database, status: string, page: { limit: number; offset: number }) {
  return db
    .select({
      id: feedback.id,
      name: feedback.name,
      experience: feedback.experience,
      result: feedback.result,
      status: feedback.status,
      createdAt: feedback.createdAt,
    })
    .from(feedback)
    .where(statusWhere(feedback.status, status))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function getFeedback(db: Database, id: number) {
  return db.query.feedback.findFirst({ where: (f, { eq }) => eq(f.id, id) });
}

// ── replies ─────────────────────────────────────────────────────────────

export interface ReplyTemplate {
  key: ReplyTemplateKey;
  label: string;
  subject: string;
  body: string;
  edited: boolean;
}

/** The owner's wording where they changed it, the first drafts otherwise. */
export async function replyTemplatesOf(db: Database): Promise<ReplyTemplate[]> {
  const rows = await db.select().from(replyTemplates);
  return (Object.keys(REPLY_TEMPLATES) as ReplyTemplateKey[]).map((key) => {
    const row = rows.find((r) => r.key === key);
    const draft = REPLY_TEMPLATES[key];
    return {
      key,
      label: draft.label,
      subject: row?.subject ?? draft.subject,
      body: row?.body ?? draft.body,
      edited: !!row,
    };
  });
}

export async function saveReplyTemplate(
  db: Database,
  actor: Actor,
  key: ReplyTemplateKey,
  text: { subject: string; body: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(replyTemplates)
      .values({ key, ...text, updatedBy: actor.staffId })
      .onConflictDoUpdate({
        target: replyTemplates.key,
        set: { ...text, updatedBy: actor.staffId, updatedAt: new Date() },
      });
    await audit(tx, actor, {
      action: "settings.template",
      subject: { type: "template", id: key },
      summary: text.subject,
    });
  });
}

/**
 * Sends a template reply to a job applicant through the outbox, and records
 * it on the application (what was sent, by whom) in the same transaction.
 */
export async function sendReply(
  db: Database,
  actor: Actor,
  applicationId: number,
  key: ReplyTemplateKey,
): Promise<{ ok: true; subject: string } | { ok: false }> {
  const template = (await replyTemplatesOf(db)).find((t) => t.key === key);
  const row = await getJobApplication(db, applicationId);
  if (!template || !row) return { ok: false };
  const values = { firstName: firstNameOf(row.application.name), role: row.application.role };
  const subject = fillTemplate(template.subject, values);
  const text = fillTemplate(template.body, values);
  await db.transaction(async (tx) => {
    const [messageId] = await enqueue(
      tx,
      [applicantReply(row.application.email, subject, text)],
      mailDomainOf(config().PUBLIC_URL),
    );
    await tx.insert(staffNotes).values({
      subjectType: "job",
      subjectId: applicationId,
      staffId: actor.staffId,
      kind: "reply",
      body: `${template.label}: "${subject}" to ${row.application.email}\n\n${text}`,
      outboxId: messageId ?? null,
    });
    await audit(tx, actor, {
      action: "job.reply",
      subject: { type: "job", id: applicationId },
      summary: template.label,
    });
  });
  wakeOutbox();
  return { ok: true, subject };
}
