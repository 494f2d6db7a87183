import { createServer, request, type Server } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { budgetUnfinishedHeaders } from "./header-budget";

let server: Server | undefined;
const opened: Socket[] = [];
afterEach(async () => {
  for (const socket of opened.splice(0)) socket.destroy();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function serve(budget: number) {
  server = createServer((_req, res) => {
    res.end("ok");
  });
  // As server.js registers it: after a limit that refuses connections outright (here, from 127.0.0.3).
  server.on("connection", (socket: Socket) => {
    if (socket.remoteAddress === "127.0.0.3") socket.destroy();
  });
  const waiting = budgetUnfinishedHeaders(server, budget);
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server?.once("listening", resolve));
  return { port: (server.address() as AddressInfo).port, waiting };
}

/** A connection that sends the start of a request's headers and never the rest; resolves once connected. */
async function slowHeaders(port: number, localAddress = "127.0.0.2"): Promise<Socket> {
  const socket = connect({ port, host: "127.0.0.1", localAddress });
  socket.on("error", () => {});
  opened.push(socket);
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
  return socket;
}

const closed = (socket: Socket) => new Promise((resolve) => socket.once("close", resolve));

/** A whole GET on a kept-alive connection: its status, and the connection for what comes next. */
function get(port: number, agent?: import("node:http").Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Waits (bounded) until `check` holds. */
async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return check();
}

describe("the budget for connections awaiting headers", () => {
  it("past the budget the connection waiting longest is closed, and a whole request is served", async () => {
    const { port, waiting } = await serve(3);
    const first = await slowHeaders(port);
    const second = await slowHeaders(port);
    const third = await slowHeaders(port);
    expect(await until(() => waiting() === 3)).toBe(true);
    const firstClosed = closed(first);

    expect(await get(port)).toBe(200);
    await firstClosed;
    expect(second.destroyed).toBe(false);
    expect(third.destroyed).toBe(false);

    // A fourth slow one takes the place of the oldest still waiting.
    const secondClosed = closed(second);
    await slowHeaders(port);
    await secondClosed;
    expect(third.destroyed).toBe(false);
  });

  it("a kept-alive connection between requests is waiting again; one already refused is not counted", async () => {
    const { port, waiting } = await serve(5);
    const { Agent } = await import("node:http");
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(port, agent)).toBe(200);
      expect(await until(() => waiting() === 1)).toBe(true);
      // The next request on the same connection takes it out again while served, and back after.
      expect(await get(port, agent)).toBe(200);
      expect(await until(() => waiting() === 1)).toBe(true);

      const refused = connect({ port, host: "127.0.0.1", localAddress: "127.0.0.3" });
      refused.on("error", () => {});
      opened.push(refused);
      await closed(refused);
      expect(waiting()).toBe(1);
    } finally {
      agent.destroy();
    }
    expect(await until(() => waiting() === 0)).toBe(true);
  });
});
