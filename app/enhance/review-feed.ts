import { CAROUSEL_PARTS } from "./carousel-parts";
import { defineElement, selector } from "./define-element";

const REVIEW_INTERVAL_MS = 7000;
export const REVIEW_FEED_CHARS = 180;

/** The markup `<review-feed>` works on (app/components/review-feed.tsx renders it). */
export const REVIEW_FEED = {
  tag: "review-feed",
  ...CAROUSEL_PARTS,
  /** Each review; all but the first are sent hidden. */
  review: "data-review",
  /** The region around the reviews whose aria-live this sets. */
  live: "data-live",
  /** The Pause button's word, which becomes "Play". */
  label: "data-label",
  /** Set on the element once it has moved on: from then on reviews fade in (app.css). */
  rotated: "data-rotated",
} as const;

/**
 * `<review-feed>`: the server renders every review, all but the first
 * hidden, and the Previous, Pause and Next buttons hidden. Once this runs it
 * shows the buttons and moves on every 7 seconds. It holds still while
 * hovered or focused, when the visitor asks for reduced motion, or after
 * Pause; the automatic changes are not announced (aria-live off), only the
 * ones the visitor asks for.
 */
export function defineReviewFeed() {
  defineElement(
    REVIEW_FEED.tag,
    (Base) =>
      class ReviewFeedElement extends Base {
        #index = 0;
        #timer = 0;
        #hovered = false;
        #focused = false;
        #paused = false;
        #reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

        get #reviews() {
          return Array.from(this.querySelectorAll<HTMLElement>(selector(REVIEW_FEED.review)));
        }

        override connect(signal: AbortSignal) {
          const controls = this.querySelector<HTMLElement>(selector(REVIEW_FEED.controls));
          if (!controls || this.#reviews.length < 2) return;
          controls.hidden = false;
          const button = (action: string) => this.querySelector(selector(REVIEW_FEED.action, action));
          button("previous")?.addEventListener("click", () => this.#step(-1), { signal });
          button("next")?.addEventListener("click", () => this.#step(1), { signal });
          button("pause")?.addEventListener(
            "click",
            () => {
              this.#paused = !this.#paused;
              const label = button("pause")?.querySelector(selector(REVIEW_FEED.label));
              if (label) label.textContent = this.#paused ? "Play" : "Pause";
              this.#schedule();
            },
            { signal },
          );
          this.addEventListener("mouseenter", () => this.#hold("hovered", true), { signal });
          this.addEventListener("mouseleave", () => this.#hold("hovered", false), { signal });
          this.addEventListener("focusin", () => this.#hold("focused", true), { signal });
          this.addEventListener(
            "focusout",
            (event) => {
              if (!this.contains(event.relatedTarget as Node | null)) this.#hold("focused", false);
            },
            { signal },
          );
          this.#reducedMotion.addEventListener("change", () => this.#schedule(), { signal });
          this.#schedule();
        }

        override disconnect() {
          window.clearInterval(this.#timer);
        }

        #hold(reason: "hovered" | "focused", value: boolean) {
          if (reason === "hovered") this.#hovered = value;
          else this.#focused = value;
          this.#schedule();
        }

        #schedule() {
          window.clearInterval(this.#timer);
          if (this.#hovered || this.#focused || this.#paused || this.#reducedMotion.matches) return;
          this.#timer = window.setInterval(() => this.#show(this.#index + 1, false), REVIEW_INTERVAL_MS);
        }

        #step(delta: number) {
          this.#show(this.#index + delta, true);
        }

        #show(index: number, announce: boolean) {
          const reviews = this.#reviews;
          this.#index = (index + reviews.length) % reviews.length;
          this.querySelector(selector(REVIEW_FEED.live))?.setAttribute("aria-live", announce ? "polite" : "off");
          // The first review appeared without the fade, so nothing moved while the page settled.
          this.setAttribute(REVIEW_FEED.rotated, "");
          reviews.forEach((review, i) => {
            review.hidden = i !== this.#index;
          });
        }
      },
  );
}
