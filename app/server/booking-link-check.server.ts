/**
 * The nightly look at every configured booking link (each salon's default
 * and skin-test links, and every link of the map): a link that stops answering sends clients
 * from a Book button to an error page, and nobody at the salon would know.
 * Each link is asked with HEAD (many booking sites answer it), then GET when
 * HEAD is refused, with a short time-out and a few at once. A link that
 * starts failing is e-mailed to the owner (the owner alerts) and shown on
 * the booking links screen until it answers again. A link (or a redirect
 * from it) to an internal address is never asked, only reported
 * (outbound.server.ts).
 */
import { sql } from "drizzle-orm";
import { nextDailyAt } from "~/domain/salon-time";
import { alertOwner, sendQueuedAlerts } from "./alerts.server";
import type { Database } from "./db.server";
import { type OutboundOptions, outboundRequest, RefusedDestinationError } from "./outbound.server";
import type { ScheduledJob } from "./scheduler.server";
import { bookingLinkChecks } from "./schema.server";

/** A link that has not answered in this long is down tonight. */
const TIMEOUT_MS = 5_000;
/** Links asked at once: a booking provider never sees a burst from us. */
const AT_ONCE = 4;
/** When the check runs, UK time: the night, when nobody is booking. */
const AT = "03:40";
/** Redirects followed from a link, as a browser would follow a few. */
const MAX_REDIRECTS = 5;

interface LinkAnswer {
  ok: boolean;
  problem: string | null;
}

async function ask(url: string, method: "HEAD" | "GET", timeoutMs: number, outbound: OutboundOptions) {
  const answer = await outboundRequest(
    url,
    { ...outbound, method, timeoutMs, headers: { "User-Agent": "MaisonIvy-LinkCheck/1" } },
    MAX_REDIRECTS,
  );
  return answer.status;
}

/** Whether a booking link answers: 2xx or 3xx to HEAD, or to GET when HEAD is not (some sites refuse it). */
async function checkLink(url: string, timeoutMs: number, outbound: OutboundOptions): Promise<LinkAnswer> {
  let status: number;
  try {
    status = await ask(url, "HEAD", timeoutMs, outbound);
    if (status >= 400) status = await ask(url, "GET", timeoutMs, outbound);
  } catch (error) {
    if (error instanceof RefusedDestinationError)
      return { ok: false, problem: `not asked: ${error.message}, not an address on the public internet` };
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return { ok: false, problem: timedOut ? `no answer in ${timeoutMs / 1000} s` : "could not be reached" };
  }
  return status < 400 ? { ok: true, problem: null } : { ok: false, problem: `answered HTTP ${status}` };
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function atMost<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Every configured link, once each, whoever uses it: the salons' own and skin-test links, and the map's. */
async function configuredLinks(tx: Database): Promise<string[]> {
  const rows = await tx.execute<{ url: string }>(sql`
    select booking_url as url from salons
    union select skin_test_url from salons where skin_test_url is not null
    union select url from booking_links order by url`);
  return rows.rows.map((r) => r.url);
}

/**
 * Asks every configured link, stores each answer, forgets links no longer configured, and alerts the
 * owner when a link has started failing. Returns counts for the audit log.
 */
export async function checkBookingLinks(
  tx: Database,
  now: Date,
  options: OutboundOptions & { timeoutMs?: number },
): Promise<{ links: number; failing: number; alerts: number }> {
  const urls = await configuredLinks(tx);
  const answers = await atMost(urls, AT_ONCE, (url) => checkLink(url, options.timeoutMs ?? TIMEOUT_MS, options));
  if (urls.length > 0) await tx.execute(sql`delete from booking_link_checks where url not in ${urls}`);
  const newlyFailing: string[] = [];
  for (const [i, url] of urls.entries()) {
    const answer = answers[i] as LinkAnswer;
    const stored = await tx
      .insert(bookingLinkChecks)
      .values({ url, checkedAt: now, ok: answer.ok, problem: answer.problem, failingSince: answer.ok ? null : now })
      .onConflictDoUpdate({
        target: bookingLinkChecks.url,
        set: {
          checkedAt: now,
          ok: answer.ok,
          problem: answer.problem,
          failingSince: answer.ok
            ? null
            : sql`coalesce(${bookingLinkChecks.failingSince}, ${now.toISOString()}::timestamptz)`,
        },
      })
      .returning({ failingSince: bookingLinkChecks.failingSince });
    if (!answer.ok && stored[0]?.failingSince?.getTime() === now.getTime())
      newlyFailing.push(`${url} (${answer.problem})`);
  }
  const failing = answers.filter((a) => !a.ok).length;
  const alerted =
    newlyFailing.length > 0 &&
    (await alertOwner(
      tx,
      "booking-links",
      {
        subject: "A booking link stopped answering",
        text: `Tonight's check found ${newlyFailing.length === 1 ? "a booking link" : "booking links"} that stopped answering, so the Book buttons using ${newlyFailing.length === 1 ? "it" : "them"} lead nowhere:\n\n${newlyFailing.join("\n")}\n\nChange ${newlyFailing.length === 1 ? "it" : "them"} on the console's Booking links page (or the Salons page for a salon's default).`,
      },
      now,
    ));
  return { links: urls.length, failing, alerts: alerted ? 1 : 0 };
}

/** The failing links as the booking links screen shows them, by address. */
export async function failingLinks(db: Database): Promise<Map<string, { problem: string; since: Date }>> {
  const rows = await db.select().from(bookingLinkChecks);
  return new Map(
    rows
      .filter((r) => !r.ok)
      .map((r) => [r.url, { problem: r.problem ?? "did not answer", since: r.failingSince ?? r.checkedAt }]),
  );
}

/** When the last check ran, for the screen ("checked last night"). */
export async function lastCheckedAt(db: Database): Promise<Date | null> {
  const rows = await db.execute<{ at: string | Date | null }>(
    sql`select max(checked_at) as at from booking_link_checks`,
  );
  const at = rows.rows[0]?.at;
  return at ? new Date(at) : null;
}

async function nextNight(_tx: Database, lastRun: Date | null, now: Date): Promise<Date> {
  // A new site waits for the night rather than asking every link as it starts.
  return nextDailyAt(AT, lastRun, now, { firstWaits: true });
}

/** The nightly job; OUTBOUND_ALLOW_PRIVATE lets it ask links on a closed network. */
export function createBookingLinkJob(outbound: OutboundOptions): ScheduledJob {
  return {
    name: "booking-links",
    nextRun: nextNight,
    run: (tx, now) => checkBookingLinks(tx, now, outbound),
    committed: sendQueuedAlerts,
  };
}
