/**
 * What a shared cache (a CDN, the caching proxy in deploy/) may keep of a
 * public answer, and for how long: the lifetimes per kind of page, and the
 * surrogate keys a purge names (decision 119).
 */
import { dayAfter, fromLondonLocal, londonDay } from "./salon-time";

/** The page kinds with a lifetime of their own. */
export type SharedKind = "home" | "content" | "prices" | "blog" | "picture";

/**
 * How long a shared cache serves a kind as fresh (s-maxage) and then stale
 * while it fetches a new copy (stale-while-revalidate), in seconds. Edits
 * purge by key at once, so these bound only what changes with the clock
 * alone: the home page's news and offers come and go by date, so it is kept
 * least; prices change at a scheduled London midnight, which every page's
 * lifetime stops at anyway (see `sharedCacheControl`); a blog post changes
 * only when edited. A picture's address names its upload and size, and a new
 * upload is a new address, so it is kept for a year.
 */
const SHARED_LIFETIMES: Record<SharedKind, { fresh: number; stale: number }> = {
  home: { fresh: 300, stale: 86_400 },
  content: { fresh: 900, stale: 86_400 },
  prices: { fresh: 3_600, stale: 86_400 },
  blog: { fresh: 3_600, stale: 86_400 },
  picture: { fresh: 31_536_000, stale: 0 },
};

/** The kind of a public page by its path (`/`, `/prices/calculator`…). */
export function pageKind(path: string): Exclude<SharedKind, "picture"> {
  if (path === "/" || path === "") return "home";
  const first = path.split("/")[1] ?? "";
  if (first === "prices" || first === "new-prices") return "prices";
  if (first === "blog" || first === "blog-info") return "blog";
  return "content";
}

/**
 * The instant the London day `day` (yyyy-mm-dd) ends, in ms since the epoch: the last one asked for is kept,
 * since every shared page asks for it and the calendar conversion is dear beside the rest of its headers.
 */
let lastDayEnd = { day: "", ms: 0 };
function londonDayEnd(day: string): number {
  if (day !== lastDayEnd.day) {
    const next = dayAfter(day);
    lastDayEnd = { day, ms: (fromLondonLocal(`${next}T00:00`) ?? new Date(`${next}T00:00:00Z`)).getTime() };
  }
  return lastDayEnd.ms;
}

/** Seconds from `at` to the next midnight in London (at least 1). */
export function secondsToLondonMidnight(at: Date): number {
  return Math.max(1, Math.ceil((londonDayEnd(londonDay(at)) - at.getTime()) / 1000));
}

/**
 * The Cache-Control of a public answer of this kind at `at`. Browsers check
 * again each time (max-age=0, as before); shared caches keep it for the
 * kind's lifetime, which for a page ends at London's midnight, when the
 * day's hours, notices and prices turn over without any edit to purge them.
 */
export function sharedCacheControl(kind: SharedKind, at: Date): string {
  const { fresh, stale } = SHARED_LIFETIMES[kind];
  // Kept as long by browsers as by shared caches: the address itself changes when the picture does.
  if (kind === "picture") return `public, max-age=${fresh}, immutable`;
  const shared = Math.min(fresh, secondsToLondonMidnight(at));
  return `public, max-age=0, s-maxage=${shared}, stale-while-revalidate=${stale}`;
}

/**
 * The key every shared answer carries: purging it empties the cache (after a deploy, a new build's pages).
 * Keys are content tables' names (as the database trigger queues them), `picture:<id>` and this: lower-case
 * letters, digits, `_`, `:` and `-`, which is all deploy/varnish.vcl takes.
 */
export const EVERY_ANSWER_KEY = "site";

/** The two headers naming an answer's keys: `Surrogate-Key` (Fastly, Varnish) space-separated, `Cache-Tag` (Cloudflare) comma-separated. */
export function surrogateKeyHeaders(keys: Iterable<string>): { "Surrogate-Key": string; "Cache-Tag": string } {
  const all = [EVERY_ANSWER_KEY, ...[...new Set(keys)].filter((k) => k !== EVERY_ANSWER_KEY).sort()];
  return { "Surrogate-Key": all.join(" "), "Cache-Tag": all.join(",") };
}
