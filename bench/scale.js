// A group's deployment at 1, 2 and 4 web processes (ROLE=web) with one worker (ROLE=worker), on one database of
// the PostgreSQL server, behind Caddy running deploy/group/Caddyfile (docs/deploy.md, "A group deployment"): saves
// per second and uncached pages per second through Caddy at each size, and where the curve flattens on this
// machine's cores. Then the cache-hit rate of Varnish running deploy/varnish.vcl in front of a web process, for a
// visitor's mix of public pages and calculator steps. Needs a PostgreSQL server: several processes share no
// embedded database.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import {
  BASE,
  children,
  fixtures,
  LOAD_SECONDS,
  loadFigures,
  median3,
  round2,
  row,
  startSite,
  stopSite,
  uncached,
  wait,
  warmUp,
} from "./lib.js";

const SIZES = [1, 2, 4];
const BASE_PORT = Number(new URL(BASE).port);
/** Ports beside the bench's own: the other web processes, the worker, Caddy (and its admin), Varnish. */
const WEB_PORTS = [BASE_PORT, BASE_PORT + 10, BASE_PORT + 11, BASE_PORT + 12];
const WORKER_PORT = BASE_PORT + 13;
const CADDY_PORT = BASE_PORT + 14;
const CADDY_ADMIN_PORT = BASE_PORT + 15;
const VARNISH_PORT = BASE_PORT + 16;
/** A size gaining less than this over the one before has flattened the curve. */
const FLAT_GAIN = 1.15;

/** Starts a server process and resolves once `url` answers `ok(status)`; `stop()` ends it and removes `folder`. */
async function startServer(command, args, env, url, folder) {
  const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "inherit"] });
  children.add(child);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited during start`);
    try {
      if ((await fetch(url)).status === 200) break;
    } catch {
      /* not yet */
    }
    await wait(50);
  }
  return {
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Caddy with deploy/group/Caddyfile over the web processes on `ports`, its files in a folder of its own. */
function startCaddy(ports) {
  const folder = mkdtempSync(path.join(tmpdir(), "salon-bench-caddy-"));
  const env = {
    PATH: process.env.PATH,
    HOME: folder,
    XDG_DATA_HOME: path.join(folder, "data"),
    XDG_CONFIG_HOME: path.join(folder, "config"),
    SITE_ADDRESS: `http://127.0.0.1:${CADDY_PORT}`,
    WEB_UPSTREAMS: ports.map((port) => `127.0.0.1:${port}`).join(" "),
    CADDY_ADMIN: `127.0.0.1:${CADDY_ADMIN_PORT}`,
  };
  const args = ["run", "--adapter", "caddyfile", "--config", "deploy/group/Caddyfile"];
  return startServer("/usr/bin/caddy", args, env, `http://127.0.0.1:${CADDY_PORT}/`, folder);
}

/** varnishd with deploy/varnish.vcl aimed at the web process on BASE. */
async function startVarnish() {
  const folder = mkdtempSync(path.join(tmpdir(), "salon-bench-varnish-"));
  const vcl = readFileSync("deploy/varnish.vcl", "utf8").replace(/\.port = "\d+";/, `.port = "${BASE_PORT}";`);
  writeFileSync(path.join(folder, "site.vcl"), vcl);
  const work = path.join(folder, "work");
  const args = [
    "-F",
    "-j",
    "none",
    "-n",
    work,
    "-a",
    `127.0.0.1:${VARNISH_PORT}`,
    "-T",
    "none",
    "-f",
    path.join(folder, "site.vcl"),
  ];
  const server = await startServer(
    "/usr/sbin/varnishd",
    [...args, "-s", "malloc,64m"],
    { ...process.env, CDN_PURGE_TOKEN: "" },
    `http://127.0.0.1:${VARNISH_PORT}/healthz`,
    folder,
  );
  return server;
}

/** Saving quotes through Caddy for LOAD_SECONDS over 16 connections, each save a new client's. */
function savingLoad(url, quoteBody, next) {
  return {
    url: `${url}/api/save-quote-details`,
    connections: 16,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        setupRequest: (req) => ({ ...req, body: JSON.stringify(quoteBody(next())) }),
      },
    ],
  };
}

/** "×1.6" */
const times = (ratio) => `×${round2(ratio)}`;

