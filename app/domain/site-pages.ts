/**
 * Public paths of the content pages (offers, notices, shop and the like), for the sitemap.
 * Offer, text-message and notice pages are rows: the sitemap lists those
 * running or showing today (SitemapContent), so a new one appears without
 * anyone remembering to add it.
 * Left out: /gift-voucher, which only redirects to the gift-card shop.
 */

export const STATIC_PAGES_4B: string[] = [
  "/offers",
  "/offers-info",
  "/refer-a-friend",
  "/online-shop",
  "/recruitment",
  "/models",
  "/corona",
  "/corona-info",
  "/bookings",
  "/link-tree",
  "/links",
  "/your-gift",
];
