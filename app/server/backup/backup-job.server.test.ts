import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromLondonLocal } from "~/domain/salon-time";
import { createHealthJob, readHealth } from "../health.server";
import { runJobIfDue } from "../scheduler.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import { createBackupJob } from "./backup-job.server";
import { listBackupFiles } from "./backups.server";

const [, factory] = testDatabases[0] as (typeof testDatabases)[number];

const settings = (backupDir: string, dataDir: string) => ({
  backupDir,
  dataDir,
  BACKUP_SCHEDULE: "on" as const,
  BACKUP_TIME: "03:30",
  BACKUP_KEEP_DAILY: 7,
  BACKUP_KEEP_WEEKLY: 5,
  BACKUP_KEEP_MONTHLY: 12,
  BACKUP_RETRY_MINUTES: 30,
  BACKUP_MAX_AGE_HOURS: 36,
  READY_OUTBOX_BACKLOG: 200,
  READY_DISK_FREE_MB: 100,
  ALERT_DISK_FREE_PERCENT: 10,
  SCHEDULE_CHECK_SECONDS: 60,
  BACKUP_S3_BUCKET: undefined as string | undefined,
  BACKUP_S3_ENDPOINT: undefined as string | undefined,
  BACKUP_S3_PREFIX: "salon/",
  BACKUP_S3_REGION: "us-east-1",
});

let database: TestDatabase;
let folder: string;
beforeAll(async () => {
  database = await factory(seedDatabase);
  folder = await mkdtemp(path.join(tmpdir(), "salon-backup-job-"));
  await database.db.execute(
    sql`insert into staff_users (email, name, role) values ('owner@example.com', 'Olive', 'owner'), ('desk@example.com', 'Dee', 'front-desk')`,
  );
});
afterAll(async () => {
  await database?.destroy();
  await rm(folder, { recursive: true, force: true });
});

async function alertsTo(cause: string) {
  const rows = await database.db.execute<{ recipient: string }>(
    sql`select recipient from outbox where template = 'owner-alert' and payload->>'cause' = ${cause} order by id`,
  );
  return rows.rows.map((r) => r.recipient);
}

const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

describe("the nightly backup", () => {
  it("runs at night, and with its disk missing alerts the owner once, is retried, then succeeds", async () => {
    // The backup folder sits where a file is: every write fails, as on a disk that is gone.
    const blocker = path.join(folder, "disk");
    await writeFile(blocker, "not a folder");
    const backupDir = path.join(blocker, "backups");
    const job = createBackupJob(database.url, settings(backupDir, folder));
    const night = fromLondonLocal("2026-11-20T03:30") as Date;

    // A new install waits for its first night.
    expect((await runJobIfDue(database.db, job, minutes(night, -60))).ran).toBe(false);
    const failed = await runJobIfDue(database.db, job, night);
    expect(failed).toMatchObject({ ran: true, result: { ok: 0, failed: 1, alerts: 1 } });
    expect(await alertsTo("backup-failed")).toEqual(["owner@example.com"]);

    // Retried BACKUP_RETRY_MINUTES later, not the next night; the owner is not told again within the hour.
    expect((await runJobIfDue(database.db, job, minutes(night, 10))).ran).toBe(false);
    expect(await runJobIfDue(database.db, job, minutes(night, 30))).toMatchObject({
      ran: true,
      result: { failed: 1, alerts: 0 },
    });
    expect(await alertsTo("backup-failed")).toEqual(["owner@example.com"]);

    // The disk comes back.
    await rm(blocker);
    expect(await runJobIfDue(database.db, job, minutes(night, 60))).toMatchObject({ ran: true, result: { ok: 1 } });
    const [written] = await listBackupFiles(backupDir);
    expect(written?.bytes).toBeGreaterThan(0);
    const outcomes = await database.db.execute<{ status: string }>(sql`select status from backups order by id`);
    expect(outcomes.rows.map((r) => r.status)).toEqual(["failed", "failed", "ok"]);

    // Then the next night, not sooner.
    expect((await runJobIfDue(database.db, job, minutes(night, 12 * 60))).ran).toBe(false);
    expect((await runJobIfDue(database.db, job, minutes(night, 24 * 60))).ran).toBe(true);

    const health = await readHealth(database.db, settings(backupDir, folder), [], minutes(night, 24 * 60 + 1));
    expect(health.backup).toMatchObject({ lastFailed: false, stale: false });
    // Two days without a good backup is stale.
    const later = await readHealth(database.db, settings(backupDir, folder), [], minutes(night, 24 * 60 * 3));
    expect(later.backup?.stale).toBe(true);
  });
});

