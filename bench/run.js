// `npm run bench`: builds the site, starts it on fresh databases and measures
// page quality (Lighthouse 12.8.2, mobile), first-load weight, throughput and
// latency under load, memory and start-up time, as a browser asks (with
// Accept-Encoding). Pages that are not cached are measured against React
// Router's stock template rendering a page of similar size in the same run,
// saving quotes with a different mobile each against a stand-in SMTP server
// and Twilio until the last message has left, and, on a PostgreSQL server,
// page weight and time with 10× and 100× the demo reviews and posts. Figures
// that are compared are medians of three loads. Each database engine is
// measured side by side: the embedded PostgreSQL server (the default) and a
// PostgreSQL server when a URL is given. Prints one table; the latest run is
// kept in bench/results/latest.json and a line of it in bench/results/history.md.
import { fork, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import sharp from "sharp";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.js";

const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const BASE = `http://127.0.0.1:${PORT}`;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * For quick iteration, `BENCH_ONLY` measures one part; `npm run bench` without it measures everything.
 * - `pages`: only the page loads (cached with gzip against plain Node, uncached against the stock template) on
 *   the embedded database; no Lighthouse, saving or growth.
 * - `lighthouse`: the embedded default's start-up, first-load weight and Lighthouse only (no loads, no
 *   PostgreSQL server); `BENCH_LIGHTHOUSE_PAGES` (a regular expression) keeps the pages whose name matches.
 * - `saving`: only the saving loads, on the embedded database and the PostgreSQL server (no reference build, no
 *   pages, no start-up or memory rows).
 * - `console`: only the console with 100,000 quotes, on the PostgreSQL server.
 * - `backup`: only the backup and restore of the demo content plus 100,000 quotes and 200 photos (measureBackup).
 */
const ONLY = process.env.BENCH_ONLY;
if (ONLY !== undefined && !["pages", "lighthouse", "saving", "console", "backup"].includes(ONLY))
  throw new Error(`BENCH_ONLY=${ONLY} is not known`);
const PAGES_ONLY = ONLY === "pages";
const SAVING_ONLY = ONLY === "saving";
/** What Chromium sends: every answer a browser gets is compressed. */
const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };

const results = {
  when: new Date().toISOString(),
  node: process.version,
  pages: {},
  weight: {},
  load: {},
  memory: {},
  startup: {},
  /** Uncached pages against the stock template, alternated, per encoding: rates and CPU per request of each. */
  compared: {},
  delivery: {},
  growth: {},
  uploads: undefined,
  ceiling: {},
  calculator: undefined,
  console: undefined,
  backup: undefined,
};

/** The engines measured side by side: the name in the table, and the site's settings for it. */
const ENGINES = [["embedded", { DATABASE_URL: "" }]];

/** React Router's stock template (bench/reference), built beside the site. */
const REFERENCE_BUILD = path.resolve(`${BUILD_DIR}-reference`);

/** Every process the bench started: should it fail half-way, none is left running (and holding a port). */
const children = new Set();
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
});

function build() {
  console.error(`building into ${BUILD_DIR}…`);
  for (const [cwd, dir] of [
    [".", BUILD_DIR],
    ...(SAVING_ONLY || ONLY === "console" ? [] : [["bench/reference", REFERENCE_BUILD]]),
  ]) {
    const r = spawnSync(process.execPath, [path.resolve("node_modules/@react-router/dev/bin.js"), "build"], {
      cwd,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, BUILD_DIR: dir },
    });
    if (r.status !== 0) throw new Error(`build of ${cwd} failed`);
  }
}

/** Node's flags from `npm start` (package.json): the site is measured with the heap it runs with. */
const START_FLAGS = JSON.parse(readFileSync("package.json", "utf8"))
  .scripts.start.split(/\s+/)
  .filter((word) => word.startsWith("--"));

async function startSite(env) {
  const started = performance.now();
  // BENCH_PROFILE=dir: each site process writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, ...START_FLAGS, "server.js"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      BUILD_DIR,
      PUBLIC_URL: BASE,
      RATE_LIMITS: "off",
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // The start-up summary (it names the staff setup link); later lines are read and dropped so the pipe never fills.
  let output = "";
  child.stdout.on("data", (chunk) => {
    if (output.length < 65_536) output += chunk;
  });
  children.add(child);
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited during start");
    try {
      const r = await fetch(`${BASE}/`);
      if (r.status === 200) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, startMs: Math.round(performance.now() - started), output: () => output };
}

async function stopSite(site) {
  const exited = new Promise((r) => site.child.once("exit", r));
  site.child.kill("SIGTERM");
  await exited;
}

