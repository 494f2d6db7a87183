/**
 * Job applications, model applications and feedback as staff work them:
 * lists by status, one in full, and the template replies to job applicants.
 */
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, AnyPgTable, PgSelect } from "drizzle-orm/pg-core";
import type { RouterContextProvider } from "react-router";
import { firstNameOf } from "~/domain/first-visit-offer";
import { oneLine } from "~/domain/message-text";
import type { SalonScope } from "~/domain/staff/access";
import type { AuditAction } from "~/domain/staff/audit-log";
import type { RecordListData } from "~/domain/staff/lists";
import {
  APPLICATION_STATUSES,
  clientName,
  fillTemplate,
  REPLY_TEMPLATES,
  type RecordKind,
  type ReplyTemplateFor,
  type ReplyTemplateKey,
} from "~/domain/staff/records";
import type { StaffRouteKey } from "~/domain/staff/routes";
import { config } from "../config.server";
import type { Database } from "../db.server";
import { mailDomainOf } from "../delivery/delivery.server";
import { applicantReply } from "../delivery/staff-messages.server";
import { enqueue, wakeOutbox } from "../outbox.server";
import {
  feedback,
  idempotencyKeys,
  jobApplications,
  modelApplications,
  replyTemplates,
  salons,
  staffNotes,
} from "../schema.server";
import { type Actor, audit } from "./audit.server";
import { loadListPage } from "./list-page.server";
import { type ListPage, newestFirstAfter, searchParam, searchWhere } from "./lists.server";
import { noteStatusChange } from "./records.server";

/** A list of applications or feedback: one status ("open", the default, is everything not archived; or "all") and a search. */
export interface RecordFilter {
  status: string;
  q?: string;
}

/** The status and search a list URL asks for; an unknown status shows the open ones. */
export function recordFilterOf(params: URLSearchParams): RecordFilter {
  const value = params.get("status") ?? "open";
  const status =
    value === "all" || value === "open" || (APPLICATION_STATUSES as readonly string[]).includes(value) ? value : "open";
  return { status, q: searchParam(params) };
}

