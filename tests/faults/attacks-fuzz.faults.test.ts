/**
 * Hostile input to every address the site has, against the built site: each
 * route of the route table (app/routes.ts, whose /staff part is the console's
 * table in app/domain/staff/routes.ts), as a page and as its `.data`, asked
 * with query values nobody sends by accident and posted bodies nobody sends
 * by accident, signed out and as an owner. Bad input is the client's fault:
 * a 4xx with a message, never a 5xx, and the process stays up.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, open, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_ROUTES, type StaffRouteDef } from "~/domain/staff/routes";
import routes from "~/routes";
import { bookingSignature } from "~/server/bookings/webhook-signature.server";
import {
  createTestDatabase,
  newKey,
  type Site,
  signedInStaff,
  stackLines,
  startSite,
  submitModel,
  type TestPostgres,
  until,
} from "./harness";

interface Answer {
  /** 0 when no answer came. */
  status: number;
  text: string;
  /** The answer broke off before its end (a download cut half-way). */
  cut: boolean;
}

/** One request with node's own client, which sends a path and body byte for byte (fetch would tidy them). */
function send(
  site: Site,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: site.port,
        path,
        method,
        headers: body ? { "Content-Length": String(body.length), ...headers } : headers,
        timeout: 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        const done = (cut: boolean) => () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8"), cut });
        res.on("end", done(false));
        res.on("aborted", done(true));
        res.on("error", done(true));
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve({ status: 0, text: "", cut: false }));
    req.end(body);
  });
}

// ── the addresses ────────────────────────────────────────────────────────

/** A route of the table: its path pattern and whether it is a page (a component) or a resource (JSON, a file). */
interface Route {
  pattern: string;
  page: boolean;
  console: boolean;
}

/** Every route of the route table, nested routes' paths joined to their parents'. */
function flatten(entries: readonly RouteConfigEntry[], parent = ""): Route[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    const pattern = own || "/";
    const here =
      entry.path !== undefined || entry.index
        ? [
            {
              pattern,
              // Pages are .tsx modules here; resource routes (the API, downloads, feeds) plain .ts.
              page: entry.file.endsWith(".tsx"),
              console: pattern === "/staff" || pattern.startsWith("/staff/"),
            },
          ]
        : [];
    return [...here, ...flatten(entry.children ?? [], own)];
  });
}

/** A pattern with its parameters filled with `value` (optional ones left out too, as a second address). */
function addresses(pattern: string, value: string): string[] {
  const fill = (parts: string[]) =>
    parts.map((part) => (part === "*" || part.startsWith(":") ? value : part)).join("/") || "/";
  const parts = pattern.split("/");
  return [...new Set([fill(parts), fill(parts.filter((part) => !part.endsWith("?")))])];
}

/** React Router's data request for a page: `/path.data`, the home page's `/_root.data`. */
const dataAddress = (path: string) => (path === "/" ? "/_root.data" : `${path.replace(/\/$/, "")}.data`);

const ROUTES = [...new Map(flatten(routes).map((route) => [route.pattern, route])).values()];
const hasParam = (pattern: string) => pattern.split("/").some((part) => part === "*" || part.startsWith(":"));

/** The query names the site reads anywhere (console filters, the calculator, the pager, sign-in). */
const QUERY_NAMES = [
  "from",
  "to",
  "page",
  "q",
  "status",
  "id",
  "salon",
  "stylist",
  "level",
  "type",
  "client",
  "referral",
  "sort",
  "show",
  "staff",
  "subject",
  "next",
  "fresh",
  "edit",
  "quote",
  "happy",
  "budget",
  "bulk",
  "version",
  "preview",
  "name",
  "uplift",
  "saved",
  "deleted",
];

/** Query values, each as it goes on the wire (percent-encoded where it must be, or deliberately badly). */
const HOSTILE_VALUES = {
  "year 0": "0000-01-01",
  "year 99999": "99999-12-31",
  "negative page": "-1",
  "number past a double": "1e309",
  NUL: "a%00b",
  "invalid percent-encoding": "%E0%A4%A",
  // Long, yet with every name at once within the 16 kB of headers Node reads (past it, 431 before the app).
  "very long": "9".repeat(400),
} as const;

const queryWith = (value: string) => QUERY_NAMES.map((name) => `${name}=${value}`).join("&");
/** Every name twice, as an array would arrive. */
const QUERY_ARRAYS = QUERY_NAMES.map((name) => `${name}=1&${name}=2026-01-01`).join("&");
const ALL_QUERIES = [...Object.values(HOSTILE_VALUES).map(queryWith), QUERY_ARRAYS];
/** The ones a page is also rendered with (the rest are asked of its `.data`, which runs the same loaders). */
const RENDERED_QUERIES = [queryWith(HOSTILE_VALUES["year 0"]), queryWith(HOSTILE_VALUES.NUL)];

