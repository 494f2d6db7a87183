/**
 * The fault suite's tools: the built site as a real child process (the same
 * `node server.js`, with the same heap limit, as `npm start`) on a database of
 * its own on the PostgreSQL at TEST_DATABASE_URL, a TCP proxy the test
 * controls between the two, and helpers to submit forms and count what was
 * stored.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const adminUrl = process.env.TEST_DATABASE_URL ?? "";
export const buildDir = process.env.BUILD_DIR ?? "build-e2e";

/** The heap limit `npm start` runs with, read from package.json so the suite tests the real setting. */
function startHeapFlag(): string {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  const flag = /--max-old-space-size=\d+/.exec(pkg.scripts.start ?? "")?.[0];
  if (!flag) throw new Error("npm start sets no --max-old-space-size");
  return flag;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  ms = 30_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await wait(100);
  }
}

// ── databases ────────────────────────────────────────────────────────────

export interface TestPostgres {
  name: string;
  url: string;
  /** A URL for the same database through another host and port (the proxy). */
  via(port: number): string;
  query<R extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<R[]>;
  /** Ends every connection the site holds, as a restart or failover would. */
  terminateBackends(): Promise<number>;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestPostgres> {
  const name = `salon_faults_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const mine = new pg.Pool({ connectionString: url.href, max: 2 });
  mine.on("error", () => {});
  return {
    name,
    url: url.href,
    via(port) {
      const proxied = new URL(url.href);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(port);
      return proxied.href;
    },
    async query(text, values) {
      return (await mine.query(text, values as unknown[])).rows;
    },
    async terminateBackends() {
      const rows = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and application_name like 'salon-%'",
        [name],
      );
      return rows.rowCount ?? 0;
    },
    async drop() {
      await mine.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

// ── a TCP proxy between the site and PostgreSQL ──────────────────────────

export type ProxyState = "open" | "refusing" | "blackhole";

/**
 * "refusing": every connection is reset and new ones are closed at once (the
 * database restarting). "blackhole": connections stay open but nothing gets
 * through either way (a network that went quiet).
 */
export class TcpProxy {
  port = 0;
  state: ProxyState = "open";
  private server: Server;
  private pairs = new Set<[Socket, Socket]>();

  constructor(
    private targetHost: string,
    private targetPort: number,
  ) {
    this.server = createServer((client) => this.accept(client));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  private accept(client: Socket) {
    client.on("error", () => {});
    if (this.state === "refusing") return client.destroy();
    const upstream = tcpConnect(this.targetPort, this.targetHost);
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    const pair: [Socket, Socket] = [client, upstream];
    this.pairs.add(pair);
    const forget = () => this.pairs.delete(pair);
    client.on("close", () => {
      upstream.destroy();
      forget();
    });
    upstream.on("close", () => {
      client.destroy();
      forget();
    });
    // Bytes pass only while the proxy is open; in a black hole they are dropped, as a dead network drops them.
    client.on("data", (chunk) => {
      if (this.state === "open") upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (this.state === "open") client.write(chunk);
    });
  }

  /** Resets every connection and refuses new ones. */
  refuse() {
    this.state = "refusing";
    for (const [a, b] of this.pairs) {
      a.destroy();
      b.destroy();
    }
    this.pairs.clear();
  }

  blackhole() {
    this.state = "blackhole";
  }

  /** Lets traffic through again; connections broken meanwhile stay broken. */
  restore() {
    if (this.state === "blackhole") this.refuse();
    this.state = "open";
  }

  async close() {
    this.refuse();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

// ── the site as a child process ──────────────────────────────────────────

export interface Site {
  url: string;
  port: number;
  child: ChildProcess;
  /** Every line the process wrote (stdout and stderr). */
  lines: string[];
  exited: Promise<number | null>;
  alive(): boolean;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Settings that make the suite's faults play out in seconds rather than minutes. */
const FAST = {
  DATABASE_CONNECT_TIMEOUT_MS: "3000",
  DATABASE_STATEMENT_TIMEOUT_MS: "2000",
  DATABASE_START_TIMEOUT_MS: "3000",
  REQUEST_TIMEOUT_MS: "3000",
  SHUTDOWN_GRACE_MS: "8000",
  RATE_LIMITS: "off",
  LOG_LEVEL: "info",
};

export function spawnSite(
  port: number,
  env: Record<string, string>,
  dataDir: string,
): Omit<Site, "url"> & { url: string } {
  const child = spawn(process.execPath, [startHeapFlag(), "server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      PUBLIC_URL: "",
      ...FAST,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream?.on("data", (chunk: Buffer) => {
      const parts = (rest + chunk.toString("utf8")).split("\n");
      rest = parts.pop() ?? "";
      lines.push(...parts);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    lines,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Waits for a started process's first healthy answer (/healthz 200); fails if it exits first. */
export async function whenHealthy(site: Site): Promise<void> {
  await until(async () => {
    if (!site.alive()) throw new Error(`the site exited while starting:\n${site.lines.join("\n")}`);
    try {
      return (await fetch(`${site.url}/healthz`)).ok;
    } catch {
      return false;
    }
  }, "the site to start");
}

/** Starts the site and waits for its first healthy answer. */
export async function startSite(env: Record<string, string>, port?: number): Promise<Site & { dataDir: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "salon-faults-"));
  const site = spawnSite(port ?? (await freePort()), env, dataDir);
  await whenHealthy(site);
  const stop = site.stop;
  return {
    ...site,
    dataDir,
    async stop(signal) {
      const code = await stop(signal);
      await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

// ── submissions ──────────────────────────────────────────────────────────

export const newKey = () => randomBytes(12).toString("base64url");

export interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

/** A hair-model application through the JSON API, with an idempotency key; status 0 when no answer came. */
export async function submitModel(
  url: string,
  key: string,
  options: { signal?: AbortSignal; name?: string } = {},
): Promise<Answer> {
  try {
    const response = await fetch(`${url}/api/models`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": key },
      body: JSON.stringify({ name: options.name ?? "Mia Stone", mobile: "07700 900456", info: `Fault test ${key}` }),
      signal: options.signal ?? AbortSignal.timeout(20_000),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as Answer["body"] };
  } catch {
    return { status: 0, body: null };
  }
}

/** The ids of the three services a cutting quote needs, from the site's own price list. */
async function cuttingServices(url: string): Promise<Record<string, string>> {
  const services: { id: number; service: string; cat1: number; cat2: number }[] = await (
    await fetch(`${url}/api/services`)
  ).json();
  const id = (cat1: number, cat2: number, name: string) =>
    String(services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && s.service === name)?.id);
  return {
    finish: id(1, 0, "Cut, Dry & Style"),
    finishAddon: id(4, 0, "None"),
    treatment: id(5, 2, "None"),
  };
}

/**
 * A site with its rate limits on, behind a proxy it trusts on the loopback (the visitor's address in
 * X-Forwarded-For), on a database of its own, with the services of a cutting quote; `env` adds settings.
 * `stop` stops the site and drops its database.
 */
export async function limitedSiteBehindProxy(env: Record<string, string> = {}) {
  const db = await createTestDatabase();
  const site = await startSite({ DATABASE_URL: db.url, RATE_LIMITS: "on", TRUST_PROXY: "loopback", ...env });
  const services = await cuttingServices(site.url);
  return {
    db,
    site,
    services,
    async stop() {
      await site.stop();
      await db.drop();
    },
  };
}

/** A cutting quote at level 6 in the second salon, with `services` (cuttingServices) and the visitor's contact. */
export const cuttingQuote = (services: Record<string, string>, contact: { mobile: string; email: string }) => ({
  type: "cutting",
  mode: "level",
  level: "6",
  salon: "2",
  ...services,
  regular: "no",
  name: "Sam Example",
  referral: "Google",
  ...contact,
});

/** The idempotency keys whose model applications are stored. */
export async function storedModelKeys(db: TestPostgres): Promise<Set<string>> {
  const rows = await db.query<{ info: string }>("select info from model_applications");
  return new Set(rows.map((r) => r.info.replace(/^Fault test /, "")));
}

/** Lines that are a stack trace (a line starting with "at " after indentation). */
export const stackLines = (lines: string[]) => lines.filter((line) => /^\s+at |\\n\s+at /.test(line));

/**
 * A member of staff signed in as a passkey would sign them in, minutes ago: their row, a session row, and the
 * session's cookie ("staff-session=…") for the requests made as them.
 */
export async function signedInStaff(
  db: TestPostgres,
  who: { role: string; name: string; email: string },
): Promise<string> {
  const [user] = await db.query<{ id: number }>(
    "insert into staff_users (email, name, role) values ($1, $2, $3) returning id",
    [who.email, who.name, who.role],
  );
  const token = randomBytes(32).toString("base64url");
  await db.query(
    "insert into staff_sessions (token_hash, staff_id, method, signed_in_at) values ($1, $2, 'passkey', now())",
    [createHash("sha256").update(token).digest("hex"), user?.id],
  );
  return `staff-session=${token}`;
}

/**
 * A colour quote of the first salon, booked for this time tomorrow through an appointment matched to it, as the
 * booking import leaves them; `key` names the quote's link and the appointment's id in the booking system.
 */
export async function bookedColourTomorrow(
  db: TestPostgres,
  client: { key: string; name: string; mobile: string; email: string },
): Promise<void> {
  await db.query(
    `with q as (
        insert into quotes (link, name, mobile, email, referral, regular, selector, calculator, salon_id, level_id,
          lines, total_pence, status)
        values ($1, $2, $3, $4, 'Google', false, 'Level', 'colour', (select min(id) from salons),
          (select min(id) from levels), '[{"cat1": 2, "cat2": 1, "service": "Mid (Above shoulders)"}]', 9000, 'booked')
        returning id),
      a as (
        insert into appointments (source, external_id, starts_at, service, client_name, client_mobile)
        values ('test', $1, now() + interval '1 day', 'Colour', $2, $3) returning id)
      insert into booking_matches (appointment_id, quote_id, state, reason) select a.id, q.id, 'applied', 'same-person'
      from a, q`,
    [client.key, client.name, client.mobile, client.email],
  );
}
