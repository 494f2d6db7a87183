/**
 * React Router's request handler for Express, with a short-lived response
 * cache in front of it. Public pages and API reads are the same for every
 * visitor (only the staff console has sessions), so a 200 answer that does not say
 * `private` or `no-store` is kept for a few seconds and served again without
 * routing or rendering. The cache is dropped whenever content rows change
 * (the same LISTEN/NOTIFY as the query cache). A cached page carries the
 * script nonce of the request that rendered it: each hit gets the nonce of
 * its own response instead.
 */
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";

const TTL_MS = 10_000;
const MAX_ENTRIES = 500;
const MAX_BODY_BYTES = 512 * 1024;
const MAX_KEY_LENGTH = 512;
const CACHEABLE_TYPES = /^(text\/html|application\/json|text\/x-script|application\/xml|text\/plain)/i;

interface Entry {
  expires: number;
  status: number;
  headers: [string, string][];
  /** The body split around the nonce it was rendered with, kept off the JavaScript heap. */
  parts: Buffer[];
}

export class ResponseCache {
  private entries = new Map<string, Entry>();

  clear = () => this.entries.clear();

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }
}

/** The staff console: per person, never cached anywhere, never indexed. */
const STAFF_PATH = /^\/staff(?:[/.?]|$)/;
const STAFF_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

function keyFor(req: ExpressRequest): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (STAFF_PATH.test(req.originalUrl)) return null;
  if (req.headers.authorization) return null;
  return req.originalUrl.length <= MAX_KEY_LENGTH ? req.originalUrl : null;
}

function cacheable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("set-cookie")) return false;
  const control = response.headers.get("cache-control") ?? "";
  if (/no-store|private/i.test(control)) return false;
  return CACHEABLE_TYPES.test(response.headers.get("content-type") ?? "");
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/** Writes the stored pieces with this response's nonce between them: no per-request copy of the page. */
function sendEntry(res: ExpressResponse, entry: Entry, nonce: string, hit: boolean): void {
  const nonceBytes = Buffer.from(nonce);
  res.status(entry.status);
  for (const [key, value] of entry.headers) res.append(key, value);
  res.setHeader("X-Cache", hit ? "HIT" : "MISS");
  const length = entry.parts.reduce((sum, part) => sum + part.length, 0) + nonceBytes.length * (entry.parts.length - 1);
  res.setHeader("Content-Length", length);
  res.cork();
  entry.parts.forEach((part, i) => {
    if (i > 0) res.write(nonceBytes);
    res.write(part);
  });
  res.end();
  res.uncork();
}

export function createCachedRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  cache: ResponseCache | null;
}) {
  const handle = createRequestHandler(options.build, process.env.NODE_ENV);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const context = options.getLoadContext(req, res);
      const key = options.cache ? keyFor(req) : null;
      const hit = key ? options.cache?.get(key) : undefined;
      if (hit) return sendEntry(res, hit, context.cspNonce, true);

      const response = await handle(toFetchRequest(req, res), context);
      if (key && options.cache && cacheable(response)) {
        const body = await response.text();
        const entry: Entry = {
          expires: Date.now() + TTL_MS,
          status: response.status,
          headers: [...response.headers.entries()].filter(([k]) => k !== "content-length"),
          parts: (context.cspNonce && body.includes(context.cspNonce) ? body.split(context.cspNonce) : [body]).map(
            (part) => Buffer.from(part),
          ),
        };
        if (Buffer.byteLength(body) <= MAX_BODY_BYTES) options.cache.set(key, entry);
        return sendEntry(res, entry, context.cspNonce, false);
      }

      if (STAFF_PATH.test(req.originalUrl))
        for (const [name, value] of Object.entries(STAFF_HEADERS)) response.headers.set(name, value);
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [key, value] of response.headers.entries()) res.append(key, value);
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}
