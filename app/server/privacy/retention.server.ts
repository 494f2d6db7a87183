/**
 * Retention: what identifies a person is kept only as long as the owner's
 * periods allow (settings rows, defaults in app/domain/privacy.ts). Run by the
 * scheduler every hour, in one transaction, with the pass's own clock so a
 * test can stand at any moment.
 *
 * - saved quotes: name, mobile and e-mail blanked; the quote stays for the statistics;
 * - job and model applications: deleted, with staff's notes on them, the
 *   period after staff last changed their status (closing one is the last
 *   change), or after they were made if nobody ever did;
 * - feedback: name and mobile blanked; the ratings and answers stay;
 * - sent or failed messages: recipient and payload blanked; the row stays as
 *   a record that a message went;
 * - staff's notes on a quote or survey that is anonymised: deleted (replies
 *   and notes name the person);
 * - rate-limit windows: deleted;
 * - staff sessions once they have ended (revoked, idle or too old): deleted, or
 *   only their browser description blanked where the audit log refers to them;
 *   spent or expired sign-in codes and passkey challenges: deleted.
 */
import { subDays, subHours, subMonths } from "date-fns";
import { and, inArray, isNull, lt, or, sql } from "drizzle-orm";
import {
  DEFAULT_RETENTION,
  RETENTION_SETTINGS,
  type RetentionPeriods,
  type RetentionSetting,
  retentionFromSettings,
} from "~/domain/privacy";
import type { Database } from "../db.server";
import { every, type ScheduledJob } from "../scheduler.server";
import {
  appointments,
  feedback,
  jobApplications,
  modelApplications,
  outbox,
  quotes,
  rateLimits,
  siteSettings,
  staffChallenges,
  staffSessions,
  staffTokens,
} from "../schema.server";
import { type Actor, audit } from "../staff/audit.server";
import { IDLE_MINUTES, SESSION_DAYS } from "../staff/session.server";
import { deleteStaffNotes } from "./staff-notes.server";

/** The periods in force: settings rows, or the defaults where a row is missing or unreadable. */
export async function readRetentionPeriods(db: Pick<Database, "select">): Promise<RetentionPeriods> {
  const keys = Object.values(RETENTION_SETTINGS).map((setting) => setting.key);
  const rows = await db.select().from(siteSettings).where(inArray(siteSettings.key, keys));
  return retentionFromSettings(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

/**
 * The owner's new periods, each within its bounds, stored as settings rows and
 * audited with the values; the next pass follows them. Names the settings out of bounds instead, storing nothing.
 */
export async function saveRetentionPeriods(
  db: Database,
  input: Readonly<Record<string, string | undefined>>,
  actor: Actor,
): Promise<RetentionPeriods | { invalid: RetentionSetting[] }> {
  const invalid: RetentionSetting[] = [];
  const periods = { ...DEFAULT_RETENTION };
  for (const [name, setting] of Object.entries(RETENTION_SETTINGS) as [
    RetentionSetting,
    (typeof RETENTION_SETTINGS)[RetentionSetting],
  ][]) {
    const value = Number(input[name]?.trim() || Number.NaN);
    if (Number.isInteger(value) && value >= setting.min && value <= setting.max) periods[name] = value;
    else invalid.push(name);
  }
  if (invalid.length > 0) return { invalid };
  await db.transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values(
        (Object.keys(periods) as RetentionSetting[]).map((name) => ({
          key: RETENTION_SETTINGS[name].key,
          value: String(periods[name]),
          updatedAt: new Date(),
        })),
      )
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
      });
    await audit(tx, actor, { action: "settings.retention", summary: JSON.stringify(periods) });
  });
  return periods;
}

export interface RetentionResult extends Record<string, number> {
  quotesAnonymised: number;
  /** Appointments from the booking system whose client details went with the quotes' (decision 070). */
  appointmentsAnonymised: number;
  jobApplicationsDeleted: number;
  modelApplicationsDeleted: number;
  feedbackAnonymised: number;
  messagesRedacted: number;
  rateLimitRowsDeleted: number;
  staffNotesDeleted: number;
  staffSessionsEnded: number;
  signInProofsDeleted: number;
}

/** When staff last changed an application's status (closing it included), or when it was made. */
const lastDecision = (table: typeof jobApplications | typeof modelApplications, subjectType: "job" | "model") => sql`
  greatest(${table.createdAt}, (select max(n.created_at) from staff_notes n
    where n.subject_type = ${subjectType} and n.subject_id = ${table.id} and n.kind = 'status'))`;

/** Erases everything due at `now` under `periods`, and nothing else. */
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

