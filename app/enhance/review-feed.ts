const REVIEW_INTERVAL_MS = 7000;
export const REVIEW_FEED_CHARS = 180;

/**
 * `<review-feed>`: the server renders every review, all but the first
 * hidden, and the Previous, Pause and Next buttons hidden. Once this runs it
 * shows the buttons and moves on every 7 seconds. It holds still while
 * hovered or focused, when the visitor asks for reduced motion, or after
 * Pause; the automatic changes are not announced (aria-live off), only the
 * ones the visitor asks for.
 */
export function defineReviewFeed() {
  class ReviewFeedElement extends HTMLElement {
    #index = 0;
    #timer = 0;
    #hovered = false;
    #focused = false;
    #paused = false;
    #listeners = new AbortController();
    #reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

    get #reviews() {
      return Array.from(this.querySelectorAll<HTMLElement>("[data-review]"));
    }

    connectedCallback() {
      const controls = this.querySelector<HTMLElement>("[data-controls]");
      if (!controls || this.#reviews.length < 2) return;
      this.#listeners = new AbortController();
      const signal = this.#listeners.signal;
      controls.hidden = false;
      this.#on("[data-action=previous]", () => this.#step(-1), signal);
      this.#on("[data-action=next]", () => this.#step(1), signal);
      this.#on(
        "[data-action=pause]",
        () => {
          this.#paused = !this.#paused;
          const label = this.querySelector("[data-action=pause] [data-label]");
          if (label) label.textContent = this.#paused ? "Play" : "Pause";
          this.#schedule();
        },
        signal,
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

    disconnectedCallback() {
      this.#listeners.abort();
      window.clearInterval(this.#timer);
    }

    #on(selector: string, handler: () => void, signal: AbortSignal) {
      this.querySelector(selector)?.addEventListener("click", handler, { signal });
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
      this.querySelector("[data-live]")?.setAttribute("aria-live", announce ? "polite" : "off");
      // The first review appeared without the fade, so nothing moved while the page settled.
      this.dataset.rotated = "";
      reviews.forEach((review, i) => {
        review.hidden = i !== this.#index;
      });
    }
  }
  if (!customElements.get("review-feed")) customElements.define("review-feed", ReviewFeedElement);
}
