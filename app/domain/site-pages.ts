/**
 * Public paths of the content pages (offers, notices, shop and the like), for the sitemap.
 * Offer, SMS and notice paths come from their catalogues, so a new offer
 * appears in the sitemap without anyone remembering to add it.
 * Left out: /gift-voucher, which only redirects to the gift-card shop.
 */
import { STYLIST_NOTICES } from "./notices";
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
  "/reopening",
  ...STYLIST_NOTICES.map((notice) => notice.path),
  "/new-prices",
  "/bookings",
  "/link-tree",
  "/links",
  "/your-gift",
];
