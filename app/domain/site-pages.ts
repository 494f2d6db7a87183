/**
 * Public paths of the pages that promote something at a fixed address: offers, the shop,
 * jobs, models, the link hubs and the salon notices, for the sitemap and their page test.
 * Offer, text-message and notice pages are rows: the sitemap lists those
 * running or showing today (SitemapContent), so a new one appears without
 * anyone remembering to add it.
 * Left out: /gift-voucher, which only redirects to the gift-card shop.
 */

export const PROMOTION_PAGES: string[] = [
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
