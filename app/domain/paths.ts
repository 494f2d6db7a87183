/**
 * The public site's addresses that carry a slug or a link, written once: pages,
 * cards, the sitemap, structured data, messages and the console's "view on the
 * site" links all build them here (the console's own are staffPath, in staff/routes.ts).
 */
export const teamPath = (slug: string) => `/team/${slug}`;
/** A salon's own page: /salons/kestwick (slugs in salon-ids.ts). */
export const salonPath = (slug: string) => `/salons/${slug}`;
/** The static profile page beside a stylist's page (decision 002). */
export const teamProfilePath = (slug: string) => `${teamPath(slug)}-profile`;
/** A stylist's reviews: /reviews/{slug}, or /reviews/all without a stylist. */
export function reviewsPath(slug: string | null | undefined): string {
  const value = (slug ?? "").trim();
  return `/reviews/${encodeURIComponent(value === "" ? "all" : value)}`;
}
export const blogPostPath = (slug: string) => `/blog/${slug}`;
export const newsPath = (slug: string) => `/news/${slug}`;
export const offerPath = (slug: string) => `/offers/${slug}`;
/** A saved quote's page, at its unguessable link. */
export const quotePath = (link: string) => `/quote/${link}`;
/** A saved quote's Book button: counts the click, then on to the quote's booking link (routes/quote-book.ts). */
export const quoteBookPath = (link: string) => `/quote/${link}/book`;
/** Where a colour quote's client books her skin test: on to her salon's skin-test link (routes/quote-skin-test.ts). */
export const quoteSkinTestPath = (link: string) => `/quote/${link}/skin-test`;
