/**
 * GET /quote/<link>/book: every Book button of a saved quote (its page, the
 * "Quote saved" page, its e-mail and text) comes through here, so the click
 * is counted on the quote before the client goes on to the booking link for
 * its salon, stylist and services. The answer only ever sends to that
 * configured link, never to an address the request names, and is never
 * kept by a cache (each click must reach the server to count). HEAD
 * requests, link previewers, crawlers and prefetches go on without counting,
 * and so does a visitor's second click on one quote in a London day: a
 * visitor is the funnel's (decision 076), a keyed hash of their clientKey
 * and browser under the day's secret, no cookie.
 */
import { isbot } from "isbot";
import { fromLondonLocal, londonDay } from "~/domain/salon-time";
import { countBookClick, quoteBookingLink } from "~/server/booking-links.server";
import { now } from "~/server/clock.server";
import { recordFunnelEvent, visitorOf } from "~/server/funnel.server";
import { QUOTE_LINK_PATTERN } from "~/server/queries/quotes.server";
import { firstInWindow, hitRateLimit, type RateLimitRule, tooManyRequests } from "~/server/rate-limit.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/quote-book";

const NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** Far above a client's clicks (a few an hour), low enough that a script hammering it is refused. */
const BOOK_CLICK_LIMIT: RateLimitRule = { name: "book-click", limit: 60, windowSeconds: 3600 };

const isPrefetch = (request: Request) =>
  /prefetch|prerender/i.test(`${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""}`);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, clientIp } = context.get(requestContext);
  const counts =
    request.method === "GET" &&
    QUOTE_LINK_PATTERN.test(params.link) &&
    !isbot(request.headers.get("user-agent")) &&
    !isPrefetch(request);
  if (counts) {
    const limit = await hitRateLimit(db, BOOK_CLICK_LIMIT, clientIp);
    if (!limit.allowed) return tooManyRequests(limit);
  }
  const at = now();
  const first =
    counts &&
    (await firstInWindow(
      db,
      "book-click-visitor",
      `${params.link}:${await visitorOf(db, { ip: clientIp, userAgent: request.headers.get("user-agent") ?? "" }, at)}`,
      fromLondonLocal(`${londonDay(at)}T00:00`) ?? at,
    ));
  const url = first ? await countBookClick(db, params.link, at) : await quoteBookingLink(db, params.link);
  // The funnel's "Book clicked", once per quote, in the quote's own row of the figures.
  if (first && url) await recordFunnelEvent(db, { step: "book", link: params.link });
  if (!url)
    return new Response("This quote was not found. Book from the salon's page instead.", {
      status: 404,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(null, { status: 303, headers: { ...NO_STORE, Location: url } });
}
