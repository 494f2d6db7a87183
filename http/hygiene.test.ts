import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flushRequestSummary, startRequestLog } from "./hygiene";

/** A logger writing into an array, as the site's writes to stdout. */
function capture(level = "info") {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { log: pino({ level }, stream), lines };
}

describe("request logging", () => {
  let server: Server;
  let base = "";
  let logger = capture();
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      startRequestLog(logger.log, { stopping: false }, req, res, url.pathname === "/cached");
      const status = Number(url.searchParams.get("status") ?? 200);
      const delay = Number(url.searchParams.get("delay") ?? 0);
      setTimeout(() => res.writeHead(status).end("ok"), delay);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  /** pino writes asynchronously to a stream: a moment for the lines to arrive. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it("writes a line for errors and slow answers, and counts the rest in one summary", async () => {
    logger = capture();
    for (let i = 0; i < 20; i++) await fetch(`${base}/cached`);
    for (let i = 0; i < 5; i++) await fetch(`${base}/page`);
    await fetch(`${base}/missing?status=404`);
    await fetch(`${base}/broken?status=500`);
    await fetch(`${base}/slow?delay=600`);
    await settle();
    const requestLines = logger.lines.filter((l) => l.msg !== "requests summary");
    expect(requestLines.map((l) => [l.url, l.status, l.level])).toEqual([
      ["/missing?status=404", 404, 30],
      ["/broken?status=500", 500, 40],
      ["/slow?delay=600", 200, 30],
    ]);
    expect(requestLines.every((l) => typeof l.reqId === "string")).toBe(true);
    expect(logger.lines.find((l) => l.msg === "requests summary")).toBeUndefined();

    flushRequestSummary(logger.log);
    await settle();
    const summary = logger.lines.find((l) => l.msg === "requests summary");
    expect(summary).toMatchObject({ requests: 25, cached: 20, byStatus: { "2xx": 25 } });
    flushRequestSummary(logger.log);
    await settle();
    expect(logger.lines.filter((l) => l.msg === "requests summary")).toHaveLength(1);
  });

  it("writes a line for every request at debug level", async () => {
    logger = capture("debug");
    await fetch(`${base}/cached`);
    await fetch(`${base}/page`);
    await settle();
    expect(logger.lines.map((l) => [l.url, l.cached ?? false])).toEqual([
      ["/cached", true],
      ["/page", false],
    ]);
  });
});
