import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import S3rver from "s3rver";
import { afterEach, describe, expect, it } from "vitest";
import { listBackupFiles } from "~/server/backup/backups.server";
import type { Database } from "~/server/db.server";
import { openDatabase } from "~/server/db.server";
import { seedDatabase } from "~/server/seed.server";
import { runBackupCommand, runRestoreCommand } from "../../commands/backup-command";

const folders: string[] = [];
afterEach(async () => {
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});
async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

/** The key these backups are encrypted with: the tests lose DATA_DIR, as a machine that failed would. */
const KEY = "correct horse battery staple, salon";

function settingsFor(
  dataDir: string,
  backupDir: string,
  s3: { bucket?: string; endpoint?: string } = {},
  key: string | null = KEY,
) {
  return {
    DIRECT_DATABASE_URL: undefined,
    dataDir,
    backupDir,
    BACKUP_KEY: key ?? undefined,
    BACKUP_KEEP_DAILY: 7,
    BACKUP_KEEP_WEEKLY: 5,
    BACKUP_KEEP_MONTHLY: 12,
    BACKUP_S3_BUCKET: s3.bucket,
    BACKUP_S3_ENDPOINT: s3.endpoint,
    BACKUP_S3_PREFIX: "salon/",
    BACKUP_S3_REGION: "us-east-1",
  };
}

function capture() {
  const lines: string[] = [];
  return {
    lines,
    out: { log: (line: string) => lines.push(line), error: (line: string) => lines.push(`ERROR ${line}`) },
  };
}

