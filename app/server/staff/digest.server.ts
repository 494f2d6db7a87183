/**
 * The new-quotes digest: once a day, at the time the owner sets (London
 * time), every member of staff who can see quotes gets one e-mail listing the
 * quotes saved since the last digest. Every process checks each minute; the
 * run is claimed by inserting its row into scheduled_runs, so exactly one
 * process sends each day's digest, together with that claim. The claim is of
 * the day and the time: a time the owner changes today takes effect today
 * (one more digest, of the quotes since the last), and setting a time back
 * to one already sent today sends nothing twice.
 */
import { and, asc, desc, eq, gt, lte } from "drizzle-orm";
import { can } from "~/domain/staff/access";
import { now as siteNow } from "../clock.server";
import { config } from "../config.server";
import type { Database } from "../db.server";
import { mailDomainOf } from "../delivery/delivery.server";
import { digestEmail } from "../delivery/staff-messages.server";
import { enqueue, wakeOutbox } from "../outbox.server";
import { quotes, salons, scheduledRuns, siteSettings, staffUsers } from "../schema.server";
import { type Actor, audit } from "./audit.server";

const DIGEST_SETTING = "quoteDigestTime";
const DEFAULT_DIGEST_TIME = "17:30";
const JOB = "quote-digest";
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const isDigestTime = (value: unknown): value is string => typeof value === "string" && TIME.test(value);

export async function digestTime(db: Database): Promise<string> {
  const row = await db.query.siteSettings.findFirst({ where: (s, { eq }) => eq(s.key, DIGEST_SETTING) });
  return row && isDigestTime(row.value) ? row.value : DEFAULT_DIGEST_TIME;
}

export async function setDigestTime(db: Database, actor: Actor, time: string): Promise<void> {
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
  });
}

const londonParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** London's date (yyyy-mm-dd) and time (hh:mm) at this instant. */
function londonNow(now: Date): { day: string; time: string } {
  const parts = Object.fromEntries(londonParts.formatToParts(now).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * Sends today's digest if its time has come and no process has sent it yet.
 * Returns how many e-mails were queued (0 when not due, already claimed, or
 * there were no new quotes).
 */
export async function runDigestIfDue(db: Database, now = siteNow()): Promise<number> {
  const { day, time } = londonNow(now);
  const due = await digestTime(db);
  if (time < due) return 0;
  const queued = await db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ claimedAt: scheduledRuns.claimedAt })
      .from(scheduledRuns)
      .where(eq(scheduledRuns.job, JOB))
      .orderBy(desc(scheduledRuns.claimedAt))
      .limit(1);
    const claimed = await tx
      .insert(scheduledRuns)
      .values({ job: JOB, runKey: `${day} ${due}`, claimedAt: now })
      .onConflictDoNothing()
      .returning({ job: scheduledRuns.job });
    if (claimed.length === 0) return 0;
    const since = previous?.claimedAt ?? new Date(now.getTime() - 86_400_000);
    const fresh = await tx
      .select({
        id: quotes.id,
        name: quotes.name,
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
    const recipients = (await tx.select().from(staffUsers).where(eq(staffUsers.active, true))).filter((s) =>
      can(s.role, "leads.view"),
    );
    const payload = {
      quotes: fresh.map((q) => ({
        id: q.id,
        name: q.name,
        salon: q.salon,
        totalPence: q.totalPence,
        created: londonNow(q.createdAt).time,
      })),
    };
    await enqueue(
      tx,
      recipients.map((r) => digestEmail(r.email, payload)),
      mailDomainOf(config().PUBLIC_URL),
    );
    return recipients.length;
  });
  if (queued > 0) wakeOutbox();
  return queued;
}

/** Checks every minute (STAFF_DIGEST_CHECK_SECONDS) in this process; returns a stop function. */
export function startDigestSchedule(db: Database, log: Pick<Console, "error"> = console): () => void {
  const tick = () =>
    void runDigestIfDue(db).catch((error) =>
      log.error("staff digest: run failed", error instanceof Error ? error.message : error),
    );
  const timer = setInterval(tick, config().STAFF_DIGEST_CHECK_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
