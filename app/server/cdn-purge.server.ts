/**
 * Purges the shared cache in front of the site (a CDN, the caching proxy in
 * deploy/) by surrogate key when content changes (decision 119). The content
 * tables' trigger queues its table's name in `cdn_purges` in the same
 * transaction as the change, and notifies every process; this worker claims
 * the due keys (FOR UPDATE SKIP LOCKED and a lease, as the outbox does, so
 * several processes send each once), sends them to CDN_PURGE_URL in the
 * CDN's shape. Once the CDN answered 2xx, each key is sent once more
 * FOLLOW_UP_SECONDS later and then deleted: a page rendered from the old rows
 * while the change committed (or kept a few seconds in a process's response
 * cache) can reach the CDN after the first purge, and the second one drops
 * it. A failure is retried with backoff until it succeeds: a purge is never
 * dropped, and a key queued again meanwhile starts over.
 */
import { sql } from "drizzle-orm";
import { EVERY_ANSWER_KEY } from "~/domain/shared-cache";
import type { Config } from "./config.server";
import type { Database } from "./db.server";
import type { Logger } from "./log.server";
import { retryDelaySeconds } from "./outbox.server";

type PurgeSettings = Pick<Config, "CDN_PURGE_URL" | "CDN_PURGE_FORMAT" | "CDN_PURGE_TOKEN">;

/** Keys per request: Fastly takes up to 256 per batch purge, Cloudflare up to 30 tags per call on every plan. */
const KEYS_PER_REQUEST = { "surrogate-key": 256, "cache-tag": 30 } as const;
const LEASE_SECONDS = 30;
const RETRY_SECONDS = 2;
const RETRY_CAP_SECONDS = 300;
/** Keys queued by another process whose notification this one missed are found within this. */
const POLL_MS = 5_000;
const TIMEOUT_MS = 10_000;
/**
 * The follow-up purge's delay: past the longest a render begun before the
 * change can run (REQUEST_TIMEOUT_MS, 5 s by default) plus the 10 s a process
 * keeps an answer in its response cache (server/request-handler.ts).
 */
const FOLLOW_UP_SECONDS = 20;

/**
 * The HTTP request that purges `keys` (at most the format's batch size):
 * `surrogate-key`, Fastly's batch purge (POST, `Surrogate-Key: k1 k2`,
 * `Fastly-Key: token`), which deploy/varnish.vcl takes too; `cache-tag`,
 * Cloudflare's (POST `{"tags": […]}`, `Authorization: Bearer token`).
 */
function purgeRequest(settings: PurgeSettings & { CDN_PURGE_URL: string }, keys: readonly string[]): Request {
  const token = settings.CDN_PURGE_TOKEN;
  if (settings.CDN_PURGE_FORMAT === "cache-tag") {
    return new Request(settings.CDN_PURGE_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ tags: keys }),
    });
  }
  return new Request(settings.CDN_PURGE_URL, {
    method: "POST",
    headers: { "Surrogate-Key": keys.join(" "), ...(token ? { "Fastly-Key": token } : {}) },
  });
}

/** A PostgreSQL array literal of plain strings (keys and timestamps: no quote or backslash in them). */
const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v}"`).join(",")}}`;

type Claimed = {
  key: string;
  /** As PostgreSQL prints it, to the microsecond: the row is deleted only if it was not queued again since. */
  queued: string;
  attempts: number;
  follow_up: boolean;
};

/** Queues keys to purge outside any content change: every answer's key when a new build starts serving. */
async function queuePurge(db: Pick<Database, "execute">, keys: readonly string[]): Promise<void> {
  for (const key of keys)
    await db.execute(sql`insert into cdn_purges (key) values (${key})
      on conflict (key) do update set queued_at = now(), next_attempt_at = now(), attempts = 0, lease_until = null, last_error = null`);
}

/**
 * One pass: claims the due keys, sends them, deletes those the cache took
 * and reschedules the rest. Without CDN_PURGE_URL the keys are only deleted.
 * Returns how many keys were claimed.
 */
