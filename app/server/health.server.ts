/**
 * The site's health, read from the database and the disk: what /readyz
 * answers, what /metrics exports, what Settings says in words and what the
 * health job alerts the owner about (once an hour per cause at most).
 */
import { statfs } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { type AlertCause, alertOwner, sendQueuedAlerts } from "./alerts.server";
import type { Config } from "./config.server";
import type { Database } from "./db.server";
import { log } from "./log.server";
import { every, type ScheduledJob } from "./scheduler.server";

export type HealthSettings = Pick<
  Config,
  | "dataDir"
  | "BACKUP_SCHEDULE"
  | "BACKUP_MAX_AGE_HOURS"
  | "READY_OUTBOX_BACKLOG"
  | "READY_DISK_FREE_MB"
  | "ALERT_DISK_FREE_PERCENT"
  | "SCHEDULE_CHECK_SECONDS"
>;

export interface Health {
  /** The database answered. When it did not, the figures below are not known (null). */
  database: boolean;
  outbox: {
    /** Messages waiting past their due time by more than a few minutes (a worker not keeping up). */
    overdue: number;
    /** Messages still being retried after several failed attempts, by channel. */
    failing: Record<string, number>;
    /** Messages given up on in the last 24 hours, by channel. */
    failedLastDay: Record<string, number>;
  } | null;
  backup: {
    /** The newest good backup's time and size. */
    lastGoodAt: Date | null;
    lastGoodBytes: number | null;
    /** Whether the newest attempt failed, and why. */
    lastFailed: boolean;
    lastError: string | null;
    /** No good backup for longer than BACKUP_MAX_AGE_HOURS (only once the nightly backup has had its chance). */
    stale: boolean;
  } | null;
  /** Whether DATA_DIR is there to read (statfs answered for it); when not, the two below are null. */
  dataDirPresent: boolean;
  /** Share of DATA_DIR's disk still free to the site, in percent. */
  diskFreePercent: number | null;
  /** Bytes of DATA_DIR's disk still free to the site. */
  diskFreeBytes: number | null;
  /** Scheduled jobs well past their time: the scheduler is not running them. */
  lateJobs: string[] | null;
}

const OVERDUE_MINUTES = 5;
/** A message that failed this many times is "failing", though it is still being retried. */
const FAILING_ATTEMPTS = 3;

/** DATA_DIR's disk as statfs sees it; a folder it cannot see (missing, unreadable) is not there. */
async function diskOf(dir: string): Promise<Pick<Health, "dataDirPresent" | "diskFreePercent" | "diskFreeBytes">> {
  try {
    const stats = await statfs(dir);
    return {
      dataDirPresent: true,
      diskFreePercent: stats.blocks > 0 ? (100 * stats.bavail) / stats.blocks : null,
      diskFreeBytes: stats.bavail * stats.bsize,
    };
  } catch {
    return { dataDirPresent: false, diskFreePercent: null, diskFreeBytes: null };
  }
}

const byChannel = (rows: { channel: string; n: number }[]) =>
  Object.fromEntries(rows.map((r) => [r.channel, Number(r.n)]));

export async function readHealth(
  db: Database,
  settings: HealthSettings,
  jobNames: readonly string[],
  now = new Date(),
): Promise<Health> {
  const disk = await diskOf(settings.dataDir);
  try {
    const at = now.toISOString();
    // One after another: a load balancer asking often must not take the whole pool.
    const overdue = await db.execute<{ n: number }>(sql`select count(*)::int as n from outbox
      where status in ('pending', 'sending') and next_attempt_at < ${at}::timestamptz - make_interval(mins => ${OVERDUE_MINUTES})`);
    const failing = await db.execute<{ channel: string; n: number }>(sql`select channel, count(*)::int as n from outbox
      where status in ('pending', 'sending') and attempts >= ${FAILING_ATTEMPTS} group by channel`);
    const failed = await db.execute<{ channel: string; n: number }>(sql`select channel, count(*)::int as n from outbox
      where status = 'failed' and failed_at > ${at}::timestamptz - interval '1 day' group by channel`);
    const latest = await db.execute<{ status: string; error: string | null }>(
      sql`select status, error from backups order by finished_at desc limit 1`,
    );
    const lastGood = await db.execute<{ finished_at: string | Date; bytes: string | number | null }>(
      sql`select finished_at, bytes from backups where status = 'ok' order by finished_at desc limit 1`,
    );
    const firstTry = await db.execute<{ started_at: string | Date | null }>(
      sql`select min(started_at) as started_at from backups`,
    );
    const late = await db.execute<{ name: string }>(sql`select name from scheduled_jobs
      where next_run_at < ${at}::timestamptz - make_interval(secs => ${Math.max(900, settings.SCHEDULE_CHECK_SECONDS * 5)})
      order by name`);
    const good = lastGood.rows[0];
    const lastGoodAt = good ? new Date(good.finished_at) : null;
    const firstAttempt = firstTry.rows[0]?.started_at ? new Date(firstTry.rows[0].started_at) : null;
    // Measured from the last good backup, or from the first attempt when none has succeeded yet.
    const since = lastGoodAt ?? firstAttempt;
    const maxAgeMs = settings.BACKUP_MAX_AGE_HOURS * 3_600_000;
    return {
      database: true,
      outbox: {
        overdue: overdue.rows[0]?.n ?? 0,
        failing: byChannel(failing.rows),
        failedLastDay: byChannel(failed.rows),
      },
      backup: {
        lastGoodAt,
        lastGoodBytes: good?.bytes == null ? null : Number(good.bytes),
        lastFailed: latest.rows[0]?.status === "failed",
        lastError: latest.rows[0]?.status === "failed" ? (latest.rows[0]?.error ?? null) : null,
        stale: settings.BACKUP_SCHEDULE === "on" && since !== null && now.getTime() - since.getTime() > maxAgeMs,
      },
      ...disk,
      lateJobs: late.rows.map((r) => r.name).filter((name) => jobNames.includes(name)),
    };
  } catch {
    return { database: false, outbox: null, backup: null, ...disk, lateJobs: null };
  }
}

