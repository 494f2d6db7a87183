/**
 * Retention: what identifies a person is kept only as long as the owner's
 * periods allow (settings rows, defaults in app/domain/privacy.ts). Run by the
 * scheduler every hour, in one transaction, with the pass's own clock so a
 * test can stand at any moment.
 *
 * - saved quotes: name, mobile and e-mail blanked; the quote stays for the statistics;
 * - job and model applications: deleted. They have no "closed" state yet, so
 *   the period runs from when they were made;
 * - feedback: name and mobile blanked; the ratings and answers stay;
 * - sent or failed messages: recipient and payload blanked; the row stays as
 *   a record that a message went;
 * - rate-limit windows: deleted.
 */
import { subDays, subHours, subMonths } from "date-fns";
import { and, inArray, isNull, lt, sql } from "drizzle-orm";
import { RETENTION_SETTINGS, type RetentionPeriods, retentionFromSettings } from "~/domain/privacy";
import type { Database } from "../db.server";
import type { ScheduledJob } from "../scheduler.server";
import {
  feedback,
  jobApplications,
  modelApplications,
  outbox,
  quotes,
  rateLimits,
  siteSettings,
} from "../schema.server";

/** The periods in force: settings rows, or the defaults where a row is missing or unreadable. */
export async function readRetentionPeriods(db: Pick<Database, "select">): Promise<RetentionPeriods> {
  const keys = Object.values(RETENTION_SETTINGS).map((setting) => setting.key);
  const rows = await db.select().from(siteSettings).where(inArray(siteSettings.key, keys));
  return retentionFromSettings(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

export interface RetentionResult extends Record<string, number> {
  quotesAnonymised: number;
  jobApplicationsDeleted: number;
  modelApplicationsDeleted: number;
  feedbackAnonymised: number;
  messagesRedacted: number;
  rateLimitRowsDeleted: number;
}

/** Erases everything due at `now` under `periods`, and nothing else. */
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
  const jobs = await db
    .delete(jobApplications)
    .where(lt(jobApplications.createdAt, applicationCutoff))
    .returning({ id: jobApplications.id });
  const models = await db
    .delete(modelApplications)
    .where(lt(modelApplications.createdAt, applicationCutoff))
    .returning({ id: modelApplications.id });
  const feedbackAnonymised = await db
    .update(feedback)
    .set({ name: "", mobile: "", anonymisedAt: now })
    .where(and(lt(feedback.createdAt, feedbackCutoff), isNull(feedback.anonymisedAt)))
    .returning({ id: feedback.id });
  // A message still waiting to go is never touched; one given up on counts from when it was written.
  const messages = await db
    .update(outbox)
    .set({ recipient: "", payload: {}, lastError: null, redactedAt: now })
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

  return {
    quotesAnonymised: quotesAnonymised.length,
    jobApplicationsDeleted: jobs.length,
    modelApplicationsDeleted: models.length,
    feedbackAnonymised: feedbackAnonymised.length,
    messagesRedacted: messages.length,
    rateLimitRowsDeleted: windows.length,
  };
}

export const RETENTION_JOB_NAME = "retention";

/** Hourly, so nothing outlives its period by more than an hour; a pass with nothing due costs a few indexed queries. */
export const retentionJob: ScheduledJob = {
  name: RETENTION_JOB_NAME,
  everySeconds: 3600,
  async run(tx, now) {
    return applyRetention(tx, now, await readRetentionPeriods(tx));
  },
};
