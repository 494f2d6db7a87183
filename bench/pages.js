// Pages under load: the cached home page against plain Node serving the same bytes (and both under wrk, the
// ceiling), pages rendered for each request against React Router's stock template rendering a page of the same
// size, alternated in the same minutes (CPU per page of each process tree, medians of three rounds), the JSON API,
// and, on a PostgreSQL server, the pages that list content with 10× and 100× the demo reviews and posts.
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import pg from "pg";
import {
  alternated,
  BASE,
  children,
  fetchOnce,
  fixtures,
  LOAD_SECONDS,
  loadFigures,
  median3,
  memoryMb,
  REFERENCE_PORT,
  round1,
  round2,
  row,
  saveQuote,
  startSite,
  startStockReference,
  stopSite,
  uncached,
  wait,
  warmUp,
} from "./lib.js";

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

/** Requests per second wrk gets over LOAD_SECONDS at 32 connections, or null without wrk. */
function wrk(url, encoding) {
  const r = spawnSync(
    "/usr/bin/wrk",
    ["-t2", "-c32", `-d${LOAD_SECONDS}s`, "-H", `accept-encoding: ${encoding}`, url],
    {
      encoding: "utf8",
    },
  );
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(r.stdout ?? "")?.[1];
  return rps ? Math.round(Number(rps)) : null;
}

/**
 * The cached home page, gzip-compressed, against plain Node serving the site's own pre-compressed bytes for `/`
 * in a process of its own; then both under wrk (a load generator in C), alternated, so a saturated autocannon
 * shows as a gap between its figures and these.
 */
async function cachedHome() {
  const encoding = "gzip";
  // Twice: the first answer may come before the page's compressed forms are ready.
  await rawBody("/", encoding);
  await wait(500);
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
  const plainUrl = `http://127.0.0.1:${REFERENCE_PORT}/`;
  const site = await median3("home gzip", { url: `${BASE}/`, headers: { "accept-encoding": encoding } });
  const plain = await median3("plain Node, same gzip bytes", {
    url: plainUrl,
    headers: { "accept-encoding": encoding },
  });
  const rounds = { plain: [], site: [] };
  for (let round = 0; round < 3; round++) {
    rounds.plain.push(wrk(plainUrl, encoding));
    rounds.site.push(wrk(`${BASE}/`, encoding));
  }
  child.kill();
  await once(child, "exit");
  const ratio = round2(site.rps / plain.rps);
  const medianOf = (runs) => (runs.includes(null) ? null : [...runs].sort((a, b) => a - b)[1]);
  return [
    row("cached home, gzip", `${site.rps} req/s (${ratio}×)`, {
      reference: `${plain.rps} req/s, plain Node serving the same bytes`,
      target: "at least 0.5× the reference, p99 under 50 ms",
      met: ratio >= 0.5 && site.p99Ms < 50 && site.non2xx === 0 && site.errors === 0,
      detail: `autocannon, 32 connections, median of ${site.runs.join("/")} (reference ${plain.runs.join("/")}); p50 ${site.p50Ms} ms · p99 ${site.p99Ms} ms`,
    }),
    row("cached home, gzip, ceiling", medianOf(rounds.site) === null ? "no wrk" : `${medianOf(rounds.site)} req/s`, {
      reference: medianOf(rounds.plain) === null ? "–" : `${medianOf(rounds.plain)} req/s, plain Node`,
      detail: `wrk, 32 connections, alternated three rounds (site ${rounds.site.join("/")}, plain Node ${rounds.plain.join("/")})`,
    }),
  ];
}

/** How big a page is as rendered (the browser's HTML, uncompressed), in kB. */
async function htmlKb(pathname) {
  const r = await fetchOnce(`${BASE}${pathname}`);
  if (!r.ok) throw new Error(`${pathname} answered ${r.status}`);
  return round1((await r.arrayBuffer()).byteLength / 1024);
}

/** What each side compresses with, for the rows that compare them. */
const COMPRESSION = {
  identity: "no compression on either side",
  gzip: "gzip: the site at level 3, the stock template at level 6",
  br: "brotli: the site at quality 5, the stock template at quality 4",
};

/**
 * The stock template's page as big as a page of the site: the number of items (`?items=N`) whose HTML weighs `kb`,
 * found from two sizes (the page grows by the same bytes an item), and the kB it then weighs.
 */
async function stockPageOfSize(stockUrl, kb) {
  const kbOf = async (items) => (await (await fetch(`${stockUrl}/?items=${items}`)).arrayBuffer()).byteLength / 1024;
  const [few, many] = [await kbOf(10), await kbOf(110)];
  const items = Math.max(1, Math.min(500, Math.round(10 + ((kb - few) * 100) / (many - few))));
  return { path: `/?items=${items}`, kb: round1(await kbOf(items)) };
}

/**
 * Pages as rendered for each request (the quote page is never cached; the others are asked for with an address of
 * their own each time), alternated with the stock template rendering a page of the same size (its HTML as many
 * bytes as the site's page, within an item's few hundred bytes): the quote page in each encoding, the others
 * uncompressed, where only the rendering is compared.
 */
