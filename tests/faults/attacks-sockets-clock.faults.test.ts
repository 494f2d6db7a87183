/**
 * Wearing the site down from many addresses, and a clock set wrong, caused
 * for real against the built site: over a thousand slow-header connections
 * from sixteen loopback addresses while a visitor asks for pages, and the
 * site's process run under libfaketime 400 days ahead of its database.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect, type Socket } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type Site, startSite, type TestPostgres, until, wait } from "./harness";

/** This process's limit on open files (Node raises it to the hard limit as it starts). */
function openFileLimit(): number {
  const limits = readFileSync("/proc/self/limits", "utf8");
  return Number(/^Max open files\s+(\d+)/m.exec(limits)?.[1] ?? 0);
}

/** A GET from `localAddress` on a connection of its own; its status, or 0 when refused, cut or not answered in 5 s. */
function getFrom(localAddress: string, port: number, urlPath: string): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path: urlPath, localAddress, agent: false, timeout: 5_000 },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", () => resolve(0));
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(0));
    req.end();
  });
}

/**
 * Keeps `count` connections from `localAddress` that send the start of a request's headers and never the rest;
 * each one the site closes is opened again a moment later, as a patient attacker does, until `stop()`.
 */
function holdSlowHeaders(port: number, localAddress: string, count: number) {
  let stopped = false;
  const open = new Set<Socket>();
  let opened = 0;
  const openOne = () => {
    if (stopped) return;
    const socket = connect({ host: "127.0.0.1", port, localAddress });
    opened++;
    open.add(socket);
    socket.on("error", () => {});
    socket.on("connect", () => socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "));
    socket.on("close", () => {
      open.delete(socket);
      // A pause before the next try: the attack holds connections, it does not spin the machine's cores.
      if (!stopped) setTimeout(openOne, 500);
    });
  };
  for (let i = 0; i < count; i++) openOne();
  return {
    opened: () => opened,
    stop() {
      stopped = true;
      for (const socket of open) socket.destroy();
    },
  };
}

/** 127.0.0.2 … 127.0.0.17: sixteen machines, each within its own share of connections. */
const ATTACKERS = Array.from({ length: 16 }, (_, i) => `127.0.0.${i + 2}`);
const PER_ADDRESS = 64;

describe("slow clients spread over sixteen addresses", () => {
  let db: TestPostgres;
  let site: Site;
  beforeAll(async () => {
    db = await createTestDatabase();
    // The production header time-out (REQUEST_TIMEOUT_MS's default), not the suite's short one: slow clients
    // hold each connection as long as a real site lets them.
    site = await startSite({ DATABASE_URL: db.url, REQUEST_TIMEOUT_MS: "15000" });
  });
  afterAll(async () => {
    await site?.stop();
    await db?.drop();
  });

  it("1,024 slow-header connections leave a visitor served at least 114 of 120 times", async () => {
    // Each slow connection is a file here; the site holds at most MAX_CONNECTIONS of them.
    expect(openFileLimit(), "raise the open-files limit (ulimit -n) to at least 2048").toBeGreaterThanOrEqual(2048);
    const attacks = ATTACKERS.map((address) => holdSlowHeaders(site.port, address, PER_ADDRESS));
    try {
      await wait(2000);
      const statuses: number[] = [];
      const paths = ["/", "/team-info", "/healthz"];
      // 120 requests over 40 rounds of three, a visitor's page and its neighbours, spread over the attack.
      for (let round = 0; round < 40; round++) {
        statuses.push(...(await Promise.all(paths.map((p) => getFrom("127.0.0.1", site.port, p)))));
        await wait(100);
      }
      const opened = attacks.reduce((sum, attack) => sum + attack.opened(), 0);
      // The attack was held for real: over a thousand connections, reopened as the site closed them.
      expect(opened).toBeGreaterThan(ATTACKERS.length * PER_ADDRESS);
      const answered = statuses.filter((status) => status === 200).length;
      expect(statuses).toHaveLength(120);
      expect(answered, `answered ${answered} of 120: ${statuses.join(" ")}`).toBeGreaterThanOrEqual(114);
      expect(site.alive()).toBe(true);
    } finally {
      for (const attack of attacks) attack.stop();
    }
  });
});

// ── a clock set wrong ─────────────────────────────────────────────────────

/** Debian's libfaketime, loaded into the site's process as `faketime` does (which would run it as a grandchild). */
function libfaketime(): string {
  for (const dir of readdirSync("/usr/lib")) {
    const file = path.join("/usr/lib", dir, "faketime", "libfaketime.so.1");
    if (existsSync(file)) return file;
  }
  throw new Error("libfaketime is not installed (Debian's faketime package)");
}

/** Each scheduled job's period, in seconds, as the operations guide gives them. */
const PERIODS: Record<string, number> = {
  health: 60,
  "uncontacted-leads": 300,
  retention: 3600,
  prune: 3600,
  "quote-digest": 86_400,
  "booking-links": 86_400,
  backup: 86_400,
};

/** A cutting quote through the API, priced from the live list. */
async function saveQuote(url: string, i: number): Promise<void> {
  const services: { id: number; service: string; cat1: number; cat2: number }[] = await (
    await fetch(`${url}/api/services`)
  ).json();
  const id = (cat1: number, cat2: number, name: string) =>
    String(services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && s.service === name)?.id);
  const response = await fetch(`${url}/api/save-quote-details`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      type: "cutting",
      mode: "level",
      level: "6",
      salon: "2",
      finish: id(1, 0, "Cut, Dry & Style"),
      finishAddon: id(4, 0, "None"),
      treatment: id(5, 2, "None"),
      regular: "no",
      name: `Client${i} Example`,
      mobile: `07700 900${String(200 + i)}`,
      email: `client${i}@example.com`,
      referral: "Google",
    }),
  });
  expect(response.status).toBe(201);
}

