import type { DetailedHTMLProps, HTMLAttributes } from "react";
import type { REVIEW_FEED } from "./review-feed";
import type { REVIEW_FILTER } from "./review-filter";
import type { SHOP_CAROUSEL } from "./shop-carousel";

type ElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>;

/** Each custom element's tag, as its module's contract declares it (written nowhere else). */
type ElementTag = (typeof REVIEW_FEED | typeof REVIEW_FILTER | typeof SHOP_CAROUSEL)["tag"];

/** The custom elements of app/enhance, as React sees them. */
declare module "react" {
  namespace JSX {
    interface IntrinsicElements extends Record<ElementTag, ElementProps> {}
  }
}