async function uncachedPages(sitePid, pages) {
  const stock = await startStockReference();
  const rows = [];
  try {
    for (const [name, pathname] of Object.entries(pages)) {
      const kb = await htmlKb([pathname].flat()[0]);
      const stockPage = await stockPageOfSize(stock.url, kb);
      for (const encoding of name === "quote" ? ["identity", "gzip", "br"] : ["identity"]) {
        const [site, stockFigures] = await alternated([
          {
            name: `${name} uncached ${encoding}`,
            pid: sitePid,
            options: { url: BASE, ...uncached(pathname, encoding) },
          },
          {
            name: `stock uncached ${encoding}`,
            pid: stock.pid,
            options: { url: stock.url, ...uncached(stockPage.path, encoding) },
          },
        ]);
        const ratio = round2(stockFigures.cpuMsPerRequest / site.cpuMsPerRequest);
        rows.push(
          row(`uncached ${name}, ${encoding}: CPU a page`, `${site.cpuMsPerRequest} ms (stock ÷ site ${ratio}×)`, {
            reference: `${stockFigures.cpuMsPerRequest} ms, stock React Router template (${stockPage.kb} kB of HTML)`,
            target: "stock ÷ site at least 1.0×, p99 under 100 ms",
            met: ratio >= 1.0 && site.p99Ms < 100,
            detail: `CPU of each server's process tree per answered request, median of three rounds alternated (site ${site.cpuRuns.join("/")} ms +${site.dbCpuMsPerRequest} ms in its database, stock ${stockFigures.cpuRuns.join("/")} ms) · the page ${kb} kB of HTML · req/s site ${site.runs.join("/")}, stock ${stockFigures.runs.join("/")} · p99 site ${site.p99Ms} ms · ${COMPRESSION[encoding]}`,
          }),
        );
      }
    }
  } finally {
    await stock.stop();
  }
  return rows;
}

/** One load of a URL, as a row with an optional floor in requests per second. */
async function loadRow(name, options, floor) {
  await warmUp(options);
  const l = await loadFigures(options);
  console.error(`load ${name}: ${JSON.stringify(l)}`);
  return row(`load ${name}`, `${l.rps} req/s`, {
    target: floor ? `at least ${floor} req/s, p99 under 50 ms` : "–",
    met: floor ? l.rps >= floor && l.p99Ms < 50 && l.non2xx === 0 && l.errors === 0 : undefined,
    detail: `autocannon ${options.connections ?? 32} connections, ${LOAD_SECONDS} s; p50 ${l.p50Ms} ms · p99 ${l.p99Ms} ms · non-2xx ${l.non2xx} · errors ${l.errors}`,
  });
}

/**
 * Page weight and time of the pages that show growing lists, with the demo content, then 10× and 100× its reviews
 * and blog posts, added straight into the site's database (its trigger tells the site to forget its cache).
 */
async function growth(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const rows = [];
  const demo = (await db.query("select max(id) as reviews from reviews")).rows[0].reviews;
  const demoPosts = (await db.query("select max(id) as posts from blog_posts")).rows[0].posts;
  const pages = { home: "/", "all reviews": "/reviews/all", "blog list": "/blog-info" };
  const base = {};
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
      await wait(500);
    }
    for (const [name, pathname] of Object.entries(pages)) {
      const figure = await median3(`${name} ×${scale} uncached`, {
        url: BASE,
        duration: Math.max(2, Math.round(LOAD_SECONDS / 2)),
        ...uncached(pathname),
      });
      base[name] ??= figure.rps;
      const kb = await htmlKb(pathname);
      rows.push(
        row(`growth ${name} ×${scale}`, `HTML ${kb} kB · ${figure.rps} req/s`, {
          reference: scale === 1 ? "–" : `${base[name]} req/s with the demo content`,
          target: "HTML under 100 kB",
          met: kb < 100,
          detail: `uncached, median of three (${figure.runs.join("/")}); p99 ${figure.p99Ms} ms`,
        }),
      );
    }
  }
  await db.end();
  return rows;
}

/** @param {{ pgDatabase?: () => Promise<{ url: string, drop(): Promise<void> }> }} bench */
export async function pages({ pgDatabase }) {
  const rows = [];
  let site = await startSite({ DATABASE_URL: "" });
  try {
    const { calculatorMidFlow, totalsByLevel, quoteBody, stylist } = await fixtures();
    const saved = await saveQuote(quoteBody(0));
    // Clients each open their own quote: the load goes through twenty of them, not one quote row for everyone.
    const quotePages = [`/quote/${saved.link}`];
    for (let i = 1; i < 20; i++) quotePages.push(`/quote/${(await saveQuote(quoteBody(i))).link}`);
    rows.push(await loadRow("home (embedded)", { url: `${BASE}/` }, 1500));
    rows.push(...(await cachedHome()));
    rows.push(await loadRow("team-info (embedded)", { url: `${BASE}/team-info` }));
    rows.push(
      ...(await uncachedPages(site.child.pid, {
        quote: quotePages,
        [`reviews/${stylist}`]: `/reviews/${stylist}`,
        home: "/",
        calculator: calculatorMidFlow,
        "total-by-level": totalsByLevel,
      })),
    );
    rows.push(await loadRow("api-services (embedded)", { url: `${BASE}/api/services` }, 3000));
    rows.push(
      await loadRow("quote api (embedded)", { url: `${BASE}/api/get-quote-details/${saved.link}`, connections: 10 }),
    );
    // Read the moment the last load stops: what the loads grew and V8 has not yet given back is counted.
    const loaded = memoryMb(site.child.pid);
    rows.push(
      row("memory embedded, after load", `${loaded.pssMb} MB PSS`, {
        target: "under 200 MB PSS",
        met: loaded.pssMb < 200,
        detail: `the site with its database, after every load above; ${loaded.rssMb} MB RSS summed over ${loaded.processes} processes`,
      }),
    );
  } finally {
    await stopSite(site);
  }
  if (pgDatabase) {
    const database = await pgDatabase();
    site = await startSite({ DATABASE_URL: database.url });
    try {
      rows.push(await loadRow("home (postgres)", { url: `${BASE}/` }, 1500));
      rows.push(await loadRow("api-services (postgres)", { url: `${BASE}/api/services` }, 3000));
      rows.push(...(await growth(database.url)));
    } finally {
      await stopSite(site);
      await database.drop();
    }
  }
  return rows;
}
