import { defineElement, selector } from "./define-element";
import { cameFromThisSite } from "./referrer";

/** The markup `<back-link>` works on (app/components/back-link.tsx renders it). */
export const BACK_LINK = {
  tag: "back-link",
  /** The fallback page's link: what a visitor without JavaScript uses. */
  fallback: "data-fallback",
  /** The hidden button that goes back in the history instead. */
  back: "data-back",
} as const;

/**
 * `<back-link>`: "Back" that goes one step back in the browser's history
 * (on the COVID guidelines page). The server sends a plain link to the
 * fallback page and a hidden button; this swaps them. A visitor who arrived
 * from another site (or typed the address) has no page of ours to go back
 * to, so they get the fallback too rather than leaving the site.
 */
export function defineBackLink() {
  defineElement(
    BACK_LINK.tag,
    (Base) =>
      class BackLinkElement extends Base {
        override connect(signal: AbortSignal) {
          const link = this.querySelector<HTMLAnchorElement>(selector(BACK_LINK.fallback));
          const button = this.querySelector<HTMLButtonElement>(selector(BACK_LINK.back));
          if (!link || !button) return;
          button.addEventListener(
            "click",
            () => {
              if (cameFromThisSite() && window.history.length > 1) window.history.back();
              else window.location.assign(link.href);
            },
            { signal },
          );
          link.hidden = true;
          button.hidden = false;
        }
      },
  );
}
