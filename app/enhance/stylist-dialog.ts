function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

const FOCUSABLE = "a[href], button:not([disabled]), [tabindex]:not([tabindex='-1'])";

/**
 * `<stylist-dialog>`: a stylist card that opens a modal profile
 * instead of going straight to the stylist's total. The native <dialog>
 * makes the page behind it inert and closes on Escape; Tab and Shift+Tab go
 * round the dialog's own controls rather than out to the browser, and on
 * closing the focus goes back to the card. The close button, a click on the
 * backdrop or "Pick another" close it too. Without JavaScript the card stays
 * a plain link.
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
          dialog.querySelector<HTMLElement>("[data-profile]")?.scrollTo(0, 0);
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
      dialog.addEventListener("keydown", (event) => keepTabInside(dialog, event), { signal });
      dialog.addEventListener("close", () => card.focus(), { signal });
    }

    disconnectedCallback() {
      this.#listeners.abort();
    }
  }
  if (!customElements.get("stylist-dialog")) customElements.define("stylist-dialog", StylistDialogElement);
}

function keepTabInside(dialog: HTMLDialogElement, event: KeyboardEvent) {
  if (event.key !== "Tab") return;
  const controls = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
