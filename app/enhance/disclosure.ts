import { selector } from "./define-element";

/** Marks a `<details>` menu this enhances (app/components/site-nav.tsx, the quote panel). */
export const DISCLOSURE = "data-disclosure";

const OPEN_MENU = `details${selector(DISCLOSURE)}[open]`;

/**
 * What people expect of a menu, added to every `<details data-disclosure>`
 * (which on its own already opens and closes by keyboard and without
 * JavaScript): Escape closes it and returns focus to its summary, and it
 * closes on a click or focus elsewhere and when one of its links is followed.
 * The listeners sit on the document, so menus rendered later are covered too.
 */
export function enhanceDisclosures(doc: Document = document) {
  const openMenus = () => Array.from(doc.querySelectorAll<HTMLDetailsElement>(OPEN_MENU));
  const closeAllBut = (keep: Node | null) => {
    for (const details of openMenus()) if (!keep || !details.contains(keep)) details.open = false;
  };

  doc.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const details = (event.target as Element | null)?.closest?.<HTMLDetailsElement>(OPEN_MENU);
    if (!details) return;
    details.open = false;
    details.querySelector("summary")?.focus();
  });
  doc.addEventListener("pointerdown", (event) => closeAllBut(event.target as Node | null));
  doc.addEventListener("focusin", (event) => closeAllBut(event.target as Node | null));
  doc.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.(`details${selector(DISCLOSURE)} a[href]`);
    const details = link?.closest("details");
    if (details) details.open = false;
  });
}