/** Every table's row count, and a digest of every photo's bytes (masters and served sizes). */
async function snapshot(db: Database) {
  const tables = await db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const counts: Record<string, number> = {};
  // The CDN's purge queue is work to do, not data: a restore fills it anew from the content it writes.
  for (const { name } of tables.rows.filter((t) => t.name !== "cdn_purges")) {
    const result = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from "${name}"`));
    counts[name] = result.rows[0]?.n ?? -1;
  }
  const photos = await db.execute<{ id: string; master: Buffer }>(sql`select id, master from pictures order by id`);
  const variants = await db.execute<{ key: string; bytes: Buffer }>(
    sql`select picture_id || '-' || width || '.' || format as key, bytes from picture_variants order by 1`,
  );
  const digest = (b: Buffer) => createHash("sha256").update(b).digest("hex");
  return {
    counts,
    photos: Object.fromEntries(photos.rows.map((r) => [r.id, digest(r.master)])),
    variants: Object.fromEntries(variants.rows.map((r) => [r.key, digest(r.bytes)])),
  };
}

async function addPhotos(db: Database, count: number) {
  for (let i = 0; i < count; i++) {
    const id = randomBytes(8).toString("hex");
    // Random bytes include every byte COPY must escape (backslash, newline, tab, zero).
    const master = randomBytes(50_000 + i);
    await db.execute(
      sql`insert into pictures (id, alt, width, height, widths, source_format, master) values (${id}, ${`Photo ${i}`}, 800, 600, ${"{400,800}"}, 'jpeg', ${master})`,
    );
    for (const [width, format] of [
      [400, "webp"],
      [800, "avif"],
    ] as const)
      await db.execute(
        sql`insert into picture_variants (picture_id, width, format, bytes) values (${id}, ${width}, ${format}, ${randomBytes(9_000)})`,
      );
  }
}

describe("npm run backup and npm run restore", () => {
  it("backs up the embedded database while the site runs, restores it into an emptied DATA_DIR, and the site starts on it with every row and photo", async () => {
    const dataDir = await tempDir("salon-backup-data-");
    const backupDir = await tempDir("salon-backup-files-");
    const settings = settingsFor(dataDir, backupDir);
    const site = await openDatabase({ dataDir, prepare: seedDatabase });
    let before: Awaited<ReturnType<typeof snapshot>>;
    try {
      await addPhotos(site.db, 3);
      // A quote with a newline, a tab and a backslash in what the visitor typed.
      await site.db.execute(sql`insert into quotes (link, name, mobile, email, referral, regular, selector, calculator, salon_id, level_id, lines, total_pence)
        select 'q-round-trip', ${"Ann\tO'Neil \\ the\nsecond"}, '07700900123', 'ann@example.com', 'friend', false, 'x', 'y', s.id, l.id, '[]'::jsonb, 4200
        from salons s, levels l limit 1`);
      before = await snapshot(site.db);
      const { lines, out } = capture();
      // The site holds DATA_DIR: the backup goes through its running server.
      expect(await runBackupCommand([], out, settings)).toBe(0);
      expect(lines.join("\n")).toMatch(/Backed up \d+ rows/);
    } finally {
      await site.close();
    }
    const [backup] = await listBackupFiles(backupDir);
    expect(backup).toBeDefined();
    expect(existsSync(`${backup?.file}.sha256`)).toBe(true);

    await rm(dataDir, { recursive: true, force: true });
    const restore = capture();
    expect(await runRestoreCommand([backup?.file as string], restore.out, settings)).toBe(0);
    expect(restore.lines.join("\n")).toMatch(/public\.quotes\s+\d+/);
    expect(restore.lines.join("\n")).toContain("photos: 3");

    // A second restore over it is refused without --replace, and changes nothing.
    const refused = capture();
    expect(await runRestoreCommand([backup?.file as string], refused.out, settings)).toBe(1);
    expect(refused.lines.join("\n")).toContain("--replace");

    const started = await openDatabase({ dataDir, prepare: seedDatabase });
    try {
      const after = await snapshot(started.db);
      // The backups table gained the row saying this backup was taken; nothing else differs.
      expect({ ...after.counts, backups: 0 }).toEqual({ ...before.counts, backups: 0 });
      expect(after.photos).toEqual(before.photos);
      expect(after.variants).toEqual(before.variants);
      const ann = await started.db.execute<{ name: string }>(sql`select name from quotes where link = 'q-round-trip'`);
      expect(ann.rows[0]?.name).toBe("Ann\tO'Neil \\ the\nsecond");
      // Ids go on from where they were: a new row does not collide with a restored one.
      await started.db.execute(
        sql`insert into audit_log (action, summary) values ('test.after-restore', 'ids continue')`,
      );
    } finally {
      await started.close();
    }
    const again = capture();
    expect(await runRestoreCommand([backup?.file as string, "--replace"], again.out, settings)).toBe(0);
  });

  it("refuses a damaged or cut-short backup and leaves the target alone", async () => {
    const dataDir = await tempDir("salon-backup-data-");
    const backupDir = await tempDir("salon-backup-files-");
    const settings = settingsFor(dataDir, backupDir);
    const site = await openDatabase({ dataDir, prepare: seedDatabase });
    await site.close();
    expect(await runBackupCommand([], capture().out, settings)).toBe(0);
    const [backup] = await listBackupFiles(backupDir);
    const bytes = await readFile(backup?.file as string);

    const cut = path.join(backupDir, "cut.backup");
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const target = settingsFor(await tempDir("salon-restore-"), backupDir);
    const cutResult = capture();
    expect(await runRestoreCommand([cut], cutResult.out, target)).toBe(1);
    expect(cutResult.lines.join("\n")).toMatch(/damaged|cut short/);

    const changed = Buffer.from(bytes);
    changed[changed.length - 40] = (changed[changed.length - 40] ?? 0) ^ 0xff;
    await writeFile(backup?.file as string, changed);
    const changedResult = capture();
    expect(await runRestoreCommand([backup?.file as string], changedResult.out, target)).toBe(1);
    expect(changedResult.lines.join("\n")).toContain("checksum");
  });

  it("copies each backup to S3-compatible storage and restores from there", async () => {
    const bucketDir = await tempDir("salon-s3-");
    const s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: "salon-backups", configs: [] }],
    });
    const { port } = await s3.run();
    process.env.AWS_ACCESS_KEY_ID = "S3RVER";
    process.env.AWS_SECRET_ACCESS_KEY = "S3RVER";
    try {
      const dataDir = await tempDir("salon-backup-data-");
      const remote = { bucket: "salon-backups", endpoint: `http://127.0.0.1:${port}` };
      const site = await openDatabase({ dataDir, prepare: seedDatabase });
      let before: Awaited<ReturnType<typeof snapshot>>;
      try {
        await addPhotos(site.db, 2);
        before = await snapshot(site.db);
      } finally {
        await site.close();
      }
      const backup = capture();
      expect(await runBackupCommand([], backup.out, settingsFor(dataDir, await tempDir("salon-b-"), remote))).toBe(0);
      const address = /Copied to (s3:\/\/\S+)\./.exec(backup.lines.join("\n"))?.[1];
      expect(address).toMatch(/^s3:\/\/salon-backups\/salon\/maison-ivy-.*\.backup$/);

      // A machine with nothing but the bucket: a new DATA_DIR, restored from the copy.
      const elsewhere = await tempDir("salon-elsewhere-");
      const restore = capture();
      expect(await runRestoreCommand([address as string], restore.out, settingsFor(elsewhere, elsewhere, remote))).toBe(
        0,
      );
      const started = await openDatabase({ dataDir: elsewhere, prepare: seedDatabase });
      try {
        const after = await snapshot(started.db);
        expect({ ...after.counts, backups: 0 }).toEqual({ ...before.counts, backups: 0 });
        expect(after.photos).toEqual(before.photos);
        expect(after.variants).toEqual(before.variants);
      } finally {
        await started.close();
      }
    } finally {
      await s3.close();
    }
  });
});

