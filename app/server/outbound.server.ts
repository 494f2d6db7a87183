/**
 * Requests the site makes to addresses staff typed (webhooks, booking-link
 * checks), which must never reach the server itself, the private network or
 * the cloud's metadata service (decision 104). The host is judged before
 * connecting: an IP address by its range, a name by every address it
 * resolves to, and the connection is made to the address that was judged
 * (the lookup is ours), so a name that resolves differently a moment later
 * (DNS rebinding) cannot slip through. Redirects are followed by hand, each
 * hop judged the same way.
 */
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from "node:dns";
import { lookup as systemLookup } from "node:dns";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { allowedRanges, internalAddressError, refusedAddress, refusedHost } from "~/domain/outbound-address";
import { type Config, config } from "./config.server";

/** A destination the site will not send to: an internal address, by its literal or by what its name resolves to. */
export class RefusedDestinationError extends Error {
  override name = "RefusedDestinationError";
}

/** Resolves a name to all its addresses (dns.lookup's shape with `all: true`); tests inject their own. */
export type Resolver = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

export interface OutboundOptions {
  /** Internal ranges (CIDR) that may be reached all the same (OUTBOUND_ALLOW_PRIVATE: tests, closed networks). */
  allowed: readonly string[];
  /** The name resolver; the system's by default. */
  resolve?: Resolver;
}

export interface OutboundRequest extends OutboundOptions {
  method: "GET" | "HEAD" | "POST";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export interface OutboundAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Where the request ended, after any redirects followed. */
  url: string;
}

/** The console forms' check of an address the site will send to, with the ranges OUTBOUND_ALLOW_PRIVATE lets through. */
export const refusedDestination = (value: string) =>
  internalAddressError(value, allowedRanges(config().OUTBOUND_ALLOW_PRIVATE) ?? []);

/** The options the settings give: internal destinations only those OUTBOUND_ALLOW_PRIVATE names. */
export const outboundOptions = (settings: Pick<Config, "OUTBOUND_ALLOW_PRIVATE">): OutboundOptions => ({
  allowed: allowedRanges(settings.OUTBOUND_ALLOW_PRIVATE) ?? [],
});

const systemResolve: Resolver = (hostname, options, callback) => systemLookup(hostname, options, callback);

/** The lookup the connection uses: every address the name has is judged, and only a judged one is connected to. */
function guardedLookup(options: OutboundOptions): LookupFunction {
  const resolve = options.resolve ?? systemResolve;
  return ((hostname: string, lookupOptions: LookupOneOptions | LookupAllOptions, callback: never) => {
    const done = callback as (error: Error | null, address: string | LookupAddress[], family?: number) => void;
    resolve(hostname, { family: lookupOptions.family, hints: lookupOptions.hints, all: true }, (error, addresses) => {
      if (error) return done(error, "");
      if (addresses.length === 0) return done(new Error(`${hostname} has no address`), "");
      for (const { address } of addresses) {
        const reason = refusedAddress(address, options.allowed);
        if (reason) return done(new RefusedDestinationError(`${hostname} resolves to ${address}, ${reason}`), "");
      }
      const first = addresses[0] as LookupAddress;
      if (lookupOptions.all) done(null, addresses);
      else done(null, first.address, first.family);
    });
  }) as LookupFunction;
}

/** Refuses a URL that is not http(s) or whose host is an internal address or localhost, before any lookup. */
function judgeUrl(url: URL, options: OutboundOptions): void {
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new RefusedDestinationError(`${url.protocol} addresses are not requested`);
  const reason = refusedHost(url.hostname, options.allowed);
  if (reason) throw new RefusedDestinationError(`${url.hostname} is ${reason}`);
}

/** One request, no redirect followed; the answer's body is not read. */
function requestOnce(url: URL, request: OutboundRequest, signal: AbortSignal): Promise<OutboundAnswer> {
  judgeUrl(url, request);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: request.method,
        headers: {
          ...request.headers,
          ...(request.body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(request.body)) }),
        },
        lookup: guardedLookup(request),
        // A socket of its own each time: never one connected under another check.
        agent: false,
        signal,
      },
      (response) => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, url: url.href });
        response.destroy();
      },
    );
    req.once("error", reject);
    req.end(request.body);
  });
}

/**
 * Sends `request` to `url`, following up to `maxRedirects` redirects by hand (a POST is never re-sent: pass
 * 0), each hop checked before it is connected to. Resolves with the last answer's status and headers (its
 * body is not read); rejects with RefusedDestinationError for an internal destination, with the request's
 * own error otherwise (an AbortError or TimeoutError after `timeoutMs` in all).
 */
export async function outboundRequest(
  url: string,
  request: OutboundRequest,
  maxRedirects = 0,
): Promise<OutboundAnswer> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    const answer = await requestOnce(target, request, signal);
    const location = answer.headers.location;
    if (answer.status < 300 || answer.status > 399 || !location || hop >= maxRedirects) return answer;
    target = new URL(location, target);
  }
}