/** A process and all its descendants (the embedded database server and its backends). */
function processTree(pid) {
  // Read from /proc, not by running ps and cat: the memory sampler runs every 200 ms while uploads are timed, and
  // forty-odd processes started each time held up the bench's own requests by seconds.
  const children = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`))
      children.push(
        ...readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").map(Number).filter(Boolean),
      );
  } catch {
    /* it has ended */
  }
  return [pid, ...children.flatMap(processTree)];
}

/** A file of /proc/PID, or "" once the process has ended. */
function proc(pid, file) {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return "";
  }
}

/**
 * Memory of the site with its database processes: RSS summed (counts memory
 * shared between PostgreSQL's processes once per process) and PSS summed
 * (shares it out, so the sum is what the tree really occupies).
 */
function memoryMb(pid, { withoutDatabase = false } = {}) {
  let rss = 0;
  let pss = 0;
  for (const p of processTree(pid)) {
    if (withoutDatabase && proc(p, "comm").trim() === "postgres") continue;
    const rollup = proc(p, "smaps_rollup");
    rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
  }
  const mb = (kb) => Math.round((kb / 1024) * 10) / 10;
  return { rssMb: mb(rss), pssMb: mb(pss), processes: processTree(pid).length };
}

/**
 * CPU time used so far by a process and its descendants (for the embedded
 * database: the site and its PostgreSQL processes), in milliseconds. Unlike
 * requests per second it hardly moves when other work shares the machine.
 */
function cpuMs(pid, { withoutDatabase = false } = {}) {
  let ticks = 0;
  for (const p of processTree(pid)) {
    if (withoutDatabase && proc(p, "comm").trim() === "postgres") continue;
    const stat = proc(p, "stat");
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return ticks * 10;
}

/**
 * fetch, tried once more when the connection itself failed: on a busy machine
 * a kept-alive connection can be closed by the server just as it is reused.
 */
async function fetchOnce(url, init) {
  try {
    return await fetch(url, init);
  } catch {
    await new Promise((r) => setTimeout(r, 200));
    return fetch(url, init);
  }
}

async function json(url, init) {
  const r = await fetchOnce(url, init);
  if (!r.ok) throw new Error(`${url} answered ${r.status}`);
  return r.json();
}

/** A full colour flow at level 6 and a quote saved for it, from the live API. */
async function fixtures() {
  const services = await json(`${BASE}/api/services`);
  const pick = (cat1, cat2, name) =>
    services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && (!name || s.service === name))?.id;
  const stylists = await json(`${BASE}/api/stylists`);
  const stylist = stylists.find((s) => s.accepting_new_clients !== false && s.level >= 3);
  const state = {
    type: "colour",
    mode: "stylist",
    stylist: stylist.slug,
    level: String(stylist.level),
    salon: String(stylist.salon),
    cc: "1",
    colour: String(pick(2, 1, "Mid (Above shoulders)")),
    addon: String(pick(3, 3, "Face Frame Foils")),
    plex: String(pick(5, 1, "Olaplex")),
    finish: String(pick(1, 0, "Cut, Dry & Style")),
    finishAddon: String(pick(4, 0, "None")),
  };
  const calculatorMidFlow = `/prices/calculator?${new URLSearchParams({ type: "colour", mode: "level", level: "6", cc: "1", colour: state.colour })}`;
  // A different client each time, so every save queues its own e-mail and text (at most three a day go to one).
  const quoteBody = (i) => ({
    ...state,
    regular: "no",
    // A first name of letters only, one per client: the salon's alert names the client by it.
    name: `${clientLetters(i)} Bench`,
    mobile: `07700 ${String(900000 + (i % 100000)).padStart(6, "0")}`,
    email: `bench${i}@example.com`,
    referral: "Google",
  });
  const { stylist: _named, ...levelState } = state;
  const totalsByLevel = `/prices/total-by-level?${new URLSearchParams({ ...levelState, mode: "level", level: "6" })}`;
  const calculatorStart = `/prices/calculator?${new URLSearchParams({ type: "colour", mode: "level" })}`;
  return { calculatorStart, calculatorMidFlow, totalsByLevel, quoteBody, stylist: stylist.slug };
}

/** 0 → "Ba", 1 → "Bb", …: a first name safe for every message, different for every client number. */
function clientLetters(i) {
  let letters = "";
  for (let n = i; ; n = Math.floor(n / 26) - 1) {
    letters = String.fromCharCode(97 + (n % 26)) + letters;
    if (n < 26) break;
  }
  return `B${letters}`;
}

async function saveQuote(body) {
  const r = await fetchOnce(`${BASE}/api/save-quote-details`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (r.status !== 201) throw new Error(`save-quote-details answered ${r.status}: ${await r.text()}`);
  return r.json();
}

/** Static imports of a built module (`import{t}from"./x.js"`, `import"./y.js"`): they load with it. */
function staticImports(code, url) {
  return [...code.matchAll(/(?:^|[;\s}])import\s*(?:[\w{}\s,*$]+from\s*)?["']([^"']+\.js)["']/g)].map(
    (m) => new URL(m[1], url).pathname,
  );
}

/** What a page loads before it can run: its stylesheets, and every script it names with all they import statically. */
async function firstLoadWeight(pathname, headers) {
  const html = await (await fetchOnce(BASE + pathname, { headers })).text();
  const js = new Set();
  const css = new Set();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) js.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) js.add(m[1]);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) js.add(m[1]);
  for (const m of html.matchAll(/import \* as \w+ from "([^"]+\.js)"/g)) js.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)) css.add(m[1]);
  // Fonts the page preloads load with it, whatever the page uses them for.
  const fonts = new Set();
  for (const m of html.matchAll(/<link[^>]+rel="preload"[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(m[0])?.[1];
    if (href && /as="font"/.test(m[0])) fonts.add(href);
  }
  const size = async (urls, followImports) => {
    let total = 0;
    const queue = [...urls];
    const seen = new Set(queue);
    while (queue.length > 0) {
      const url = new URL(queue.shift(), BASE);
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      total += gzipSync(body, { level: 9 }).length;
      if (!followImports) continue;
      for (const next of staticImports(body.toString("utf8"), url)) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    return { kb: Math.round((total / 1024) * 10) / 10, files: seen.size };
  };
  const scripts = await size(js, true);
  // Islands that wait to be seen load their scripts when the visitor scrolls near them: reported beside the first
  // load, not in it.
  const waiting = new Set();
  for (const m of html.matchAll(/data-island-src="([^"]+)"(?: data-island-imports="([^"]*)")?/g)) {
    waiting.add(m[1]);
    for (const href of JSON.parse((m[2] ?? "[]").replaceAll("&quot;", '"'))) waiting.add(href);
  }
  const later = waiting.size > 0 ? await size(waiting, true) : undefined;
  let fontBytes = 0;
  for (const href of fonts) fontBytes += (await (await fetch(new URL(href, BASE))).arrayBuffer()).byteLength;
  return {
    // Font files are compressed already: counted as they are.
    fontKb: Math.round((fontBytes / 1024) * 10) / 10,
    jsKb: scripts.kb,
    jsFiles: scripts.files,
    ...(later && { laterJsKb: later.kb }),
    cssKb: (await size(css, false)).kb,
    htmlKb: Math.round((gzipSync(html).length / 1024) * 10) / 10,
  };
}

/**
 * The calculator in a phone's browser: Chromium with its CPU slowed 4×, a colour quote tapped from its first
 * step to the estimate and through "compare another level", each tap the first choice not yet made in the
 * current step. Per tap, the time from the pointer going down to the first frame painted after the page
 * changed (the mutation, then two animation frames); and every document, fetch or XHR request after the
 * first page, which should be none.
 */
async function measureCalculatorTaps(pathname) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: false });
    const cdp = await page.context().newCDPSession(page);
    await page.goto(BASE + pathname, { waitUntil: "networkidle" });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const requests = [];
    page.on("request", (r) => {
      if (["document", "fetch", "xhr"].includes(r.resourceType())) requests.push(r.url());
    });
    await page.evaluate(() => {
      window.__tap = { down: 0, painted: 0 };
      document.addEventListener(
        "pointerdown",
        (e) => {
          window.__tap = { down: e.timeStamp, painted: 0 };
        },
        true,
      );
      new MutationObserver(() => {
        const tap = window.__tap;
        if (!tap.down || tap.painted) return;
        tap.painted = -1;
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            tap.painted = performance.now();
          }),
        );
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const seen = new Set([new URL(page.url()).pathname + new URL(page.url()).search]);
    const taps = [];
    for (let i = 0; i < 30; i++) {
      const next = await page.evaluateHandle(
        (visited) => {
          const links = [...document.querySelectorAll("#current-step li > a[href]")];
          return (
            links.find(
              (a) =>
                a.getAttribute("aria-current") !== "true" &&
                !visited.includes(a.href.split("#")[0].slice(location.origin.length)),
            ) ?? null
          );
        },
        [...seen],
      );
      const link = next.asElement();
      if (!link) break;
      const href = (await link.getAttribute("href")).split("#")[0];
      seen.add(href);
      await link.click();
      await page.waitForFunction(() => window.__tap?.painted > 0, null, { timeout: 10_000 }).catch(() => undefined);
      const ms = await page.evaluate(() =>
        window.__tap?.painted > 0 ? window.__tap.painted - window.__tap.down : null,
      );
      // A tap that loaded a new document (the calculator without its island) leaves no figure: say so.
      if (ms === null) return { taps: taps.length, failedAt: href, requestsAfterFirstPage: requests.length };
      taps.push(Math.round(ms));
    }
    const sorted = [...taps].sort((a, b) => a - b);
    return {
      taps: taps.length,
      medianMs: sorted[Math.floor(sorted.length / 2)] ?? null,
      maxMs: sorted.at(-1) ?? null,
      requestsAfterFirstPage: requests.length,
      finalAddress: new URL(page.url()).search,
    };
  } finally {
    await browser.close();
  }
}

/** Full runs kept in bench/results/history.md. */
const HISTORY_ROWS = 20;

const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const LIGHTHOUSE_PAGES = process.env.BENCH_LIGHTHOUSE_PAGES ? new RegExp(process.env.BENCH_LIGHTHOUSE_PAGES) : null;

/**
 * The first owner signs up from the link the site prints while it has no
 * staff account, as a person would: the answer's session cookie lets
 * Lighthouse see the console signed in.
 */
async function consoleSession(site) {
  const deadline = Date.now() + 10_000;
  const linkIn = () => /(http:\/\/\S+\/staff\/setup\/\S+)/.exec(site.output())?.[1];
  while (!linkIn()) {
    if (Date.now() > deadline) throw new Error("the site printed no staff setup link");
    await new Promise((r) => setTimeout(r, 50));
  }
  const link = linkIn();
  const r = await fetch(link, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE },
    body: new URLSearchParams({ intent: "create-owner", name: "Bench Owner", email: "owner@bench.example" }),
  });
  const cookie = r.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.includes("staff-session="));
  if (!cookie) throw new Error(`the staff setup answered ${r.status} without a session`);
  return cookie;
}

/** A job application through the public API, so the console's applications list has a row to show. */
async function applyForJob() {
  const r = await fetch(`${BASE}/api/joinus`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Bench Applicant",
      mobile: "07700 900124",
      email: "applicant@bench.example",
      role: "Stylist",
      position: "1 - 3 years",
      about: "Colour and cutting.",
      why_hair: "I love it.",
      why_us: "Your training.",
    }),
  });
  if (r.status !== 201) throw new Error(`joinus answered ${r.status}: ${await r.text()}`);
}

/**
 * What photo uploads leave behind in the site's memory. A manager uploads four
 * 12-megapixel phone photos (JPEG, 4032 × 3024) and an iPhone HEIC through the
 * console's form in Chromium; the site's memory is read before and after, and
 * each save is timed from the click to the page saying it is saved.
 */
async function measureUploads(site, cookie) {
  const photo = await sharp({
    create: { width: 4032, height: 3024, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 30 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  const heic = readFileSync(new URL("../tests/fixtures/iphone-portrait.heic", import.meta.url));
  const before = memoryMb(site.child.pid);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await (await browser.newContext({ extraHTTPHeaders: { Cookie: cookie } })).newPage();
  const savesMs = [];
  const uploads = [...Array.from({ length: 4 }, (_, i) => [`IMG_${i}.jpg`, photo]), ["IMG_4.HEIC", heic]];
  for (const [name, buffer] of uploads) {
    await page.goto(`${BASE}/staff/content/team/1`);
    const portrait = page.getByRole("group", { name: "Portrait" });
    await portrait.getByLabel("New photo (optional)").setInputFiles({ name, mimeType: "image/jpeg", buffer });
    await portrait.getByLabel("Description of the new photo").fill(`Photo ${name}`);
    const started = Date.now();
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText(/^Saved\./).waitFor({ timeout: 60_000 });
    savesMs.push(Date.now() - started);
  }
  // Five managers saving a 12-megapixel photo each at once, each on a team member of their own. Each form is
  // filled in Chromium as a manager fills it, and what the form would send is then posted by the bench itself:
  // five managers have five phones, and five Chromium tabs posting and rendering on this machine's two cores took
  // the CPU the site needs (the picture workers run below everything else), which no salon's server shares with its
  // managers' phones. Each save is timed from its post to the page answered with "Saved.", and the memory of the
  // site and its picture workers (the database's processes left out) is sampled while they are worked on.
  const forms = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`${BASE}/staff/content/team/${i + 1}`);
    const portrait = page.getByRole("group", { name: "Portrait" });
    await portrait.getByLabel("Description of the new photo").fill(`Team photo ${i}`);
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Save changes" }) });
    const fields = await form.evaluate((f) => [...new FormData(f)].filter(([, value]) => typeof value === "string"));
    const fileField = await portrait.getByLabel("New photo (optional)").getAttribute("name");
    const body = new FormData();
    for (const [name, value] of fields) body.append(name, value);
    body.append(fileField, new Blob([photo], { type: "image/jpeg" }), `TEAM_${i}.jpg`);
    forms.push({ url: `${BASE}/staff/content/team/${i + 1}`, body });
  }
  await browser.close();
  // At the peak, the site's own process apart from its picture workers: where the memory is.
  const sample = () => ({
    ...memoryMb(site.child.pid, { withoutDatabase: true }),
    siteRssMb: Math.round((Number(/^VmRSS:\s+(\d+)/m.exec(proc(site.child.pid, "status"))?.[1] ?? 0) / 1024) * 10) / 10,
  });
  let peak = sample();
  const sampler = setInterval(() => {
    const now = sample();
    if (now.rssMb > peak.rssMb) peak = now;
  }, 200);
  const concurrentStarted = Date.now();
  const concurrentMs = await Promise.all(
    forms.map(async ({ url, body }) => {
      const r = await fetch(url, { method: "POST", body, headers: { Cookie: cookie, Origin: BASE } });
      const html = await r.text();
      if (r.status !== 200 || !html.includes("Saved.")) throw new Error(`a photo save answered ${r.status}`);
      return Date.now() - concurrentStarted;
    }),
  );
  clearInterval(sampler);
  await new Promise((r) => setTimeout(r, 2000));
  const after = memoryMb(site.child.pid);
  const jpegMs = [...savesMs.slice(0, 4)].sort((a, b) => a - b)[2];
  results.uploads = { jpegMs, heicMs: savesMs[4], concurrentMs, concurrentPeak: peak };
  results.memory["embedded before uploads"] = before;
  results.memory["embedded after 5 photo uploads"] = after;
  console.error(`uploads: ${JSON.stringify({ savesMs, before, after })}`);
}

/**
 * Lighthouse's own advice: scores vary run to run, so take the median of several runs (by performance score).
 * `budget`: "public" (every category at 100) or "console" (performance at 95 or more, accessibility and best
 * practices at 100; the console is noindex by design, so its SEO score is reported only).
 */
async function runLighthouse(pages, { budget = "public", headers } = {}) {
  const chosen = Object.entries(pages).filter(([name]) => !LIGHTHOUSE_PAGES || LIGHTHOUSE_PAGES.test(name));
  if (chosen.length === 0) return;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  try {
    for (const [name, pathname] of chosen) {
      await fetch(BASE + pathname, { headers }); // the server's first render of a page is not what visitors get afterwards
      const runs = [];
      for (let attempt = 0; runs.length < LIGHTHOUSE_RUNS && attempt < LIGHTHOUSE_RUNS + 2; attempt++) {
        const { lhr } = await lighthouse(BASE + pathname, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          extraHeaders: headers,
        });
        // A run Lighthouse itself could not finish (it reports a runtime error and scores 0) is run again.
        if (lhr.runtimeError) console.error(`lighthouse ${name}: run failed (${lhr.runtimeError.code}), again`);
        else runs.push(lhr);
      }
      if (runs.length === 0) throw new Error(`Lighthouse could not measure ${pathname}`);
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = runs[Math.floor(runs.length / 2)];
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failing = Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            a.scoreDisplayMode !== "informative" &&
            a.scoreDisplayMode !== "notApplicable" &&
            a.scoreDisplayMode !== "manual",
        )
        .map((a) => a.id);
      results.pages[name] = {
        path: pathname,
        budget,
        runs: runs.length,
        performanceRuns: runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)),
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        failingAudits: failing,
        // What cost each category below 100 its points: the weighted audits that did not pass.
        lostPoints: Object.fromEntries(
          Object.entries(lhr.categories)
            .filter(([, category]) => Math.round((category.score ?? 0) * 100) < 100)
            .map(([id, category]) => [
              id,
              category.auditRefs
                .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
                .map((ref) => ref.id),
            ])
            .filter(([, ids]) => ids.length > 0),
        ),
      };
      console.error(`lighthouse ${name}: ${JSON.stringify(results.pages[name])}`);
    }
  } finally {
    await chrome.kill();
  }
}

const LOAD_DEFAULTS = { url: BASE, connections: 32, pipelining: 1 };

async function load(name, options) {
  results.load[name] = await loadFigures(options);
  console.error(`load ${name}: ${JSON.stringify(results.load[name])}`);
  return results.load[name];
}

/** One load's figures, not kept as a row of its own. */
async function loadFigures(options) {
  const result = await autocannon({ ...LOAD_DEFAULTS, duration: LOAD_SECONDS, ...options });
  return {
    // Answers counted over the load's whole window, not autocannon's average of per-second buckets (which, for
    // a load that ends within two seconds, is half the requests whatever their pace).
    rps: Math.round(result["2xx"] / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    ok: result["2xx"],
  };
}

/** How long each compared load is run first without being counted. */
const WARM_UP_SECONDS = 2;

/**
 * Three loads one after the other; the row keeps the median by requests per
 * second, and each run's figure. A short load comes first and is not
 * counted, on the reference as on the site: a process's first seconds on a
 * page it has not served yet measure V8 compiling that page's code.
 */
async function median3(name, options) {
  await autocannon({ ...LOAD_DEFAULTS, ...options, duration: WARM_UP_SECONDS });
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await load(name, options));
  runs.sort((a, b) => a.rps - b.rps);
  results.load[name] = { ...runs[1], runs: runs.map((r) => r.rps) };
  return results.load[name];
}

/**
 * The site and its reference under the same load, alternated: a warm-up of
 * each, then three rounds of one and then the other, so whatever else the
 * machine does in a round weighs on both. Each side keeps its median rate,
 * every run (the spread), and the CPU its process spent per answered request
 * (the site's embedded database apart, as `dbCpuMsPerRequest`: the stock
 * template has no database).
 */
async function alternated(sides) {
  for (const side of sides) await autocannon({ ...LOAD_DEFAULTS, ...side.options, duration: WARM_UP_SECONDS });
  const runs = sides.map(() => []);
  for (let round = 0; round < 3; round++)
    for (const [i, side] of sides.entries()) {
      const before = { own: cpuMs(side.pid, { withoutDatabase: true }), all: cpuMs(side.pid) };
      const figure = await loadFigures(side.options);
      console.error(`load ${side.name}, round ${round + 1}: ${JSON.stringify(figure)}`);
      const own = cpuMs(side.pid, { withoutDatabase: true }) - before.own;
      const all = cpuMs(side.pid) - before.all;
      runs[i].push({ ...figure, cpuMsPerRequest: own / figure.ok, dbCpuMsPerRequest: (all - own) / figure.ok });
    }
  const median = (values) => [...values].sort((a, b) => a - b)[1];
  const round2 = (n) => Math.round(n * 100) / 100;
  return runs.map((three) => ({
    ...[...three].sort((a, b) => a.rps - b.rps)[1],
    runs: three.map((r) => r.rps),
    cpuMsPerRequest: round2(median(three.map((r) => r.cpuMsPerRequest))),
    cpuRuns: three.map((r) => round2(r.cpuMsPerRequest)),
    dbCpuMsPerRequest: round2(median(three.map((r) => r.dbCpuMsPerRequest))),
  }));
}

/**
 * Requests for a page (or each of several in turn) each with a query string
 * of its own, so none is answered from the site's response cache; asking for
 * `encoding` (by default what a browser asks for).
 */
function uncached(pathnames, encoding = BROWSER["accept-encoding"]) {
  const list = [pathnames].flat();
  let n = 0;
  const next = () => {
    const pathname = list[n % list.length];
    return `${pathname}${pathname.includes("?") ? "&" : "?"}bench=${n++}`;
  };
  return {
    headers: { "accept-encoding": encoding },
    connections: 10,
    requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }],
  };
}

const REFERENCE_PORT = PORT + 1;

/** The bytes the site sends for a path in one encoding, as they travel. */
function rawBody(pathname, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(`${BASE}${pathname}`, { headers: { "accept-encoding": encoding } }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ body: Buffer.concat(chunks), headers: res.headers }));
      })
      .on("error", reject);
  });
}

/**
 * The reference in the same run: plain Node serving the site's own
 * pre-compressed bytes for `/`, in a process of its own.
 */
async function measureReference(name, encoding) {
  // Twice: the first answer may come before the page's compressed forms are ready.
  await rawBody("/", encoding);
  await new Promise((r) => setTimeout(r, 500));
  const { body, headers } = await rawBody("/", encoding);
  const head = {
    "content-type": headers["content-type"],
    "content-encoding": headers["content-encoding"] ?? "identity",
  };
  const child = spawn(
    process.execPath,
    [
      "-e",
      `const body = Buffer.from(${JSON.stringify(body.toString("base64"))}, "base64");
       require("node:http").createServer((q, r) => { r.writeHead(200, ${JSON.stringify(head)}); r.end(body); })
         .listen(${REFERENCE_PORT}, "127.0.0.1", () => console.log("up"));`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  children.add(child);
  await once(child.stdout, "data");
  await median3(name, { url: `http://127.0.0.1:${REFERENCE_PORT}/`, headers: { "accept-encoding": encoding } });
  // The ceiling: the same bytes from plain Node and from the site, loaded with wrk (a load generator in C), so
  // a saturated autocannon shows as a gap between its figures and these.
  // Alternated, three rounds, as every compared load.
  const rounds = { plain: [], site: [] };
  for (let round = 0; round < 3; round++) {
    rounds.plain.push(wrk(`http://127.0.0.1:${REFERENCE_PORT}/`, encoding));
    rounds.site.push(wrk(`${BASE}/`, encoding));
  }
  const medianOf = (runs) => (runs.includes(null) ? null : { rps: [...runs].sort((a, b) => a - b)[1], runs });
  results.ceiling[`plain Node, ${encoding} (wrk)`] = medianOf(rounds.plain);
  results.ceiling[`site cached home, ${encoding} (wrk)`] = medianOf(rounds.site);
  child.kill();
  await once(child, "exit");
}

