/**
 * `npm run backup` and `npm run restore -- FILE`, on the database the site's
 * settings name. A backup may run while the site does, also on the embedded
 * database (it reads through the running server's socket). A restore goes
 * into a new DATA_DIR or an empty database; it refuses one holding the
 * site's data unless told `--replace`, and never runs beside the site on
 * the embedded database.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { restoreArchive, TargetNotEmptyError } from "~/server/backup/archive.server";
import { createBackup, pruneBackups, verifyBackup } from "~/server/backup/backups.server";
import { copyRemote, fetchFromRemote, type RemoteSettings } from "~/server/backup/remote.server";
import { BadArchiveError, siteKeyFile } from "~/server/backup/seal.server";
import { type Config, config } from "~/server/config.server";
import { migrationsFolder } from "~/server/db.server";
import { DataDirInUseError, runningServerUrl, startEmbeddedPostgres } from "~/server/embedded-postgres.server";

type Settings = Pick<
  Config,
  | "DIRECT_DATABASE_URL"
  | "dataDir"
  | "backupDir"
  | "BACKUP_KEY"
  | "BACKUP_KEEP_DAILY"
  | "BACKUP_KEEP_WEEKLY"
  | "BACKUP_KEEP_MONTHLY"
> &
  RemoteSettings;
type Out = Pick<Console, "log" | "error">;

/** Runs `work` with a connection string to the site's database, starting the embedded server if need be. */
async function withDatabase<T>(
  settings: Settings,
  purpose: "backup" | "restore",
  work: (url: string) => Promise<T>,
): Promise<T> {
  // A backup reads in one long transaction and a restore sets session state: never through a pooler.
  if (settings.DIRECT_DATABASE_URL) return work(settings.DIRECT_DATABASE_URL);
  if (purpose === "backup" && !existsSync(path.join(settings.dataDir, "postgres", "PG_VERSION")))
    throw new Error(`There is no embedded database in ${settings.dataDir} to back up (is DATA_DIR right?).`);
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  try {
    server = await startEmbeddedPostgres(settings.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    if (purpose === "restore")
      throw new Error(
        `The site is running on ${settings.dataDir}: stop it before restoring, or restore into a new DATA_DIR.`,
      );
    const url = await runningServerUrl(settings.dataDir);
    if (!url) throw error;
    return work(url);
  }
  try {
    return await work(server.url);
  } finally {
    await server.stop();
  }
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

export async function runBackupCommand(args: string[], out: Out = console, settings: Settings = config()) {
  if (args.length > 0) {
    out.error("Usage: npm run backup   (writes to BACKUP_DIR, by default DATA_DIR/backups)");
    return 2;
  }
  const started = new Date();
  try {
    const written = await withDatabase(settings, "backup", async (url) => {
      const backup = await createBackup(url, settings.backupDir, settings, started);
      const remote = await copyRemote(settings, backup.file);
      await recordOutcome(url, { startedAt: started, status: "ok", backup, remote });
      return { ...backup, remote };
    });
    const pruned = await pruneBackups(settings.backupDir, {
      daily: settings.BACKUP_KEEP_DAILY,
      weekly: settings.BACKUP_KEEP_WEEKLY,
      monthly: settings.BACKUP_KEEP_MONTHLY,
    });
    const rows = Object.values(written.rows).reduce((a, b) => a + b, 0);
    out.log(
      `Backed up ${rows} rows in ${Object.keys(written.rows).length} tables to ${written.file} (${megabytes(written.bytes)}, sha256 ${written.sha256.slice(0, 12)}…, checked).`,
    );
    out.log(
      settings.BACKUP_KEY
        ? "Encrypted with BACKUP_KEY: keep the key somewhere other than the backups, without it they cannot be restored."
        : `Not encrypted (BACKUP_KEY is not set): tagged with the key in ${siteKeyFile(settings.dataDir)}; the webhook secrets were left out.`,
    );
    if (written.remote) out.log(`Copied to ${written.remote}.`);
    if (pruned.length > 0) out.log(`Removed ${pruned.length} older backups the retention rule no longer keeps.`);
    return 0;
  } catch (error) {
    out.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** Notes the backup in the database it copied, for Settings; a database not yet migrated to keep them is fine. */
async function recordOutcome(
  url: string,
  outcome: {
    startedAt: Date;
    status: "ok";
    backup: { name: string; bytes: number; sha256: string };
    remote: string | null;
  },
) {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query(
      "insert into backups (started_at, status, file, bytes, sha256, remote) values ($1, $2, $3, $4, $5, $6)",
      [
        outcome.startedAt,
        outcome.status,
        outcome.backup.name,
        outcome.backup.bytes,
        outcome.backup.sha256,
        outcome.remote,
      ],
    );
  } catch (error) {
    if ((error as { code?: string }).code !== "42P01") throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

const RESTORE_USAGE = "Usage: npm run restore -- FILE|s3://BUCKET/KEY [--replace] [--unverified]";
const RESTORE_FLAGS = new Set(["--replace", "--unverified"]);

export async function runRestoreCommand(args: string[], out: Out = console, settings: Settings = config()) {
  const replace = args.includes("--replace");
  const unverified = args.includes("--unverified");
  const files = args.filter((a) => !RESTORE_FLAGS.has(a));
  const [file] = files;
  if (files.length !== 1 || !file || file.startsWith("--")) {
    out.error(RESTORE_USAGE);
    return 2;
  }
  const remote = file.startsWith("s3://");
  if (!remote && !existsSync(file)) {
    out.error(`No such file: ${file}`);
    return 2;
  }
  const downloads = remote ? await mkdtemp(path.join(tmpdir(), "maison-ivy-restore-")) : undefined;
  try {
    const local = downloads ? await fetchFromRemote(settings, file, downloads) : file;
    const open = { keys: settings, unverified };
    await verifyBackup(local, open);
    const { restored, photos } = await withDatabase(settings, "restore", async (url) => {
      const restored = await restoreArchive(url, local, { ...open, replace, migrationsFolder });
      return { restored, photos: await countPhotos(url) };
    });
    out.log(`Restored the backup of ${restored.createdAt.toISOString()} from ${file}:`);
    for (const [table, count] of Object.entries(restored.rows)) out.log(`  ${table.padEnd(36)} ${count}`);
    out.log(`  photos: ${photos.pictures} (${megabytes(photos.bytes)} of originals, ${photos.variants} sizes served)`);
    if (restored.seal === "unchecked")
      out.log(
        "Warning: this backup's contents could not be checked (it was made before backups were tagged, or --unverified was given).",
      );
    if (restored.secretsLeftOut)
      out.log(
        "The webhook secrets were not in this backup (it was not encrypted): make new ones under Settings (Webhooks) and Bookings (the booking system's secret), and give them to the tools that use them.",
      );
    out.log("Start the site to use it: it applies any newer migrations first.");
    return 0;
  } catch (error) {
    // A damaged file or a database already in use is said in one line; anything else keeps its stack.
    const known = error instanceof BadArchiveError || error instanceof TargetNotEmptyError;
    out.error(`Restore failed: ${known ? error.message : error instanceof Error ? error.stack : String(error)}`);
    return 1;
  } finally {
    if (downloads) await rm(downloads, { recursive: true, force: true });
  }
}

async function countPhotos(url: string): Promise<{ pictures: number; bytes: number; variants: number }> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    const exists = await client.query("select to_regclass('public.picture_variants') is not null as found");
    if (!exists.rows[0]?.found) return { pictures: 0, bytes: 0, variants: 0 };
    const result = await client.query<{ pictures: number; bytes: string; variants: number }>(
      `select (select count(*)::int from pictures) as pictures,
              (select coalesce(sum(length(master)), 0)::bigint from pictures) as bytes,
              (select count(*)::int from picture_variants) as variants`,
    );
    const row = result.rows[0];
    return { pictures: row?.pictures ?? 0, bytes: Number(row?.bytes ?? 0), variants: row?.variants ?? 0 };
  } finally {
    await client.end().catch(() => {});
  }
}
