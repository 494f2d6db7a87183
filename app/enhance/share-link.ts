import { defineElement } from "./define-element";

/** The markup `<share-link>` works on (app/components/share-link.tsx renders it). */
export const SHARE_LINK = {
  tag: "share-link",
  /** The page's path and title to share, on the element itself. */
  path: "data-path",
  title: "data-title",
} as const;

/**
 * `<share-link>`: a share link in place of a social "like" widget, with no
 * third-party script and no tracking. Without JavaScript it is a plain link
 * to Facebook's share page for this address; with it, phones open their own
 * share sheet (Web Share API), and a browser without one copies the page's
 * address and says so in its status.
 */
export function defineShareLink() {
  defineElement(
    SHARE_LINK.tag,
    (Base) =>
      class ShareLinkElement extends Base {
        override connect(signal: AbortSignal) {
          this.querySelector("a[href]")?.addEventListener("click", (event) => this.#share(event as MouseEvent), {
            signal,
          });
        }

        #share(event: MouseEvent) {
          const url = new URL(this.getAttribute(SHARE_LINK.path) ?? "/", window.location.origin).href;
          const status = this.querySelector("[role=status]");
          if (typeof navigator.share === "function") {
            event.preventDefault();
            // Closing the share sheet rejects with AbortError: that is the visitor's choice, not an error.
            navigator
              .share({ title: this.getAttribute(SHARE_LINK.title) ?? document.title, url })
              .catch(() => undefined);
            return;
          }
          if (typeof navigator.clipboard?.writeText !== "function" || !status) return;
          event.preventDefault();
          navigator.clipboard.writeText(url).then(
            () => {
              status.textContent = "Link copied";
            },
            () => {
              status.textContent = `Copy this link: ${url}`;
            },
          );
        }
      },
  );
}
