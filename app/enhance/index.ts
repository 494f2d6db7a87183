import { defineBackLink } from "./back-link";
import { enhanceDisclosures } from "./disclosure";
import { defineReviewFeed } from "./review-feed";
import { defineReviewFilter } from "./review-filter";
import { defineShareLink } from "./share-link";
import { defineShopCarousel } from "./shop-carousel";
import { defineStylistDialog } from "./stylist-dialog";

/**
 * The behaviour the pages React does not hydrate add to their
 * server-rendered HTML, with no framework (decision 006). The React entry
 * calls it too, so the widgets work the same when a form page's React
 * renders another page in the browser.
 */
export function enhance() {
  defineReviewFeed();
  defineReviewFilter();
  defineShopCarousel();
  defineBackLink();
  defineShareLink();
  defineStylistDialog();
  enhanceDisclosures();
}