export async function purgeDue(
  db: Database,
  settings: PurgeSettings,
  log: Pick<Logger, "warn">,
  send: (request: Request) => Promise<Response> = (request) =>
    fetch(request, { signal: AbortSignal.timeout(TIMEOUT_MS) }),
): Promise<number> {
  const { rows } = await db.execute<Claimed>(sql`
    update cdn_purges set lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
    where key in (
      select key from cdn_purges
      where next_attempt_at <= now() and (lease_until is null or lease_until < now())
      order by key limit 1000 for update skip locked)
    returning key, queued_at::text as queued, attempts, follow_up`);
  const claimed = rows.sort((a, b) => (a.key < b.key ? -1 : 1));
  if (claimed.length === 0) return 0;
  const url = settings.CDN_PURGE_URL;
  const batch = KEYS_PER_REQUEST[settings.CDN_PURGE_FORMAT];
  for (let start = 0; start < claimed.length; start += batch) {
    const part = claimed.slice(start, start + batch);
    let failure: string | null = null;
    if (url) {
      try {
        const response = await send(
          purgeRequest(
            { ...settings, CDN_PURGE_URL: url },
            part.map((c) => c.key),
          ),
        );
        await response.body?.cancel();
        if (!response.ok) failure = `the purge address answered ${response.status}`;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
    }
    const keys = part.map((c) => c.key);
    const queued = part.map((c) => c.queued);
    if (failure === null) {
      // Follow-ups are done, first sends wait for theirs (with nowhere to send, both are); each only if it was
      // not queued again meanwhile.
      await db.execute(sql`delete from cdn_purges p
        using unnest(${textArray(keys)}::text[], ${textArray(queued)}::text[]) as d(key, queued)
        where p.key = d.key and p.queued_at = d.queued::timestamptz and (p.follow_up or ${url === undefined})`);
      await db.execute(sql`update cdn_purges p
        set follow_up = true, attempts = 0, lease_until = null, last_error = null,
          next_attempt_at = now() + make_interval(secs => ${FOLLOW_UP_SECONDS})
        from unnest(${textArray(keys)}::text[], ${textArray(queued)}::text[]) as d(key, queued)
        where p.key = d.key and p.queued_at = d.queued::timestamptz and not p.follow_up`);
      continue;
    }
    const attempts = Math.max(...part.map((c) => c.attempts));
    const delay = retryDelaySeconds(attempts, RETRY_SECONDS, RETRY_CAP_SECONDS);
    log.warn({ keys, attempt: attempts, reason: failure, retryInSeconds: delay }, "cdn purge failed; will retry");
    await db.execute(sql`update cdn_purges p
      set lease_until = null, next_attempt_at = now() + make_interval(secs => ${delay}), last_error = ${failure}
      from unnest(${textArray(keys)}::text[], ${textArray(queued)}::text[]) as d(key, queued)
      where p.key = d.key and p.queued_at = d.queued::timestamptz`);
  }
  return claimed.length;
}

export interface CdnPurger {
  /** Something was queued (this process heard a content change): send it now. */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Runs `purgeDue` when woken and every few seconds. A new build's process
 * queues every answer's key first: pages kept from the previous build name
 * its scripts and styles, which this build no longer serves. A process that
 * sends nothing (`sends` false: ROLE=web) only queues that key, for the
 * workers to send.
 */
export function startCdnPurge(
  db: Database,
  settings: PurgeSettings,
  log: Pick<Logger, "warn">,
  sends = true,
): CdnPurger {
  if (!sends) {
    if (settings.CDN_PURGE_URL)
      queuePurge(db, [EVERY_ANSWER_KEY]).catch((error: unknown) =>
        log.warn({ err: String(error) }, "cdn purge: could not queue the new build's purge"),
      );
    return { wake() {}, async stop() {} };
  }
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  const pass = async () => {
    do {
      again = false;
      try {
        await purgeDue(db, settings, log);
      } catch (error) {
        // The database away: the keys stay queued for the next pass.
        log.warn({ err: error instanceof Error ? error.message : String(error) }, "cdn purge pass failed");
      }
    } while (again && !stopped);
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(wake, POLL_MS);
  timer.unref();
  if (settings.CDN_PURGE_URL)
    queuePurge(db, [EVERY_ANSWER_KEY]).then(wake, (error: unknown) =>
      log.warn({ err: String(error) }, "cdn purge: could not queue the new build's purge"),
    );
  else wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
