// `npm run bench [-- section …]`: builds the site (and bench/reference, React Router's stock template with a plain
// React page, when a section compares with it), then measures each section chosen, in this order, or all of them:
//
//   startup     start-up through `npm start`, new and existing database, and idle memory       (bench/startup.js)
//   weight      first-load bytes from Chromium's network log, public and console pages         (bench/weight.js)
//   browser     the calculator's tap beside a plain React page, alternated                     (bench/browser.js)
//   lighthouse  Lighthouse (mobile) scores of the public pages and the console's main ones     (bench/lighthouse.js)
//   uploads     photo uploads: time to saved, memory of the site and its picture workers       (bench/uploads.js)
//   pages       page loads: cached against plain Node, uncached against the stock template,
//               the API, and with 10× and 100× the content on a PostgreSQL server              (bench/pages.js)
//   saves       saving quotes against a bare Node + pg reference storing the same rows, and
//               every message sent once                                                        (bench/saves.js)
//   scale       1, 2 and 4 web processes and a worker behind Caddy: saves and uncached pages
//               per second, where the curve flattens; the cache-hit rate behind Varnish        (bench/scale.js)
//   console     the console with 100,000 quotes, on a PostgreSQL server                        (bench/console.js)
//   backup      backup and restore of the demo content plus 100,000 quotes and 200 photos      (bench/backup.js)
//
// Each section starts the built site as `npm start` runs it on a new database of its own, drives it over HTTP,
// and returns rows: what is measured, its value, the reference measured in the same run, the target and whether
// it was met. The PostgreSQL server's rows need BENCH_DATABASE_URL or TEST_DATABASE_URL (a user that may create
// databases). A full run is kept in bench/results/latest.json and a line of it in bench/results/history.md.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import pg from "pg";
import { backup } from "./backup.js";
import { browser } from "./browser.js";
import { consoleAtScale } from "./console.js";
import { build, PG_URL, row } from "./lib.js";
import { pageQuality } from "./lighthouse.js";
import { pages } from "./pages.js";
import { saves } from "./saves.js";
import { scale } from "./scale.js";
import { startup } from "./startup.js";
import { uploads } from "./uploads.js";
import { weight } from "./weight.js";

/** The sections in the order they run; `reference`: it needs bench/reference built. */
const SECTIONS = {
  startup: { run: startup },
  weight: { run: weight, reference: true },
  browser: { run: browser, reference: true },
  lighthouse: { run: pageQuality, reference: true },
  uploads: { run: uploads },
  pages: { run: pages, reference: true },
  saves: { run: saves },
  scale: { run: scale },
  console: { run: consoleAtScale },
  backup: { run: backup },
};

const asked = process.argv.slice(2);
for (const name of asked)
  if (!(name in SECTIONS)) {
    console.error(`unknown section ${name}; the sections are ${Object.keys(SECTIONS).join(", ")}`);
    process.exit(2);
  }
const chosen = Object.keys(SECTIONS).filter((name) => asked.length === 0 || asked.includes(name));
const full = asked.length === 0;

/** A new database on the PostgreSQL server for a section, dropped by it; undefined without a server. */
const pgDatabase = PG_URL
  ? async () => {
      const name = `salon_bench_${Date.now()}`;
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(PG_URL);
      url.pathname = `/${name}`;
      return {
        url: url.href,
        async drop() {
          await admin.query(`drop database ${name} with (force)`);
          await admin.end();
        },
      };
    }
  : undefined;
if (!pgDatabase) console.error("no BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL server figures skipped");

const results = { when: new Date().toISOString(), node: process.version, sections: chosen };

build({ reference: chosen.some((name) => SECTIONS[name].reference) });
const rows = [];
for (const name of chosen) {
  console.error(`== ${name}`);
  const started = performance.now();
  // A section that fails is a failed row, not the end of the run: the other sections' figures are kept.
  try {
    rows.push(...(await SECTIONS[name].run({ results, pgDatabase })));
  } catch (error) {
    console.error(error);
    rows.push(
      row(`${name}: the section failed`, "–", { met: false, detail: String(error?.message ?? error).split("\n")[0] }),
    );
  }
  console.error(`== ${name}: ${Math.round((performance.now() - started) / 1000)} s`);
}

const header = ["measure", "value", "reference (same run)", "target", "met", "how"];
const cells = rows.map((r) => [r.measure, r.value, r.reference, r.target, r.verdict, r.detail]);
const width = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
const line = (c) => `| ${c.map((cell, i) => cell.padEnd(width[i])).join(" | ")} |`;
console.log(line(header));
console.log(`|${width.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const c of cells) console.log(line(c));
const judged = rows.filter((r) => r.verdict);
console.log(`\n${judged.filter((r) => r.verdict === "met").length} of ${judged.length} targets met`);

// A partial run is for iterating: only full runs are kept.
if (full) {
  mkdirSync("bench/results", { recursive: true });
  const file = "bench/results/latest.json";
  writeFileSync(file, `${JSON.stringify({ ...results, table: rows }, null, 2)}\n`);
  // The last HISTORY_ROWS full runs, one line each, in bench/results/history.md.
  const HISTORY_ROWS = 20;
  const historyFile = "bench/results/history.md";
  // By the start of the measure's name: the console's rows name how many quotes the database held.
  const headline = (measure) => rows.find((r) => r.measure.startsWith(measure))?.value ?? "–";
  const historyLine = `| ${results.when.slice(0, 16).replace("T", " ")} | ${results.node} | ${headline("console leads export")} | ${headline("console dashboard")} | ${headline("save-quote postgres: rate")} | ${headline("photo uploads, 5 at once")} | ${judged.filter((r) => r.verdict === "met").length}/${judged.length} met |`;
  let history = [];
  try {
    history = readFileSync(historyFile, "utf8")
      .split("\n")
      .filter((l) => l.startsWith("| 2"));
  } catch {
    /* the first run */
  }
  history = [...history, historyLine].slice(-HISTORY_ROWS);
  writeFileSync(
    historyFile,
    `# Bench history\n\nThe last ${HISTORY_ROWS} full runs of \`npm run bench\` (the latest in full: latest.json).\n\n| when (UTC) | Node | leads export | dashboard | saves/s (PostgreSQL) | 5 uploads | rows |\n|---|---|---|---|---|---|---|\n${history.join("\n")}\n`,
  );
  console.log(`\nwritten to ${file} and ${historyFile}`);
}
process.exit(0);
