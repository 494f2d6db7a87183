/**
 * Public paths of the content pages (offers, notices, shop and the like), for the sitemap.
 * Offer and SMS paths come from their catalogues, so a new offer appears in
 * the sitemap without anyone remembering to add it. Notices are rows with
 * publish dates: the sitemap lists those showing (SitemapContent.notices).
 * Left out: /gift-voucher, which only redirects to the gift-card shop.
 */
import { OFFERS, SMS_CAMPAIGNS } from "./offers";

export const STATIC_PAGES_4B: string[] = [
  "/offers",
  "/offers-info",
  ...OFFERS.map((offer) => `/offers/${offer.slug}`),
  ...SMS_CAMPAIGNS.map((campaign) => `/sms/${campaign.slug}`),
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
