// What every section of `npm run bench` shares: the built site started as `npm start` runs it, the processes it
// started (their CPU and memory, read from /proc), the public API a visitor's browser uses, load generation, and
// the shape of a row. Nothing here imports the site's own modules: the bench drives the built site over HTTP, and
// reads its database only to add rows at scale or copy one for a reference.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

export const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const PORT = Number(process.env.BENCH_PORT ?? 3900);
export const BASE = `http://127.0.0.1:${PORT}`;
/** Ports of the references the bench starts beside the site (plain Node, the stock template, the save reference). */
export const REFERENCE_PORT = PORT + 1;
const STOCK_PORT = PORT + 2;
export const SAVE_REFERENCE_PORT = PORT + 3;
/** The PostgreSQL server measured beside the embedded default, when one is given. */
export const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
/** How long each load lasts (BENCH_SECONDS). */
export const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** What Chromium sends: every answer a browser gets is compressed. */
export const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };
/** React Router's stock template and the plain React page (bench/reference), built beside the site. */
const REFERENCE_BUILD = path.resolve(`${BUILD_DIR}-reference`);

/** Every process the bench started: should it fail half-way, none is left running (and holding a port). */
export const children = new Set();
process.on("exit", () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      // `npm start` is a process group of its own (npm, its shell, the site): ended whole.
      if (child.spawnargs[0] === "npm") process.kill(-child.pid, "SIGTERM");
      else child.kill("SIGTERM");
    } catch {
      /* it ended meanwhile */
    }
  }
});

export const wait = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Builds the site into BUILD_DIR as `npm run build` does (the public site and the console's own build), and,
 * when asked, bench/reference into REFERENCE_BUILD.
 */
export function build({ reference }) {
  console.error(`building into ${BUILD_DIR}…`);
  const site = spawnSync(process.execPath, [path.resolve("scripts/build.js")], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BUILD_DIR },
  });
  if (site.status !== 0) throw new Error("build of the site failed");
  if (!reference) return;
  const r = spawnSync(process.execPath, [path.resolve("node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: "bench/reference",
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BUILD_DIR: REFERENCE_BUILD },
  });
  if (r.status !== 0) throw new Error("build of bench/reference failed");
}

/** The `start` script of package.json, word by word: `node <flags> scripts/start.js`. */
const START = JSON.parse(readFileSync("package.json", "utf8")).scripts.start.split(/\s+/);

/**
 * The site started as `npm start` starts it: by default its command line run directly (`node <flags>
 * scripts/start.js`, so the process measured is the site itself, not npm); with `npm: true` through npm, as the
 * docs tell a salon to start it (the start-up rows). Without a DATA_DIR in `env`, a new one in the system's
 * temporary folder, removed by stopSite. Resolves once `/` answers 200, with the milliseconds that took.
 */
export async function startSite(env, { npm = false } = {}) {
  const started = performance.now();
  const ownDataDir = env.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), "salon-bench-"));
  // BENCH_PROFILE=dir: each site process writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const [, ...args] = START;
  const siteEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    BUILD_DIR,
    PUBLIC_URL: BASE,
    RATE_LIMITS: "off",
    NODE_ENV: "production",
    ...(ownDataDir && { DATA_DIR: ownDataDir }),
    ...env,
  };
  const child = npm
    ? spawn("npm", ["start", "--silent"], { env: siteEnv, stdio: ["ignore", "pipe", "inherit"], detached: true })
    : spawn(process.execPath, [...profile, ...args], { env: siteEnv, stdio: ["ignore", "pipe", "inherit"] });
  // The start-up summary (it names the staff setup link); later lines are read and dropped so the pipe never fills.
  let output = "";
  child.stdout.on("data", (chunk) => {
    if (output.length < 65_536) output += chunk;
  });
  children.add(child);
  // On the port it was given (BASE unless `env` names another); a worker (ROLE=worker) serves only its health.
  const ready = `http://127.0.0.1:${siteEnv.PORT}${siteEnv.ROLE === "worker" ? "/readyz" : "/"}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited during start");
    try {
      const r = await fetch(ready);
      if (r.status === 200) break;
    } catch {
      /* not yet */
    }
    await wait(20);
  }
  return {
    child,
    env: siteEnv,
    ownDataDir,
    startMs: Math.round(performance.now() - started),
    output: () => output,
  };
}

export async function stopSite(site) {
  const exited = new Promise((r) => site.child.once("exit", r));
  if (site.child.spawnargs[0] === "npm") process.kill(-site.child.pid, "SIGTERM");
  else site.child.kill("SIGTERM");
  await exited;
  if (site.ownDataDir) rmSync(site.ownDataDir, { recursive: true, force: true });
}

/** A process and all its descendants (the embedded database server and its backends, the picture workers). */
export function processTree(pid) {
  // Read from /proc, not by running ps and cat: the memory sampler runs every 200 ms while uploads are timed, and
  // forty-odd processes started each time held up the bench's own requests by seconds.
  const found = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`))
      found.push(...readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").map(Number).filter(Boolean));
  } catch {
    /* it has ended */
  }
  return [pid, ...found.flatMap(processTree)];
}