/** Requests per second wrk gets over LOAD_SECONDS at 32 connections, or null without wrk. */
function wrk(url, encoding) {
  const r = spawnSync(
    "/usr/bin/wrk",
    ["-t2", "-c32", `-d${LOAD_SECONDS}s`, "-H", `accept-encoding: ${encoding}`, url],
    { encoding: "utf8" },
  );
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(r.stdout ?? "")?.[1];
  return rps ? Math.round(Number(rps)) : null;
}

/** The stand-in SMTP server and Twilio, in a process of their own; `counts()` asks what has arrived. */
async function startProviders() {
  const child = fork(path.resolve("bench/fake-providers.js"), { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  children.add(child);
  const [ports] = await once(child, "message");
  const ask = async (message) => {
    child.send(message);
    if (message !== "counts") return undefined;
    const [counts] = await once(child, "message");
    return counts;
  };
  return {
    env: {
      SMTP_URL: `smtp://127.0.0.1:${ports.smtpPort}`,
      TWILIO_ACCOUNT_SID: "ACbench",
      TWILIO_AUTH_TOKEN: "bench",
      TWILIO_FROM: "+447700900000",
      TWILIO_API_BASE: `http://127.0.0.1:${ports.twilioPort}`,
      // Every save sends its text: the daily ceiling is not what is measured.
      SMS_DAILY_LIMIT: "100000000",
    },
    counts: () => ask("counts"),
    reset: () => ask("reset"),
    stop: () => child.kill(),
  };
}

/**
 * Saving quotes for different clients as fast as they come, then how long
 * until the last e-mail and text of those saves reached the stand-ins, and
 * whether each left exactly once. Three loads, each with clients of its own;
 * the row keeps the median by saves per second, and the delivery of every load.
 */
let nextClient = 1000;
async function measureSaving(engine, quoteBody, providers, sitePid, { alerts = false } = {}) {
  const name = `save-quote (${engine})`;
  const runs = [];
  const deliveries = [];
  /** When each client's save was sent, by their first name: what an alert's delay is counted from. */
  const sentAt = new Map();
  for (let run = 0; run < 3; run++) {
    await new Promise((r) => setTimeout(r, 1000));
    await providers.reset();
    const cpuBefore = cpuMs(sitePid);
    // As many saves as come in a fixed window; each answered save is a message to expect.
    const saved = await load(name, {
      url: `${BASE}/api/save-quote-details`,
      connections: 10,
      duration: SAVE_SECONDS,
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          setupRequest: (req) => {
            const body = quoteBody(nextClient++);
            sentAt.set(body.name.split(" ")[0], Date.now());
            return { ...req, body: JSON.stringify(body) };
          },
        },
      ],
    });
    const loadEnded = Date.now();
    let counts = await providers.counts();
    const waiting = (c) => c.mails < saved.ok || c.texts < saved.ok || (alerts && c.alerts.length < saved.ok);
    while (waiting(counts) && Date.now() - loadEnded < 60_000) {
      await new Promise((r) => setTimeout(r, 50));
      counts = await providers.counts();
    }
    const allSent = counts.mails >= saved.ok && counts.texts >= saved.ok;
    // What a save costs, its messages included: the site's CPU from the start of the load until the last was sent.
    const cpuMsPerSave = Math.round(((cpuMs(sitePid) - cpuBefore) / saved.ok) * 100) / 100;
    // A moment longer: anything sent twice would show up as more messages than saves.
    await new Promise((r) => setTimeout(r, 1000));
    counts = await providers.counts();
    const delivery = {
      saves: saved.ok,
      mails: counts.mails,
      texts: counts.texts,
      distinctMails: counts.distinctMails,
      distinctTexts: counts.distinctTexts,
      allSent,
      lastSentAfterLoadMs: allSent ? Math.max(0, counts.lastAt - loadEnded) : null,
      cpuMsPerSave,
    };
    if (alerts) {
      // Each alert's delay: from its save being sent to its e-mail reaching the salon's stand-in.
      const delays = counts.alerts
        .map(([client, at]) => at - (sentAt.get(client) ?? Number.NaN))
        .filter(Number.isFinite)
        .sort((a, b) => a - b);
      delivery.alerts = {
        received: counts.alerts.length,
        matched: delays.length,
        medianMs: delays[Math.floor(delays.length / 2)] ?? null,
        maxMs: delays.at(-1) ?? null,
      };
    }
    console.error(`delivery ${engine}: ${JSON.stringify(delivery)}`);
    runs.push(saved);
    deliveries.push(delivery);
  }
  const median = [...runs].sort((a, b) => a.rps - b.rps)[1];
  const cpu = deliveries.map((d) => d.cpuMsPerSave).sort((a, b) => a - b)[1];
  results.load[name] = { ...median, runs: runs.map((r) => r.rps), cpuMsPerSave: cpu };
  // The slowest delivery of the three: every load must have its messages out in time, each once.
  const worst = deliveries.reduce((slowest, d) =>
    !d.allSent || (slowest.allSent && d.lastSentAfterLoadMs > slowest.lastSentAfterLoadMs) ? d : slowest,
  );
  results.delivery[engine] = { ...worst, runs: deliveries };
}

