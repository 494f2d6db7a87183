/**
 * What every request goes through before and after React Router: a request
 * id and one log line, the body read in full (and size-checked) before any
 * rendering starts, and the answers to errors: 503 with a way to try again
 * when the database is away, 4xx without a stack trace for what a client
 * caused, and one logged stack for a real fault.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { NextFunction, Request, Response } from "express";
import { escapeHtml } from "~/domain/html";
import { MAX_PICTURE_BYTES, MAX_PICTURE_SIZE_TEXT } from "~/domain/pictures";
import type { Logger } from "~/server/log.server";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "~/server/pg-pool.server";

/** The largest body any endpoint accepts (the longest form, percent-encoded, fits with room to spare). */
const MAX_REQUEST_BYTES = 64 * 1024;

/**
 * A console form with picture fields: up to two pictures (a photo and a
 * montage) of MAX_PICTURE_BYTES each, and its text fields. Its body is not
 * read here but streamed to the action, which parses it with a limit per
 * file (app/server/multipart.server.ts) after the gate has checked who sent it.
 */
const MAX_UPLOAD_REQUEST_BYTES = 2 * MAX_PICTURE_BYTES + 1024 * 1024;

const isConsoleUpload = (req: Request) =>
  req.path.startsWith("/staff/") && /^multipart\/form-data/i.test(req.get("content-type") ?? "");

const UPLOAD_TOO_LARGE = `That is too much to upload at once: a photo can be up to ${MAX_PICTURE_SIZE_TEXT}. Go back, choose a smaller photo and save again.`;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

declare module "express-serve-static-core" {
  interface Request {
    /** The whole body of a POST (or other unsafe method), once `readBody` has read it. */
    rawBody?: Buffer;
  }
}

/**
 * One line per request when its answer is finished or the client went away,
 * with a request id (the caller's X-Request-Id when it is sane) that error
 * lines carry too. While the server is stopping, answers close their connection.
 * Works on the bare request, so an answer sent before Express is logged the same.
 */