/** The gzip stream inside a backup file: all of it in a file of format 1, between the seal's header and tags in a sealed one. */
function gzipOf(bytes: Buffer): { before: Buffer; gzip: Buffer; after: Buffer } {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return { before: Buffer.alloc(0), gzip: bytes, after: Buffer.alloc(0) };
  const start = bytes.indexOf(10) + 1;
  const header = JSON.parse(bytes.subarray(0, start).toString("utf8")) as { cipher: string | null };
  const end = bytes.length - 32 - (header.cipher ? 16 : 0);
  return { before: bytes.subarray(0, start), gzip: bytes.subarray(start, end), after: bytes.subarray(end) };
}

/**
 * What someone with the file but not the key would do: add an owner account to its staff table, correct the
 * row count, and write the checksum file again to match.
 */
async function addOwnerRow(file: string): Promise<void> {
  const { before, gzip, after } = gzipOf(await readFile(file));
  const lines = gunzipSync(gzip).toString("utf8").split("\n");
  const start = lines.findIndex((line) => line.startsWith('{"table":"public.staff_users"'));
  const { columns } = JSON.parse(lines[start] as string) as { columns: string[] };
  const values = (lines[start + 1] as string).split("\t");
  values[columns.indexOf("id")] = "9999";
  values[columns.indexOf("email")] = "intruder@evil.example";
  values[columns.indexOf("role")] = "owner";
  lines.splice(start + 1, 0, values.join("\t"));
  const trailer = lines.length - 2;
  const counts = JSON.parse(lines[trailer] as string) as { rows: Record<string, number> };
  counts.rows["public.staff_users"] = (counts.rows["public.staff_users"] ?? 0) + 1;
  lines[trailer] = JSON.stringify(counts);
  const changed = Buffer.concat([before, gzipSync(Buffer.from(lines.join("\n"))), after]);
  await writeFile(file, changed);
  await writeFile(`${file}.sha256`, `${createHash("sha256").update(changed).digest("hex")}  ${path.basename(file)}\n`);
}

