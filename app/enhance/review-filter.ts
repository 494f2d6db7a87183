import { reviewCountText } from "~/domain/format";

/**
 * `<review-filter>`: applies the stylist filter of a reviews page the moment
 * a stylist is chosen, in place (app/components/review-filter.tsx renders
 * every review, those of other stylists hidden). The "Show reviews" button,
 * which the page needs without JavaScript, goes; the address is replaced,
 * not pushed, so arrowing through the options leaves no trail of history,
 * and reloading or sharing the page shows the same reviews. Back and
 * Forward bring the page back as it was left: choice, list and address agree.
 */
export function defineReviewFilter() {
  class ReviewFilterElement extends HTMLElement {
    #listeners = new AbortController();

    connectedCallback() {
      const select = this.querySelector<HTMLSelectElement>("select[name=stylist]");
      if (!select) return;
      this.#listeners = new AbortController();
      const signal = this.#listeners.signal;
      const button = this.querySelector<HTMLElement>("[data-submit]");
      if (button) button.hidden = true;
      select.addEventListener("change", () => this.#apply(select), { signal });
      // The form still submits on Enter: filter in place rather than reload.
      select.form?.addEventListener(
        "submit",
        (event) => {
          event.preventDefault();
          this.#apply(select);
        },
        { signal },
      );
    }

    disconnectedCallback() {
      this.#listeners.abort();
    }

    #apply(select: HTMLSelectElement) {
      const slug = select.value;
      const reviews = Array.from(this.querySelectorAll<HTMLElement>("[data-stylist]"));
      let shown = 0;
      for (const review of reviews) {
        review.hidden = slug !== "all" && review.dataset.stylist !== slug;
        if (!review.hidden) shown++;
      }
      const empty = this.querySelector<HTMLElement>("[data-empty]");
      if (empty) empty.hidden = shown > 0;
      const status = this.querySelector("[data-status]");
      if (status) status.textContent = reviewCountText(shown, select.selectedOptions[0]?.dataset.name);
      window.history.replaceState(null, "", `/reviews/${encodeURIComponent(slug)}`);
    }
  }
  if (!customElements.get("review-filter")) customElements.define("review-filter", ReviewFilterElement);
}
