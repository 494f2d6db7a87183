function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * `<stylist-dialog>`: a stylist card that opens a modal profile (spec 2.4)
 * instead of going straight to the stylist's total. The native <dialog>
 * traps focus, closes on Escape and gives focus back to the card; a click on
 * the backdrop or "Pick another" closes it too. Without JavaScript the card
 * stays a plain link.
 */
export function defineStylistDialog() {
  class StylistDialogElement extends HTMLElement {
    #listeners = new AbortController();

    connectedCallback() {
      const card = this.querySelector<HTMLAnchorElement>("a[data-open]");
      const dialog = this.querySelector("dialog");
      if (!card || !dialog) return;
      this.#listeners = new AbortController();
      const signal = this.#listeners.signal;
      card.setAttribute("aria-haspopup", "dialog");
      card.addEventListener(
        "click",
        (event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          dialog.showModal();
        },
        { signal },
      );
      dialog.addEventListener(
        "click",
        (event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === dialog || (event.target as Element).closest("[data-close]")) dialog.close();
        },
        { signal },
      );
    }

    disconnectedCallback() {
      this.#listeners.abort();
    }
  }
  if (!customElements.get("stylist-dialog")) customElements.define("stylist-dialog", StylistDialogElement);
}