export function startRequestLog(
  log: Logger,
  shutdown: { stopping: boolean },
  req: IncomingMessage,
  res: ServerResponse,
): string {
  const incoming = req.headers["x-request-id"];
  const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  const url = (req.url ?? "").slice(0, 300);
  res.setHeader("X-Request-Id", id);
  const started = process.hrtime.bigint();
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    // A keep-alive connection is closed after its answer once shutdown has begun.
    if (shutdown.stopping) this.shouldKeepAlive = false;
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
  let logged = false;
  const done = () => {
    if (logged) return;
    logged = true;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const line = {
      reqId: id,
      method: req.method,
      url,
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    if (res.statusCode >= 500) log.warn(line, "request");
    else log.info(line, "request");
  };
  res.on("finish", done);
  res.on("close", done);
  return id;
}

/** The same as Express middleware, which hands the id on to the loaders. */
export function requestLogging(log: Logger, shutdown: { stopping: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.requestId = startRequestLog(log, shutdown, req, res);
    next();
  };
}

function refuse(req: Request, res: Response, status: number, message: string) {
  res.status(status).setHeader("Cache-Control", "no-store");
  if (req.accepts(["json", "html"]) === "html") {
    res
      .type("html")
      .send(errorPage(status === 413 ? "That was too much to send" : "That request was not understood", message));
  } else {
    res.json({ error: message });
  }
}

/**
 * Reads the body of an unsafe request in full, whatever its framing (chunked
 * included), refusing it with 413 once it has passed MAX_REQUEST_BYTES (at
 * once when the declared length says so; after the last chunk otherwise).
 * Until the body is complete nothing else is spent on the request, so slow
 * uploads cost a socket and a few kilobytes each; the server's request
 * time-out ends the ones that never finish.
 */
export function readBody(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const declared = Number(req.get("content-length") ?? "0");
  if (isConsoleUpload(req)) {
    if (declared <= MAX_UPLOAD_REQUEST_BYTES) return next();
    res.setHeader("Connection", "close");
    return refuse(req, res, 413, UPLOAD_TOO_LARGE);
  }
  if (declared > MAX_REQUEST_BYTES) {
    res.setHeader("Connection", "close");
    return refuse(req, res, 413, "That request is too large.");
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  req.on("data", (chunk: Buffer) => {
    if (tooLarge) return;
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) {
      // Nothing more is kept; the rest is read and dropped so the client, still sending, can read the 413
      // (answering mid-body resets its connection first). The request time-out bounds how long that lasts.
      tooLarge = true;
      chunks.length = 0;
      return;
    }
    chunks.push(chunk);
  });
  req.on("end", () => {
    if (tooLarge) {
      res.setHeader("Connection", "close");
      refuse(req, res, 413, "That request is too large.");
      return;
    }
    req.rawBody = Buffer.concat(chunks, size);
    next();
  });
  // A connection that breaks mid-body ends the request here: nothing was read in full, so nothing goes on.
  req.on("error", () => {
    tooLarge = true;
  });
}

/** A bare page for answers given before React Router is reached. */
function errorPage(title: string, message: string, tryAgain?: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} | Maison Ivy</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${tryAgain ? `<p><a href="${escapeHtml(tryAgain)}">Try again</a></p>` : ""}<p><a href="/">Back to the home page</a></p></main></body></html>`;
}

/** 503 with Retry-After: JSON for the API and scripts, a page with a "Try again" link for people. */
export function unavailableResponse(req: Request, res: Response) {
  res.status(503).setHeader("Retry-After", "5");
  res.setHeader("Cache-Control", "no-store");
  const wantsPage = !req.originalUrl.startsWith("/api/") && req.accepts(["json", "html"]) === "html";
  if (wantsPage) {
    const again =
      req.method === "GET" ? req.originalUrl : req.get("referer")?.startsWith("/") ? req.get("referer") : "/";
    res.type("html").send(errorPage("We'll be right back", DATABASE_UNAVAILABLE_MESSAGE, again));
  } else res.json({ error: DATABASE_UNAVAILABLE_MESSAGE });
}

/** The last handler: nothing a client caused is logged with a stack trace. */
export function errorHandlerFor(log: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const reqId = res.locals.requestId as string | undefined;
    const status = Number((error as { status?: unknown; statusCode?: unknown }).status ?? 0);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (req.destroyed || req.socket.destroyed) return;
    if (isDatabaseUnavailable(error)) {
      log.warn({ reqId, err: (error as Error).message }, "database unavailable");
      return unavailableResponse(req, res);
    }
    if (status >= 400 && status < 500) {
      log.info({ reqId, status, err: (error as Error).message }, "client error");
      return refuse(req, res, status, "That request was not understood.");
    }
    log.error({ reqId, err: error }, "request failed");
    res.status(500).setHeader("Cache-Control", "no-store");
    if (req.accepts(["json", "html"]) === "html")
      res.type("html").send(errorPage("Sorry, something went wrong", "Please try again in a moment.", req.originalUrl));
    else res.json({ error: "Something went wrong on our side. Please try again in a moment." });
  };
}

const CLIENT_ERROR_ANSWERS: Record<string, string> = {
  ERR_HTTP_REQUEST_TIMEOUT: "408 Request Timeout",
  HPE_HEADER_OVERFLOW: "431 Request Header Fields Too Large",
};

/** Malformed or too-slow requests the HTTP parser rejects: one line, no stack, a short answer. */
export function clientErrorAnswerer(log: Logger) {
  return (error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket) => {
    const code = error.code ?? "unknown";
    if (code !== "ECONNRESET") log.info({ code, remote: socket.remoteAddress }, "client error");
    if (!socket.writable || code === "ECONNRESET") return socket.destroy();
    const status = CLIENT_ERROR_ANSWERS[code] ?? "400 Bad Request";
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };
}
