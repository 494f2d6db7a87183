/**
 * Pruning rows that have served their purpose: sent messages, old rate-limit
 * windows, idempotency keys and uploaded pictures nothing shows any more. It is one of the scheduler's jobs, so with
 * several processes on one PostgreSQL only one of them prunes per period.
 * Failed messages are kept until re-sent.
 */
import { sql } from "drizzle-orm";
import type { Database } from "./db.server";
import { pruneUnusedPictures } from "./pictures.server";
import { every, type ScheduledJob } from "./scheduler.server";

const RETENTION = {
  /** Sent messages are kept this long (what was sent, for questions from clients and staff). */
  sentMessagesDays: 30,
  /** Rate-limit windows are at most a day long. */
  rateLimitDays: 2,
  /** A retry after a lost answer comes within minutes; a week is generous. */
  idempotencyDays: 7,
};

interface PruneCounts {
  outbox: number;
  rateLimits: number;
  idempotencyKeys: number;
  pictures: number;
}

async function pruneOldRows(db: Database, now: Date, retention = RETENTION): Promise<PruneCounts> {
  const days = (n: number) => sql`${now.toISOString()}::timestamptz - make_interval(days => ${n})`;
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
  return {
    outbox: count(outbox),
    rateLimits: count(rateLimits),
    idempotencyKeys: count(idempotencyKeys),
    pictures: await pruneUnusedPictures(db, now),
  };
}

/** Prunes at most once an hour across all processes, through the one scheduler. */
export const pruneJob: ScheduledJob = {
  name: "prune",
  nextRun: every(3600),
  destructive: true,
  run: async (tx, now) => ({ ...(await pruneOldRows(tx, now)) }),
};
