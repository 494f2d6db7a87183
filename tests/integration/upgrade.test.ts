/**
 * Upgrades keep data: a backup made by the previous release (ace7c78, its demo content plus a row in every
 * table and a real photo; tests/fixtures/make-upgrade-fixture.js says how) is restored, and the current
 * code starts on it, migrates it and uses it.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { restoreArchive } from "~/server/backup/archive.server";
import { migrationsFolder, openDatabase } from "~/server/db.server";
import { readHealth } from "~/server/health.server";
import { pruneJob } from "~/server/housekeeping.server";
import { retentionJob } from "~/server/privacy/retention.server";
import { runJobIfDue } from "~/server/scheduler.server";
import { consents, staffUsers } from "~/server/schema.server";
import { seedDatabase } from "~/server/seed.server";
import { redeemSignInCode, sendSignInEmail } from "~/server/staff/accounts.server";
import { digestJob } from "~/server/staff/digest.server";
import { runRestoreCommand } from "../../commands/backup-command";
import { variantBytes } from "../corpus/stored-pictures";

const fixtures = path.resolve(import.meta.dirname, "..", "fixtures");
const fixture = path.join(fixtures, "upgrade-from-ace7c78.backup");
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Expected {
  counts: Record<string, number>;
  photos: Record<string, string>;
  variants: Record<string, string>;
}
const expected = async () =>
  JSON.parse(await readFile(path.join(fixtures, "upgrade-from-ace7c78.json"), "utf8")) as Expected;
const digest = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("the previous release's data under the current code", () => {
  it("is restored, migrated at start, and every row, photo, consent and staff account is there and usable", async () => {
    const want = await expected();
    // Every table of that release has rows: the fixture covers all of them.
    for (const [table, count] of Object.entries(want.counts)) expect(count, table).toBeGreaterThan(0);

    const dataDir = await mkdtemp(path.join(tmpdir(), "salon-upgrade-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const settings = {
      DIRECT_DATABASE_URL: undefined,
      dataDir,
      backupDir: path.join(dataDir, "backups"),
      BACKUP_KEEP_DAILY: 7,
      BACKUP_KEEP_WEEKLY: 5,
      BACKUP_KEEP_MONTHLY: 12,
      BACKUP_KEY: undefined,
      BACKUP_S3_PREFIX: "",
      BACKUP_S3_REGION: "us-east-1",
    };
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`ERROR ${l}`) };
    // Made before backups were tagged: it restores when told so, with a warning.
    expect(await runRestoreCommand([fixture], out, settings), lines.join("\n")).toBe(1);
    expect(lines.join("\n")).toContain("--unverified");
    lines.length = 0;
    expect(await runRestoreCommand([fixture, "--unverified"], out, settings), lines.join("\n")).toBe(0);
    expect(lines.join("\n")).toContain("could not be checked");
    // What the restore says it restored is every row the release had.
    const restored = Object.fromEntries(
      lines.flatMap((line) => {
        const m = /^\s+public\.(\w+)\s+(\d+)$/.exec(line);
        return m ? [[m[1], Number(m[2])]] : [];
      }),
    );
    expect(restored).toEqual(want.counts);

    const site = await openDatabase({ dataDir, prepare: seedDatabase });
    try {
      const db = site.db;
      // The current migrations all applied on top.
      const applied = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"));
      expect(applied.rows[0]?.n).toBe(journal.entries.length);

      for (const [table, count] of Object.entries(want.counts)) {
        const now = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from "${table}"`));
        // The seed found the content and added nothing. Starting may add a setup link, a job row or an audit entry.
        if (["staff_tokens", "scheduled_jobs", "audit_log"].includes(table))
          expect(now.rows[0]?.n, table).toBeGreaterThanOrEqual(count);
        else expect(now.rows[0]?.n, table).toBe(count);
      }

      // Photos: the same bytes, served by the current code.
      for (const [key, hash] of Object.entries(want.variants)) {
        const [, id, width, format] = /^(.+)-(\d+)\.(\w+)$/.exec(key) as unknown as [string, string, string, string];
        const bytes = await variantBytes(db, id, Number(width), format as "jpg" | "webp" | "avif");
        expect(bytes && digest(bytes), key).toBe(hash);
      }
      const masters = await db.execute<{ id: string; master: Buffer }>(sql`select id, master from pictures`);
      expect(Object.fromEntries(masters.rows.map((r) => [r.id, digest(r.master)]))).toEqual(want.photos);

      // Consent records read through the current schema.
      const consentRows = await db.select().from(consents);
      expect(consentRows.length).toBe(want.counts.consents);
      expect(consentRows[0]?.wording).toBeTruthy();

      // The owner's account signs in with the current code.
      const [owner] = await db.select().from(staffUsers).where(eq(staffUsers.email, "owner@fixture.example"));
      expect(owner).toMatchObject({ role: "owner", active: true });
      // Accounts made before staff belonged to salons see every salon, as they did (decision 109).
      const accounts = await db.select({ salonIds: staffUsers.salonIds }).from(staffUsers);
      expect(accounts.length).toBeGreaterThan(0);
      expect(accounts.map((a) => a.salonIds)).toEqual(accounts.map(() => null));
      const asked = await sendSignInEmail(db, "owner@fixture.example", "127.0.0.1");
      expect(asked).toMatchObject({ ok: true });
      const sent = await db.execute<{ code: string }>(
        sql`select payload->>'code' as code from outbox where template = 'staff-sign-in' order by id desc limit 1`,
      );
      const attempt = asked.ok ? asked.attempt : "";
      const signedIn = await redeemSignInCode(
        db,
        "owner@fixture.example",
        sent.rows[0]?.code ?? "",
        attempt,
        "127.0.0.1",
      );
      expect(signedIn).toMatchObject({ ok: true, staff: { email: "owner@fixture.example" } });

      // The scheduled work runs on it, and the health read finds nothing broken.
      const now = new Date();
      for (const job of [retentionJob, pruneJob, digestJob])
        await expect(runJobIfDue(site.background, job, now)).resolves.toBeDefined();
      const health = await readHealth(
        db,
        {
          dataDir,
          BACKUP_SCHEDULE: "on",
          BACKUP_MAX_AGE_HOURS: 36,
          READY_OUTBOX_BACKLOG: 200,
          READY_DISK_FREE_MB: 100,
          ALERT_DISK_FREE_PERCENT: 10,
          SCHEDULE_CHECK_SECONDS: 60,
        },
        [],
      );
      expect(health.database).toBe(true);
    } finally {
      await site.close();
    }
  });

  it("is migrated once when several processes start on it at the same moment", async () => {
    // The integration suite's PostgreSQL (scripts/built-suite.js requires it).
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const name = `salon_upgrade_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    });
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await restoreArchive(url.href, fixture, {
      migrationsFolder,
      keys: { BACKUP_KEY: undefined, dataDir: tmpdir() },
      unverified: true,
    });
    const before = await readMigrations(url.href);
    const processes = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: url.href, dataDir: tmpdir(), prepare: seedDatabase })),
    );
    await Promise.all(processes.map((p) => p.close()));
    const after = await readMigrations(url.href);
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"));
    expect(after.length).toBe(journal.entries.length);
    expect(after.length).toBeGreaterThan(before.length);
    // One row per migration: none applied twice.
    expect(new Set(after).size).toBe(after.length);
  });
});

async function readMigrations(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ hash: string }>("select hash from drizzle.__drizzle_migrations order by id");
    return result.rows.map((r) => r.hash);
  } finally {
    await client.end();
  }
}
