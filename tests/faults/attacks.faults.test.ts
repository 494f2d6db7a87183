/**
 * Attacks anyone can make, made for real against the built site: floods of
 * form fields, oversized uploads from the wrong people, and one machine
 * holding a thousand slow connections. The site keeps answering everyone else.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type Site, signedInStaff, startSite, type TestPostgres, wait } from "./harness";

/** The highest resident memory the process has had, in MB (the kernel's high-water mark). */
async function peakMb(site: Site): Promise<number> {
  const status = await readFile(`/proc/${site.child.pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** A multipart body of `fields` text fields of `fieldBytes` each, plus an optional file part. */
function multipart(fields: number, fieldBytes: number, fileBytes = 0) {
  const boundary = `----flood${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  const value = "x".repeat(fieldBytes);
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n`));
  for (let i = 0; i < fields; i++)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n${value}\r\n`));
  if (fileBytes > 0) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
    );
    parts.push(Buffer.alloc(fileBytes, 0xff));
    parts.push(Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** Posts `body` with node's own client (fetch refuses to send some of what attackers do). */
function post(
  url: string,
  path: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const target = new URL(path, url);
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: { "Content-Length": String(body.length), ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        res.on("error", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    // The server may answer and close before the whole body is sent: that is the point.
    req.on("error", () => resolve({ status: 0, text: "" }));
    req.end(body);
  });
}

/** A GET from a given local address (127.0.0.2 is another machine, as far as the server can tell). */
function getFrom(localAddress: string, port: number, path: string): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, localAddress, agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(0));
    req.end();
  });
}

describe("attacks on the console's forms", () => {
  let db: TestPostgres;
  let site: Site;
  let frontDeskCookie: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    site = await startSite({ DATABASE_URL: db.url });
    frontDeskCookie = await signedInStaff(db, { role: "front-desk", name: "Desk", email: "desk@example.com" });
  });
  afterAll(async () => {
    await site?.stop();
    await db?.drop();
  });

  it("fifteen 6 MB multipart field floods to the sign-in page, signed out, are refused unread", async () => {
    const flood = multipart(100, 62 * 1024);
    expect(flood.body.length).toBeGreaterThan(6_000_000);
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        post(site.url, "/staff/sign-in", flood.body, { "Content-Type": flood.type, Accept: "text/html" }),
      ),
    );
    for (const answer of answers) expect([0, 413]).toContain(answer.status);
    expect(answers.filter((a) => a.status === 413).length).toBeGreaterThan(0);
    expect(site.alive()).toBe(true);
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    expect(await peakMb(site)).toBeLessThan(250);
  });

  it("a front desk's 31 MB upload to a screen it may not change is refused before its body is read", async () => {
    const upload = multipart(3, 1024, 31 * 1024 * 1024);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        post(site.url, "/staff/content/news", upload.body, {
          "Content-Type": upload.type,
          Cookie: frontDeskCookie,
          Accept: "application/json",
        }),
      ),
    );
    // Refused by the declared size (413) or by role (403): either way never read into memory.
    for (const answer of answers) expect([0, 403, 413]).toContain(answer.status);
    const withinSize = multipart(3, 1024, 5 * 1024 * 1024);
    const byRole = await post(site.url, "/staff/content/news", withinSize.body, {
      "Content-Type": withinSize.type,
      Cookie: frontDeskCookie,
      Accept: "application/json",
    });
    expect(byRole.status).toBe(403);
    expect(byRole.text).toContain("upload");
    const signedOut = await post(site.url, "/staff/content/news", withinSize.body, {
      "Content-Type": withinSize.type,
      Accept: "text/html",
    });
    expect([302, 303]).toContain(signedOut.status);
    expect(site.alive()).toBe(true);
    expect(await peakMb(site)).toBeLessThan(250);
  });

  it("a multipart body to a console form that takes no files gets the small cap, signed in or not", async () => {
    const big = multipart(2, 200 * 1024);
    const answer = await post(site.url, "/staff/leads/1", big.body, {
      "Content-Type": big.type,
      Cookie: frontDeskCookie,
      Accept: "text/html",
    });
    expect(answer.status).toBe(413);
    expect(site.alive()).toBe(true);
  });
});

describe("one machine holding a thousand slow connections", () => {
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

  it("gets a small share; another address is served all the while", async () => {
    const sockets = Array.from({ length: 1000 }, () => {
      const socket = connect({ host: "127.0.0.1", port: site.port, localAddress: "127.0.0.1" });
      socket.on("error", () => {});
      // Headers that never end: each connection waits for the header time-out.
      socket.on("connect", () => socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "));
      return socket;
    });
    await wait(1500);
    const statuses: number[] = [];
    const started = Date.now();
    while (Date.now() - started < 6000) {
      statuses.push(
        ...(await Promise.all([
          getFrom("127.0.0.2", site.port, "/"),
          getFrom("127.0.0.2", site.port, "/team-info"),
          getFrom("127.0.0.2", site.port, "/healthz"),
        ])),
      );
    }
    const held = sockets.filter((socket) => !socket.destroyed).length;
    for (const socket of sockets) socket.destroy();
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // Most of the thousand were turned away at once rather than held.
    expect(held).toBeLessThan(200);
    expect(site.alive()).toBe(true);
  });
});
