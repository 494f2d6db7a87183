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
  class ReviewFilterElement extends HTMLElement {
    #listeners = new AbortController();
    #loading: AbortController | null = null;

    connectedCallback() {
      const select = this.querySelector<HTMLSelectElement>("select[name=stylist]");
      if (!select) return;
      this.#listeners = new AbortController();
      const signal = this.#listeners.signal;
      const button = this.querySelector<HTMLElement>("[data-submit]");
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

    disconnectedCallback() {
      this.#listeners.abort();
      this.#loading?.abort();
    }

    async #apply(select: HTMLSelectElement) {
      const path = `/reviews/${encodeURIComponent(select.value)}`;
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
      const results = page.querySelector("review-filter [data-results]");
      const current = this.querySelector("[data-results]");
      if (!results || !current) return window.location.assign(path);
      current.replaceWith(document.adoptNode(results));
      const status = this.querySelector("[data-status]");
      const text = page.querySelector("review-filter [data-status]")?.textContent;
      if (status && text) status.textContent = text;
      window.history.replaceState(null, "", path);
    }
  }
  if (!customElements.get("review-filter")) customElements.define("review-filter", ReviewFilterElement);
}