/**
 * Gives every salon a front-desk address on the site's own database, so each save under load also
 * queues its salon's alert: the bench then times the alerts as the saves come in.
 */
async function alertEverySalon(databaseUrl) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `insert into salon_alerts (salon_id, email) select id, 'desk' || id || '@bench.example' from salons
     on conflict (salon_id) do update set email = excluded.email`,
  );
  await client.end();
}

/**
 * React Router's stock template, served by its own server (react-router-serve: Express with the compression
 * middleware, gzip at level 6 and brotli at quality 4 by default), in a process of its own.
 */
async function startStockReference() {
  const port = REFERENCE_PORT + 1;
  const child = spawn(
    process.execPath,
    [path.resolve("node_modules/@react-router/serve/bin.js"), path.join(REFERENCE_BUILD, "server/index.js")],
    { env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" }, stdio: "ignore" },
  );
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error("the reference server exited");
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // About the weight of the site's quote page (15 kB of HTML).
  results.weight.reference = {
    htmlKb: Math.round(((await (await fetch(`${url}/?items=40`)).arrayBuffer()).byteLength / 1024) * 10) / 10,
  };
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill();
      await once(child, "exit");
    },
  };
}

/** What each side compresses with, for the rows that compare them. */
const COMPRESSION = {
  identity: "no compression on either side",
  gzip: "gzip: the site at level 3, the stock template at level 6",
  br: "brotli: the site at quality 5, the stock template at quality 4",
};

