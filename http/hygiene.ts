/**
 * What every request goes through before and after React Router: a request
 * id, a log line for what matters (errors, slow answers) and a summary of the rest, the body read in full (and size-checked) before any
 * rendering starts, and the answers to errors: 503 with a way to try again
 * when the database is away, 4xx without a stack trace for what a client
 * caused, and one logged stack for a real fault.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { NextFunction, Request, Response } from "express";
import { escapeHtml } from "~/domain/html";
import { MAX_PICTURE_SIZE_TEXT, uploadBodyBytes } from "~/domain/pictures";
import { staffScreenAt } from "~/domain/staff/routes";
import { NUL_MESSAGE } from "~/server/http.server";
import type { Logger } from "~/server/log.server";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "~/server/pg-pool.server";

/** The largest body any endpoint accepts (the longest form, percent-encoded, fits with room to spare). */
const MAX_REQUEST_BYTES = 64 * 1024;

/**
 * A console form with picture fields: uploadBodyBytes for its number of
 * pictures. Only the screens the permission table marks as taking pictures
 * get this, found by the route whether the page or its data was asked for
 * (a browser with JavaScript posts to `….data`, one without to the page);
 * their body is not read here but streamed to the action, which reads it
 * only once the gate has checked that the sender may upload there
 * (app/server/staff/auth.server.ts). Every other body, multipart or not,
 * signed in or not, gets MAX_REQUEST_BYTES.
 */
function uploadRequestBytes(req: Request): number | null {
  if (!/^multipart\/form-data/i.test(req.get("content-type") ?? "")) return null;
  const upload = staffScreenAt(req.path)?.upload;
  return upload ? uploadBodyBytes(upload.files) : null;
}

const UPLOAD_TOO_LARGE = `That is too much to upload at once: a photo can be up to ${MAX_PICTURE_SIZE_TEXT}. Go back, choose a smaller photo and save again.`;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

declare module "express-serve-static-core" {
  interface Request {
    /** The whole body of a POST (or other unsafe method), once `readBody` has read it. */
    rawBody?: Buffer;
  }
}

/** A request slower than this gets a line of its own. */
const SLOW_REQUEST_MS = 500;
/** How often the summary of the requests that had no line of their own is written. */
const SUMMARY_EVERY_MS = 60_000;
/** Upper bounds of the summary's time buckets, in ms (the last catches everything slower). */
const BUCKETS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, Number.POSITIVE_INFINITY];

/**
 * The requests that went well, counted rather than written one line each:
 * at thousands of cached answers a second a line per answer was a real
 * share of each answer's cost and buried the lines that matter.
 */
class RequestSummary {
  private n = 0;
  private cached = 0;
  private byStatus: Record<string, number> = {};
  private buckets = BUCKETS_MS.map(() => 0);
  private maxMs = 0;
  private slowestUrl = "";

  constructor(private readonly log: Logger) {
    setInterval(() => this.write(), SUMMARY_EVERY_MS).unref();
  }

  add(status: number, ms: number, url: string, cached: boolean): void {
    this.n += 1;
    if (cached) this.cached += 1;
    const klass = `${Math.floor(status / 100)}xx`;
    this.byStatus[klass] = (this.byStatus[klass] ?? 0) + 1;
    const bucket = BUCKETS_MS.findIndex((bound) => ms <= bound);
    this.buckets[bucket] = (this.buckets[bucket] ?? 0) + 1;
    if (ms > this.maxMs) {
      this.maxMs = ms;
      this.slowestUrl = url;
    }
  }

  /** The time under which a share of the requests answered: the upper bound of its bucket. */
  private percentile(share: number): number | null {
    let seen = 0;
    for (const [i, count] of this.buckets.entries()) {
      seen += count;
      if (seen >= share * this.n) return Number.isFinite(BUCKETS_MS[i]) ? (BUCKETS_MS[i] as number) : null;
    }
    return null;
  }

  write(): void {
    if (this.n === 0) return;
    this.log.info(
      {
        seconds: SUMMARY_EVERY_MS / 1000,
        requests: this.n,
        cached: this.cached,
        byStatus: this.byStatus,
        p50UnderMs: this.percentile(0.5),
        p99UnderMs: this.percentile(0.99),
        maxMs: Math.round(this.maxMs * 10) / 10,
        slowest: this.slowestUrl,
      },
      "requests summary",
    );
    this.n = 0;
    this.cached = 0;
    this.byStatus = {};
    this.buckets = BUCKETS_MS.map(() => 0);
    this.maxMs = 0;
    this.slowestUrl = "";
  }
}

const summaries = new WeakMap<Logger, RequestSummary>();

/**
 * Request logging that says what matters for little: a line for each error
 * (4xx as info, 5xx as a warning), each answer slower than SLOW_REQUEST_MS
 * and each request the client gave up on, with a request id (the caller's
 * X-Request-Id when it is sane) that error lines carry too; every other
 * request, cached answers included, is counted in a summary written once a
 * minute (a line each at LOG_LEVEL=debug). While the server is stopping,
 * answers close their connection. Works on the bare request, so an answer
 * sent before Express is logged the same (`cached` says it came from the
 * response cache).
 */
export function startRequestLog(
  log: Logger,
  shutdown: { stopping: boolean },
  req: IncomingMessage,
  res: ServerResponse,
  cached = false,
): string {
  const incoming = req.headers["x-request-id"];
  const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
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
    const status = res.statusCode;
    const aborted = !res.writableFinished;
    const url = (req.url ?? "").slice(0, 300);
    if (status < 400 && ms < SLOW_REQUEST_MS && !aborted && !log.isLevelEnabled("debug")) {
      let summary = summaries.get(log);
      if (!summary) {
        summary = new RequestSummary(log);
        summaries.set(log, summary);
      }
      summary.add(status, ms, url, cached);
      return;
    }
    const line = {
      reqId: id,
      method: req.method,
      url,
      status,
      ms: Math.round(ms * 10) / 10,
      ...(aborted ? { aborted: true } : {}),
      ...(cached ? { cached: true } : {}),
    };
    if (status >= 500) log.warn(line, "request");
    else if (status >= 400 || ms >= SLOW_REQUEST_MS || aborted)
      log.info(line, ms >= SLOW_REQUEST_MS ? "slow request" : "request");
    else log.debug(line, "request");
  };
  res.on("finish", done);
  res.on("close", done);
  return id;
}

/** Writes the summary of the requests counted so far (at shutdown, so the last minute is not lost). */
export function flushRequestSummary(log: Logger): void {
  summaries.get(log)?.write();
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
 * Refuses an address holding an encoded NUL (%00) with a 400: nothing on the
 * site has a use for one, and a NUL in a filter, a search or a path
 * parameter would otherwise reach PostgreSQL, which refuses it in text, as a
 * 500. The HTTP parser already refuses a raw one in the request line.
 */
export function refuseNulInAddress(req: Request, res: Response, next: NextFunction) {
  if (!/%00/.test(req.originalUrl)) return next();
  refuse(req, res, 400, NUL_MESSAGE);
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
  const uploadBytes = uploadRequestBytes(req);
  if (uploadBytes !== null) {
    if (declared <= uploadBytes) return next();
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
