/**
 * React Router's request handler for Express, with a short-lived response
 * cache in front of it. Public pages and API reads are the same for every
 * visitor (only the staff console has sessions), so a 200 answer that does not say
 * `private` or `no-store` is kept for a few seconds and served again without
 * routing or rendering. The cache is dropped whenever content rows change
 * (the same LISTEN/NOTIFY as the query cache).
 *
 * A cached answer is compressed once per encoding (brotli or gzip), the
 * first time a browser asks for it in that encoding, and served as it is to
 * every visitor whose browser accepts that encoding. An
 * address seen once (a query string of its own, a campaign tag) costs one
 * compression, not two.
 * Requests for an answer being rendered wait for that render instead of
 * starting their own, so a page expiring under load is rendered and
 * compressed once, not once per waiting visitor.
 * For that the bytes must be the same for everyone, so a cached page does not
 * carry the per-request script nonce: its nonce attributes are taken out and
 * its Content-Security-Policy allows its inline scripts by their SHA-256
 * hashes instead, which is as strict (only those exact scripts run).
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { pagePathOf } from "~/domain/site-path";
import { readingFresh } from "~/server/cache.server";
import { config } from "~/server/config.server";
import { responseBytes, responseText } from "~/server/rendered-page.server";
import type { RequestContext } from "~/server/request-context.server";
import { keepPrivate } from "~/server/shared-cache.server";
import { acceptedEncoding, compressBody, type Encoding, oneOffEncoding } from "./encoding";
import { unavailableResponse } from "./hygiene";
import { contentSecurityPolicy } from "./security";

const TTL_MS = 10_000;
/** Answers asked for again: the pages people actually visit. */
const MAX_ENTRIES = 500;
/** Answers asked for once so far: an address with a query string of its own (a tracking tag, a crawler's guess) stays here. */
const MAX_ONCE = 50;
const MAX_BODY_BYTES = 512 * 1024;
const MAX_KEY_LENGTH = 512;
const CACHEABLE_TYPES = /^(text\/html|application\/json|text\/x-script|application\/xml|text\/plain)/i;
/** Smaller answers are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

interface Entry {
  expires: number;
  status: number;
  /** As rendered, with Vary: Accept-Encoding. */
  headers: [string, string][];
  /** For a page: the policy that allows its inline scripts by hash (none for an answer with no inline script). */
  csp: string;
  /** The body as rendered, off the JavaScript heap. */
  identity: Buffer;
  /** The body in each encoding asked for so far, compressed once. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** The same, once compressed: a hit in a form that is ready is answered before any middleware. */
  ready: Partial<Record<Encoding, Buffer>>;
}

/**
 * The answer's body in one encoding, compressed the first time it is asked
 * for: a page is compressed again every time it expires, and an address
 * seen once is compressed for one answer.
 */
function encodedBody(entry: Entry, encoding: Encoding): Promise<Buffer> {
  let pending = entry.encoded[encoding];
  if (!pending) {
    pending = compressBody(entry.identity, encoding);
    entry.encoded[encoding] = pending;
    pending.then(
      (body) => {
        entry.ready[encoding] = body;
      },
      () => {},
    );
  }
  return pending;
}

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g;
const DATA_BLOCK = /\stype="application\/(ld\+)?json"/;

/**
 * The page without its nonce attributes, and a policy naming the hash of each
 * inline script it runs (JSON data blocks run nothing and need none).
 */
function pageWithoutNonce(html: string, nonce: string): { html: string; csp: string } | null {
  const stripped = html.replaceAll(` nonce="${nonce}"`, "");
  if (stripped.includes(nonce)) return null;
  const hashes = new Set<string>();
  for (const [, attributes, code] of stripped.matchAll(INLINE_SCRIPT)) {
    if (DATA_BLOCK.test(attributes ?? "")) continue;
    hashes.add(scriptHash(code ?? ""));
  }
  return { html: stripped, csp: contentSecurityPolicy([...hashes], false) };
}

/** The pages' inline scripts are a few constants of ours: each is hashed once. */
const scriptHashes = new Map<string, string>();