/** How long each saving load lasts (BENCH_SAVE_SECONDS). */
const SAVE_SECONDS = Number(process.env.BENCH_SAVE_SECONDS ?? 5);

/** How big a page is as rendered (the browser's HTML, uncompressed), in kB. */
async function htmlKb(pathname) {
  const r = await fetchOnce(`${BASE}${pathname}`);
  if (!r.ok) throw new Error(`${pathname} answered ${r.status}`);
  return Math.round(((await r.arrayBuffer()).byteLength / 1024) * 10) / 10;
}

/**
 * Page weight and time of the pages that show growing lists, with the demo
 * content, then 10× and 100× its reviews and blog posts, added straight
 * into the site's database (its trigger tells the site to forget its cache).
 */
async function measureGrowth(databaseUrl) {
  const { default: pg } = await import("pg");
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const demo = (await db.query("select max(id) as reviews from reviews")).rows[0].reviews;
  const demoPosts = (await db.query("select max(id) as posts from blog_posts")).rows[0].posts;
  const pages = { home: "/", "all reviews": "/reviews/all", "blog list": "/blog-info" };
  let copies = 1;
  for (const scale of [1, 10, 100]) {
    if (scale > copies) {
      await db.query(
        `insert into reviews (review, client, stylist_slug)
         select review, client, stylist_slug from reviews, generate_series($1::int, $2::int) where id <= $3`,
        [copies, scale - 1, demo],
      );
      await db.query(
        `insert into blog_posts (slug, title, image, body_html, author, published_at)
         select slug || '-' || g, title, image, body_html, author, published_at - g
         from blog_posts, generate_series($1::int, $2::int) as g where id <= $3`,
        [copies, scale - 1, demoPosts],
      );
      copies = scale;
      await new Promise((r) => setTimeout(r, 500));
    }
    for (const [name, pathname] of Object.entries(pages)) {
      const figure = await median3(`${name} ×${scale} uncached (postgres)`, {
        url: BASE,
        duration: Math.max(2, Math.round(LOAD_SECONDS / 2)),
        ...uncached(pathname),
      });
      results.growth[`${name} ×${scale}`] = { htmlKb: await htmlKb(pathname), rps: figure.rps, p99Ms: figure.p99Ms };
    }
  }
  await db.end();
}

/** How many quotes the console is measured with (BENCH_CONSOLE_QUOTES). */
const CONSOLE_QUOTES = Number(process.env.BENCH_CONSOLE_QUOTES ?? 100_000);

/** How many funnel events the console is measured with (BENCH_FUNNEL_EVENTS), besides the quotes' own steps. */
const FUNNEL_EVENTS = Number(process.env.BENCH_FUNNEL_EVENTS ?? 100_000);

/** The median of five answers' wall times, in ms, after one not counted. */
async function median5(url, headers) {
  const times = [];
  for (let i = 0; i < 6; i++) {
    const started = performance.now();
    const r = await fetchOnce(url, { headers });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`${url} answered ${r.status}`);
    if (i > 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: Math.round(times[2] * 10) / 10, runs: times.map((t) => Math.round(t)) };
}

/**
 * The console with CONSOLE_QUOTES quotes, all in the dashboard's twelve
 * weeks (its worst case), added straight into the database: the leads
 * download whole, the dashboard, the home page and every list, signed in.
 */
async function measureConsoleAtScale(databaseUrl, cookie) {
  const { default: pg } = await import("pg");
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = performance.now();
  await db.query(
    `insert into quotes (link, name, mobile, email, referral, regular, selector, calculator, salon_id, level_id,
       lines, total_pence, status, view_count, created_at)
     select 'bench-' || g, 'Client ' || g, '+4477009' || lpad((g % 100000)::text, 5, '0'), 'c' || g || '@example.com',
       (array['Google', 'Social Media', 'Friend'])[1 + g % 3], g % 2 = 0, 'Level', 'colour',
       (select min(id) from salons) + g % 3, (select min(id) from levels) + g % 4, '[]', 5000 + g % 9000,
       (array['new', 'contacted', 'booked', 'not-booked'])[1 + g % 4], g % 5,
       now() - (g * interval '1 second') * (83 * 86400.0 / $1)
     from generate_series(1, $1::int) as g`,
    [CONSOLE_QUOTES],
  );
  // The funnel's events over the same weeks (decision 076): calculator starts and summaries from a visitor of
  // the day each, and one Book click on every tenth quote, through the same trigger a beacon goes through.
  await db.query(
    `insert into funnel_events (at, day, week, step, visitor, quote_id, salon_id, level_id, stylist_id, source)
     select t, (t at time zone 'Europe/London')::date, date_trunc('week', t at time zone 'Europe/London')::date,
       case when g % 10 = 0 then 'book' when g % 3 = 0 then 'summary' else 'started' end,
       case when g % 10 = 0 then null else substr(md5(g::text), 1, 16) end,
       case when g % 10 = 0 then (select min(id) from quotes) + g end,
       (select min(id) from salons) + g % 3, (select min(id) from levels) + g % 4, 0,
       (array['direct', 'instagram', 'www.google.com', 'newsletter', 'facebook'])[1 + g % 5]
     from generate_series(1, $1::int) as g, lateral (select now() - (g * interval '1 second') * (83 * 86400.0 / $1) as t) as at`,
    [FUNNEL_EVENTS],
  );
  // A salon gathers 100,000 quotes over years, with autovacuum keeping up; added in one burst, they would leave
  // autovacuum working through both tables while the views are timed. Vacuumed here, the views are timed as a
  // salon would see them on any day.
  await db.query("vacuum analyze quotes, funnel_events");
  const total = Number((await db.query("select count(*) as n from quotes")).rows[0].n);
  const events = Number((await db.query("select count(*) as n from funnel_events")).rows[0].n);
  await db.end();
  console.error(
    `console: ${CONSOLE_QUOTES} quotes and ${FUNNEL_EVENTS} funnel events added in ${Math.round(performance.now() - started)} ms`,
  );
  const headers = { Cookie: cookie, ...BROWSER };
  // The first view folds the trigger's rows of differences for the quotes just added: not counted.
  const dashboard = await median5(`${BASE}/staff/dashboard`, headers);
  const home = await median5(`${BASE}/staff`, headers);
  const funnel = {
    events,
    page: await median5(`${BASE}/staff/funnel`, headers),
    csv: await median5(`${BASE}/staff/funnel/export`, { Cookie: cookie }),
  };
  const scorecard = {
    page: await median5(`${BASE}/staff/scorecard`, headers),
    csv: await median5(`${BASE}/staff/scorecard/export`, { Cookie: cookie }),
  };
  const lists = {};
  for (const list of ["leads", "applications", "models", "feedback", "messages", "audit"])
    lists[list] = await median5(`${BASE}/staff/${list}`, headers);
  lists["leads, one salon and status"] = await median5(`${BASE}/staff/leads?salon=2&status=booked`, headers);
  // Searches that match one quote in CONSOLE_QUOTES (issue 43): through the trigram indexes (decision 118).
  lists["leads, search by name"] = await median5(`${BASE}/staff/leads?q=Client%2054321`, headers);
  lists["leads, search by e-mail"] = await median5(`${BASE}/staff/leads?q=c54321%40example.com`, headers);
  lists["leads, search by mobile"] = await median5(`${BASE}/staff/leads?q=07700%20954321`, headers);
  const exportStarted = performance.now();
  const csv = await (await fetchOnce(`${BASE}/staff/export/leads`, { headers: { Cookie: cookie } })).text();
  const exportMs = Math.round(performance.now() - exportStarted);
  const exportRows = csv.split("\r\n").filter((line) => line !== "").length - 1;
  results.console = { quotes: total, exportMs, exportRows, dashboard, home, funnel, scorecard, lists };
  console.error(`console: ${JSON.stringify(results.console)}`);
}

