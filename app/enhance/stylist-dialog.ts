import { defineElement, selector } from "./define-element";

/** The markup `<stylist-dialog>` works on (app/components/quote/stylist-dialog.tsx renders it). */
export const STYLIST_DIALOG = {
  tag: "stylist-dialog",
  /** The card: a link to the stylist's total, which opens the profile instead. */
  open: "data-open",
  /** The close button and "Pick another". */
  close: "data-close",
  /** The profile's text, scrolled back to its top each time it opens. */
  profile: "data-profile",
} as const;

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
  defineElement(
    STYLIST_DIALOG.tag,
    (Base) =>
      class StylistDialogElement extends Base {
        override connect(signal: AbortSignal) {
          const card = this.querySelector<HTMLAnchorElement>(`a${selector(STYLIST_DIALOG.open)}`);
          const dialog = this.querySelector("dialog");
          if (!card || !dialog) return;
          card.setAttribute("aria-haspopup", "dialog");
          card.addEventListener(
            "click",
            (event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              dialog.showModal();
              dialog.querySelector<HTMLElement>(selector(STYLIST_DIALOG.profile))?.scrollTo(0, 0);
            },
            { signal },
          );
          dialog.addEventListener(
            "click",
            (event) => {
              // A click on the backdrop lands on the dialog element itself.
              if (event.target === dialog || (event.target as Element).closest(selector(STYLIST_DIALOG.close)))
                dialog.close();
            },
            { signal },
          );
          dialog.addEventListener("keydown", (event) => keepTabInside(dialog, event), { signal });
          dialog.addEventListener("close", () => card.focus(), { signal });
        }
      },
  );
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
