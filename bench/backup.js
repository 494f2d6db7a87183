// Backup and restore at size, through the commands a salon runs (`npm run backup`, `npm run restore`).
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { BASE, BUILD_DIR, round1, row, startSite, stopSite } from "./lib.js";

/**
 * Backup and restore at size: the demo content plus 100,000 quotes and 200 photos (random bytes, as
 * incompressible as real JPEGs) on the embedded database. `npm run backup` runs while the site does;
 * `npm run restore` goes into a new DATA_DIR; the site then starts on it and must show the same counts and
 * serve the same photo bytes. Budgets: backup under a minute, restore under two.
 */
export async function backup({ results }) {
  const work = mkdtempSync(path.join(tmpdir(), "bench-bk-"));
  const dataDir = path.join(work, "d");
  const restoredDir = path.join(work, "r");
  const backupDir = path.join(work, "b");
  mkdirSync(dataDir);
  const socketUrl = (dir) =>
    `postgres://postgres@localhost/postgres?host=${encodeURIComponent(`${realpathSync(dir)}/postgres`)}`;
  const counts = async (client) =>
    (
      await client.query(
        "select (select count(*)::int from quotes) as quotes, (select count(*)::int from pictures) as pictures",
      )
    ).rows[0];
  const command = (script, args, env) => {
    const started = performance.now();
    const result = spawnSync(process.execPath, [script, ...args], {
      env: { ...process.env, BUILD_DIR, BACKUP_DIR: backupDir, ...env },
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`${script} failed: ${result.stderr}${result.stdout}`);
    return Math.round(performance.now() - started);
  };
  let site = await startSite({ DATABASE_URL: "", DATA_DIR: dataDir });
  const client = new pg.Client({ connectionString: socketUrl(dataDir) });
  await client.connect();
  await client.query(`insert into quotes (link, name, mobile, email, referral, regular, selector, calculator, salon_id, level_id, lines, total_pence)
    select 'bench-' || g, 'Client ' || g, '07700900' || lpad((g % 1000)::text, 3, '0'), 'c' || g || '@example.com', 'web', false, 'x', 'y',
      (select min(id) from salons), (select min(id) from levels), '[{"service":"Cut","pricePence":4200}]'::jsonb, 4200
    from generate_series(1, 100000) g`);
  const photoDigests = {};
  for (let i = 0; i < 200; i++) {
    const id = `bench${String(i).padStart(11, "0")}`;
    const master = randomBytes(200_000);
    const variant = randomBytes(40_000);
    await client.query(
      "insert into pictures (id, alt, width, height, widths, source_format, master) values ($1, 'Bench photo', 1600, 1200, '{800}', 'jpeg', $2)",
      [id, master],
    );
    await client.query("insert into picture_variants (picture_id, width, format, bytes) values ($1, 800, 'webp', $2)", [
      id,
      variant,
    ]);
    photoDigests[id] = createHash("sha256").update(variant).digest("hex");
  }
  const before = await counts(client);
  await client.end();
  const backupMs = command("scripts/backup.js", [], { DATA_DIR: dataDir });
  await stopSite(site);
  const [file] = readdirSync(backupDir).filter((f) => f.endsWith(".backup"));
  const bytes = statSync(path.join(backupDir, file)).size;
  // As the docs tell a salon moving to a new machine: the site's backup key goes with its backups, so the restore
  // checks the file is the one the site made.
  mkdirSync(restoredDir, { recursive: true });
  copyFileSync(path.join(dataDir, "backup.key"), path.join(restoredDir, "backup.key"));
  const restoreMs = command("scripts/restore.js", [path.join(backupDir, file)], { DATA_DIR: restoredDir });
  site = await startSite({ DATABASE_URL: "", DATA_DIR: restoredDir });
  const after = new pg.Client({ connectionString: socketUrl(restoredDir) });
  await after.connect();
  const restored = await counts(after);
  await after.end();
  let samePhotos = 0;
  for (const [id, digest] of Object.entries(photoDigests)) {
    const response = await fetch(`${BASE}/pictures/${id}-800.webp`);
    const served = Buffer.from(await response.arrayBuffer());
    if (createHash("sha256").update(served).digest("hex") === digest) samePhotos++;
  }
  await stopSite(site);
  rmSync(work, { recursive: true, force: true });
  results.backup = {
    quotes: before.quotes,
    photos: before.pictures,
    megabytes: Math.round(bytes / 1_048_576),
    backupMs,
    restoreMs,
    sameCounts: restored.quotes === before.quotes && restored.pictures === before.pictures,
    samePhotos,
  };
  const b = results.backup;
  return [
    row(
      `backup (demo + ${b.quotes.toLocaleString("en-GB")} quotes + ${b.photos} photos)`,
      `${round1(b.backupMs / 1000)} s`,
      {
        target: "under 60 s",
        met: b.backupMs < 60_000,
        detail: `\`npm run backup\` while the site runs, ${b.megabytes} MB`,
      },
    ),
    row("restore of that backup", `${round1(b.restoreMs / 1000)} s`, {
      target: "under 120 s, same counts, every photo byte for byte",
      met: b.restoreMs < 120_000 && b.sameCounts && b.samePhotos === b.photos,
      detail: `\`npm run restore\` into a new DATA_DIR; the site started on it: ${b.sameCounts ? "same counts" : "COUNTS DIFFER"}, ${b.samePhotos} of ${b.photos} photos served byte for byte`,
    }),
  ];
}
