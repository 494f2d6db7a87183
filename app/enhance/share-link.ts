/**
 * `<share-link>`: a share link in place of a social "like" widget, with no
 * third-party script and no tracking. Without JavaScript it is a plain link
 * to Facebook's share page for this address; with it, phones open their own
 * share sheet (Web Share API), and a browser without one copies the page's
 * address and says so.
 */
export function defineShareLink() {
  class ShareLinkElement extends HTMLElement {
    #listeners = new AbortController();

    connectedCallback() {
      const link = this.querySelector<HTMLAnchorElement>("a[href]");
      if (!link) return;
      this.#listeners = new AbortController();
      link.addEventListener("click", (event) => this.#share(event), { signal: this.#listeners.signal });
    }

    disconnectedCallback() {
      this.#listeners.abort();
    }

    #share(event: MouseEvent) {
      const url = new URL(this.dataset.path ?? "/", window.location.origin).href;
      const status = this.querySelector("[role=status]");
      if (typeof navigator.share === "function") {
        event.preventDefault();
        // Closing the share sheet rejects with AbortError: that is the visitor's choice, not an error.
        navigator.share({ title: this.dataset.title ?? document.title, url }).catch(() => undefined);
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
  }
  if (!customElements.get("share-link")) customElements.define("share-link", ShareLinkElement);
}
