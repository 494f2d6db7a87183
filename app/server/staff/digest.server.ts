/**
 * The new-quotes digest: once a day, at the time the owner sets (London
 * time), every member of staff who can see quotes gets one e-mail listing the
 * quotes saved since the last digest. It is one of the scheduler's jobs, so
 * exactly one process sends each day's digest. Changing the time moves the
 * next pass at once: a time later today than the last digest takes effect
 * today (one more digest, of the quotes since the last), and a time already
 * passed by today's digest waits for tomorrow, so nothing is sent twice.
 */
import { and, asc, eq, gt, lte } from "drizzle-orm";
import { londonTime, nextDailyAt } from "~/domain/salon-time";
import { can, inScope, salonScope } from "~/domain/staff/access";
import { config } from "../config.server";
import type { Database } from "../db.server";
import { mailDomainOf } from "../delivery/delivery.server";
import { digestEmail } from "../delivery/staff-messages.server";
import { enqueue, wakeOutbox } from "../outbox.server";
import { reschedule, type ScheduledJob } from "../scheduler.server";
import { quotes, salons, siteSettings, staffUsers } from "../schema.server";
import { type Actor, audit } from "./audit.server";

const DIGEST_SETTING = "quoteDigestTime";
const DEFAULT_DIGEST_TIME = "17:30";
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const isDigestTime = (value: unknown): value is string => typeof value === "string" && TIME.test(value);

export async function digestTime(db: Database): Promise<string> {
  const row = await db.query.siteSettings.findFirst({ where: (s, { eq }) => eq(s.key, DIGEST_SETTING) });
  return row && isDigestTime(row.value) ? row.value : DEFAULT_DIGEST_TIME;
}

export async function setDigestTime(db: Database, actor: Actor, time: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ key: DIGEST_SETTING, value: time })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: time, updatedAt: new Date() } });
    await audit(tx, actor, {
      action: "settings.digest",
      subject: { type: "settings", id: DIGEST_SETTING },
      summary: time,
    });
    await reschedule(tx as unknown as Database, digestJob, now);
  });
}

/** Today's digest (London) at the time set, or tomorrow's once a pass has run at or after today's. */
async function nextDigest(db: Database, lastRun: Date | null, now: Date): Promise<Date> {
  return nextDailyAt(await digestTime(db), lastRun, now);
}

/**
 * Queues one e-mail to each active member of staff who can see quotes,
 * listing the quotes saved since the previous digest (the past day for the
 * first). Returns how many e-mails were queued.
 */
async function sendDigest(tx: Database, now: Date, lastRun: Date | null): Promise<number> {
  const since = lastRun ?? new Date(now.getTime() - 86_400_000);
  const fresh = await tx
    .select({
      id: quotes.id,
      name: quotes.name,
      salonId: quotes.salonId,
      salon: salons.shortName,
      totalPence: quotes.totalPence,
      createdAt: quotes.createdAt,
    })
    .from(quotes)
    .innerJoin(salons, eq(salons.id, quotes.salonId))
    .where(and(gt(quotes.createdAt, since), lte(quotes.createdAt, now)))
    .orderBy(asc(quotes.createdAt))
    .limit(200);
  if (fresh.length === 0) return 0;
  // Each reader is sent only the quotes of the salons their account covers (decision 109).
  const messages = (await tx.select().from(staffUsers).where(eq(staffUsers.active, true)))
    .filter((s) => can(s.role, "leads.view"))
    .flatMap((s) => {
      const scope = salonScope(s.role, s.salonIds);
      const theirs = fresh.filter((q) => inScope(scope, q.salonId));
      if (theirs.length === 0) return [];
      const payload = {
        quotes: theirs.map((q) => ({
          id: q.id,
          name: q.name,
          salon: q.salon,
          totalPence: q.totalPence,
          created: londonTime(q.createdAt),
        })),
      };
      return [digestEmail(s.email, payload)];
    });
  await enqueue(tx, messages, mailDomainOf(config().PUBLIC_URL));
  return messages.length;
}

/** The digest as one of the scheduler's jobs: whichever process claims the day's pass sends it. */
export const digestJob: ScheduledJob = {
  name: "quote-digest",
  nextRun: nextDigest,
  run: async (tx, now, lastRun) => ({ emails: await sendDigest(tx, now, lastRun) }),
  // The outbox worker also looks on its own timer; waking it saves the wait.
  committed: (result) => {
    if (result.emails !== 0) wakeOutbox();
  },
};
