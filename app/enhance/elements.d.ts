import type { DetailedHTMLProps, HTMLAttributes } from "react";
import type { BACK_LINK } from "./back-link";
import type { REVIEW_FEED } from "./review-feed";
import type { REVIEW_FILTER } from "./review-filter";
import type { SHARE_LINK } from "./share-link";
import type { SHOP_CAROUSEL } from "./shop-carousel";
import type { STYLIST_DIALOG } from "./stylist-dialog";
import type { SUBMISSION_FORM } from "./submission-form";

type ElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>;

/** Each custom element's tag, as its module's contract declares it (written nowhere else). */
type ElementTag = (
  | typeof BACK_LINK
  | typeof REVIEW_FEED
  | typeof REVIEW_FILTER
  | typeof SHARE_LINK
  | typeof SHOP_CAROUSEL
  | typeof STYLIST_DIALOG
  | typeof SUBMISSION_FORM
)["tag"];

/** The custom elements of app/enhance, as React sees them. */
declare module "react" {
  namespace JSX {
    interface IntrinsicElements extends Record<ElementTag, ElementProps> {}
  }
}
