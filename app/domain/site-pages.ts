/**
 * Public paths of the content pages (offers, notices, shop and the like), for the sitemap.
 * Notice paths come from their catalogue, so a new notice appears in the
 * sitemap without anyone remembering to add it; offer and text-message pages
 * are rows, listed by the sitemap while they run.
 * Left out: /gift-voucher, which only redirects to the gift-card shop.
 */
import { STYLIST_NOTICES } from "./notices";

export const STATIC_PAGES_4B: string[] = [
  "/offers",
  "/offers-info",
  "/refer-a-friend",
  "/online-shop",
  "/recruitment",
  "/models",
  "/corona",
  "/corona-info",
  "/reopening",
  ...STYLIST_NOTICES.map((notice) => notice.path),
  "/new-prices",
  "/bookings",
  "/link-tree",
  "/links",
  "/your-gift",
];