/** Path parameters nobody sends by accident. */
const HOSTILE_PARAMS = ["%00", "%E0%A4%A", "x".repeat(3000)];

/** The GETs for a route: every hostile query (a page's through its `.data`), and hostile path parameters. */
function getRequests(route: Route, signedIn: boolean): string[] {
  const paths = new Set<string>();
  // Signed out, the console sends everyone to sign in before it reads a query: one of each kind is enough there.
  const [rendered, ...asData] = route.console && !signedIn ? RENDERED_QUERIES : [...RENDERED_QUERIES, ...ALL_QUERIES];
  for (const path of addresses(route.pattern, "1")) {
    for (const query of route.console && !signedIn ? asData : ALL_QUERIES)
      paths.add(route.page ? `${dataAddress(path)}?${query}` : `${path}?${query}`);
    // Rendered too: the console's pages (their filters show what was asked) both ways, the public ones one way.
    if (route.page)
      for (const query of route.console && signedIn ? RENDERED_QUERIES : [rendered]) paths.add(`${path}?${query}`);
  }
  if (hasParam(route.pattern))
    for (const param of HOSTILE_PARAMS)
      for (const path of addresses(route.pattern, param)) {
        paths.add(path);
        if (route.page) paths.add(dataAddress(path));
      }
  return [...paths];
}

// ── the bodies ───────────────────────────────────────────────────────────

/**
 * The names of the fields the forms and the API read, so a hostile value
 * reaches the code behind them: these, and every name the console's own
 * pages render (gathered from them before the posts).
 */
const FIELD_NAMES = [
  "name",
  "email",
  "mobile",
  "info",
  "message",
  "body",
  "note",
  "title",
  "code",
  "status",
  "id",
  "ids",
  "from",
  "until",
  "date",
  "founded",
  "endDate",
  "price",
  "q",
  "label",
  "url",
  "slug",
  "secret",
  "response",
  "challengeId",
  "attempt",
  "review",
  "client",
];
const fieldNames = new Set<string>(FIELD_NAMES);

/** Intents that would end the session the fuzz runs in. */
const SESSION_ENDING = new Set(["sign-out", "sign-out-everywhere", "revoke-session", "disable", "role"]);

const consoleRoute = (pattern: string): StaffRouteDef | undefined =>
  Object.values(STAFF_ROUTES as Record<string, StaffRouteDef>).find(
    (r) => `/staff${r.path === "" ? "" : `/${r.path}`}` === pattern,
  );

/** The intents the console's table lists at a path (the public pages' forms have none). */
function intentsAt(pattern: string): string[] {
  const def = consoleRoute(pattern);
  return def ? Object.keys(def.actions).filter((intent) => !SESSION_ENDING.has(intent)) : [""];
}

/** A console page whose forms anyone may post (signing in). */
const takesPublicPosts = (pattern: string) =>
  Object.values(consoleRoute(pattern)?.actions ?? {}).some((action) => action.access === "public");