export async function scale({ pgDatabase }) {
  if (!pgDatabase) return [];
  const rows = [];
  const database = await pgDatabase();
  const common = { DATABASE_URL: database.url, TRUST_PROXY: "loopback", SMS_DAILY_LIMIT: "100000000" };
  const worker = await startSite({ ...common, ROLE: "worker", PORT: String(WORKER_PORT) });
  const webs = [];
  let client = 200_000;
  const figures = [];
  try {
    // The first web process on BASE, where fixtures() reads the live API.
    const startWeb = async () =>
      webs.push(await startSite({ ...common, ROLE: "web", PORT: String(WEB_PORTS[webs.length]) }));
    await startWeb();
    const { quoteBody, calculatorStart, calculatorMidFlow } = await fixtures();
    for (const size of SIZES) {
      while (webs.length < size) await startWeb();
      const caddy = await startCaddy(WEB_PORTS.slice(0, size));
      try {
        const caddyUrl = `http://127.0.0.1:${CADDY_PORT}`;
        const saves = savingLoad(caddyUrl, quoteBody, () => client++);
        await warmUp(saves);
        const saved = await loadFigures(saves);
        console.error(`scale saves, ${size} web: ${JSON.stringify(saved)}`);
        const pages = await median3(`scale pages, ${size} web`, {
          ...uncached(["/", "/team", "/prices", "/reviews", calculatorMidFlow]),
          url: caddyUrl,
          connections: 16,
        });
        figures.push({ size, saves: saved.rps, pages: pages.rps });
        rows.push(
          row(`scale ${size} web: saves`, `${saved.rps}/s`, {
            detail: `save-quote through Caddy, 16 connections, ${LOAD_SECONDS} s; p99 ${saved.p99Ms} ms, ${saved.non2xx} non-2xx`,
          }),
          row(`scale ${size} web: uncached pages`, `${pages.rps}/s`, {
            detail: `home, team, prices, reviews, a calculator step, each rendered (query string of its own), through Caddy, 16 connections; median of 3 (${pages.runs.join(", ")})`,
          }),
        );
      } finally {
        await caddy.stop();
      }
    }
    // The curve flattens at the first size the next one adds less than FLAT_GAIN to, for saves and pages alike.
    const cores = availableParallelism();
    for (const measure of ["saves", "pages"]) {
      const gains = figures
        .slice(1)
        .map((f, i) => ({ from: figures[i], to: f, gain: f[measure] / figures[i][measure] }));
      const flat = gains.find((g) => g.gain < FLAT_GAIN);
      rows.push(
        row(`scale: ${measure} flatten at`, flat ? `${flat.from.size} web` : `past ${SIZES.at(-1)} web`, {
          detail: `${gains.map((g) => `${g.from.size}→${g.to.size} ${times(g.gain)}`).join(", ")} on ${cores} cores shared with PostgreSQL, Caddy and the worker (flat: a gain under ${times(FLAT_GAIN)})`,
        }),
      );
    }

    // Varnish in front of one web process: a visitor's mix, each public page in turn with a calculator step of
    // its own (a selection of its own, so a URL no one asked for yet: the worst case) every fifth request.
    const varnish = await startVarnish();
    try {
      const sitemap = await (await fetch(`${BASE}/sitemap.xml`)).text();
      const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
      let n = 0;
      const next = () => {
        n++;
        return n % 5 === 0 ? `${calculatorStart}&visitor=${n}` : pages[n % pages.length];
      };
      // Each page visited once before the count, as earlier visitors would have: the rate is that of a warm cache.
      for (const page of pages) await (await fetch(`http://127.0.0.1:${VARNISH_PORT}${page}`)).arrayBuffer();
      // Varnish says in X-Cache whether each answer came from its cache.
      const answers = { HIT: 0, MISS: 0 };
      const onResponse = (_status, _body, _context, headers) => {
        const said = Object.entries(headers).find(([name]) => name.toLowerCase() === "x-cache")?.[1];
        if (said in answers) answers[said]++;
      };
      const figure = await loadFigures({
        url: `http://127.0.0.1:${VARNISH_PORT}`,
        connections: 16,
        headers: { "accept-encoding": "gzip, deflate, br, zstd" },
        requests: [{ setupRequest: (req) => ({ ...req, path: next() }), onResponse }],
      });
      const rate = answers.HIT / (answers.HIT + answers.MISS);
      rows.push(
        row("scale: cache-hit rate behind Varnish", `${Math.round(rate * 1000) / 10}%`, {
          detail: `deploy/varnish.vcl, ${LOAD_SECONDS} s over 16 connections after one visit to each page: the ${pages.length} sitemap pages in turn, and every fifth request a calculator step no one asked for before (at most 80% can hit); X-Cache: ${answers.HIT} HIT, ${answers.MISS} MISS; ${figure.rps} answers/s`,
        }),
      );
    } finally {
      await varnish.stop();
    }
  } finally {
    for (const web of webs) await stopSite(web);
    await stopSite(worker);
    await database.drop();
  }
  return rows;
}
