/**
 * A budget, over every client address together, for connections whose
 * request headers have not all arrived: a new connection before its first
 * request, or a kept-alive one between requests. Slow-header clients spread
 * over many addresses each stay within their own share (fair-share.ts), yet
 * together they could hold every connection the server takes and starve
 * everyone else. Here, once the budget is full, a new connection closes the
 * one that has waited longest: a visitor who sends a whole request at once
 * waits for milliseconds and is never the oldest, while a slow client, who
 * must hold its connection for seconds to do harm, is.
 *
 * Dropping an idle kept-alive connection costs its browser one new
 * connection; that is the price of keeping room for the next visitor.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * Keeps at most `max` connections of `server` waiting for request headers, closing the one waiting longest
 * when a new one would go past it. Register after any limit that refuses connections outright (their sockets
 * are already destroyed and are not counted). Returns how many are waiting now, for tests and metrics.
 */
export function budgetUnfinishedHeaders(server: Server, max: number): () => number {
  // A Set keeps insertion order, so its first entry is the connection that has waited longest.
  const waiting = new Set<Socket>();
  const requestsInFlight = new WeakMap<Socket, number>();

  const awaitHeaders = (socket: Socket) => {
    waiting.add(socket);
    while (waiting.size > max) {
      const [oldest] = waiting;
      if (!oldest) break;
      waiting.delete(oldest);
      oldest.destroy();
    }
  };

  server.on("connection", (socket: Socket) => {
    if (socket.destroyed) return;
    socket.once("close", () => waiting.delete(socket));
    awaitHeaders(socket);
  });
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    waiting.delete(socket);
    requestsInFlight.set(socket, (requestsInFlight.get(socket) ?? 0) + 1);
    // "close" comes once per response, after it is sent or when the connection breaks.
    res.once("close", () => {
      const left = (requestsInFlight.get(socket) ?? 1) - 1;
      requestsInFlight.set(socket, left);
      // Kept alive with no request left (pipelined ones included): waiting for the next request's headers.
      // A connection being closed (Connection: close, or broken) is not writable and waits for nothing.
      if (left === 0 && socket.writable) awaitHeaders(socket);
    });
  });
  return () => waiting.size;
}
