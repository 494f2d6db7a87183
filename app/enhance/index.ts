import { defineBackLink } from "./back-link";
import { enhanceDisclosures } from "./disclosure";
import { defineReviewFeed } from "./review-feed";
import { defineReviewFilter } from "./review-filter";
import { defineShareLink } from "./share-link";
import { defineShopCarousel } from "./shop-carousel";
import { defineStylistDialog } from "./stylist-dialog";
import { defineSubmissionForm } from "./submission-form";

/**
 * The behaviour the public pages add to their server-rendered HTML, with no
 * framework (decisions 006 and 018): the widgets and the forms. The React
 * entry (the staff console, and every page in development) calls it too.
 */
export function enhance() {
  defineReviewFeed();
  defineReviewFilter();
  defineShopCarousel();
  defineBackLink();
  defineShareLink();
  defineStylistDialog();
  defineSubmissionForm();
  enhanceDisclosures();
  // A page restored by Back or Forward shows what it was sent with, not the choice the visitor left it with.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const form of document.querySelectorAll<HTMLFormElement>("form[data-reset-on-return]")) form.reset();
  });
}