describe("the health job", () => {
  it("tells the owner about a failing mail server once an hour, not once a minute", async () => {
    await database.db.execute(sql`insert into outbox (channel, recipient, template, payload, message_id, attempts, last_error)
      values ('email', 'client@example.com', 'quote', '{}'::jsonb, '<failing@test>', 5, 'connect ECONNREFUSED 127.0.0.1:25')`);
    const job = createHealthJob(settings(path.join(folder, "b"), folder), ["health"]);
    const start = new Date("2026-12-01T10:00:00Z");
    for (let minute = 0; minute < 10; minute++) await runJobIfDue(database.db, job, minutes(start, minute));
    expect(await alertsTo("messages-failing")).toEqual(["owner@example.com"]);
    await runJobIfDue(database.db, job, minutes(start, 61));
    expect(await alertsTo("messages-failing")).toEqual(["owner@example.com", "owner@example.com"]);
    const [alert] = (
      await database.db.execute<{ text: string }>(
        sql`select payload->>'text' as text from outbox where template = 'owner-alert' and payload->>'cause' = 'messages-failing' limit 1`,
      )
    ).rows;
    expect(alert?.text).toContain("1 e-mail keep");
  });

  it("tells the owner when the disk is nearly full or a scheduled job has not run on time", async () => {
    await database.db.execute(
      sql`insert into scheduled_jobs (name, next_run_at) values ('prune', '2026-12-02T08:00:00Z') on conflict (name) do update set next_run_at = excluded.next_run_at`,
    );
    // Every disk is under 100% free: the threshold set there makes this one "nearly full".
    const job = createHealthJob({ ...settings(path.join(folder, "b"), folder), ALERT_DISK_FREE_PERCENT: 100 }, [
      "prune",
      "health",
    ]);
    await runJobIfDue(database.db, job, new Date("2026-12-02T10:00:00Z"));
    expect(await alertsTo("disk-low")).toEqual(["owner@example.com"]);
    expect(await alertsTo("job-late")).toEqual(["owner@example.com"]);
  });
});

describe("the nightly backup with its bucket away", () => {
  it("records the failure, alerts the owner and tries again", async () => {
    // An address where nothing listens: the bucket's server is down.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    process.env.AWS_ACCESS_KEY_ID = "test";
    process.env.AWS_SECRET_ACCESS_KEY = "test";
    await database.db.execute(sql`delete from owner_alerts`);
    await database.db.execute(sql`delete from scheduled_jobs where name = 'backup'`);
    const job = createBackupJob(database.url, {
      ...settings(path.join(folder, "with-bucket"), folder),
      BACKUP_S3_BUCKET: "salon-backups",
      BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    });
    const night = fromLondonLocal("2026-12-10T03:30") as Date;
    await runJobIfDue(database.db, job, minutes(night, -1));
    expect(await runJobIfDue(database.db, job, night)).toMatchObject({ ran: true, result: { failed: 1, alerts: 1 } });
    const [failure] = (
      await database.db.execute<{ error: string }>(
        sql`select error from backups where status = 'failed' order by id desc limit 1`,
      )
    ).rows;
    expect(failure?.error).toContain("copying it to the bucket salon-backups failed");
    const [alert] = (
      await database.db.execute<{ text: string }>(
        sql`select payload->>'text' as text from outbox where template = 'owner-alert' and payload->>'cause' = 'backup-failed' order by id desc limit 1`,
      )
    ).rows;
    expect(alert?.text).toContain("the bucket salon-backups can be reached");
    expect((await runJobIfDue(database.db, job, minutes(night, 29))).ran).toBe(false);
    expect((await runJobIfDue(database.db, job, minutes(night, 30))).ran).toBe(true);
  });
});
