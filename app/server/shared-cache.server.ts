/**
 * Public pages as a shared cache may keep them (decision 119): a page that
 * every visitor sees the same gets the Cache-Control of its kind
 * (app/domain/shared-cache.ts) and the surrogate keys of the content tables
 * it read; anything else stays the browser's alone.
 */
import type { MiddlewareFunction } from "react-router";
import { pageKind, sharedCacheControl, surrogateKeyHeaders } from "~/domain/shared-cache";
import { pagePathOf } from "~/domain/site-path";
import { collectingShown } from "./cache.server";
import { now } from "./clock.server";

/**
 * The Cache-Control a page gets when its route sets none (app/entry.server.tsx):
 * the browser checks again each time, and the page is nobody's in particular.
 * Only a page left at this is offered to shared caches: a route that says
 * `private` or `no-store` (a form with its own idempotency key, a saved
 * quote) is left as it says.
 */
export const DEFAULT_PAGE_CACHE_CONTROL = "no-cache";

/**
 * Layout middleware for the public site: collects the tables the page's
 * loaders read and, for a GET answered 200 with no cookie set, makes the page
 * shareable with those tables as its keys. A public answer a route made
 * shareable itself (the sitemap's max-age) gets the keys too.
 */
export const sharePublicPage: MiddlewareFunction<Response> = async ({ request }, next) => {
  const { result, tables } = collectingShown(() => next());
  const response = await result;
  if (request.method !== "GET" || response.status !== 200 || response.headers.has("Set-Cookie")) return response;
  const control = response.headers.get("Cache-Control");
  if (control === DEFAULT_PAGE_CACHE_CONTROL) {
    const path = pagePathOf(new URL(request.url).pathname);
    response.headers.set("Cache-Control", sharedCacheControl(pageKind(path), now()));
  } else if (!/\bpublic\b/i.test(control ?? "") || /private|no-store/i.test(control ?? "")) return response;
  for (const [name, value] of Object.entries(surrogateKeyHeaders(tables))) response.headers.set(name, value);
  return response;
};

/**
 * Makes an answer the browser's alone: one sent with this request's script
 * nonce in it, which a copy shared with others would give away (the nonce is
 * what keeps injected scripts from running).
 */
export function keepPrivate(headers: Headers): void {
  const control = headers.get("Cache-Control") ?? "";
  if (!/\bpublic\b/i.test(control)) return;
  headers.set("Cache-Control", "private, no-cache");
  headers.delete("Surrogate-Key");
  headers.delete("Cache-Tag");
}
