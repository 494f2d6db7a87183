import type { DetailedHTMLProps, HTMLAttributes } from "react";
import type { PASSKEY_BUTTON } from "./console/passkey-button";
import type { POST_PREVIEW } from "./console/post-preview";
import type { REVIEW_FILTER } from "./review-filter";

type ElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>;

/** Each custom element's tag, as its module's contract declares it (written nowhere else). */
type ElementTag = (
  | typeof REVIEW_FILTER
  | typeof PASSKEY_BUTTON
  | typeof POST_PREVIEW
)["tag"];

/** The custom elements of app/enhance, as React sees them. */
declare module "react" {
  namespace JSX {
    interface IntrinsicElements extends Record<ElementTag, ElementProps> {}
  }
}