export async function applyRetention(db: Database, now: Date, periods: RetentionPeriods): Promise<RetentionResult> {
  const quoteCutoff = subMonths(now, periods.quoteContactMonths);
  const applicationCutoff = subMonths(now, periods.applicationMonths);
  const feedbackCutoff = subMonths(now, periods.feedbackMonths);
  const messageCutoff = subDays(now, periods.messageDays);
  const requestCutoff = subHours(now, periods.requestRecordHours);

  const quotesAnonymised = await db
    .update(quotes)
    .set({ name: "", mobile: "", email: "", anonymisedAt: now })
    .where(and(lt(quotes.createdAt, quoteCutoff), isNull(quotes.anonymisedAt)))
    .returning({ id: quotes.id });
  // The booking system's appointments name the same clients: their details go when the quotes' would.
  const appointmentsAnonymised = await db
    .update(appointments)
    .set({ clientName: "", clientMobile: null, clientEmail: null })
    .where(
      and(
        lt(appointments.startsAt, quoteCutoff),
        sql`(${appointments.clientName} <> '' or ${appointments.clientMobile} is not null or ${appointments.clientEmail} is not null)`,
      ),
    )
    .returning({ id: appointments.id });
  // The name a review invitation greets its client by goes with her appointment's.
  await db.execute(sql`update review_invitations i set client_name = '' from appointments a
    where a.id = i.appointment_id and a.starts_at < ${quoteCutoff.toISOString()}::timestamptz and i.client_name <> ''`);
  const jobs = await db
    .delete(jobApplications)
    .where(lt(lastDecision(jobApplications, "job"), applicationCutoff))
    .returning({ id: jobApplications.id });
  const models = await db
    .delete(modelApplications)
    .where(lt(lastDecision(modelApplications, "model"), applicationCutoff))
    .returning({ id: modelApplications.id });
  const feedbackAnonymised = await db
    .update(feedback)
    .set({ name: "", mobile: "", anonymisedAt: now })
    .where(and(lt(feedback.createdAt, feedbackCutoff), isNull(feedback.anonymisedAt)))
    .returning({ id: feedback.id });
  // A message still waiting to go is never touched; one given up on counts from when it was written.
  const messages = await db
    .update(outbox)
    .set({ recipient: "", recipientKey: "", payload: {}, lastError: null, redactedAt: now })
    .where(
      and(
        isNull(outbox.redactedAt),
        inArray(outbox.status, ["sent", "failed"]),
        lt(sql`coalesce(${outbox.sentAt}, ${outbox.createdAt})`, messageCutoff),
      ),
    )
    .returning({ id: outbox.id });
  const windows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, requestCutoff))
    .returning({ key: rateLimits.key });

  const staffNotesDeleted =
    (await deleteStaffNotes(db, "quote", ids(quotesAnonymised))) +
    (await deleteStaffNotes(db, "job", ids(jobs))) +
    (await deleteStaffNotes(db, "model", ids(models))) +
    (await deleteStaffNotes(db, "feedback", ids(feedbackAnonymised)));

  // A session is over once revoked, idle too long or too old; the audit log may still name it.
  const ended = or(
    sql`${staffSessions.revokedAt} is not null`,
    lt(staffSessions.lastSeenAt, new Date(now.getTime() - IDLE_MINUTES * 60_000)),
    lt(staffSessions.createdAt, subDays(now, SESSION_DAYS)),
  );
  const audited = sql`exists (select 1 from audit_log a where a.session_id = ${staffSessions.id})`;
  const sessionsDeleted = await db
    .delete(staffSessions)
    .where(and(ended, sql`not ${audited}`))
    .returning({ id: staffSessions.id });
  const sessionsBlanked = await db
    .update(staffSessions)
    .set({ userAgent: "" })
    .where(and(ended, audited, sql`${staffSessions.userAgent} <> ''`))
    .returning({ id: staffSessions.id });
  const tokens = await db
    .delete(staffTokens)
    .where(or(lt(staffTokens.expiresAt, now), sql`${staffTokens.usedAt} is not null`))
    .returning({ id: staffTokens.id });
  const challenges = await db
    .delete(staffChallenges)
    .where(lt(staffChallenges.expiresAt, now))
    .returning({ id: staffChallenges.id });

  return {
    quotesAnonymised: quotesAnonymised.length,
    appointmentsAnonymised: appointmentsAnonymised.length,
    jobApplicationsDeleted: jobs.length,
    modelApplicationsDeleted: models.length,
    feedbackAnonymised: feedbackAnonymised.length,
    messagesRedacted: messages.length,
    rateLimitRowsDeleted: windows.length,
    staffNotesDeleted,
    staffSessionsEnded: sessionsDeleted.length + sessionsBlanked.length,
    signInProofsDeleted: tokens.length + challenges.length,
  };
}

const RETENTION_JOB_NAME = "retention";

/** Hourly, so nothing outlives its period by more than an hour; a pass with nothing due costs a few indexed queries. */
export const retentionJob: ScheduledJob = {
  name: RETENTION_JOB_NAME,
  nextRun: every(3600),
  destructive: true,
  async run(tx, now) {
    return applyRetention(tx, now, await readRetentionPeriods(tx));
  },
};