describe("the site's clock 400 days ahead of its database, then put back", () => {
  let db: TestPostgres;
  const running: Site[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const site of running) await site.stop();
    await db?.drop();
  });

  const start = async (env: Record<string, string>) => {
    const site = await startSite({ DATABASE_URL: db.url, SCHEDULE_CHECK_SECONDS: "1", ...env });
    running.push(site);
    return site;
  };
  const clockAlerts = () =>
    db.query<{ recipient: string; text: string }>(
      "select recipient, payload->>'text' as text from outbox where template = 'owner-alert' and payload->>'cause' = 'clock-skew'",
    );
  /** Seconds from the database's now to each job's next run. */
  const nextRuns = async () =>
    Object.fromEntries(
      (
        await db.query<{ name: string; ahead: number }>(
          "select name, extract(epoch from next_run_at - now())::float8 as ahead from scheduled_jobs",
        )
      ).map((row) => [row.name, Number(row.ahead)]),
    );

  it("erases nothing and tells the owners; once put back, every schedule is within one period", async () => {
    // Three quotes saved with the clock right: a day old to the database, over a year old to a clock 400 days on.
    const right = await start({});
    for (let i = 0; i < 3; i++) await saveQuote(right.url, i);
    await right.stop();

    const ahead = await start({ LD_PRELOAD: libfaketime(), FAKETIME: "+400d" });
    // The jobs that may run on a wrong clock have run on it (their next runs are 400 days on); then a few more
    // looks, a second apart, each of which could have erased.
    await until(async () => ((await nextRuns())["uncontacted-leads"] ?? 0) > 399 * 86_400, "a pass on the clock ahead");
    await wait(4000);
    expect(ahead.alive()).toBe(true);
    const quotes = await db.query<{ name: string; anonymised_at: Date | null }>(
      "select name, anonymised_at from quotes order by id",
    );
    expect(quotes.map((q) => [q.name, q.anonymised_at])).toEqual([
      ["Client0 Example", null],
      ["Client1 Example", null],
      ["Client2 Example", null],
    ]);
    await until(async () => (await clockAlerts()).length > 0, "an owner alert about the clock", 5000);
    const alerts = await clockAlerts();
    expect(new Set(alerts.map((a) => a.recipient)).size).toBe(alerts.length);
    expect(alerts[0]?.text).toContain("400 days apart");
    expect(ahead.lines.filter((line) => line.includes("disagrees with the database's"))).toHaveLength(1);
    await ahead.stop();

    const back = await start({});
    await until(async () => {
      const next = await nextRuns();
      return Object.entries(PERIODS).every(([name, period]) => next[name] !== undefined && next[name] <= period);
    }, "every schedule within one period of now").catch(async (error) => {
      throw new Error(`${(error as Error).message}: ${JSON.stringify(await nextRuns())}`);
    });
    expect((await db.query("select 1 from quotes where anonymised_at is not null")).length).toBe(0);
    await back.stop();
  });
});