interface Body {
  what: string;
  type?: string;
  bytes: Buffer;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const fields = (value: unknown, intent: string) =>
  Object.fromEntries([["intent", intent], ...[...fieldNames].map((name) => [name, value])]);
const form = (value: string, intent: string) =>
  Buffer.from(
    [
      `intent=${encodeURIComponent(intent)}`,
      ...[...fieldNames].map((name) => `${encodeURIComponent(name)}=${value}`),
    ].join("&"),
    "latin1",
  );

function bodies(intent: string): Body[] {
  // Deep enough to overflow a recursive walk, small enough for every body limit (32 kB).
  const depth = 12_000;
  return [
    {
      what: "deeply nested JSON",
      type: "application/json",
      bytes: Buffer.from(`{"intent":${JSON.stringify(intent)},"name":${"[".repeat(depth)}${"]".repeat(depth)}}`),
    },
    { what: "NUL in JSON", type: "application/json", bytes: json(fields("Ann\u0000Lee", intent)) },
    { what: "NUL in a form", type: "application/x-www-form-urlencoded", bytes: form("Ann%00Lee", intent) },
    { what: "dates out of range", type: "application/x-www-form-urlencoded", bytes: form("0000-01-01", intent) },
    {
      what: "invalid UTF-8 in a form",
      type: "application/x-www-form-urlencoded",
      bytes: Buffer.concat([form("Ann", intent), Buffer.from("&name=\xff\xfe\xc3\x28", "latin1")]),
    },
    {
      what: "invalid UTF-8 in JSON",
      type: "application/json",
      bytes: Buffer.concat([
        Buffer.from(`{"intent":${JSON.stringify(intent)},"name":"`),
        Buffer.from([0xff, 0xc3, 0x28]),
        Buffer.from('"}'),
      ]),
    },
    {
      what: "numbers past a double",
      type: "application/json",
      bytes: Buffer.from(
        `{"intent":${JSON.stringify(intent)},${[...fieldNames].map((name, i) => `${JSON.stringify(name)}:${i % 2 ? "1e999" : "-1e308"}`).join(",")}}`,
      ),
    },
    { what: "XML", type: "application/xml", bytes: Buffer.from("<a><b/></a>") },
    { what: "empty JSON", type: "application/json", bytes: Buffer.alloc(0) },
  ];
}

/** Those that reach past the parsing: sent with each of a console page's intents, as the owner. */
const PER_INTENT = new Set(["NUL in a form", "dates out of range", "numbers past a double"]);
/** Those that test the reading of a body itself, whatever it then holds. */
const READING = new Set(["deeply nested JSON", "invalid UTF-8 in JSON", "XML", "empty JSON", "NUL in a form"]);
/** Those a page is also sent as a document (a form posted without JavaScript); the rest go to its `.data`. */
const AS_DOCUMENT = new Set(["NUL in a form", "dates out of range"]);

interface Post {
  path: string;
  body: Body;
  signedIn: boolean;
}

/** The posts for an address whose route takes them. */
function postRequests(route: Route, path: string): Post[] {
  const list: Post[] = [];
  const to = route.page ? dataAddress(path) : path;
  const [first = "", ...rest] = intentsAt(route.pattern);
  for (const signedIn of route.console ? [false, true] : [false])
    for (const body of bodies(first)) {
      // Signed out, a console page reads the body and sends the sender to sign in: only the reading is fuzzed.
      if (route.console && !signedIn && !takesPublicPosts(route.pattern) && !READING.has(body.what)) continue;
      list.push({ path: to, body, signedIn });
      if (route.page && AS_DOCUMENT.has(body.what)) list.push({ path, body, signedIn });
    }
  for (const intent of rest)
    for (const body of bodies(intent).filter((b) => PER_INTENT.has(b.what)))
      list.push({ path: to, body, signedIn: true });
  return list;
}

// ── running them ─────────────────────────────────────────────────────────

/** Runs `work` over `items`, `width` at a time. */
async function pooled<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

interface Failure {
  who: string;
  method: string;
  path: string;
  what?: string;
  status: number;
  cut?: boolean;
  text: string;
}

describe("hostile input to every route", () => {
  let db: TestPostgres;
  let site: Site;
  let ownerCookie: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    site = await startSite({ DATABASE_URL: db.url, MAX_REQUESTS_PER_CLIENT: "64" });
    ownerCookie = await signedInStaff(db, { role: "owner", name: "Olive Owner", email: "owner@example.com" });
    // A record of each kind the console opens by id 1, so its actions have something to act on.
    expect((await submitModel(site.url, newKey())).status).toBe(201);
    await db.query(`insert into quotes (link, name, mobile, email, referral, regular, selector, calculator, salon_id,
      level_id, lines, total_pence) select 'fuzzquote0001', 'Amelia Hart', '+447700900123', 'amelia@example.com',
      'Google', false, 'Level', 'cutting', (select min(id) from salons), (select min(id) from levels), '[]', 6500`);
  });
  afterAll(async () => {
    await site?.stop();
    await db?.drop();
  });

  it("covers the whole route table, the console's included", () => {
    // A route added to either table is fuzzed the day it is added: the walk reads the tables themselves.
    const patterns = ROUTES.map((route) => route.pattern);
    for (const r of Object.values(STAFF_ROUTES))
      expect(patterns).toContain(`/staff${r.path === "" ? "" : `/${r.path}`}`);
    expect(patterns).toEqual(
      expect.arrayContaining(["/", "/api/save-quote-details", "/api/bookings/webhook", "/readyz"]),
    );
  });

  /** A failure when the answer is a 5xx, none at all, or one cut off half-way. */
  const check = (failures: Failure[], who: string, method: string, path: string, answer: Answer, what?: string) => {
    if (answer.status === 0 || answer.status >= 500 || answer.cut)
      failures.push({
        who,
        method,
        path: path.slice(0, 100),
        ...(what ? { what } : {}),
        status: answer.status,
        ...(answer.cut ? { cut: true } : {}),
        text: answer.text.slice(0, 120),
      });
  };

