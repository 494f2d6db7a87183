import { defineBackLink } from "./back-link";
import { enhanceDisclosures } from "./disclosure";
import { defineReviewFeed } from "./review-feed";
import { defineReviewFilter } from "./review-filter";
import { defineShopCarousel } from "./shop-carousel";
import { defineStylistDialog } from "./stylist-dialog";

/**
 * The behaviour the public pages add to their server-rendered HTML, with no
 * framework (decisions 006 and 018): the widgets. The forms' element
 * (`submission-form.ts`) is loaded only by the pages that show a form. The
 * React entry (every page in development) calls both.
 */
export function enhance() {
  defineReviewFeed();
  defineReviewFilter();
  defineShopCarousel();
  defineBackLink();
  defineStylistDialog();
  enhanceDisclosures();
}
