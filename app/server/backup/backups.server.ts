/**
 * Backups as files: each written beside its final name and renamed into
 * place only once it has been read back whole (its keyed tag checked) and
 * its checksum written (a `.sha256` file beside it, in sha256sum's format,
 * for tools that check copies; the tag inside is what a restore trusts), so
 * a backup in the folder is a complete one. Old ones go by a retention rule: the newest of each of
 * the last so many days, weeks and months is kept.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { getISOWeek, getISOWeekYear } from "date-fns";
import { desc } from "drizzle-orm";
import { londonDay } from "~/domain/salon-time";
import type { Database } from "../db.server";
import { backups } from "../schema.server";
import { type ArchiveSummary, type OpenOptions, readArchiveSummary, writeArchive } from "./archive.server";
import { BadArchiveError, type KeySettings } from "./seal.server";

const NAME = /^maison-ivy-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z\.backup$/;

export interface BackupFile {
  name: string;
  file: string;
  bytes: number;
  at: Date;
}

export interface WrittenBackup extends BackupFile {
  sha256: string;
  rows: ArchiveSummary["rows"];
}

export interface RetentionRule {
  daily: number;
  weekly: number;
  monthly: number;
}

const nameFor = (at: Date) => `maison-ivy-${at.toISOString().replace(/[-:.]/g, "")}.backup`;

function dateOf(name: string): Date | undefined {
  const m = NAME.exec(name);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, ms] = m.map(Number) as number[];
  return new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s, ms));
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Writes a backup of the database at `databaseUrl` into `dir`, sealed with `keys`, checks it and returns it. */
export async function createBackup(
  databaseUrl: string,
  dir: string,
  keys: KeySettings,
  at = new Date(),
): Promise<WrittenBackup> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = nameFor(at);
  const file = path.join(dir, name);
  const partial = path.join(dir, `.${name}.partial`);
  try {
    await writeArchive(databaseUrl, partial, keys);
    // Read back whole: a file that cannot be restored is not a backup.
    const { rows } = await readArchiveSummary(partial, { keys });
    const sha256 = await sha256Of(partial);
    await writeFile(`${file}.sha256`, `${sha256}  ${name}\n`);
    await rename(partial, file);
    return { name, file, bytes: (await stat(file)).size, at, sha256, rows };
  } catch (error) {
    await rm(partial, { force: true });
    await rm(`${file}.sha256`, { force: true });
    throw error;
  }
}

/** Checks a backup against the checksum written beside it (when there is one) and reads it through (its tag checked). */
export async function verifyBackup(file: string, options: OpenOptions): Promise<ArchiveSummary> {
  const expected = await readFile(`${file}.sha256`, "utf8").then(
    (text) => text.split(/\s/)[0],
    () => undefined,
  );
  if (expected && expected !== (await sha256Of(file)))
    throw new BadArchiveError(`${file} does not match its checksum (${file}.sha256): it was changed or damaged.`);
  return readArchiveSummary(file, options);
}

/** The complete backups in `dir`, newest first. */
export async function listBackupFiles(dir: string): Promise<BackupFile[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const found: BackupFile[] = [];
  for (const name of names) {
    const at = dateOf(name);
    if (!at) continue;
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info?.isFile()) found.push({ name, file: path.join(dir, name), bytes: info.size, at });
  }
  return found.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/**
 * Which backups the rule keeps: the newest one of each of the `daily` most recent days that have one
 * (London days), likewise for ISO weeks and calendar months, and always the newest of all.
 */
export function backupsToKeep<T extends { at: Date }>(newestFirst: readonly T[], rule: RetentionRule): Set<T> {
  const keep = new Set<T>(newestFirst.slice(0, 1));
  const byPeriod = (count: number, period: (at: Date) => string) => {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      const key = period(backup.at);
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      keep.add(backup);
    }
  };
  byPeriod(rule.daily, (at) => londonDay(at));
  byPeriod(rule.weekly, (at) => `${getISOWeekYear(at)}-W${getISOWeek(at)}`);
  byPeriod(rule.monthly, (at) => londonDay(at).slice(0, 7));
  return keep;
}

/** Deletes the backups in `dir` the rule does not keep; returns their names. */
export async function pruneBackups(dir: string, rule: RetentionRule): Promise<string[]> {
  const all = await listBackupFiles(dir);
  const keep = backupsToKeep(all, rule);
  const gone = all.filter((b) => !keep.has(b));
  for (const backup of gone) {
    await rm(backup.file, { force: true });
    await rm(`${backup.file}.sha256`, { force: true });
  }
  return gone.map((b) => b.name);
}

/** The newest backups' outcomes, good and failed, for Settings. */
export async function recentBackups(db: Database, limit = 7) {
  return db.select().from(backups).orderBy(desc(backups.finishedAt)).limit(limit);
}
