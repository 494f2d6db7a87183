/**
 * The nightly backup, one of the scheduler's jobs: whichever process claims
 * the night's pass writes the backup (into its BACKUP_DIR), checks it, prunes
 * by the retention rule and records the outcome. A backup that fails (a full
 * or missing disk) is recorded, the owner is told (once an hour at most) and
 * the next try comes BACKUP_RETRY_MINUTES later instead of the next night.
 */
import { desc, sql } from "drizzle-orm";
import { nextDailyAt } from "~/domain/salon-time";
import { alertOwner, sendQueuedAlerts } from "../alerts.server";
import type { Config } from "../config.server";
import { log } from "../log.server";
import type { ScheduledJob } from "../scheduler.server";
import { backups } from "../schema.server";
import { createBackup, pruneBackups } from "./backups.server";
import { copyRemote, type RemoteSettings } from "./remote.server";

type BackupSettings = Pick<
  Config,
  | "backupDir"
  | "BACKUP_SCHEDULE"
  | "BACKUP_TIME"
  | "BACKUP_KEEP_DAILY"
  | "BACKUP_KEEP_WEEKLY"
  | "BACKUP_KEEP_MONTHLY"
  | "BACKUP_RETRY_MINUTES"
  | "BACKUP_KEY"
  | "dataDir"
> &
  RemoteSettings;

const FAR_AWAY_MS = 365 * 86_400_000;

/** The night's time today (London), or tomorrow's once a pass has run at or after today's. */
function nextNight(time: string, lastRun: Date | null, now: Date): Date {
  // A new install waits for its first night rather than backing up while it is being set up.
  return nextDailyAt(time, lastRun, now, { firstWaits: true });
}

export function createBackupJob(databaseUrl: string | undefined, settings: BackupSettings): ScheduledJob {
  return {
    name: "backup",
    async nextRun(tx, lastRun, now) {
      if (settings.BACKUP_SCHEDULE === "off" || !databaseUrl) return new Date(now.getTime() + FAR_AWAY_MS);
      if (lastRun) {
        const [latest] = await tx
          .select({ status: backups.status, finishedAt: backups.finishedAt })
          .from(backups)
          .orderBy(desc(backups.finishedAt))
          .limit(1);
        if (latest?.status === "failed" && latest.finishedAt >= lastRun)
          return new Date(now.getTime() + settings.BACKUP_RETRY_MINUTES * 60_000);
      }
      return nextNight(settings.BACKUP_TIME, lastRun, now);
    },
    async run(tx, now) {
      if (!databaseUrl) return { ok: 0 };
      // The pass's transaction waits, idle, while the backup is written on a connection of its own.
      await tx.execute(sql`set local idle_in_transaction_session_timeout = 0`);
      const started = Date.now();
      // On the scheduler's clock, so a test's clock reads the same as the rows it wrote.
      const finishedAt = () => new Date(now.getTime() + (Date.now() - started));
      try {
        const written = await createBackup(databaseUrl, settings.backupDir, settings, now);
        const remote = await copyRemote(settings, written.file);
        await tx.insert(backups).values({
          remote,
          startedAt: now,
          finishedAt: finishedAt(),
          status: "ok",
          file: written.name,
          bytes: written.bytes,
          sha256: written.sha256,
        });
        const pruned = await pruneBackups(settings.backupDir, {
          daily: settings.BACKUP_KEEP_DAILY,
          weekly: settings.BACKUP_KEEP_WEEKLY,
          monthly: settings.BACKUP_KEEP_MONTHLY,
        });
        return { ok: 1, bytes: written.bytes, pruned: pruned.length };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log.error({ err: reason, dir: settings.backupDir }, "backup failed; it will be tried again");
        await tx
          .insert(backups)
          .values({ startedAt: now, finishedAt: finishedAt(), status: "failed", error: reason.slice(0, 1000) });
        const told = await alertOwner(
          tx,
          "backup-failed",
          {
            subject: "last night's backup failed",
            text: `The backup of the website's data failed:\n\n${reason}\n\nIt is tried again every ${settings.BACKUP_RETRY_MINUTES} minutes. Check that the disk holding ${settings.backupDir} is there and has room${settings.BACKUP_S3_BUCKET ? `, and that the bucket ${settings.BACKUP_S3_BUCKET} can be reached` : ""} (docs/operations.md says more).`,
          },
          now,
        );
        return { ok: 0, failed: 1, alerts: told ? 1 : 0 };
      }
    },
    committed: sendQueuedAlerts,
  };
}