/** A file of /proc/PID, or "" once the process has ended. */
export function proc(pid, file) {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return "";
  }
}

const isDatabase = (pid) => proc(pid, "comm").trim() === "postgres";

/** The site's picture workers (`node --expose-gc -e …`), not the processes `npm start` runs the site through. */
export const pictureWorkerPids = (pid) =>
  processTree(pid).filter((p) => p !== pid && proc(p, "cmdline").split("\0").includes("--expose-gc"));

/**
 * Memory of a process tree: RSS summed (counts memory shared between PostgreSQL's processes once per process) and
 * PSS summed (shares it out, so the sum is what the tree really occupies). `withoutDatabase` leaves the embedded
 * database's processes out; `workersOnly` counts only the site's picture workers.
 */
export function memoryMb(pid, { withoutDatabase = false, workersOnly = false } = {}) {
  let rss = 0;
  let pss = 0;
  const tree = workersOnly
    ? pictureWorkerPids(pid)
    : processTree(pid).filter((p) => !(withoutDatabase && isDatabase(p)));
  for (const p of tree) {
    const rollup = proc(p, "smaps_rollup");
    rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
  }
  const mb = (kb) => Math.round((kb / 1024) * 10) / 10;
  return { rssMb: mb(rss), pssMb: mb(pss), processes: tree.length };
}

/** The resident memory of one process alone, in MB. */
export function rssMb(pid) {
  return Math.round((Number(/^VmRSS:\s+(\d+)/m.exec(proc(pid, "status"))?.[1] ?? 0) / 1024) * 10) / 10;
}

/**
 * CPU time used so far by a process and its descendants, in milliseconds (`withoutDatabase`: the embedded
 * database's processes left out). Unlike requests per second it hardly moves when other work shares the machine.
 */
