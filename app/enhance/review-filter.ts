import { reviewCountText } from "~/domain/format";
import { defineElement, selector } from "./define-element";

/** The markup `<review-filter>` works on (app/components/review-filter.tsx renders it). */
export const REVIEW_FILTER = {
  tag: "review-filter",
  /** Each review, with its stylist's slug as the value. */
  stylist: "data-stylist",
  /** On each option: the stylist's full name, for the count. */
  name: "data-name",
  /** The "Show reviews" button a page without JavaScript needs. */
  submit: "data-submit",
  /** "No reviews yet", shown when the choice has none. */
  empty: "data-empty",
  /** The count of reviews shown, spoken when it changes. */
  status: "data-status",
} as const;

/** The filter's select: its name is the query parameter the page reads without JavaScript. */
export const REVIEW_FILTER_FIELD = "stylist";

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
  defineElement(
    REVIEW_FILTER.tag,
    (Base) =>
      class ReviewFilterElement extends Base {
        override connect(signal: AbortSignal) {
          const select = this.querySelector<HTMLSelectElement>(`select[name=${REVIEW_FILTER_FIELD}]`);
          if (!select) return;
          const button = this.querySelector<HTMLElement>(selector(REVIEW_FILTER.submit));
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

        #apply(select: HTMLSelectElement) {
          const slug = select.value;
          const reviews = Array.from(this.querySelectorAll<HTMLElement>(selector(REVIEW_FILTER.stylist)));
          let shown = 0;
          for (const review of reviews) {
            review.hidden = slug !== "all" && review.getAttribute(REVIEW_FILTER.stylist) !== slug;
            if (!review.hidden) shown++;
          }
          const empty = this.querySelector<HTMLElement>(selector(REVIEW_FILTER.empty));
          if (empty) empty.hidden = shown > 0;
          const status = this.querySelector(selector(REVIEW_FILTER.status));
          const name = select.selectedOptions[0]?.getAttribute(REVIEW_FILTER.name) ?? undefined;
          if (status) status.textContent = reviewCountText(shown, name);
          window.history.replaceState(null, "", `/reviews/${encodeURIComponent(slug)}`);
        }
      },
  );
}
