/**
 * Work on a schedule (retention, pruning, the staff digest), run
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
 *
 * Each job says when its next pass is due: most every so many seconds
 * (`every`), the digest at a time of day the owner sets. A job whose timing
 * setting changes calls `reschedule` in the same transaction as the change.
 *
 * Time is the process's clock, checked against the database's: a job that
 * erases (retention, pruning) does not run while the two disagree by more
 * than MAX_CLOCK_SKEW_MS, and the owners are told. A next pass set further
 * ahead than a pass made now would set it was computed by a clock that ran
 * ahead: it is pulled back (docs/reliability.md, decision 103).
 */
import { eq, sql } from "drizzle-orm";
import type { ScheduledJobName } from "~/domain/staff/audit-log";
import { alertOwner, sendQueuedAlerts } from "./alerts.server";
import type { Database } from "./db.server";
import { log } from "./log.server";
import { scheduledJobs } from "./schema.server";
import { audit } from "./staff/audit.server";

/** Reads the time; tests pass their own. */
export type Clock = () => Date;
const systemClock: Clock = () => new Date();

export interface ScheduledJob {
  name: ScheduledJobName;
  /**
   * When the pass after one that ran at `lastRun` is due (`lastRun` null: the job has never run).
   * Reads any setting it needs through `tx`.
   */
  nextRun(tx: Database, lastRun: Date | null, now: Date): Date | Promise<Date>;
  /**
   * The work, inside the pass's transaction, given when the previous pass ran (null: never); returns
   * counts for the audit log (never personal data).
   */
  run(tx: Database, now: Date, lastRun: Date | null): Promise<Record<string, unknown>>;
  /** In this process, once a pass's transaction has committed (to wake a worker for what it queued). */
  committed?(result: Record<string, unknown>): void;
  /** Erases or anonymises by age: never run on a clock the database disagrees with. */
  destructive?: boolean;
}

/**
 * How far the process's clock may be from the database's before erasing work waits. Hosts kept by NTP agree
 * within milliseconds, so minutes apart means a clock set wrong (a bad NTP server, a restored VM, a hand-set
 * date); the shortest period anything is erased after is hours (docs/privacy.md), so waiting while the clocks
 * are put right loses nothing, and a few minutes is far above any round trip to the database.
 */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** A job due at once when new, then every `seconds` after each pass. */
export function every(seconds: number): ScheduledJob["nextRun"] {
  return (_tx, lastRun, now) => (lastRun ? new Date(lastRun.getTime() + seconds * 1000) : now);
}

export type PassOutcome = { ran: false } | { ran: true; result: Record<string, unknown> };

/** Runs the job if it is due and no other process is running it; otherwise does nothing. */
export async function runJobIfDue(db: Database, job: ScheduledJob, now: Date): Promise<PassOutcome> {
  // A new job's row, committed on its own, so claiming never waits on another process's pass.
  await db
    .insert(scheduledJobs)
    .values({ name: job.name, nextRunAt: await job.nextRun(db, null, now) })
    .onConflictDoNothing();
  await pullBackFutureRun(db, job, now);
  const outcome: PassOutcome = await db.transaction(async (tx) => {
    const claimed = await tx.execute<{ last_run_at: string | Date | null }>(sql`
      select last_run_at from scheduled_jobs
      where name = ${job.name} and next_run_at <= ${now.toISOString()}
      for update skip locked`);
    const [row] = claimed.rows;
    if (!row) return { ran: false } as const;
    // A last pass "after" now was stamped by a clock that ran ahead: it says nothing about what is done.
    const lastRun = row.last_run_at === null || new Date(row.last_run_at) > now ? null : new Date(row.last_run_at);
    const result = await job.run(tx as unknown as Database, now, lastRun);
    const nextRunAt = await job.nextRun(tx as unknown as Database, now, now);
    await tx.update(scheduledJobs).set({ lastRunAt: now, nextRunAt }).where(eq(scheduledJobs.name, job.name));
    if (Object.values(result).some((value) => value !== 0))
      await audit(tx, null, { action: `scheduled.${job.name}`, summary: JSON.stringify(result) });
    return { ran: true, result } as const;
  });
  if (outcome.ran) job.committed?.(outcome.result);
  return outcome;
}

