import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { limitRequestsPerClient } from "./fair-share";

describe("requests in flight per client", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it("a client past its share gets 429 until one of its requests finishes; another client is served", async () => {
    const release: (() => void)[] = [];
    const app = express();
    app.set("trust proxy", "loopback");
    app.use(limitRequestsPerClient(2));
    app.get("/slow", (_req, res) => {
      release.push(() => res.send("done"));
    });
    app.get("/", (_req, res) => {
      res.send("ok");
    });
    server = createServer(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => server?.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const as = (client: string, path: string) => fetch(`${url}${path}`, { headers: { "X-Forwarded-For": client } });

    const held = [as("203.0.113.1", "/slow"), as("203.0.113.1", "/slow")];
    while (release.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    const refused = await as("203.0.113.1", "/");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect((await as("203.0.113.2", "/")).status).toBe(200);
    release.shift()?.();
    expect((await held[0])?.status).toBe(200);
    expect((await as("203.0.113.1", "/")).status).toBe(200);
    release.shift()?.();
    await held[1];
  });
});