  // About 1,500 requests each; on a quiet machine a fraction of the limit, which is for a busy one.
  it("answers hostile query values and path parameters with no 5xx", { timeout: 180_000 }, async () => {
    const failures: Failure[] = [];
    const asked = ROUTES.flatMap((route) =>
      [false, ...(route.console ? [true] : [])].flatMap((signedIn) =>
        getRequests(route, signedIn).map((path) => ({ path, signedIn })),
      ),
    );
    await pooled(asked, 8, async ({ path, signedIn }) => {
      const answer = await send(site, "GET", path, {
        Accept: "text/html",
        ...(signedIn ? { Cookie: ownerCookie } : {}),
      });
      check(failures, signedIn ? "owner" : "signed out", "GET", path, answer);
    });
    expect(failures).toEqual([]);
    expect(site.alive()).toBe(true);
  });

  it("answers hostile bodies with no 5xx", { timeout: 180_000 }, async () => {
    const failures: Failure[] = [];
    // The console's forms' own field names, from its pages as the owner sees them.
    const consolePages = ROUTES.filter((route) => route.console && route.page).flatMap((route) =>
      addresses(route.pattern, "1"),
    );
    await pooled(consolePages, 8, async (path) => {
      const page = await send(site, "GET", path, { Cookie: ownerCookie, Accept: "text/html" });
      for (const [, name] of page.text.matchAll(/<(?:input|textarea|select)\b[^>]*\bname="([^"]{1,60})"/g))
        if (name !== "intent") fieldNames.add(name as string);
    });
    expect(fieldNames.size).toBeGreaterThan(FIELD_NAMES.length + 20);
    // Only routes that take posts: one with no action answers 405 to an empty form, and is asked no more.
    const probes = ROUTES.flatMap((route) => addresses(route.pattern, "1").map((path) => ({ route, path })));
    const posting: typeof probes = [];
    await pooled(probes, 8, async (probe) => {
      const to = probe.route.page ? dataAddress(probe.path) : probe.path;
      const answer = await send(
        site,
        "POST",
        to,
        { "Content-Type": "application/x-www-form-urlencoded", Cookie: ownerCookie },
        Buffer.alloc(0),
      );
      check(failures, "owner", "POST", to, answer, "empty form");
      if (answer.status !== 405) posting.push(probe);
    });
    expect(posting.length).toBeGreaterThan(20);
    const posts = posting.flatMap(({ route, path }) => postRequests(route, path));
    await pooled(posts, 8, async ({ path, body, signedIn }) => {
      const answer = await send(
        site,
        "POST",
        path,
        {
          Accept: "application/json",
          "Idempotency-Key": randomBytes(8).toString("hex"),
          ...(body.type ? { "Content-Type": body.type } : {}),
          ...(signedIn ? { Cookie: ownerCookie } : {}),
        },
        body.bytes,
      );
      check(failures, signedIn ? "owner" : "signed out", "POST", path, answer, body.what);
    });
    expect(failures).toEqual([]);
    expect(site.alive()).toBe(true);
    expect((await send(site, "GET", "/healthz")).status).toBe(200);
    // The owner's session outlived it all, so the owner's half really was signed in throughout.
    expect((await send(site, "GET", "/staff/settings", { Cookie: ownerCookie })).status).toBe(200);
    expect(stackLines(site.lines)).toEqual([]);
  });
});

/**
 * The examples found by hand, each as it was met: with the rate limits on, and
 * DATA_DIR on a small disk of its own (a tmpfs, so mounting needs root) that
 * the test fills and then takes away.
 */
