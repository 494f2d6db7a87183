/**
 * The database going away (backends terminated, the network cut or gone
 * quiet, a database that never answers at start): the site stays up, answers
 * 503 promptly instead of hanging, stores nothing it did not acknowledge, and
 * recovers by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  freePort,
  newKey,
  type Site,
  spawnSite,
  stackLines,
  startSite,
  storedModelKeys,
  submitModel,
  TcpProxy,
  type TestPostgres,
  until,
  wait,
} from "./harness";

const statusOf = async (site: Site, path: "/healthz" | "/readyz") => {
  try {
    return (await fetch(`${site.url}${path}`, { signal: AbortSignal.timeout(20_000) })).status;
  } catch {
    return 0;
  }
};
/** Whether the site can serve: its database answers. */
const readyz = (site: Site) => statusOf(site, "/readyz");
/** Whether the process is alive: a database away does not make it so. */
const healthz = (site: Site) => statusOf(site, "/healthz");

describe("terminated PostgreSQL backends", () => {
  let db: TestPostgres;
  let site: Site;
  beforeAll(async () => {
    db = await createTestDatabase();
    site = await startSite({ DATABASE_URL: db.url });
  });
  afterAll(async () => {
    await site?.stop();
    await db?.drop();
  });

  it("do not take the site down: every later request is served", async () => {
    const acknowledged: string[] = [];
    for (let round = 0; round < 3; round++) {
      const key = newKey();
      expect((await submitModel(site.url, key)).status).toBe(201);
      acknowledged.push(key);
      expect(await db.terminateBackends()).toBeGreaterThan(0);
      await wait(300);
      expect(site.alive()).toBe(true);
    }
    expect(await readyz(site)).toBe(200);
    const key = newKey();
    expect((await submitModel(site.url, key)).status).toBe(201);
    acknowledged.push(key);
    expect(await storedModelKeys(db)).toEqual(new Set(acknowledged));
    expect((await fetch(`${site.url}/team-info`)).status).toBe(200);
    expect(stackLines(site.lines)).toEqual([]);
  });
});

describe("the database cut off and restored (a proxy in between)", () => {
  let db: TestPostgres;
  let proxy: TcpProxy;
  let site: Site;
  beforeAll(async () => {
    db = await createTestDatabase();
    const target = new URL(db.url);
    proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).start();
    site = await startSite({ DATABASE_URL: db.via(proxy.port) });
  });
  afterAll(async () => {
    await site?.stop();
    await proxy?.close();
    await db?.drop();
  });

  for (const fault of ["refuse", "blackhole"] as const) {
    it(`${fault === "refuse" ? "connections reset" : "a network gone quiet"}: 503s, readyz unready (healthz alive), nothing unacknowledged stored, then recovery`, async () => {
      const before = await storedModelKeys(db);
      proxy[fault]();

      expect(await readyz(site)).toBe(503);
      expect(await healthz(site)).toBe(200);
      const keys = Array.from({ length: 6 }, newKey);
      const answers = await Promise.all(keys.map((key) => submitModel(site.url, key)));
      // Every request was answered (none hung past the client's 20 s), and told to try again.
      expect(answers.map((a) => a.status)).toEqual(keys.map(() => 503));
      for (const answer of answers) expect(String(answer.body?.error)).toMatch(/try again/i);
      // A visitor without JavaScript posting the form gets the page back, 503, with what they typed.
      const page = await fetch(`${site.url}/models-info`, {
        method: "POST",
        headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          name: "Noor Quiet",
          mobile: "07700 900456",
          info: "Short hair",
          idempotency_key: newKey(),
        }),
        signal: AbortSignal.timeout(20_000),
      });
      expect(page.status).toBe(503);
      const html = await page.text();
      expect(html).toContain("Noor Quiet");
      expect(html).toMatch(/try again/i);
      expect(site.alive()).toBe(true);

      proxy.restore();
      await until(async () => (await readyz(site)) === 200, "readyz to recover");
      // Whatever the site had begun when the database vanished was rolled back, not committed late.
      await wait(2500);
      expect(await storedModelKeys(db)).toEqual(before);

      // The visitors try again with the same keys, as often as it takes them: each is stored exactly once.
      const untilStored = async (key: string) => {
        for (let attempt = 0; attempt < 20; attempt++) {
          const answer = await submitModel(site.url, key);
          if (answer.status !== 503) return answer.status;
          await wait(500);
        }
        return 503;
      };
      const retried = await Promise.all(keys.map(untilStored));
      expect(retried).toEqual(keys.map(() => 201));
      const again = await Promise.all(keys.map((key) => submitModel(site.url, key)));
      expect(again.map((a) => a.status)).toEqual(keys.map(() => 201));
      expect(await storedModelKeys(db)).toEqual(new Set([...before, ...keys]));
      const [messages] = await db.query<{ n: number }>(
        "select count(*)::int as n from outbox where template = 'staff-model'",
      );
      expect(messages?.n).toBe(before.size + keys.length);
      expect(stackLines(site.lines)).toEqual([]);
    });
  }
});

describe("start-up without a database", () => {
  it("retries, then exits with one line naming the database and what failed", async () => {
    const closedPort = await freePort();
    const site = spawnSite(
      await freePort(),
      { DATABASE_URL: `postgres://postgres:secret@127.0.0.1:${closedPort}/salon`, DATABASE_START_TIMEOUT_MS: "1500" },
      "/tmp",
    );
    const code = await site.exited;
    expect(code).toBe(1);
    const errors = site.lines.filter((line) => line.startsWith("Salon site could not start"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`127.0.0.1:${closedPort}/salon`);
    expect(errors[0]).toMatch(/ECONNREFUSED|connect/);
    expect(site.lines.join("\n")).not.toContain("secret");
    expect(stackLines(site.lines)).toEqual([]);
  });

  it("starts once the database comes up within the retry window", async () => {
    const db = await createTestDatabase();
    const target = new URL(db.url);
    const proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).start();
    proxy.refuse();
    const starting = startSite({ DATABASE_URL: db.via(proxy.port), DATABASE_START_TIMEOUT_MS: "20000" });
    await wait(1500);
    proxy.restore();
    const site = await starting;
    try {
      expect((await submitModel(site.url, newKey())).status).toBe(201);
    } finally {
      await site.stop();
      await proxy.close();
      await db.drop();
    }
  });
});
