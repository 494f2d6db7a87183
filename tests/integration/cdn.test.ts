/**
 * The site behind a real caching proxy: Varnish with deploy/varnish.vcl, the
 * site's purge hook pointed at it (decision 119). Public pages are kept and
 * served again from the proxy; a content change purges the pages that show
 * it and no others; nothing personal (the console, anything asked for while
 * signed in, a form carrying its own key) is ever kept or served from it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  freePort,
  type Site,
  signedInStaff,
  startSite,
  type TestPostgres,
  until,
} from "../faults/harness";

const VARNISHD = "/usr/sbin/varnishd";

interface Proxy {
  url: string;
  stop(): Promise<void>;
}

/** varnishd in the foreground on a free port, in a working directory of its own, with the VCL from deploy/ aimed at `sitePort`. */
async function startVarnish(sitePort: number): Promise<Proxy> {
  const dir = await mkdtemp(path.join(tmpdir(), "salon-varnish-"));
  const vcl = (await readFile("deploy/varnish.vcl", "utf8")).replace(/\.port = "\d+";/, `.port = "${sitePort}";`);
  expect(vcl).toContain(`.port = "${sitePort}";`);
  await writeFile(path.join(dir, "site.vcl"), vcl);
  const port = await freePort();
  const child: ChildProcess = spawn(
    VARNISHD,
    ["-F", "-j", "none", "-n", path.join(dir, "work"), "-a", `127.0.0.1:${port}`, "-T", "none"].concat([
      "-f",
      path.join(dir, "site.vcl"),
      "-s",
      "malloc,64m",
    ]),
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, CDN_PURGE_TOKEN: "" } },
  );
  const lines: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`varnishd exited:\n${lines.join("")}`);
    try {
      // Any answer will do: the site behind it is not started yet.
      return (await fetch(`${url}/healthz`)).status > 0;
    } catch {
      return false;
    }
  }, "varnishd to start");
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

interface Visit {
  status: number;
  cache: string | null;
  control: string | null;
  keys: string | null;
  body: string;
}

async function visit(url: string, headers: Record<string, string> = {}): Promise<Visit> {
  const response = await fetch(url, { headers, redirect: "manual" });
  return {
    status: response.status,
    cache: response.headers.get("x-cache"),
    control: response.headers.get("cache-control"),
    keys: response.headers.get("surrogate-key"),
    body: await response.text(),
  };
}