describe("the bad input found by hand, and a full or missing data disk", () => {
  const TOKEN = "a-metrics-token-for-the-fuzz-suite";
  let db: TestPostgres;
  let site: Site;
  let ownerCookie: string;
  let mount: string;
  let dataDir: string;
  beforeAll(async () => {
    mount = await mkdtemp(path.join(tmpdir(), "salon-fuzz-disk-"));
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=16m", "tmpfs", mount]);
    dataDir = path.join(mount, "data");
    await mkdir(dataDir);
    db = await createTestDatabase();
    site = await startSite({
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      RATE_LIMITS: "on",
      METRICS_TOKEN: TOKEN,
      READY_DISK_FREE_MB: "4",
    });
    ownerCookie = await signedInStaff(db, { role: "owner", name: "Olive Owner", email: "owner@example.com" });
  });
  afterAll(async () => {
    await site?.stop();
    await db?.drop();
    if (mount) {
      execFileSync("umount", [mount]);
      await rm(mount, { recursive: true, force: true });
    }
  });

  it("answers deeply nested JSON to the sign-in page with a 400, then limits it like any other attempt", async () => {
    // 12,000 deep fits well within the 32 kB a JSON body may be.
    const nested = Buffer.from(`{"intent":"email-send","email":${"[".repeat(12_000)}${"]".repeat(12_000)}}`);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const answer = await send(site, "POST", "/staff/sign-in", { "Content-Type": "application/json" }, nested);
      statuses.push(answer.status);
      if (i === 0) expect(answer.text).toContain("nested too deeply");
    }
    // The sign-in limit is 30 attempts from one address in 15 minutes.
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(statuses.slice(30)).toEqual([429, 429]);
    expect(stackLines(site.lines)).toEqual([]);
  });

  it("refuses a signed booking webhook carrying U+0000 with a 400, and stores nothing", async () => {
    const page = await send(
      site,
      "POST",
      "/staff/bookings",
      { "Content-Type": "application/x-www-form-urlencoded", Cookie: ownerCookie, Accept: "text/html" },
      Buffer.from("intent=secret"),
    );
    const secret = /data-testid="webhook-secret">([^<]+)</.exec(page.text)?.[1];
    expect(secret).toBeTruthy();
    const call = (body: string) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      return send(
        site,
        "POST",
        "/api/bookings/webhook",
        {
          "Content-Type": "application/json",
          "X-Booking-Timestamp": timestamp,
          "X-Booking-Signature": bookingSignature(secret as string, timestamp, body),
        },
        Buffer.from(body),
      );
    };
    const appointment = (name: string, start = "2026-12-01T10:30:00Z") =>
      JSON.stringify({
        event: "appointment.created",
        appointment: { id: `A-${randomBytes(4).toString("hex")}`, start, price: "65.00", client: { name } },
      });
    const nul = await call(appointment("Amelia\u0000Hart"));
    expect(nul.status).toBe(400);
    expect(nul.text).toContain("NUL");
    expect((await call(appointment("Amelia Hart", "0000-01-01T10:30:00Z"))).status).toBe(400);
    expect(await db.query("select id from appointments")).toEqual([]);
    // The same call without the NUL is taken.
    expect((await call(appointment("Amelia Hart"))).status).toBe(200);
    expect(await db.query("select id from appointments")).toHaveLength(1);
  });

  it("turns /readyz unready while the data disk is full, telling strangers no more than that", async () => {
    const ready = await send(site, "GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({ status: "ready" });
    // Fill the disk to the last byte, as a runaway log or backup would.
    const filler = await open(path.join(mount, "filler"), "w");
    const chunk = Buffer.alloc(1024 * 1024, 1);
    try {
      for (;;) await filler.write(chunk);
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
    }
    await filler.close();
    const full = await send(site, "GET", "/readyz");
    expect(full.status).toBe(503);
    expect(JSON.parse(full.text)).toEqual({ status: "not ready" });
    // Staff signed in are told why; the log says it once.
    const forStaff = await send(site, "GET", "/readyz", { Cookie: ownerCookie });
    expect(JSON.parse(forStaff.text)).toEqual({
      status: "not ready",
      reasons: [expect.stringMatching(/data disk has 0 MB free/)],
    });
    await until(
      () => site.lines.some((line) => line.includes("not ready") && line.includes("data disk")),
      "the log line",
    );
    await rm(path.join(mount, "filler"));
    expect((await send(site, "GET", "/readyz")).status).toBe(200);
  });

  it("reports a missing DATA_DIR as missing, not as a full disk", async () => {
    const metrics = async () => (await send(site, "GET", "/metrics", { Authorization: `Bearer ${TOKEN}` })).text;
    const before = await metrics();
    expect(before).toMatch(/^salon_data_dir_present 1$/m);
    // A nearly empty 16 MB disk: free is a share of it, up to the whole (1).
    expect(before).toMatch(/^salon_data_disk_free_ratio (0\.\d+|1)$/m);
    expect(before).toMatch(/^salon_data_disk_free_bytes \d+$/m);
    await rm(dataDir, { recursive: true, force: true });
    const after = await metrics();
    expect(after).toMatch(/^salon_data_dir_present 0$/m);
    expect(after).not.toMatch(/^salon_data_disk_free_(ratio|bytes) /m);
    const readyz = await send(site, "GET", "/readyz", { Cookie: ownerCookie });
    expect(readyz.status).toBe(503);
    expect(JSON.parse(readyz.text).reasons).toContain("the data folder (DATA_DIR) is missing");
    expect(site.alive()).toBe(true);
  });
});
