/**
 * A fair share for every client: one machine, however many connections or
 * requests it opens, cannot take more than a small part of what the server
 * can hold, so visitors from everywhere else keep being served.
 *
 * Connections are counted per client (clientKey: an IPv4 address, an IPv6
 * network) when clients connect directly.
 * Behind a proxy (TRUST_PROXY) every connection comes from the proxy, which
 * holds slow clients off itself; then the count that matters is requests in
 * flight per client address, as the proxy reports it (req.ip).
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { NextFunction, Request, Response } from "express";
import { clientKey } from "~/server/client-key.server";

/** Refuses (closes at once) a connection from an address that already holds `max` open ones. */
export function limitConnectionsPerClient(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = clientKey(socket.remoteAddress);
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** Answers 429 to a client with `max` requests already in flight, until one of them finishes. */
export function limitRequestsPerClient(max: number) {
  const inFlight = new Map<string, number>();
  return (req: Request, res: Response, next: NextFunction) => {
    const client = clientKey(req.ip ?? req.socket.remoteAddress);
    const count = inFlight.get(client) ?? 0;
    if (count >= max) {
      res.status(429).setHeader("Retry-After", "1");
      res.setHeader("Cache-Control", "no-store");
      res.type("text").send("Too many requests at once from your address. Please try again in a moment.");
      return;
    }
    inFlight.set(client, count + 1);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const left = (inFlight.get(client) ?? 1) - 1;
      if (left <= 0) inFlight.delete(client);
      else inFlight.set(client, left);
    };
    res.once("finish", finish);
    res.once("close", finish);
    next();
  };
}
