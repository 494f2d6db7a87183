import { createContext, RouterContextProvider } from "react-router";
import type { Database } from "./db.server";

/** What every loader and action finds in its context for this request (`context.get(requestContext)`). */
export interface RequestContext {
  db: Database;
  /**
   * The visitor as every per-client limit counts them (clientKey): their IPv4 address, or their IPv6 network
   * (RATE_LIMIT_IPV6_PREFIX). Behind a proxy, set TRUST_PROXY so it is the visitor's, not the proxy's.
   */
  clientIp: string;
  /** This response's Content-Security-Policy script nonce. */
  cspNonce: string;
  /** The id in this request's log lines (and its X-Request-Id header). */
  requestId: string;
  /**
   * Runs `task` once this request's answer has been sent, or its connection lost: what must outlive the
   * loader or action but not the request (an upload's file on disk).
   */
  afterResponse(task: () => void): void;
  /** Set when a loader or action failed because the database was away: the answer becomes a 503. */
  databaseUnavailable?: boolean;
}

export const requestContext = createContext<RequestContext>();

/** The context React Router hands this request's loaders and actions. */
export function routerContextWith(values: RequestContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestContext, values);
  return context;
}