/** One page of a list of records: its status, its search (the record's notes included), newest first. */
function recordPage<Q extends PgSelect>(
  query: Q,
  table: AnyPgTable,
  t: { id: AnyPgColumn; status: AnyPgColumn; createdAt: AnyPgColumn; mobile: AnyPgColumn },
  search: { kind: RecordKind; text: AnyPgColumn[] },
  filter: RecordFilter,
  page: ListPage,
  /** The salon scope's condition, for records that have a salon. */
  inScope?: SQL,
) {
  const status =
    filter.status === "all"
      ? undefined
      : filter.status === "open"
        ? sql`${t.status} <> 'archived'`
        : eq(t.status, filter.status);
  const found = searchWhere(filter.q, {
    text: search.text,
    mobile: t.mobile,
    notes: { subjectType: search.kind, id: t.id },
  });
  return query
    .where(and(inScope, status, found, newestFirstAfter(table, t, page.after)))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

/**
 * One page of job applications. They are the group's, whatever salon an application was filed under: one
 * application is for every salon (as the recruitment pages promise), so every account that may see applications
 * sees them all (decision 133).
 */
export async function listJobApplications(db: Database, filter: RecordFilter, page: ListPage) {
  const t = jobApplications;
  const query = db
    .select({
      id: t.id,
      name: t.name,
      role: t.role,
      saturdayEvening: t.saturdayEvening,
      position: t.position,
      salon: salons.shortName,
      status: t.status,
      createdAt: t.createdAt,
    })
    .from(t)
    .innerJoin(salons, eq(salons.id, t.salonId));
  return recordPage(query.$dynamic(), t, t, { kind: "job", text: [t.name, t.email, t.about] }, filter, page);
}

/** One job application with the name of the salon it was sent to (the group's, as listJobApplications); undefined when there is none. */
export async function getJobApplication(db: Database, id: number) {
  const [row] = await db
    .select({ application: jobApplications, salon: salons.name })
    .from(jobApplications)
    .innerJoin(salons, eq(salons.id, jobApplications.salonId))
    .where(eq(jobApplications.id, id))
    .limit(1);
  return row;
}

export async function listModelApplications(db: Database, filter: RecordFilter, page: ListPage) {
  const t = modelApplications;
  const query = db.select({ id: t.id, name: t.name, status: t.status, createdAt: t.createdAt }).from(t);
  return recordPage(query.$dynamic(), t, t, { kind: "model", text: [t.name, t.info] }, filter, page);
}

export async function getModelApplication(db: Database, id: number) {
  return db.query.modelApplications.findFirst({ where: (m, { eq }) => eq(m.id, id) });
}

export async function listFeedback(db: Database, filter: RecordFilter, page: ListPage) {
  const t = feedback;
  const { experience, result } = t;
  const query = db.select({ id: t.id, name: t.name, experience, result, status: t.status, createdAt: t.createdAt });
  return recordPage(query.from(t).$dynamic(), t, t, { kind: "feedback", text: [t.name, t.comments] }, filter, page);
}

export async function getFeedback(db: Database, id: number) {
  return db.query.feedback.findFirst({ where: (f, { eq }) => eq(f.id, id) });
}

// ── replies ─────────────────────────────────────────────────────────────

export interface ReplyTemplate {
  key: ReplyTemplateKey;
  for: ReplyTemplateFor;
  channel: "email" | "sms";
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
      for: draft.for,
      channel: draft.channel,
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
 * A reply to a job applicant as it goes out, from the owner's wording: filled with the applicant's first name
 * and role as typed, its subject on one line. What the application's page shows before it is sent is this.
 */
export function jobReply(
  template: { subject: string; body: string },
  application: { name: string; role: string },
): { subject: string; text: string } {
  const values = { firstName: firstNameOf(application.name), role: application.role };
  return { subject: oneLine(fillTemplate(template.subject, values)), text: fillTemplate(template.body, values) };
}

/**
 * Sends a template reply to a job applicant through the outbox, records it on
 * the application (what was sent, by whom) and moves the application to the
 * reply's decision (REPLY_TEMPLATES' `status`), all in one transaction.
 * `sendKey` is the reply form's idempotency key: the same form sent again (a
 * double tap, a retry after a lost answer) sends nothing more and is told
 * what the first was. Returns the reply's label, the address it goes to and
 * the status's label when it changed; not ok for an application outside the
 * actor's scope or a reply that is not a job's.
 */
export async function sendReply(
  db: Database,
  actor: Actor & { scope: SalonScope },
  applicationId: number,
  key: ReplyTemplateKey,
  sendKey: string,
): Promise<{ ok: true; label: string; to: string; movedTo: string | null } | { ok: false }> {
  const template = (await replyTemplatesOf(db)).find((t) => t.key === key && t.for === "job");
  const row = await getJobApplication(db, applicationId);
  if (!template || !row) return { ok: false };
  const { subject, text } = jobReply(template, row.application);
  const draft = REPLY_TEMPLATES[key];
  const decision = "status" in draft && draft.status !== row.application.status ? draft.status : null;
  const sent = await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ key: `job-reply:${sendKey}` })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) return { again: true, movedTo: null };
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
    if (!decision) return { again: false, movedTo: null };
    await tx.update(jobApplications).set({ status: decision }).where(eq(jobApplications.id, applicationId));
    return { again: false, movedTo: await noteStatusChange(tx, actor, "job", applicationId, decision) };
  });
  if (!sent.again) wakeOutbox();
  return { ok: true, label: template.label, to: row.application.email, movedTo: sent.movedTo };
}

// ── the lists' pages ────────────────────────────────────────────────────

/**
 * A loader of a list of records worked by status: one page of rows, each
 * with its line of detail, and the status and search it was asked for.
 */
export async function loadRecordList<Row extends { id: number; name: string; status: string; createdAt: Date }>(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  key: StaffRouteKey,
  query: {
    rows(db: Database, filter: RecordFilter, page: ListPage, scope: SalonScope): Promise<Row[]>;
    audited: AuditAction;
  },
  detail?: (row: Row) => string,
): Promise<RecordListData> {
  const { filter, rows, list } = await loadListPage(args, key, { filterOf: recordFilterOf, ...query });
  return {
    status: filter.status,
    list,
    items: rows.map((r) => ({
      id: r.id,
      name: clientName(r.name),
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      detail: detail?.(r),
    })),
  };
}