/**
 * A pass made now would set the next one no later than `job.nextRun(now, now)`; a next pass stored beyond that
 * was set by a clock ahead of this one (a clock put back, or another process's running fast), and would leave
 * the job waiting for that far-off date. It is brought back to where a pass now would put it.
 */
async function pullBackFutureRun(db: Database, job: ScheduledJob, now: Date): Promise<void> {
  const [row] = await db
    .select({ nextRunAt: scheduledJobs.nextRunAt })
    .from(scheduledJobs)
    .where(eq(scheduledJobs.name, job.name));
  if (!row || row.nextRunAt <= now) return;
  const latest = await job.nextRun(db, now, now);
  if (row.nextRunAt <= latest) return;
  const moved = await db.execute(sql`
    update scheduled_jobs set next_run_at = ${latest.toISOString()}
    where name = ${job.name} and next_run_at > ${latest.toISOString()}`);
  if (Number(moved.rowCount ?? 0) > 0)
    log.warn(
      { job: job.name, was: row.nextRunAt.toISOString(), now: latest.toISOString() },
      "scheduled job's next run was set by a clock ahead of this one; brought back",
    );
}

/**
 * Moves a job's next pass to what its schedule says now, after a setting it reads has changed; call it in
 * the transaction that changes the setting. Waits for a pass of the job that is under way.
 */
export async function reschedule(tx: Database, job: ScheduledJob, now: Date): Promise<void> {
  const [row] = await tx
    .select({ lastRunAt: scheduledJobs.lastRunAt })
    .from(scheduledJobs)
    .where(eq(scheduledJobs.name, job.name))
    .for("update");
  const nextRunAt = await job.nextRun(tx, row?.lastRunAt ?? null, now);
  await tx
    .insert(scheduledJobs)
    .values({ name: job.name, nextRunAt })
    .onConflictDoUpdate({ target: scheduledJobs.name, set: { nextRunAt } });
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
  /** The disagreement last logged, so a clock that stays wrong is logged once rather than every tick. */
  let skewLogged = false;

  /**
   * Whether this process's clock is within MAX_CLOCK_SKEW_MS of the database's; when not, logs it (once until
   * they agree again) and tells the owners (alertOwner's once an hour, on the database's clock, which is right).
   */
  async function clockAgrees(): Promise<boolean> {
    const ours = clock();
    const read = await db.execute<{ now: string | Date }>(sql`select now() as now`);
    const theirs = new Date(read.rows[0]?.now ?? Number.NaN);
    const skewMs = ours.getTime() - theirs.getTime();
    if (Math.abs(skewMs) <= MAX_CLOCK_SKEW_MS) {
      if (skewLogged) log.info("the clock agrees with the database's again; retention and pruning resume");
      skewLogged = false;
      return true;
    }
    if (!skewLogged)
      log.warn(
        { ours: ours.toISOString(), database: theirs.toISOString(), skewSeconds: Math.round(skewMs / 1000) },
        "this process's clock disagrees with the database's; retention and pruning wait until they agree",
      );
    skewLogged = true;
    const alerts = await db.transaction(async (tx) =>
      (await alertOwner(tx as unknown as Database, "clock-skew", clockSkewAlert(ours, theirs), theirs)) ? 1 : 0,
    );
    sendQueuedAlerts({ alerts });
    return false;
  }

  function tick(): Promise<void> {
    if (running) return running;
    running = (async () => {
      // Unknown (the database away) counts as disagreeing: the erasing jobs would fail on it anyway.
      const agrees = await clockAgrees().catch(() => false);
      for (const job of jobs) {
        if (stopped) return;
        if (job.destructive && !agrees) continue;
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

/** The owners' alert: what each clock reads and what waits meanwhile. */
function clockSkewAlert(ours: Date, theirs: Date): { subject: string; text: string } {
  const minutes = Math.round(Math.abs(ours.getTime() - theirs.getTime()) / 60_000);
  const apart = minutes >= 2 * 1440 ? `${Math.round(minutes / 1440)} days` : `${minutes} minutes`;
  const at = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return {
    subject: "the server's clock is wrong",
    text: `The clock of the computer running the website reads ${at(ours)}, the database's ${at(theirs)}: ${apart} apart. Until they agree, nothing is erased or anonymised on a schedule (retention and pruning wait), so a wrong date cannot erase anyone's details early. Set the server's clock right (NTP); the waiting work then runs by itself.`,
  };
}
