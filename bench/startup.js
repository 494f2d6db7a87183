// Start-up and idle memory: the site started through `npm start`, as the docs tell a salon to start it (npm, the
// build check of scripts/start.js, then the server), timed to its first 200 on a new database and on an existing
// one, for each engine.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { memoryMb, proc, processTree, row, startSite, stopSite, wait } from "./lib.js";

/** The site's own process under npm's: the node running scripts/start.js. */
function siteProcess(npmPid) {
  return processTree(npmPid).find((p) => proc(p, "cmdline").includes("scripts/start.js")) ?? npmPid;
}

/** @param {{ results: Record<string, unknown>, pgDatabase?: () => Promise<{ url: string, drop(): Promise<void> }> }} bench */
export async function startup({ results, pgDatabase }) {
  const rows = [];
  results.startup = {};
  const database = pgDatabase && (await pgDatabase());
  const engines = [
    ["embedded", { DATABASE_URL: "" }],
    ...(database ? [["postgres", { DATABASE_URL: database.url }]] : []),
  ];
  for (const [engine, env] of engines) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "salon-bench-"));
    const siteEnv = { DATA_DIR: dataDir, ...env };
    let site = await startSite(siteEnv, { npm: true });
    const newMs = site.startMs;
    await stopSite(site);
    site = await startSite(siteEnv, { npm: true });
    const existingMs = site.startMs;
    await wait(2000);
    const idle = memoryMb(siteProcess(site.child.pid));
    await stopSite(site);
    rmSync(dataDir, { recursive: true, force: true });
    results.startup[engine] = { newMs, existingMs, idle };
    // The embedded default's targets; a PostgreSQL server's start-up depends on the server, and is reported only.
    const embedded = engine === "embedded";
    for (const [kind, ms, target] of [
      ["new database", newMs, 1500],
      ["existing database", existingMs, 1000],
    ])
      rows.push(
        row(`start-up ${engine}, ${kind}`, `${ms} ms`, {
          target: embedded ? `under ${target / 1000} s` : "–",
          met: embedded ? ms < target : undefined,
          detail: "`npm start` to the first 200 of /: npm, the build check, migrations and seed, the server",
        }),
      );
    rows.push(
      row(`memory ${engine}, idle`, `${idle.pssMb} MB PSS`, {
        detail: `2 s after start, ${idle.rssMb} MB RSS summed over ${idle.processes} processes${embedded ? " (site and database)" : " (site only)"}`,
      }),
    );
  }
  await database?.drop();
  return rows;
}
