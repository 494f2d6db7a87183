/**
 * Headers every answer carries, the Content-Security-Policy with a fresh
 * script nonce per request, and the refusal of state-changing requests that
 * come from another site.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { staffScreenAt } from "~/domain/staff/routes";

/**
 * Scripts only from this origin, or inline ones carrying this response's
 * nonce or matching one of the given hashes (a cached page, the same bytes
 * for everyone): no other inline script, no eval.
 */
export function contentSecurityPolicy(nonceOrHashes: string | string[], dev: boolean): string {
  const allowed = typeof nonceOrHashes === "string" ? [`'nonce-${nonceOrHashes}'`] : nonceOrHashes;
  return [
    "default-src 'self'",
    ["script-src 'self'", ...allowed, ...(dev ? ["'unsafe-inline'"] : [])].join(" "),
    "style-src 'self' 'unsafe-inline'",
    // blob: for the console's photo fields, which show a chosen photo before it is uploaded (an object URL).
    "img-src 'self' data: blob:",
    "font-src 'self'",
    dev ? "connect-src 'self' ws:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The headers every answer carries besides its Content-Security-Policy. */
export function fixedSecurityHeaders(options: { hsts: boolean }): [string, string][] {
  return [
    ...(options.hsts ? [["Strict-Transport-Security", "max-age=63072000; includeSubDomains"] as [string, string]] : []),
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
  ];
}

/** The policy for a nonce: the same for every request but the nonce, so its fixed parts are put together once. */
function policyForNonce(dev: boolean): (nonce: string) => string {
  const mark = "\u0000";
  const [before, after] = contentSecurityPolicy(mark, dev).split(`'nonce-${mark}'`);
  return (nonce) => `${before}'nonce-${nonce}'${after}`;
}

export function securityHeaders(options: { dev: boolean; hsts: boolean }) {
  const fixed = fixedSecurityHeaders(options);
  const policy = policyForNonce(options.dev);
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", policy(nonce));
    for (const [name, value] of fixed) res.setHeader(name, value);
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Fetch Metadata: a request the browser made for a page of another site (or of a sibling subdomain); only
 * `same-origin` and `none` (typed in, a bookmark) are this site's own.
 */
const fromAnotherSite = (req: Request) => {
  const site = req.get("sec-fetch-site");
  return site !== undefined && site !== "same-origin" && site !== "none";
};

/**
 * Requests another site cannot make on a visitor's behalf: a POST (or any
 * unsafe method) whose Origin is another site or that the browser marks as
 * coming from one, and a console download (another page could otherwise
 * make a signed-in manager's browser fetch the leads CSV, and write an audit
 * entry in their name). Forms, the JSON API and downloads are for this site's
 * own pages and for clients that send no browser origin at all; links to
 * console pages from an e-mail still open.
 */
export function refuseCrossSiteRequests(publicOrigin: string) {
  const allowed = new URL(publicOrigin).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const otherOrigin = origin !== undefined && origin !== allowed && origin !== ownOrigin;
    if (SAFE_METHODS.has(req.method)) {
      // A download is the site's own page's doing (same-origin) or typed in (none): another origin's, never.
      if ((fromAnotherSite(req) || otherOrigin) && staffScreenAt(req.path)?.download) {
        res.status(403).setHeader("Cache-Control", "no-store");
        res.type("text").send("Downloads start from the staff console's own pages. Open the list there and try again.");
        return;
      }
      return next();
    }
    const crossOrigin = otherOrigin || fromAnotherSite(req);
    if (crossOrigin) {
      res.status(403).json({ error: "Requests from other sites are not accepted." });
      return;
    }
    next();
  };
}

/** Whether an Authorization header carries `token` as its bearer token, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