export function cpuMs(pid, { withoutDatabase = false } = {}) {
  let ticks = 0;
  for (const p of processTree(pid)) {
    if (withoutDatabase && isDatabase(p)) continue;
    const stat = proc(p, "stat");
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return ticks * 10;
}

/** The site's own database as a URL the bench can connect to: the embedded one through its socket in DATA_DIR. */
export function databaseUrlOf(env) {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const socket = path.join(realpathSync(env.DATA_DIR), "postgres");
  return `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socket)}`;
}

/**
 * fetch, tried once more when the connection itself failed: on a busy machine
 * a kept-alive connection can be closed by the server just as it is reused.
 */
export async function fetchOnce(url, init) {
  try {
    return await fetch(url, init);
  } catch {
    await wait(200);
    return fetch(url, init);
  }
}

export async function json(url, init) {
  const r = await fetchOnce(url, init);
  if (!r.ok) throw new Error(`${url} answered ${r.status}`);
  return r.json();
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

/** A full colour flow at level 6 and a quote saved for it, from the live API. */
export async function fixtures() {
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

/** Saves a quote through the public API, as the calculator's form does; resolves with the answer (its link). */
export async function saveQuote(body) {
  const r = await fetchOnce(`${BASE}/api/save-quote-details`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (r.status !== 201) throw new Error(`save-quote-details answered ${r.status}: ${await r.text()}`);
  return r.json();
}

/**
 * The first owner signs up from the link the site prints while it has no staff account, as a person would: the
 * answer's session cookie lets the bench see the console signed in.
 */
export async function consoleSession(site) {
  const deadline = Date.now() + 10_000;
  const linkIn = () => /(http:\/\/\S+\/staff\/setup\/\S+)/.exec(site.output())?.[1];
  while (!linkIn()) {
    if (Date.now() > deadline) throw new Error("the site printed no staff setup link");
    await wait(50);
  }
  const r = await fetch(linkIn(), {
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

/** Starts a server process (a reference) and resolves once `url` answers. */
export async function startProcess(command, args, options, url) {
  const child = spawn(command, args, { stdio: ["ignore", "ignore", "inherit"], ...options });
  children.add(child);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.at(-1)} exited during start`);
    try {
      await fetch(url);
      break;
    } catch {
      /* not yet */
    }
    await wait(50);
  }
  return {
    child,
    pid: child.pid,
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill();
      await exited;
    },
  };
}

/** React Router's stock template (and the plain React page), served by react-router-serve, as its template does. */
export function startStockReference() {
  return startProcess(
    process.execPath,
    [path.resolve("node_modules/@react-router/serve/bin.js"), path.join(REFERENCE_BUILD, "server/index.js")],
    // From the reference's own folder: its build names its assets' folder relative to it.
    {
      cwd: path.resolve("bench/reference"),
      env: { ...process.env, PORT: String(STOCK_PORT), HOST: "127.0.0.1", NODE_ENV: "production" },
    },
    `http://127.0.0.1:${STOCK_PORT}/`,
  ).then((server) => ({ ...server, url: `http://127.0.0.1:${STOCK_PORT}` }));
}

// ── load ─────────────────────────────────────────────────────────────────

const LOAD_DEFAULTS = { url: BASE, connections: 32, pipelining: 1 };

/** One load's figures. */
export async function loadFigures(options) {
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

export const warmUp = (options) => autocannon({ ...LOAD_DEFAULTS, ...options, duration: WARM_UP_SECONDS });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Three loads one after the other, after a warm-up not counted (a process's first seconds on a page it has not
 * served yet measure V8 compiling that page's code): the median by requests per second, and each run's figure.
 */
export async function median3(name, options) {
  await warmUp(options);
  const runs = [];
  for (let i = 0; i < 3; i++) {
    runs.push(await loadFigures(options));
    console.error(`load ${name}: ${JSON.stringify(runs.at(-1))}`);
  }
  runs.sort((a, b) => a.rps - b.rps);
  return { ...runs[1], runs: runs.map((r) => r.rps) };
}

/**
 * Two or more servers under the same load, alternated: a warm-up of each, then three rounds of one and then the
 * other, so whatever else the machine does in a round weighs on both. Each side keeps its median rate, every run
 * (the spread), and the CPU its process tree spent per answered request (the embedded database apart, as
 * `dbCpuMsPerRequest`: a reference has no database of its own).
 */
export async function alternated(sides) {
  for (const side of sides) await warmUp(side.options);
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
  return runs.map((three) => ({
    ...[...three].sort((a, b) => a.rps - b.rps)[1],
    runs: three.map((r) => r.rps),
    cpuMsPerRequest: round2(median(three.map((r) => r.cpuMsPerRequest))),
    cpuRuns: three.map((r) => round2(r.cpuMsPerRequest)),
    dbCpuMsPerRequest: round2(median(three.map((r) => r.dbCpuMsPerRequest))),
  }));
}

/**
 * Requests for a page (or each of several in turn) each with a query string of its own, so none is answered from
 * the site's response cache; asking for `encoding` (by default what a browser asks for).
 */
export function uncached(pathnames, encoding = BROWSER["accept-encoding"]) {
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

export const round1 = (n) => Math.round(n * 10) / 10;
export const round2 = (n) => Math.round(n * 100) / 100;
export { median };

// ── rows ─────────────────────────────────────────────────────────────────

/**
 * One row of the bench's table: what it measures, its value, the reference measured in the same run (or "–"),
 * the target (or "–" for a figure reported only), whether the target was met, and how it was measured.
 * @param {string} measure @param {string} value
 * @param {{ reference?: string, target?: string, met?: boolean, detail?: string }} rest
 */
export function row(measure, value, { reference = "–", target = "–", met, detail = "" } = {}) {
  return { measure, value, reference, target, verdict: met === undefined ? "" : met ? "met" : "NOT MET", detail };
}
