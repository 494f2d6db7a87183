/**
 * The sitemap: every public page of the route table, with the pages
 * that come from data (posts, team members, offers, text campaigns, notices).
 * Left out on purpose: redirects (/details, /gift-voucher), saved quotes
 * (/quote/…, private to whoever has the link), the calculator's steps
 * after /prices, which need choices made first, the pages of offers that
 * have ended or not yet started, and every offer page while the offers are
 * hidden (hideOffers), as the navigation hides them then.
 */
import { escapeHtml } from "./html";
import { POSTS_PER_PAGE, pageCount, pagePath, REVIEWS_PER_PAGE } from "./pagination";
import { blogPostPath, newsPath, offerPath, reviewsPath, salonPath, teamPath, teamProfilePath } from "./paths";
import { SALON_SLUGS } from "./salon-ids";
import { PROMOTION_PAGES } from "./site-pages";

/** Home, about, team, blog, reviews, contact and each salon's page (the salons are the seed's, fixed). */
const SALON_PAGES: readonly string[] = [
  "/",
  "/about",
  "/about-info",
  "/team",
  "/team-info",
  "/blog",
  "/blog-info",
  "/reviews",
  "/reviews/all",
  "/contact",
  "/contact-info",
  ...SALON_SLUGS.map(salonPath),
];

/** The calculator's entry, the forms and the privacy notice. */
const FORM_AND_CALCULATOR_PAGES: readonly string[] = [
  "/prices",
  "/recruitment/stylist",
  "/recruitment/apprentice",
  "/recruitment/saturday",
  "/models-info",
  "/feedback",
  "/privacy",
  "/accessibility",
];

export interface SitemapEntry {
  path: string;
  /** ISO date of the last change, when we know it. */
  lastModified?: string;
}

export interface SitemapContent {
  posts: ReadonlyArray<{ slug: string; publishedAt: string }>;
  team: ReadonlyArray<{ slug: string; instagram: string | null }>;
  news: ReadonlyArray<{ slug: string }>;
  /** How many reviews there are, for the later pages of /reviews/all. */
  reviewCount?: number;
  /** The notices showing today. */
  notices: ReadonlyArray<{ path: string }>;
  /** The offers that run today, each with whether it has a text-message page. */
  runningOffers: ReadonlyArray<{ slug: string; sms: boolean }>;
  hideOffers: boolean;
}

/**
 * The later pages of a list (page 1 is the list's own address, listed with
 * the static pages). A stylist's reviews are left at their first page: every
 * review is on a page of /reviews/all already.
 */
function laterPages(path: string, total: number, perPage: number): SitemapEntry[] {
  return Array.from({ length: pageCount(total, perPage) - 1 }, (_, i) => ({ path: pagePath(path, i + 2) }));
}

/** The offers list, its placeholder, each offer's page and the offers sent by text. */
export function isOfferPage(path: string): boolean {
  return /^\/offers(-info)?$/.test(path) || path.startsWith("/offers/") || path.startsWith("/sms/");
}

/** Every public page once, in a stable order: static pages first, then data-driven ones. */
export function sitemapEntries({
  posts,
  team,
  news,
  notices,
  runningOffers,
  reviewCount = 0,
  hideOffers,
}: SitemapContent): SitemapEntry[] {
  const newestPost = posts
    .map((p) => p.publishedAt)
    .sort()
    .at(-1);
  const entries: SitemapEntry[] = [
    ...SALON_PAGES.map((path) => ({
      path,
      ...(newestPost && path.startsWith("/blog") ? { lastModified: newestPost } : {}),
    })),
    ...laterPages("/blog-info", posts.length, POSTS_PER_PAGE),
    ...laterPages("/reviews/all", reviewCount, REVIEWS_PER_PAGE),
    ...PROMOTION_PAGES.map((path) => ({ path })),
    ...FORM_AND_CALCULATOR_PAGES.map((path) => ({ path })),
    ...runningOffers.map((o) => ({ path: offerPath(o.slug) })),
    ...runningOffers.filter((o) => o.sms).map((o) => ({ path: `/sms/${o.slug}` })),
    ...notices.map((n) => ({ path: n.path })),
    ...posts.map((p) => ({ path: blogPostPath(p.slug), lastModified: p.publishedAt })),
    ...news.map((n) => ({ path: newsPath(n.slug) })),
    ...team.flatMap((m) => [
      { path: teamPath(m.slug) },
      // The static profile pages exist for the stylists with an Instagram profile (decision 002).
      ...(m.instagram ? [{ path: teamProfilePath(m.slug) }] : []),
      { path: reviewsPath(m.slug) },
      { path: `/prices/${m.slug}` },
    ]),
  ];
  const seen = new Set<string>();
  return entries
    .filter((e) => !(hideOffers && isOfferPage(e.path)))
    .filter((e) => {
      if (seen.has(e.path)) return false;
      seen.add(e.path);
      return true;
    });
}

/** A sitemaps.org <urlset> with absolute URLs on `origin`. */
export function sitemapXml(entries: readonly SitemapEntry[], origin: string): string {
  const urls = entries.map((e) => {
    const loc = `<loc>${escapeHtml(new URL(e.path, origin).href)}</loc>`;
    const lastmod = e.lastModified ? `<lastmod>${escapeHtml(e.lastModified)}</lastmod>` : "";
    return `  <url>${loc}${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: everything may be crawled except the API, saved quotes and the quote form. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /quote/",
    "Disallow: /prices/finish",
    "Disallow: /unsubscribe/",
    "",
    `Sitemap: ${new URL("/sitemap.xml", origin).href}`,
    "",
  ].join("\n");
}