function scriptHash(code: string): string {
  let hash = scriptHashes.get(code);
  if (!hash) {
    hash = `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
    if (scriptHashes.size >= 64) scriptHashes.clear();
    scriptHashes.set(code, hash);
  }
  return hash;
}

/**
 * Kept answers in two parts: a new answer goes into a small part of its own
 * and moves to the main part when it is asked for again. Addresses seen once
 * (every link with a tag of its own, a crawler walking query strings) then
 * only ever replace each other, and never push out the pages people visit
 * or hold much memory.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  private once = new Map<string, Entry>();
  /** Answers being rendered, by key; settles with the entry kept, or nothing if the answer was not kept. */
  readonly rendering = new Map<string, Promise<Entry | undefined>>();

  clear = () => {
    this.entries.clear();
    this.once.clear();
  };

  /** The fresh answer kept for this key. An expired one stays in place until its new render replaces it. */
  get(key: string): Entry | undefined {
    const entry = this.entries.get(key) ?? this.askedAgain(key);
    return entry && entry.expires > Date.now() ? entry : undefined;
  }

  /** Moves an answer asked for a second time to the main part. */
  private askedAgain(key: string): Entry | undefined {
    const entry = this.once.get(key);
    if (!entry) return undefined;
    this.once.delete(key);
    this.keep(this.entries, MAX_ENTRIES, key, entry);
    return entry;
  }

  /**
   * A fresh answer for this request already in the form its browser accepts,
   * to be sent before any middleware; or nothing, and the request takes the
   * ordinary way (which renders, waits for a render under way, or compresses).
   */
  hit(req: IncomingMessage): ((res: ServerResponse) => void) | undefined {
    const key = keyFor(req);
    const entry = key === null ? undefined : this.get(key);
    if (!entry) return undefined;
    const encoding = acceptedEncoding(req.headers["accept-encoding"]);
    const body = encoding === "identity" ? entry.identity : entry.ready[encoding];
    if (!body) return undefined;
    return (res) => writeEntry(res, entry, encoding, body, true);
  }

  /** Keeps a fresh answer: in place of an expired one, or else with the answers seen once. */
  set(key: string, entry: Entry): void {
    if (this.entries.has(key)) this.keep(this.entries, MAX_ENTRIES, key, entry);
    else this.keep(this.once, MAX_ONCE, key, entry);
  }

  /** Stores the entry as the part's newest, dropping the part's oldest when it is full. */
  private keep(part: Map<string, Entry>, max: number, key: string, entry: Entry): void {
    part.delete(key);
    part.set(key, entry);
    if (part.size > max) part.delete(part.keys().next().value as string);
  }
}

/** The staff console: per person, never cached anywhere, never indexed. */
const STAFF_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

type Area = "staff" | "api" | "site";

/**
 * The part of the site an address belongs to, by its first segment as React
 * Router matches it: in any case, percent-decoded, with a data request's
 * `.data` ending. `/STAFF/quotes` and `/%73taff/quotes` are the console too.
 */
export function areaOf(url: string): Area {
  const path = pagePathOf(url.split(/[?#]/, 1)[0] ?? "");
  const first = path.split("/").find((segment) => segment !== "") ?? "";
  let segment: string;
  try {
    segment = decodeURIComponent(first);
  } catch {
    segment = first;
  }
  segment = segment.toLowerCase();
  return segment === "staff" ? "staff" : segment === "api" ? "api" : "site";
}

/** The request's key in the cache, or null for one that is never answered from it. */
function keyFor(req: IncomingMessage): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  // Express keeps the address as asked for in originalUrl; before Express it is the request's own url.
  const url = (req as Partial<ExpressRequest>).originalUrl ?? req.url ?? "";
  if (areaOf(url) === "staff") return null;
  if (req.headers.authorization) return null;
  return url.length <= MAX_KEY_LENGTH ? url : null;
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
    if (req.rawBody) init.body = new Uint8Array(req.rawBody);
    else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(url, init);
}

/**
 * Marks an answer whose encoding was chosen here, so the compression
 * middleware (server.js) leaves it alone without weighing the browser's
 * Accept-Encoding a second time.
 */
function encodedHere(res: ServerResponse): void {
  const locals = (res as Partial<ExpressResponse>).locals;
  if (locals) locals.encodedHere = true;
}

/** Writes the stored bytes as they are, in the encoding chosen: no per-request work on the page. */
function writeEntry(
  res: ServerResponse,
  entry: Entry,
  encoding: Encoding | "identity",
  body: Buffer,
  hit: boolean,
): void {
  res.statusCode = entry.status;
  encodedHere(res);
  for (const [key, value] of entry.headers) res.appendHeader(key, value);
  res.setHeader("Content-Security-Policy", entry.csp);
  res.setHeader("X-Cache", hit ? "HIT" : "MISS");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/**
 * The stored bytes in an encoding the browser accepts, compressed first if
 * no one asked for that encoding before. The visitor whose request rendered
 * the answer gets the cheaper one-off encoding: most addresses are asked for
 * once. Later visitors get the best, made once for all of them.
 */
async function sendEntry(req: IncomingMessage, res: ServerResponse, entry: Entry, hit: boolean): Promise<void> {
  const header = req.headers["accept-encoding"];
  const encoding = hit ? acceptedEncoding(header) : oneOffEncoding(header);
  const body = encoding === "identity" ? entry.identity : await encodedBody(entry, encoding);
  writeEntry(res, entry, encoding, body, hit);
}

/** Vary: Accept-Encoding added to an answer's headers (once). */
function withVary(headers: [string, string][]): [string, string][] {
  const vary = headers.find(([key]) => key === "vary");
  if (!vary) return [...headers, ["vary", "Accept-Encoding"]];
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary[1])) vary[1] = `${vary[1]}, Accept-Encoding`;
  return headers;
}

export function createCachedRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** What this request's loaders and actions find in their context. */
  requestValues: (req: ExpressRequest, res: ExpressResponse) => RequestContext;
  /**
   * The context holding those values, made by the build's own copy of request-context.server.ts: the console's
   * build (http/console-bundle.ts) has its own, and its loaders look the values up by its own key.
   */
  routerContext: (values: RequestContext) => RouterContextProvider;
  cache: ResponseCache | null;
}) {
  const handle = createRequestHandler(options.build, config().NODE_ENV);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const cache = options.cache;
    const key = cache ? keyFor(req) : null;
    let settle: ((entry: Entry | undefined) => void) | undefined;
    let kept: Entry | undefined;
    try {
      if (cache && key) {
        const ready = cache.get(key) ?? (await cache.rendering.get(key));
        if (ready) return await sendEntry(req, res, ready, true);
        if (!cache.rendering.has(key))
          cache.rendering.set(
            key,
            new Promise((resolve) => {
              settle = resolve;
            }),
          );
      }

      const values = options.requestValues(req, res);
      const context = options.routerContext(values);
      const request = toFetchRequest(req, res);
      const inConsole = areaOf(req.originalUrl) === "staff";
      // The console sees what is stored at once, its own saves included; the content cache is for the public pages.
      const response = await (inConsole ? readingFresh(() => handle(request, context)) : handle(request, context));
      // A loader or action found the database away: the error page or JSON answer says to try again.
      let status = response.status;
      if (values.databaseUnavailable && status >= 500) {
        if (!/text\/html/.test(response.headers.get("content-type") ?? "")) {
          await response.body?.cancel().catch(() => {});
          return unavailableResponse(req, res);
        }
        // The site's own error page, which offers to try again; the status says it is temporary.
        status = 503;
        res.setHeader("Retry-After", "5");
      }
      if (inConsole) for (const [name, value] of Object.entries(STAFF_HEADERS)) response.headers.set(name, value);
      if (!cache || !key || !cacheable(response)) {
        // A page not kept here goes out with this request's nonce (in its policy at least): never to a shared cache.
        if (/text\/html/i.test(response.headers.get("content-type") ?? "")) keepPrivate(response.headers);
        return await sendResponse(req, res, response, undefined, status);
      }
      const rendered = await responseText(response);
      let body = rendered;
      let csp: string | undefined;
      if (values.cspNonce && rendered.includes(values.cspNonce)) {
        const page = pageWithoutNonce(rendered, values.cspNonce);
        // A nonce anywhere but in an attribute: serve this answer as rendered and do not keep it.
        if (!page) {
          keepPrivate(response.headers);
          return await sendResponse(req, res, response, rendered);
        }
        ({ html: body, csp } = page);
      }
      const identity = Buffer.from(body);
      if (identity.length > MAX_BODY_BYTES) {
        keepPrivate(response.headers);
        return await sendResponse(req, res, response, rendered);
      }
      kept = {
        expires: Date.now() + TTL_MS,
        status: response.status,
        headers: withVary([...response.headers.entries()].filter(([k]) => k !== "content-length")),
        // No nonce in the answer: no inline script of it may run, as before.
        csp: csp ?? contentSecurityPolicy([], false),
        identity,
        encoded: {},
        ready: {},
      };
      cache.set(key, kept);
      return await sendEntry(req, res, kept, false);
    } catch (error) {
      next(error);
    } finally {
      if (settle && key) {
        cache?.rendering.delete(key);
        settle(kept);
      }
    }
  };
}

/**
 * An answer that is not kept. A page or JSON answer is read whole and, for a
 * browser that accepts it, compressed in one piece (see ./encoding);
 * anything else streams as it comes.
 */
async function sendResponse(
  req: ExpressRequest,
  res: ExpressResponse,
  response: Response,
  text?: string,
  status = response.status,
): Promise<void> {
  if (status === response.status) res.statusMessage = response.statusText;
  res.status(status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  const compressible =
    (text !== undefined || response.body) &&
    !response.headers.has("content-encoding") &&
    CACHEABLE_TYPES.test(response.headers.get("content-type") ?? "");
  if (compressible) await sendWhole(req, res, text === undefined ? await responseBytes(response) : Buffer.from(text));
  else if (text !== undefined) res.end(text);
  else if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * A page or JSON body read whole, sent compressed in one piece for a browser
 * that accepts it (from COMPRESS_FROM_BYTES), with Vary and Content-Length.
 * Status and headers are set before.
 */
export async function sendWhole(req: IncomingMessage, res: ExpressResponse, body: Buffer): Promise<void> {
  const encoding = body.length >= COMPRESS_FROM_BYTES ? oneOffEncoding(req.headers["accept-encoding"]) : "identity";
  const sent = encoding === "identity" ? body : await compressBody(body, encoding);
  res.vary("Accept-Encoding");
  encodedHere(res);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", sent.length);
  res.end(sent);
}