describe("the site behind a caching proxy", () => {
  let db: TestPostgres;
  let site: Site;
  let proxy: Proxy;
  let ownerCookie: string;
  let deskCookie: string;
  /**
   * Every queued purge sent, its follow-up 20 s later too (app/server/cdn-purge.server.ts): what the proxy
   * keeps from here on stays until the next change.
   */
  const purgesSettled = () =>
    until(
      async () => (await db.query("select 1 from cdn_purges")).length === 0,
      "the purges and their follow-ups",
      45_000,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    const sitePort = await freePort();
    proxy = await startVarnish(sitePort);
    site = await startSite({ DATABASE_URL: db.url, CDN_PURGE_URL: `${proxy.url}/_cdn/purge` }, sitePort);
    ownerCookie = await signedInStaff(db, { role: "owner", name: "Olive Owner", email: "olive@example.com" });
    deskCookie = await signedInStaff(db, { role: "front-desk", name: "Della Desk", email: "della@example.com" });
    // The start-up purge of every answer has gone: what is kept from here on stays until a change.
    const [queue] = await db.query<{ table: string | null }>("select to_regclass('cdn_purges')::text as table");
    if (queue?.table) await purgesSettled();
  });
  afterAll(async () => {
    await site?.stop();
    await proxy?.stop();
    await db?.drop();
  });

  it("a public page says how long a shared cache may keep it and what it shows, and is a proxy hit the second time", async () => {
    const origin = await visit(`${site.url}/team`);
    expect(origin.status).toBe(200);
    expect(origin.control).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(origin.keys?.split(" ")).toEqual(expect.arrayContaining(["site", "salons", "site_settings", "stylists"]));
    expect(origin.body).not.toMatch(/nonce="/);

    const first = await visit(`${proxy.url}/team`);
    const second = await visit(`${proxy.url}/team`);
    expect(first.status).toBe(200);
    expect(second.cache).toBe("HIT");
    expect(second.body).toBe(first.body);
    // The keys are the proxy's business, not the browser's.
    expect(second.keys).toBeNull();
  });

  it("a staff edit purges the pages it shows on, and the next visit has it within a second", async () => {
    await visit(`${proxy.url}/about`);
    expect((await visit(`${proxy.url}/about`)).cache).toBe("HIT");

    const [setting] = await db.query<{ version: number }>(
      "select version from site_settings where key = 'brandGroupLine'",
    );
    const line = `a group of salons edited at ${Date.now()}`;
    const saved = await fetch(`${site.url}/staff/content/brand`, {
      method: "POST",
      headers: { Cookie: ownerCookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "group-line", version: String(setting?.version), groupLine: line }),
      redirect: "manual",
    });
    expect(saved.status).toBeLessThan(400);
    const editedAt = Date.now();
    const after = await until(async () => {
      const page = await visit(`${proxy.url}/about`);
      return page.body.includes(line) ? page : false;
    }, "the edit to show through the proxy");
    expect(Date.now() - editedAt).toBeLessThan(1000);
    expect(after.cache).toBe("MISS");
    expect((await visit(`${proxy.url}/about`)).cache).toBe("HIT");
    await purgesSettled();
    // After the follow-up purge too, the page is the edited one.
    expect((await visit(`${proxy.url}/about`)).body).toContain(line);
  });

  it("a change purges only the pages that show what changed", async () => {
    await visit(`${proxy.url}/reviews`);
    await visit(`${proxy.url}/team`);
    expect((await visit(`${proxy.url}/reviews`)).cache).toBe("HIT");
    expect((await visit(`${proxy.url}/team`)).cache).toBe("HIT");

    const [review] = await db.query<{ id: number }>(
      "select id from reviews where hidden_reason is null order by id limit 1",
    );
    const words = `Changed review ${randomBytes(4).toString("hex")}`;
    await db.query("update reviews set review = $1 where id = $2", [words, review?.id]);
    await until(
      async () => (await visit(`${proxy.url}/reviews`)).body.includes(words),
      "the review page to change",
      1000,
    );
    expect((await visit(`${proxy.url}/team`)).cache).toBe("HIT");
    await purgesSettled();
  });

  it("the JSON API is kept with the keys of what it reads, and a change shows in it at once", async () => {
    const services = await visit(`${site.url}/api/services`);
    expect(services.control).toBe("public, max-age=60");
    expect(services.keys?.split(" ")).toEqual(expect.arrayContaining(["site", "services"]));
    const origin = await visit(`${site.url}/api/reviews`);
    expect(origin.keys?.split(" ")).toEqual(expect.arrayContaining(["site", "reviews"]));
    await visit(`${proxy.url}/api/reviews`);
    expect((await visit(`${proxy.url}/api/reviews`)).cache).toBe("HIT");

    const [review] = await db.query<{ id: number }>(
      "select id from reviews where hidden_reason is null order by id limit 1",
    );
    const words = `Changed review ${randomBytes(4).toString("hex")}`;
    await db.query("update reviews set review = $1 where id = $2", [words, review?.id]);
    await until(
      async () => (await visit(`${proxy.url}/api/reviews`)).body.includes(words),
      "the reviews API to change",
      1000,
    );
    await purgesSettled();
  });

  it("a purge is refused from a caller that is neither local nor holds the token, and a bad key is refused", async () => {
    const badKey = await fetch(`${proxy.url}/_cdn/purge`, { method: "POST", headers: { "Surrogate-Key": ".*" } });
    expect(badKey.status).toBe(400);
    const notPost = await fetch(`${proxy.url}/_cdn/purge`);
    expect(notPost.status).toBe(405);
  });

  it("nothing asked for while signed in is kept or served from the proxy, and nobody gets another's page", async () => {
    for (const page of ["/staff", "/staff/leads", "/staff/content/brand"]) {
      const owner = [
        await visit(`${proxy.url}${page}`, { Cookie: ownerCookie }),
        await visit(`${proxy.url}${page}`, { Cookie: ownerCookie }),
      ];
      const desk = await visit(`${proxy.url}${page}`, { Cookie: deskCookie });
      for (const answer of [...owner, desk]) {
        expect(answer.cache, page).not.toBe("HIT");
        expect(answer.control, page).toContain("no-store");
      }
      expect(owner[1]?.body, page).toContain("Olive Owner");
      expect(desk.body, page).not.toContain("Olive Owner");
      // Signed out, the console is the sign-in page, never a copy of someone's.
      const anonymous = await visit(`${proxy.url}${page}`);
      expect(anonymous.cache, page).not.toBe("HIT");
      expect(anonymous.body, page).not.toContain("Olive Owner");
    }

    // A public page asked for while signed in goes to the site and is not kept for the next visitor.
    await fetch(`${proxy.url}/_cdn/purge`, { method: "POST", headers: { "Surrogate-Key": "site" } });
    for (let i = 0; i < 2; i++)
      expect((await visit(`${proxy.url}/contact`, { Cookie: ownerCookie })).cache).toBe("MISS");
    expect((await visit(`${proxy.url}/contact`)).cache).toBe("MISS");
    expect((await visit(`${proxy.url}/contact`)).cache).toBe("HIT");
  });

  it("a form page, which carries a key of its own for each visitor, is never shared", async () => {
    const keyOf = (body: string) => /name="idempotency_key" value="([^"]+)"/.exec(body)?.[1];
    const first = await visit(`${proxy.url}/feedback`);
    const second = await visit(`${proxy.url}/feedback`);
    expect(first.control).toContain("private");
    expect(second.cache).not.toBe("HIT");
    expect(keyOf(first.body)).toBeDefined();
    expect(keyOf(second.body)).not.toBe(keyOf(first.body));
  });

  it("a page the site sends with its per-request nonce is private", async () => {
    // A 404 is not kept in the site's memory, so it goes out with this request's nonce in its policy.
    const missing = await fetch(`${site.url}/blog/no-such-post-${randomBytes(3).toString("hex")}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-security-policy")).toMatch(/'nonce-/);
    expect(missing.headers.get("cache-control") ?? "").not.toMatch(/public|s-maxage/);
  });
});