/** Start-up on a new and on an existing database, then load and memory, for one engine. */
async function measureEngine(engine, env, { pages, providers, growth } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "salon-bench-"));
  const siteEnv = { DATA_DIR: dataDir, ...providers.env, ...env };
  if (ONLY === "console") {
    const site = await startSite(siteEnv);
    await measureConsoleAtScale(env.DATABASE_URL, await consoleSession(site));
    await stopSite(site);
    rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  if (SAVING_ONLY) {
    const site = await startSite(siteEnv);
    if (env.DATABASE_URL) await alertEverySalon(env.DATABASE_URL);
    await measureSaving(engine, (await fixtures()).quoteBody, providers, site.child.pid, {
      alerts: Boolean(env.DATABASE_URL),
    });
    await stopSite(site);
    rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  let site = await startSite(siteEnv);
  const figures = { newMs: site.startMs };
  await stopSite(site);
  site = await startSite(siteEnv);
  figures.existingMs = site.startMs;
  await new Promise((r) => setTimeout(r, 2000));
  figures.idle = memoryMb(site.child.pid);

  const { calculatorStart, calculatorMidFlow, totalsByLevel, quoteBody, stylist } = await fixtures();
  const saved = await saveQuote(quoteBody(0));
  const quotePage = `/quote/${saved.link}`;
  // Clients each open their own quote: the load goes through twenty of them, not one quote row for everyone.
  const quotePages = [quotePage];
  for (let i = 1; i < 20; i++) quotePages.push(`/quote/${(await saveQuote(quoteBody(i))).link}`);
  if (pages && !PAGES_ONLY) {
    const list = {
      home: "/",
      team: "/team-info",
      calculator: calculatorMidFlow,
      quote: quotePage,
      // The form pages, which once loaded React for their forms, hold the content pages' budget too.
      "job form": "/recruitment/stylist",
      "feedback form": "/feedback",
    };
    for (const [name, p] of Object.entries(list)) results.weight[name] = await firstLoadWeight(p);
    // The first owner signs up: the console's pages for their weight and Lighthouse, and the photo uploads.
    const cookie = await consoleSession(site);
    results.weight["console sign-in"] = await firstLoadWeight("/staff/sign-in");
    results.weight["console quotes"] = await firstLoadWeight("/staff/leads", { Cookie: cookie });
    results.calculator = await measureCalculatorTaps(calculatorStart);
    if (LIGHTHOUSE_RUNS > 0) {
      await runLighthouse(list);
      // The public pages staff change from the console (offers, team, reviews, notices, blog, news, salons,
      // brand lines, shop) hold the same budgets.
      const [post] = await json(`${BASE}/api/blog-posts`);
      const [news] = await json(`${BASE}/api/news-items`);
      await runLighthouse({
        offers: "/offers",
        "offer page": "/offers/general",
        "team member": `/team/${stylist}-profile`,
        reviews: `/reviews/${stylist}`,
        notice: "/new-prices",
        blog: "/blog-info",
        "blog post": `/blog/${post.slug}`,
        "news item": `/news/${news.slug}`,
        about: "/about-info",
        contact: "/contact-info",
        shop: "/online-shop",
      });
      // The console's main pages: signing in signed out, the rest signed in as the owner.
      await applyForJob();
      await runLighthouse({ "console sign-in": "/staff/sign-in" }, { budget: "console" });
      await runLighthouse(
        {
          "console home": "/staff",
          "console quotes": "/staff/leads",
          // The quote saved above: the first on this new database.
          "console quote": "/staff/leads/1",
          "console dashboard": "/staff/dashboard",
          "console applications": "/staff/applications",
        },
        { budget: "console", headers: { Cookie: cookie } },
      );
    }
    await measureUploads(site, cookie);
  }

  if (ONLY === "lighthouse") {
    await stopSite(site);
    rmSync(dataDir, { recursive: true, force: true });
    results.startup[`${engine} new`] = figures.newMs;
    results.startup[`${engine} existing`] = figures.existingMs;
    results.memory[`${engine} idle`] = figures.idle;
    return;
  }

  // warm up, then measure
  await autocannon({ url: `${BASE}/`, connections: 8, duration: 2 });
  await load(`home (${engine})`, { url: `${BASE}/` });
  if (pages) {
    // What browsers ask for: a compressed page.
    await median3(`home gzip (${engine})`, { url: `${BASE}/`, headers: { "accept-encoding": "gzip" } });
    await load(`home br (${engine})`, { url: `${BASE}/`, headers: { "accept-encoding": "br" } });
    await measureReference("reference: plain Node, same gzip bytes", "gzip");
    await load(`team-info (${engine})`, { url: `${BASE}/team-info` });

    // Pages as rendered for each request (the quote page is never cached; the others are asked for with an
    // address of their own each time), alternated with the stock template rendering a page of similar size:
    // the quote page in each encoding, the others uncompressed, where only the rendering is compared.
    const stock = await startStockReference();
    const uncachedPages = {
      quote: quotePages,
      [`reviews/${stylist}`]: `/reviews/${stylist}`,
      home: "/",
      calculator: calculatorMidFlow,
      "total-by-level": totalsByLevel,
    };
    for (const [name, pathname] of Object.entries(uncachedPages)) {
      results.weight[`${name} (uncached)`] = { htmlKb: await htmlKb([pathname].flat()[0]) };
      for (const encoding of name === "quote" ? ["identity", "gzip", "br"] : ["identity"]) {
        const [ours, reference] = await alternated([
          {
            name: `${name} uncached ${encoding} (${engine})`,
            pid: site.child.pid,
            options: { url: BASE, ...uncached(pathname, encoding) },
          },
          {
            name: `stock React Router uncached ${encoding}`,
            pid: stock.pid,
            options: { url: stock.url, ...uncached("/?items=40", encoding) },
          },
        ]);
        results.compared[`${name}, ${encoding}`] = { site: ours, reference };
      }
    }
    await stock.stop();
  } else {
    await load(`quote page (${engine})`, { url: BASE, ...uncached(quotePages) });
  }
  if (!PAGES_ONLY) {
    await load(`api-services (${engine})`, { url: `${BASE}/api/services` });
    await load(`quote api (${engine})`, { url: `${BASE}/api/get-quote-details/${saved.link}`, connections: 10 });
    if (env.DATABASE_URL) await alertEverySalon(env.DATABASE_URL);
    await measureSaving(engine, quoteBody, providers, site.child.pid, { alerts: Boolean(env.DATABASE_URL) });
  }
  figures.loaded = memoryMb(site.child.pid);
  if (growth) {
    await measureConsoleAtScale(env.DATABASE_URL, await consoleSession(site));
    await measureGrowth(env.DATABASE_URL);
  }
  await stopSite(site);
  rmSync(dataDir, { recursive: true, force: true });
  results.startup[`${engine} new`] = figures.newMs;
  results.startup[`${engine} existing`] = figures.existingMs;
  results.memory[`${engine} idle`] = figures.idle;
  results.memory[`${engine} after load`] = figures.loaded;
  console.error(`engine ${engine}: ${JSON.stringify(figures)}`);
}

/**
 * Backup and restore at size: the demo content plus 100,000 quotes and 200 photos (random bytes, as
 * incompressible as real JPEGs) on the embedded database. `npm run backup` runs while the site does;
 * `npm run restore` goes into a new DATA_DIR; the site then starts on it and must show the same counts and
 * serve the same photo bytes. Budgets: backup under a minute, restore under two.
 */
async function measureBackup() {
  const { default: pg } = await import("pg");
  const { realpathSync } = await import("node:fs");
  const { createHash, randomBytes } = await import("node:crypto");
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
  const [file] = (await import("node:fs")).readdirSync(backupDir).filter((f) => f.endsWith(".backup"));
  const bytes = (await import("node:fs")).statSync(path.join(backupDir, file)).size;
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
  console.log(
    `backup of demo + ${b.quotes} quotes + ${b.photos} photos (${b.megabytes} MB): ${(b.backupMs / 1000).toFixed(1)} s (budget 60 s: ${b.backupMs < 60_000 ? "met" : "MISSED"}); restore ${(b.restoreMs / 1000).toFixed(1)} s (budget 120 s: ${b.restoreMs < 120_000 ? "met" : "MISSED"}); restored site: ${b.sameCounts ? "same counts" : "COUNTS DIFFER"}, ${b.samePhotos} of ${b.photos} photos served byte for byte`,
  );
}

async function main() {
  build();
  if (ONLY === "backup") {
    await measureBackup();
    return;
  }

  const providers = await startProviders();
  if (ONLY !== "console")
    for (const [engine, env] of ENGINES) await measureEngine(engine, env, { pages: engine === "embedded", providers });

  if (PG_URL && (!ONLY || SAVING_ONLY || ONLY === "console")) {
    const { default: pg } = await import("pg");
    const name = `salon_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    // The server's own processes are not the site's: its memory row is the site alone.
    await measureEngine("postgres", { DATABASE_URL: url.href }, { providers, growth: !ONLY });
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  } else if (!ONLY) {
    console.error("no BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL server figures skipped");
  }

  if (!ONLY) await measureBackup();

  // The performance budgets: each row says whether it met its own, where it has one.
  const verdict = (ok) => (ok === undefined ? "" : ok ? "met" : "MISSED");
  // What a page is allowed to load first, by its kind: a page to read ships no framework, a page to fill in or
  // tap through ships React and its island, the console React Router.
  const pageKind = (name) =>
    name.startsWith("console")
      ? "console"
      : ["calculator", "job form", "feedback form"].includes(name) || name.endsWith(" form")
        ? "interactive"
        : "content";
  const JS_BUDGET_KB = { content: 5, interactive: 90, console: 150 };
  const LOAD_BUDGETS = Object.fromEntries(
    [...ENGINES.map(([engine]) => engine), "postgres"].flatMap((engine) => [
      [`home (${engine})`, 1500],
      [`api-services (${engine})`, 3000],
    ]),
  );
  const rows = [];
  for (const [name, p] of Object.entries(results.pages)) {
    rows.push([
      `lighthouse ${name}`,
      `perf ${p.performance} · a11y ${p.accessibility} · bp ${p.bestPractices} · seo ${p.seo}`,
      [
        `LCP ${p.lcpMs} ms · CLS ${p.cls} · TBT ${p.tbtMs} ms · median of perf ${p.performanceRuns.join("/")}`,
        ...Object.entries(p.lostPoints).map(([id, ids]) => `${id} lost on ${ids.join(", ")}`),
      ].join(" · "),
      // A client's quote page, the feedback form (for clients after a visit) and the console are kept out of
      // search engines on purpose (noindex), so their SEO score is reported only. Performance: 100 on a page to
      // read, at least 95 on one that runs React.
      verdict(
        p.performance >= (pageKind(name) === "content" ? 100 : 95) &&
          p.accessibility === 100 &&
          p.bestPractices === 100 &&
          (p.budget === "console" || p.path.startsWith("/quote/") || p.path === "/feedback" || p.seo === 100),
      ),
    ]);
  }
  for (const [name, w] of Object.entries(results.weight)) {
    if (w.jsKb === undefined) {
      rows.push([`page ${name}`, `HTML ${w.htmlKb} kB`, "as rendered, before compression", ""]);
      continue;
    }
    rows.push([
      `first load ${name}`,
      `${Math.round((w.jsKb + w.cssKb + w.htmlKb + w.fontKb) * 10) / 10} kB in all`,
      `JS ${w.jsKb} kB gz (${w.jsFiles} files) · CSS ${w.cssKb} kB gz · HTML ${w.htmlKb} kB gz · fonts ${w.fontKb} kB${w.laterJsKb ? ` · JS ${w.laterJsKb} kB gz more when scrolled near` : ""}`,
      verdict(w.jsKb <= JS_BUDGET_KB[pageKind(name)]),
    ]);
  }
  for (const [name, l] of Object.entries(results.load)) {
    if (name.includes("×")) continue; // growth: its own rows below
    const floor = LOAD_BUDGETS[name];
    rows.push([
      `load ${name}`,
      `${l.rps} req/s`,
      `p50 ${l.p50Ms} ms · p99 ${l.p99Ms} ms · non-2xx ${l.non2xx} · errors ${l.errors}${l.runs ? ` · median of ${l.runs.join("/")}` : ""}`,
      verdict(floor === undefined ? undefined : l.rps >= floor && l.p99Ms < 50 && l.non2xx === 0 && l.errors === 0),
    ]);
  }
  const ratio = (a, b) => (a && b ? Math.round((a.rps / b.rps) * 100) / 100 : undefined);
  const gzipRatio = ratio(results.load["home gzip (embedded)"], results.load["reference: plain Node, same gzip bytes"]);
  if (gzipRatio !== undefined)
    rows.push([
      "ratio cached / gzip to plain Node",
      `${gzipRatio}×`,
      "site serving its cached page gzip-compressed vs plain Node serving the same bytes; target at least 0.5",
      verdict(gzipRatio >= 0.5),
    ]);
  const c = results.calculator;
  if (c)
    rows.push([
      "calculator tap to painted change",
      c.medianMs === undefined ? `FAILED at ${c.failedAt}` : `${c.medianMs} ms median`,
      `${c.taps} taps of a colour quote, CPU slowed 4×, max ${c.maxMs} ms; ${c.requestsAfterFirstPage} document or data requests after the first page; target median at most 50 ms and no request`,
      verdict(c.medianMs !== undefined && c.medianMs <= 50 && c.requestsAfterFirstPage === 0),
    ]);
  // Pages rendered for each request against the stock template, alternated in the same run: CPU per page at
  // most the stock template's (the ratio at least 1.0×) with the same encoding, and p99 under 100 ms.
  for (const [name, { site, reference }] of Object.entries(results.compared)) {
    const ratio = Math.round((reference.cpuMsPerRequest / site.cpuMsPerRequest) * 100) / 100;
    const encoding = name.slice(name.lastIndexOf(", ") + 2);
    rows.push([
      `uncached ${name} / stock React Router`,
      `${ratio}× CPU`,
      `CPU a page, stock ÷ site (median of three, alternated; runs site ${site.cpuRuns.join("/")} ms, stock ${reference.cpuRuns.join("/")} ms): site ${site.cpuMsPerRequest} ms (+${site.dbCpuMsPerRequest} ms in its database), stock ${reference.cpuMsPerRequest} ms · req/s site ${site.runs.join("/")}, stock ${reference.runs.join("/")} · p99 site ${site.p99Ms} ms · ${COMPRESSION[encoding]}; target at least 1.0× and p99 under 100 ms`,
      verdict(ratio >= 1.0 && site.p99Ms < 100),
    ]);
  }
  // Saving quotes: at least 400 a second on PostgreSQL, and every message sent within 5 s of the end of the load.
  const deliveredInTime = (d) =>
    d.allSent &&
    d.lastSentAfterLoadMs <= 5000 &&
    // Saves still under way when the window closed are stored and sent too, without their answer being
    // counted: at most one a connection more than the answered saves.
    d.mails >= d.saves &&
    d.mails <= d.saves + 10 &&
    d.texts === d.mails &&
    d.distinctMails === d.mails &&
    d.distinctTexts === d.texts;
  for (const [engine, d] of Object.entries(results.delivery)) {
    const rps = results.load[`save-quote (${engine})`]?.rps ?? 0;
    rows.push([
      `save-quote ${engine}: messages`,
      d.allSent
        ? `last sent ${(d.lastSentAfterLoadMs / 1000).toFixed(1)} s after the load`
        : "NOT ALL SENT within 60 s",
      `CPU ${results.load[`save-quote (${engine})`]?.cpuMsPerSave} ms a save (${engine === "postgres" ? "site only" : "site and database"}, median) · the slowest of ${d.runs.length} loads of ${d.saves} quotes (each a different client): ${d.mails} e-mails and ${d.texts} texts received${d.runs.some((r) => r.distinctMails < r.mails || r.distinctTexts < r.texts) ? " (SOME TWICE)" : ", each once"}; ${rps} saves/s`,
      verdict(d.runs.every(deliveredInTime)),
    ]);
    if (d.alerts) {
      const slowest = d.runs.reduce((max, r) => Math.max(max, r.alerts?.maxMs ?? Number.POSITIVE_INFINITY), 0);
      const everyOne = d.runs.every((r) => r.alerts && r.alerts.matched >= r.saves);
      rows.push([
        `save-quote ${engine}: salon alerts`,
        everyOne ? `slowest ${(slowest / 1000).toFixed(1)} s after its save` : "NOT EVERY ALERT ARRIVED within 60 s",
        `each save's alert e-mail to its salon's front desk, timed from the save being sent to its arrival, during the same loads (medians ${d.runs.map((r) => ((r.alerts?.medianMs ?? 0) / 1000).toFixed(1)).join("/")} s; ${d.runs.map((r) => `${r.alerts?.matched ?? 0} of ${r.saves}`).join(", ")}); target every one within 60 s`,
        verdict(everyOne && slowest <= 60_000),
      ]);
    }
    rows.push([
      `save-quote ${engine}: rate`,
      `${rps} saves/s`,
      `answered saves over each ${SAVE_SECONDS} s window, median of ${results.load[`save-quote (${engine})`]?.runs?.join("/")}${engine === "postgres" ? "; target at least 400" : ""}`,
      verdict(engine === "postgres" ? rps >= 400 : undefined),
    ]);
  }
  // Growth: page weight and time with 10× and 100× the demo reviews and posts; pages under 100 kB of HTML.
  for (const [name, g] of Object.entries(results.growth)) {
    const base = results.growth[name.replace(/×\d+$/, "×1")];
    rows.push([
      `growth ${name}`,
      `HTML ${g.htmlKb} kB · ${g.rps} req/s`,
      `uncached, median of three; p99 ${g.p99Ms} ms${base && base !== g ? ` · ${Math.round((g.rps / base.rps) * 100) / 100}× the demo content's req/s` : ""}`,
      verdict(g.htmlKb < 100),
    ]);
  }
  // The embedded default's targets: a first start under 2 s, under 200 MB with its database after load and after
  // photo uploads.
  for (const [name, m] of Object.entries(results.memory))
    rows.push([
      `memory ${name}`,
      `${m.pssMb} MB PSS`,
      `${m.rssMb} MB RSS summed over ${m.processes} processes${name.startsWith("postgres") ? " (site only)" : " (site and database)"}`,
      verdict(name.startsWith("embedded after") ? m.pssMb < 200 : undefined),
    ]);
  if (results.uploads?.concurrentMs) {
    const slowest = Math.max(...results.uploads.concurrentMs);
    const peakMb = results.uploads.concurrentPeak.rssMb;
    rows.push([
      "photo uploads, 5 at once",
      `${(slowest / 1000).toFixed(1)} s`,
      `five 12-megapixel JPEGs saved at once, the last saved after; each ${results.uploads.concurrentMs.map((ms) => (ms / 1000).toFixed(1)).join("/")} s; target all within 12 s`,
      verdict(slowest <= 12_000),
    ]);
    rows.push([
      "photo uploads, 5 at once: memory peak",
      `${peakMb} MB RSS`,
      `site and picture workers summed (${results.uploads.concurrentPeak.pssMb} MB PSS), the database left out: the site ${results.uploads.concurrentPeak.siteRssMb} MB, its workers the rest; target under 250 MB`,
      verdict(peakMb < 250),
    ]);
  }
  if (results.uploads)
    rows.push([
      "photo upload, saved",
      `${(results.uploads.jpegMs / 1000).toFixed(1)} s / ${(results.uploads.heicMs / 1000).toFixed(1)} s`,
      "from Save to saved: a 12-megapixel JPEG (median of four) / a 1.3-megapixel iPhone HEIC",
      "",
    ]);
  for (const [name, ms] of Object.entries(results.startup))
    rows.push([
      `start-up ${name}`,
      `${ms} ms`,
      `to first 200, as npm start runs it; target under ${name.endsWith("new") ? "1.5 s" : "1 s"}`,
      verdict(name.startsWith("embedded") ? ms < (name.endsWith("new") ? 1500 : 1000) : undefined),
    ]);
  for (const [name, c] of Object.entries(results.ceiling))
    rows.push([
      `ceiling ${name}`,
      c === null ? "no wrk" : `${c.rps} req/s`,
      c === null ? "" : `32 connections, median of three alternated (${c.runs.join("/")})`,
      "",
    ]);
  if (results.console) {
    const c = results.console;
    rows.push([
      `console leads export (${c.quotes.toLocaleString("en-GB")} quotes)`,
      `${(c.exportMs / 1000).toFixed(2)} s`,
      `the whole CSV, ${c.exportRows} rows read by the client; target under 3 s, every row`,
      verdict(c.exportMs < 3000 && c.exportRows === c.quotes),
    ]);
    rows.push([
      `console dashboard (${c.quotes.toLocaleString("en-GB")} quotes)`,
      `${c.dashboard.ms} ms`,
      `median of five views (${c.dashboard.runs.join("/")}), all quotes within its twelve weeks; target under 100 ms`,
      verdict(c.dashboard.ms < 100),
    ]);
    rows.push([
      `console funnel (${c.quotes.toLocaleString("en-GB")} quotes, ${c.funnel.events.toLocaleString("en-GB")} events)`,
      `${c.funnel.page.ms} ms`,
      `median of five views (${c.funnel.page.runs.join("/")}), its CSV ${c.funnel.csv.ms} ms; target under 300 ms`,
      verdict(c.funnel.page.ms < 300 && c.funnel.csv.ms < 300),
    ]);
    rows.push([
      `console scorecard (${c.quotes.toLocaleString("en-GB")} quotes)`,
      `${c.scorecard.page.ms} ms`,
      `median of five views (${c.scorecard.page.runs.join("/")}), its CSV ${c.scorecard.csv.ms} ms; target under 100 ms (issue 40)`,
      verdict(c.scorecard.page.ms < 100 && c.scorecard.csv.ms < 100),
    ]);
    rows.push([
      "console home",
      `${c.home.ms} ms`,
      `median of five (${c.home.runs.join("/")}); target under 30 ms`,
      verdict(c.home.ms < 30),
    ]);
    for (const [name, l] of Object.entries(c.lists))
      rows.push([
        `console list ${name}`,
        `${l.ms} ms`,
        `first page, median of five (${l.runs.join("/")}); target under 100 ms`,
        verdict(l.ms < 100),
      ]);
  }
  const header = ["measure", "value", "detail", "budget"];
  const width = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => c.padEnd(width[i])).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${width.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) console.log(line(r));

  providers.stop();
  // A partial run (BENCH_ONLY) is for iterating: only full runs are kept.
  if (ONLY) return;
  // The latest full run whole, and one line of it in a short history (the last HISTORY_ROWS runs).
  mkdirSync("bench/results", { recursive: true });
  const file = "bench/results/latest.json";
  writeFileSync(file, `${JSON.stringify({ ...results, table: rows }, null, 2)}\n`);
  const historyFile = "bench/results/history.md";
  // By the start of the measure's name: the console's rows name how many quotes the database held.
  const headline = (measure) =>
    rows
      .find((r) => r[0].startsWith(measure))
      ?.slice(1, 2)
      .join("") ?? "–";
  const historyLine = `| ${results.when.slice(0, 16).replace("T", " ")} | ${results.node} | ${headline("console leads export")} | ${headline("console dashboard")} | ${headline("save-quote postgres: rate")} | ${headline("photo uploads, 5 at once")} | ${rows.filter((r) => r[3] === "met").length}/${rows.filter((r) => r[3]).length} met |`;
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

await main();
