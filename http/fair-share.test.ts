import { EventEmitter } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { limitConnectionsPerClient, limitRequestsPerClient } from "./fair-share";

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

  it("counts the addresses of one IPv6 /64 as one client, and an IPv4-mapped address as its IPv4 one", async () => {
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

    const held = [as("2001:db8:9:9::1", "/slow"), as("2001:db8:9:9:ffff::2", "/slow")];
    while (release.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await as("2001:db8:9:9:1234:5678:9abc:def0", "/")).status).toBe(429);
    expect((await as("2001:db8:9:a::1", "/")).status).toBe(200);
    for (const done of release.splice(0)) done();
    await Promise.all(held);

    const mapped = [as("203.0.113.9", "/slow"), as("::ffff:203.0.113.9", "/slow")];
    while (release.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await as("203.0.113.9", "/")).status).toBe(429);
    for (const done of release.splice(0)) done();
    await Promise.all(mapped);
  });
});

describe("open connections per client", () => {
  /** A socket as the server's "connection" event hands it: its peer's address, closed by destroy(). */
  class FakeSocket extends EventEmitter {
    destroyed = false;
    constructor(readonly remoteAddress: string) {
      super();
    }
    destroy() {
      this.destroyed = true;
      this.emit("close");
    }
  }

  it("closes a connection past the share at once, counting IPv6 clients by their /64", () => {
    const server = new EventEmitter() as unknown as Server;
    limitConnectionsPerClient(server, 2);
    const connect = (address: string) => {
      const socket = new FakeSocket(address);
      server.emit("connection", socket);
      return socket;
    };
    const first = [connect("2001:db8:5:5::1"), connect("2001:db8:5:5::2")];
    expect(connect("2001:db8:5:5:abcd::3").destroyed).toBe(true);
    expect(connect("2001:db8:5:6::1").destroyed).toBe(false);
    expect(connect("::ffff:192.0.2.1").destroyed).toBe(false);
    expect(connect("192.0.2.1").destroyed).toBe(false);
    expect(connect("192.0.2.1").destroyed).toBe(true);
    // A connection of the /64 closes: the next one is let in.
    first[0]?.destroy();
    expect(connect("2001:db8:5:5::9").destroyed).toBe(false);
  });
});
