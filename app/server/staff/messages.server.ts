/**
 * The outbox as staff see it: what is waiting, what failed and why, what
 * went. Message contents are not shown: sign-in messages carry codes.
 */
import { and, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { SalonScope } from "~/domain/staff/access";
import { MESSAGE_TABS, type MessageTab } from "~/domain/staff/records";
import type { Database } from "../db.server";
import { resendMessages, wakeOutbox } from "../outbox.server";
import { outbox, quotes } from "../schema.server";
import { audit } from "./audit.server";
import { type ListPage, oneOf, searchParam, searchWhere } from "./lists.server";
import type { ScopedActor } from "./records.server";
import { inSalonScope } from "./scope.server";

/**
 * The messages in scope: all for the whole group; for an account of some salons, only the messages about a quote
 * of theirs (the staff's own codes, invitations and the group's other messages are the whole group's business).
 */
export function messagesInScope(scope: SalonScope): SQL | undefined {
  const mine = inSalonScope(scope, quotes.salonId);
  return mine && sql`exists (select 1 from ${quotes} where ${quotes.link} = (${outbox.payload}->>'link') and ${mine})`;
}

/** Staff names for the templates; a template not listed shows its own name. */
export const TEMPLATE_LABELS: Readonly<Record<string, string>> = {
  "quote-email": "Quote (e-mail)",
  "quote-sms": "Quote (text)",
  "job-thank-you": "Thanks to a job applicant",
  "staff-job": "New job application (to staff)",
  "staff-model": "New model application (to staff)",
  "staff-feedback": "New feedback (to staff)",
  "staff-sign-in": "Staff sign-in code",
  "staff-invite": "Staff invitation",
  "staff-passkey-added": "New passkey on a staff account",
  "staff-quote-digest": "New quotes digest",
  "lead-alert": "New lead (to the salon, e-mail)",
  "lead-alert-sms": "New lead (to the salon, text)",
  "lead-uncontacted": "Leads still New (to managers)",
  "applicant-reply": "Reply to a job applicant",
};

export interface MessageFilter {
  show: MessageTab;
  /** Words in the recipient, the template's name or the failure, or a mobile number. */
  q?: string;
}

/** The messages page opens on the failed ones. */
export function messageFilterOf(params: URLSearchParams): MessageFilter {
  return { show: oneOf(MESSAGE_TABS, params.get("show")) ?? "failed", q: searchParam(params) };
}

/** One page of the messages in scope, newest first. */
export async function listMessages(db: Database, filter: MessageFilter, page: ListPage, scope: SalonScope) {
  const statuses = filter.show === "pending" ? ["pending", "sending"] : [filter.show];
  const found = searchWhere(filter.q, {
    text: [outbox.recipient, outbox.template, outbox.lastError],
    mobile: outbox.recipient,
  });
  return db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      recipient: outbox.recipient,
      template: outbox.template,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      nextAttemptAt: outbox.nextAttemptAt,
    })
    .from(outbox)
    .where(
      and(
        inArray(outbox.status, statuses),
        found,
        messagesInScope(scope),
        page.after === undefined ? undefined : lt(outbox.id, page.after),
      ),
    )
    .orderBy(desc(outbox.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

/** A failed message goes back in the queue for one more round of attempts, with the same Message-ID. */
export async function resendFailed(db: Database, actor: ScopedActor, id: number): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    const inScope = messagesInScope(actor.scope);
    if (
      inScope &&
      (
        await tx
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.id, id), inScope))
      ).length === 0
    )
      return false;
    // The same re-send as the command line's: a fresh retry window, the failure cleared.
    if ((await resendMessages(tx, { ids: [id] })).length === 0) return false;
    const row = await tx.query.outbox.findFirst({ where: (o, { eq }) => eq(o.id, id) });
    await audit(tx, actor, {
      action: "message.resend",
      subject: { type: "message", id },
      summary: `${row?.template} to ${row?.recipient}`,
    });
    return true;
  });
  if (done) wakeOutbox();
  return done;
}