// Each test starts the embedded database four or five times.
describe("backups only the site's keys can vouch for (decision 104)", { timeout: 120_000 }, () => {
  const WEBHOOK_SECRET = "whsec_outgoing-secret-that-must-not-leak";
  const BOOKING_SECRET = "booking-system-secret-that-must-not-leak";

  /** A site with an owner and both webhook secrets set, closed so the commands can use its DATA_DIR. */
  async function siteWithSecrets(dataDir: string) {
    const site = await openDatabase({ dataDir, prepare: seedDatabase });
    try {
      await site.db.execute(
        sql`insert into staff_users (email, name, role) values ('owner@example.com', 'Owner', 'owner')`,
      );
      await site.db.execute(sql`insert into site_settings (key, value) values
        ('webhookUrl', 'https://hooks.example/in'), ('webhookSecret', ${WEBHOOK_SECRET})`);
      await site.db.execute(sql`insert into booking_webhook_secret (id, secret) values (1, ${BOOKING_SECRET})`);
    } finally {
      await site.close();
    }
  }
  const secretsIn = async (dataDir: string) => {
    const site = await openDatabase({ dataDir, prepare: seedDatabase });
    try {
      const rows = await site.db.execute<{
        webhook: string | null;
        booking: string | null;
        intruders: number;
      }>(sql`select
        (select value from site_settings where key = 'webhookSecret') as webhook,
        (select secret from booking_webhook_secret) as booking,
        (select count(*)::int from staff_users where email = 'intruder@evil.example') as intruders`);
      return rows.rows[0];
    } finally {
      await site.close();
    }
  };

  it("refuses a backup with an owner added and its checksum written again, and says so in one line", async () => {
    const dataDir = await tempDir("salon-keys-data-");
    const backupDir = await tempDir("salon-keys-files-");
    await siteWithSecrets(dataDir);
    const settings = settingsFor(dataDir, backupDir, {}, null);
    expect(await runBackupCommand([], capture().out, settings)).toBe(0);
    const [backup] = await listBackupFiles(backupDir);
    await addOwnerRow(backup?.file as string);

    // Restored where the site's key is (a new database beside it), with --replace as after a disaster.
    const target = { ...settings, dataDir: await tempDir("salon-keys-target-") };
    if (existsSync(path.join(dataDir, "backup.key")))
      await writeFile(path.join(target.dataDir, "backup.key"), await readFile(path.join(dataDir, "backup.key")));
    const refused = capture();
    expect(await runRestoreCommand([backup?.file as string], refused.out, target)).toBe(1);
    expect(refused.lines).toHaveLength(1);
    expect(refused.lines[0]).toMatch(/^ERROR Restore failed: .* does not match its tag: it was changed/);
    // Nor does --unverified let a tag that does not match through: it only stands in for a key that is not here.
    const forced = capture();
    expect(await runRestoreCommand([backup?.file as string, "--unverified"], forced.out, target)).toBe(1);
    expect(forced.lines.join("\n")).toContain("does not match its tag");
    expect(existsSync(path.join(target.dataDir, "postgres"))).toBe(false);
  });

  it("refuses an encrypted backup under a wrong key or none, and restores it, secrets and all, under its own", async () => {
    const dataDir = await tempDir("salon-keys-data-");
    const backupDir = await tempDir("salon-keys-files-");
    await siteWithSecrets(dataDir);
    expect(await runBackupCommand([], capture().out, settingsFor(dataDir, backupDir, {}, KEY))).toBe(0);
    const [backup] = await listBackupFiles(backupDir);
    const raw = await readFile(backup?.file as string);
    // Encrypted: not a gzip stream, and neither secret (nor any name) in its bytes.
    expect(raw.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(false);
    for (const secret of [WEBHOOK_SECRET, BOOKING_SECRET, "owner@example.com"])
      expect(raw.includes(secret), secret).toBe(false);

    const elsewhere = () => tempDir("salon-keys-target-");
    const wrong = capture();
    const wrongKey = settingsFor(await elsewhere(), backupDir, {}, "not the key these backups were made with");
    expect(await runRestoreCommand([backup?.file as string], wrong.out, wrongKey)).toBe(1);
    expect(wrong.lines).toEqual([expect.stringMatching(/^ERROR Restore failed: .* different BACKUP_KEY/)]);
    const none = capture();
    expect(
      await runRestoreCommand([backup?.file as string], none.out, settingsFor(await elsewhere(), backupDir, {}, null)),
    ).toBe(1);
    expect(none.lines).toEqual([expect.stringMatching(/^ERROR Restore failed: .* is encrypted: set BACKUP_KEY/)]);

    // One byte of the encrypted data changed: refused, though the key is right.
    const changed = Buffer.from(raw);
    const middle = Math.floor(changed.length / 2);
    changed[middle] = (changed[middle] ?? 0) ^ 0x01;
    const changedFile = path.join(backupDir, "changed.backup");
    await writeFile(changedFile, changed);
    const tampered = capture();
    expect(await runRestoreCommand([changedFile], tampered.out, settingsFor(await elsewhere(), backupDir))).toBe(1);
    expect(tampered.lines.join("\n")).toContain("does not match its tag");

    const target = settingsFor(await elsewhere(), backupDir, {}, KEY);
    const restored = capture();
    expect(await runRestoreCommand([backup?.file as string], restored.out, target)).toBe(0);
    expect(restored.lines.join("\n")).not.toContain("webhook secrets");
    expect(await secretsIn(target.dataDir)).toEqual({ webhook: WEBHOOK_SECRET, booking: BOOKING_SECRET, intruders: 0 });
  });

  it("leaves both webhook secrets out of a backup that is not encrypted, and the restore says to set them again", async () => {
    const dataDir = await tempDir("salon-keys-data-");
    const backupDir = await tempDir("salon-keys-files-");
    await siteWithSecrets(dataDir);
    const settings = settingsFor(dataDir, backupDir, {}, null);
    expect(await runBackupCommand([], capture().out, settings)).toBe(0);
    const [backup] = await listBackupFiles(backupDir);
    const raw = await readFile(backup?.file as string);
    const inside = gunzipSync(gzipOf(raw).gzip);
    expect(inside.includes("owner@example.com")).toBe(true);
    for (const secret of [WEBHOOK_SECRET, BOOKING_SECRET]) {
      expect(raw.includes(secret), secret).toBe(false);
      expect(inside.includes(secret), secret).toBe(false);
    }

    const restored = capture();
    expect(await runRestoreCommand([backup?.file as string, "--replace"], restored.out, settings)).toBe(0);
    expect(restored.lines.join("\n")).toContain("The webhook secrets were not in this backup");
    expect(await secretsIn(dataDir)).toEqual({ webhook: null, booking: null, intruders: 0 });
  });
});
