/**
 * Slow, oversized and abusive clients, and a second process on the port:
 * the site stays up (or, for the port, the newcomer exits saying why).
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  newKey,
  type Site,
  spawnSite,
  stackLines,
  startSite,
  storedModelKeys,
  submitModel,
  type TestPostgres,
  until,
  wait,
} from "./harness";

/**
 * Opens a connection that sends a POST's headers and then its body one byte
 * per second, from 127.0.0.2: another machine than the visitors the tests
 * send from 127.0.0.1, which the site holds to its share of connections.
 */
function slowUpload(port: number, path: string) {
  const socket = connect({ port, host: "127.0.0.1", localAddress: "127.0.0.2" });
  let answer = "";
  let timer: NodeJS.Timeout | undefined;
  const closed = new Promise<string>((resolve) => {
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("close", () => {
      clearInterval(timer);
      resolve(answer);
    });
    socket.on("error", () => {});
  });
  socket.on("connect", () => {
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    );
    timer = setInterval(() => socket.write(" "), 1000);
  });
  return { socket, closed };
}

describe("slow and oversized requests", () => {
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

  it("hundreds of slow uploads are cut off while everyone else is served", async () => {
    const uploads = Array.from({ length: 400 }, () => slowUpload(site.port, "/api/joinus"));
    await wait(1500);
    // While they trickle, visitors and submissions are served.
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    const key = newKey();
    expect((await submitModel(site.url, key)).status).toBe(201);
    const answers = await Promise.all(uploads.map((u) => u.closed));
    expect(site.alive()).toBe(true);
    // Each was ended by the server's request time-out, never let through to the application.
    expect(answers.every((a) => a === "" || a.startsWith("HTTP/1.1 408"))).toBe(true);
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    expect(await storedModelKeys(db)).toEqual(new Set([key]));
  });

  it("more connections than the cap are refused, and the site stays up", async () => {
    const capped = await startSite({ DATABASE_URL: db.url, MAX_CONNECTIONS: "50" });
    try {
      const uploads = Array.from({ length: 120 }, () => slowUpload(capped.port, "/api/models"));
      await wait(500);
      expect(capped.alive()).toBe(true);
      await Promise.all(uploads.map((u) => u.closed));
      expect((await fetch(`${capped.url}/healthz`)).status).toBe(200);
    } finally {
      await capped.stop();
    }
  });

  it("answers 413 to every oversized body, declared or chunked, and stores nothing", async () => {
    const big = JSON.stringify({ name: "Mia", mobile: "07700 900456", info: "x".repeat(100_000) });
    const declared = await fetch(`${site.url}/api/models`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: big,
    });
    expect(declared.status).toBe(413);
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode(big.slice(i * 5000, (i + 1) * 5000)));
        controller.close();
      },
    });
    const chunked = await fetch(`${site.url}/api/models`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    const form = await fetch(`${site.url}/models-info`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams({ name: "Mia", info: "y".repeat(100_000) }),
    });
    expect(form.status).toBe(413);
    expect(await form.text()).toContain("<h1>");
    expect(site.alive()).toBe(true);
    const [row] = await db.query<{ n: number }>(
      "select count(*)::int as n from model_applications where info like 'xxx%'",
    );
    expect(row?.n).toBe(0);
  });

  it("logs OPTIONS, bad input and dropped connections in one line each, without a stack trace", async () => {
    const from = site.lines.length;
    expect((await fetch(`${site.url}/`, { method: "OPTIONS" })).status).toBeLessThan(500);
    expect((await fetch(`${site.url}/api/models`, { method: "OPTIONS" })).status).toBeLessThan(500);
    expect(
      (
        await fetch(`${site.url}/api/models`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{",
        })
      ).status,
    ).toBe(400);
    const aborted = new AbortController();
    const pending = fetch(`${site.url}/team-info`, { signal: aborted.signal }).catch(() => null);
    aborted.abort();
    await pending;
    const garbage = connect(site.port, "127.0.0.1");
    garbage.on("error", () => {});
    garbage.end("NOT HTTP AT ALL\r\n\r\n");
    await wait(500);
    const lines = site.lines.slice(from);
    expect(lines.length).toBeGreaterThan(0);
    expect(stackLines(lines)).toEqual([]);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(lines.some((line) => /"reqId"/.test(line))).toBe(true);
  });
});

describe("the port", () => {
  it("a second process on a port in use exits non-zero saying so; the first keeps serving", async () => {
    const db = await createTestDatabase();
    const first = await startSite({ DATABASE_URL: db.url });
    try {
      const second = spawnSite(first.port, { DATABASE_URL: db.url }, first.dataDir);
      expect(await second.exited).toBe(1);
      expect(second.lines.join("\n")).toMatch(new RegExp(`Port ${first.port} .*already in use`));
      expect(stackLines(second.lines)).toEqual([]);
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    } finally {
      await first.stop();
      await db.drop();
    }
  });

  it("without PUBLIC_URL, links name the port the site listens on", async () => {
    const db = await createTestDatabase();
    const site = await startSite({ DATABASE_URL: db.url });
    try {
      const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
      expect(sitemap).toContain(`http://localhost:${site.port}/`);
      expect(sitemap).not.toContain("localhost:3000");
      const home = await (await fetch(`${site.url}/`)).text();
      expect(home).toContain(`<link rel="canonical" href="http://localhost:${site.port}/`);
      await until(() => site.alive(), "alive");
    } finally {
      await site.stop();
      await db.drop();
    }
  });
});
