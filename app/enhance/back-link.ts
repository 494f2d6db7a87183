import { cameFromThisSite } from "./referrer";

/**
 * `<back-link>`: "Back" that goes one step back in the browser's history
 * (on the COVID guidelines page). The server sends a plain link to the
 * fallback page, which is what a visitor without JavaScript uses, and a
 * hidden button; this swaps them. A visitor who arrived from another site
 * (or typed the address) has no page of ours to go back to, so they get the
 * fallback too rather than leaving the site.
 */
export function defineBackLink() {
  class BackLinkElement extends HTMLElement {
    #listeners = new AbortController();

    connectedCallback() {
      const link = this.querySelector<HTMLAnchorElement>("a[href]");
      const button = this.querySelector<HTMLButtonElement>("button");
      if (!link || !button) return;
      this.#listeners = new AbortController();
      button.addEventListener(
        "click",
        () => {
          if (cameFromThisSite() && window.history.length > 1) window.history.back();
          else window.location.assign(link.href);
        },
        { signal: this.#listeners.signal },
      );
      link.hidden = true;
      button.hidden = false;
    }

    disconnectedCallback() {
      this.#listeners.abort();
    }
  }
  if (!customElements.get("back-link")) customElements.define("back-link", BackLinkElement);
}
