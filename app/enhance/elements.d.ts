import type { DetailedHTMLProps, HTMLAttributes } from "react";
import type { PASSKEY_BUTTON } from "./console/passkey-button";
import type { POST_PREVIEW } from "./console/post-preview";

type ElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>;

/** Each custom element's tag, as its module's contract declares it (written nowhere else). */
type ElementTag = (typeof PASSKEY_BUTTON | typeof POST_PREVIEW)["tag"];

/** The console's custom elements (app/enhance/console), as React sees them. */
declare module "react" {
  namespace JSX {
    interface IntrinsicElements extends Record<ElementTag, ElementProps> {}
  }
}
