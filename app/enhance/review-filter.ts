import { reviewsPath } from "~/domain/paths";
import { defineElement, selector } from "./define-element";

/** The markup `<review-filter>` works on (app/components/review-filter.tsx renders it). */
export const REVIEW_FILTER = {
  tag: "review-filter",
  /** The "Show reviews" button a page without JavaScript needs. */
  submit: "data-submit",
  /** The count of reviews shown, spoken when it changes. */
  status: "data-status",
  /** The list and its pages: what a choice swaps for the chosen stylist's. */
  results: "data-results",
} as const;

/** The filter's select: its name is the query parameter the page reads without JavaScript. */
export const REVIEW_FILTER_FIELD = "stylist";

/**
 * `<review-filter>`: applies the stylist filter of a reviews page the moment
 * a stylist is chosen, in place. It fetches the stylist's page
 * (/reviews/{slug}, the same page the form leads to without JavaScript) and
 * swaps in its list, its pages and its count; should that fail, it goes to
 * the page instead. The "Show reviews" button, which the page needs without
 * JavaScript, goes; the address is replaced, not pushed, so arrowing through
 * the options leaves no trail of history, and reloading or sharing the page
 * shows the same reviews.
 */
export function defineReviewFilter() {
  defineElement(
    REVIEW_FILTER.tag,
    (Base) =>
      class ReviewFilterElement extends Base {
        #loading: AbortController | null = null;

        override connect(signal: AbortSignal) {
          const select = this.querySelector<HTMLSelectElement>(`select[name=${REVIEW_FILTER_FIELD}]`);
          if (!select) return;
          const button = this.querySelector<HTMLElement>(selector(REVIEW_FILTER.submit));
          if (button) button.hidden = true;
          select.addEventListener("change", () => void this.#apply(select), { signal });
          // The form still submits on Enter: filter in place rather than reload.
          select.form?.addEventListener(
            "submit",
            (event) => {
              event.preventDefault();
              void this.#apply(select);
            },
            { signal },
          );
        }

        override disconnect() {
          this.#loading?.abort();
        }

        async #apply(select: HTMLSelectElement) {
          const path = reviewsPath(select.value);
          // Only the latest choice counts: one still loading is dropped.
          this.#loading?.abort();
          const loading = new AbortController();
          this.#loading = loading;
          let page: Document;
          try {
            const response = await fetch(path, { signal: loading.signal, headers: { Accept: "text/html" } });
            if (!response.ok) throw new Error(`${response.status}`);
            page = new DOMParser().parseFromString(await response.text(), "text/html");
          } catch {
            if (!loading.signal.aborted) window.location.assign(path);
            return;
          }
          const inFilter = (attribute: string) => `${REVIEW_FILTER.tag} ${selector(attribute as `data-${string}`)}`;
          const results = page.querySelector(inFilter(REVIEW_FILTER.results));
          const current = this.querySelector(selector(REVIEW_FILTER.results));
          if (!results || !current) return window.location.assign(path);
          current.replaceWith(document.adoptNode(results));
          const status = this.querySelector(selector(REVIEW_FILTER.status));
          const text = page.querySelector(inFilter(REVIEW_FILTER.status))?.textContent;
          if (status && text) status.textContent = text;
          window.history.replaceState(null, "", path);
        }
      },
  );
}
