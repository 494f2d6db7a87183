import type { DetailedHTMLProps, HTMLAttributes } from "react";

type ElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>;

/** The custom elements of app/enhance, as React sees them. */
declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "review-feed": ElementProps;
      "review-filter": ElementProps;
      "shop-carousel": ElementProps;
      "back-link": ElementProps;
      "share-link": ElementProps;
      "stylist-dialog": ElementProps;
      "submission-form": ElementProps;
      "passkey-button": ElementProps;
      "post-preview": ElementProps;
    }
  }
}