const MB = 1024 * 1024;

/**
 * Whether a load balancer should send this process traffic, and if not, why
 * (in words, for the log and for staff: /readyz tells strangers only the first).
 */
export function readiness(
  health: Health,
  settings: HealthSettings & Pick<Config, "ROLE">,
): { ready: boolean; reasons: string[] } {
  const reasons: string[] = [];
  if (!health.database) reasons.push("the database does not answer");
  if (!health.dataDirPresent) reasons.push("the data folder (DATA_DIR) is missing");
  // A full disk fails every save, upload and backup (and the embedded database with them) while pages still render.
  else if (health.diskFreeBytes !== null && health.diskFreeBytes < settings.READY_DISK_FREE_MB * MB)
    reasons.push(`the data disk has ${Math.floor(health.diskFreeBytes / MB)} MB free`);
  // A web process (ROLE=web) neither sends messages nor makes backups, and the backlog and the backups are the
  // whole group's: were they to fail its readiness, a load balancer would take every web process out at once for
  // a late message. The workers' /readyz and the owner's alerts say so instead (decision 122).
  const sends = settings.ROLE !== "web";
  if (sends && health.outbox && health.outbox.overdue > settings.READY_OUTBOX_BACKLOG)
    reasons.push(`${health.outbox.overdue} messages are waiting past their time`);
  if (sends && health.backup?.stale)
    reasons.push(`no good backup for more than ${settings.BACKUP_MAX_AGE_HOURS} hours`);
  return { ready: reasons.length === 0, reasons };
}

const CHANNEL_WORDS: Readonly<Record<string, string>> = { email: "e-mail", sms: "text", webhook: "webhook" };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The causes the health job tells of; the scheduler words its own (a clock that disagrees with the database's). */
type HealthCause = Exclude<AlertCause, "clock-skew">;

/** Each kind of trouble, in the words the owner's e-mail and Settings use. */
export function problems(health: Health, settings: HealthSettings): { cause: HealthCause; text: string }[] {
  const found: { cause: HealthCause; text: string }[] = [];
  if (health.outbox) {
    const failing = Object.entries(health.outbox.failing).filter(([, n]) => n > 0);
    const failed = Object.entries(health.outbox.failedLastDay).filter(([, n]) => n > 0);
    if (failing.length > 0 || failed.length > 0)
      found.push({
        cause: "messages-failing",
        text: [
          ...failing.map(([channel, n]) => `${plural(n, CHANNEL_WORDS[channel] ?? "message")} keep failing to send`),
          ...failed.map(([channel, n]) => `${plural(n, CHANNEL_WORDS[channel] ?? "message")} given up on today`),
        ].join("; "),
      });
  }
  if (health.backup?.stale)
    found.push({
      cause: "backup-stale",
      text: health.backup.lastGoodAt
        ? `the last good backup is from ${health.backup.lastGoodAt.toISOString().slice(0, 16).replace("T", " ")} UTC, more than ${settings.BACKUP_MAX_AGE_HOURS} hours ago`
        : "no backup has succeeded yet",
    });
  if (!health.dataDirPresent)
    found.push({ cause: "disk-low", text: "the folder holding the site's data (DATA_DIR) is missing" });
  else if (health.diskFreePercent !== null && health.diskFreePercent < settings.ALERT_DISK_FREE_PERCENT)
    found.push({
      cause: "disk-low",
      text: `the disk holding the site's data is ${Math.round(100 - health.diskFreePercent)}% full`,
    });
  if (health.lateJobs && health.lateJobs.length > 0)
    found.push({ cause: "job-late", text: `scheduled work has not run on time: ${health.lateJobs.join(", ")}` });
  return found;
}

const ALERT_SUBJECTS: Record<HealthCause, string> = {
  "backup-failed": "a backup failed",
  "backup-stale": "no recent backup",
  "messages-failing": "messages are not going out",
  "disk-low": "the disk is nearly full",
  "job-late": "scheduled work is not running",
  "booking-links": "booking links stopped answering",
};

/**
 * Looks at the site's health every minute, in one process, and tells the owner about each kind of trouble
 * (at most once an hour each). `jobNames`: the scheduler's jobs, whose lateness it watches.
 */
export function createHealthJob(settings: HealthSettings, jobNames: readonly string[]): ScheduledJob {
  return {
    name: "health",
    nextRun: every(60),
    async run(tx, now) {
      // This pass is itself running, however late: only the other jobs are looked at.
      const health = await readHealth(
        tx,
        settings,
        jobNames.filter((name) => name !== "health"),
        now,
      );
      let alerts = 0;
      for (const problem of problems(health, settings)) {
        const told = await alertOwner(
          tx,
          problem.cause,
          {
            subject: ALERT_SUBJECTS[problem.cause],
            text: `The website noticed: ${problem.text}.\n\ndocs/operations.md says what each of these means and what to do.`,
          },
          now,
        );
        if (told) alerts++;
      }
      return { alerts };
    },
    committed: sendQueuedAlerts,
  };
}

let lastReasons = "";

/**
 * Writes a line to the log each time readiness changes (not at every probe
 * of a load balancer): the reasons go there and to staff, never to strangers.
 */
export function logReadinessChange(reasons: readonly string[]): void {
  const now = reasons.join("; ");
  if (now === lastReasons) return;
  if (reasons.length > 0) log.warn({ reasons }, "not ready");
  else log.info("ready again");
  lastReasons = now;
}
