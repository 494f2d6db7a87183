/**
 * Work on a schedule (retention today; digests and pruning can join), run
 * inside every server process and claimed through the database so that
 * exactly one process does each pass, however many are running.
 *
 * A pass is one transaction: it locks the job's row only if the job is due
 * (`FOR UPDATE SKIP LOCKED`, so a second process looking at the same moment
 * skips it instead of waiting), does the work, moves the next run on and logs
 * what was done. If the process dies halfway, the transaction rolls back,
 * nothing is half-erased, and the next process to look runs the pass again.
 * A pass that changed anything leaves an audit entry (by the system, not a
 * member of staff) with its counts.
 */
import { sql } from "drizzle-orm";
import type { Database } from "./db.server";
import { log } from "./log.server";
import { scheduledJobs } from "./schema.server";
import { audit } from "./staff/audit.server";

/** Reads the time; tests pass their own. */
export type Clock = () => Date;
const systemClock: Clock = () => new Date();

export interface ScheduledJob {
  name: string;
  /** Seconds from one pass to the next. */
  everySeconds: number;
  /** The work, inside the pass's transaction; returns counts for the audit log (never personal data). */
  run(tx: Database, now: Date): Promise<Record<string, unknown>>;
}

export type PassOutcome = { ran: false } | { ran: true; result: Record<string, unknown> };

/** Runs the job if it is due and no other process is running it; otherwise does nothing. */
export async function runJobIfDue(db: Database, job: ScheduledJob, now: Date): Promise<PassOutcome> {
  // A new job is due at once. Committed on its own, so claiming never waits on another process's pass.
  await db.insert(scheduledJobs).values({ name: job.name, nextRunAt: now }).onConflictDoNothing();
  return db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      select name from scheduled_jobs
      where name = ${job.name} and next_run_at <= ${now.toISOString()}
      for update skip locked`);
    if (claimed.rows.length === 0) return { ran: false } as const;
    const result = await job.run(tx as unknown as Database, now);
    await tx.execute(sql`
      update scheduled_jobs
      set last_run_at = ${now.toISOString()},
          next_run_at = ${new Date(now.getTime() + job.everySeconds * 1000).toISOString()}
      where name = ${job.name}`);
    if (Object.values(result).some((value) => value !== 0))
      await audit(tx, null, { action: `scheduled.${job.name}`, summary: JSON.stringify(result) });
    return { ran: true, result } as const;
  });
}

export interface Scheduler {
  /** Looks at every job once now; resolves when done. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function startScheduler(
  db: Database,
  jobs: readonly ScheduledJob[],
  options: { pollMs?: number; clock?: Clock } = {},
): Scheduler {
  const { pollMs = 60_000, clock = systemClock } = options;
  let running: Promise<void> | null = null;
  let stopped = false;

  function tick(): Promise<void> {
    if (running) return running;
    running = (async () => {
      for (const job of jobs) {
        if (stopped) return;
        try {
          const outcome = await runJobIfDue(db, job, clock());
          // A pass that found nothing to do is not news.
          const didSomething = outcome.ran && Object.values(outcome.result).some((value) => value !== 0);
          if (didSomething) log.info({ job: job.name, result: outcome.result }, "scheduled job done");
        } catch (error) {
          // One line, no stack: a database that is away for a while must not flood the log.
          if (!stopped)
            log.warn(
              { job: job.name, err: error instanceof Error ? error.message : String(error) },
              "scheduled job failed; it will be tried again",
            );
        }
      }
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = setInterval(() => void tick(), pollMs);
  timer.unref();
  // The first look waits a moment, so a starting process answers requests first.
  const first = setTimeout(() => void tick(), Math.min(pollMs, 5_000));
  first.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
