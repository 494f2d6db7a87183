/**
 * Pruning rows that have served their purpose: sent messages, old rate-limit
 * windows and idempotency keys. Every process checks now and then, but a run
 * is claimed through the database (the scheduled_jobs row's next_run_at is
 * moved on by one UPDATE), so with several processes on one PostgreSQL only
 * one of them prunes per period. Failed messages are kept until re-sent.
 */
import { sql } from "drizzle-orm";
import type { Database } from "./db.server";
import { log } from "./log.server";

const RETENTION = {
  /** Sent messages are kept this long (what was sent, for questions from clients and staff). */
  sentMessagesDays: 30,
  /** Rate-limit windows are at most a day long. */
  rateLimitDays: 2,
  /** A retry after a lost answer comes within minutes; a week is generous. */
  idempotencyDays: 7,
};

/** True when this process won the run of `name` due now; the next one is `everySeconds` later. */
export async function claimScheduledJob(db: Database, name: string, everySeconds: number): Promise<boolean> {
  await db.execute(sql`insert into scheduled_jobs (name) values (${name}) on conflict (name) do nothing`);
  const claimed = await db.execute(sql`
    update scheduled_jobs set next_run_at = now() + make_interval(secs => ${everySeconds}), last_run_at = now()
    where name = ${name} and next_run_at <= now()
    returning name`);
  return claimed.rows.length > 0;
}

export interface PruneCounts {
  outbox: number;
  rateLimits: number;
  idempotencyKeys: number;
}

export async function pruneOldRows(db: Database, retention = RETENTION): Promise<PruneCounts> {
  const days = (n: number) => sql`now() - make_interval(days => ${n})`;
  const outbox = await db.execute(
    sql`delete from outbox where status = 'sent' and sent_at < ${days(retention.sentMessagesDays)}`,
  );
  const rateLimits = await db.execute(
    sql`delete from rate_limits where window_start < ${days(retention.rateLimitDays)}`,
  );
  const idempotencyKeys = await db.execute(
    sql`delete from idempotency_keys where created_at < ${days(retention.idempotencyDays)}`,
  );
  const count = (r: { rowCount?: number | null; affectedRows?: number }) => Number(r.rowCount ?? r.affectedRows ?? 0);
  return { outbox: count(outbox), rateLimits: count(rateLimits), idempotencyKeys: count(idempotencyKeys) };
}

/** Checks every few minutes; prunes at most once an hour across all processes. */
export function startHousekeeping(db: Database, { checkMs = 5 * 60_000, everySeconds = 3600 } = {}) {
  const run = async () => {
    try {
      if (!(await claimScheduledJob(db, "prune", everySeconds))) return;
      const counts = await pruneOldRows(db);
      log.info({ job: "prune", ...counts }, "housekeeping: old rows pruned");
    } catch (error) {
      log.warn({ job: "prune", err: error instanceof Error ? error.message : String(error) }, "housekeeping failed");
    }
  };
  const first = setTimeout(run, 10_000);
  const timer = setInterval(run, checkMs);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
