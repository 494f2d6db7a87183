import { useCallback } from "react";

/**
 * What people expect of a `<details>` menu, which on its own already opens
 * and closes by keyboard and without JavaScript: Escape closes it and gives
 * the focus back to its summary, and it closes on a click or focus outside
 * it and when one of its links is followed. Returns a callback ref for the
 * `<details>`; the listeners go when the element does, so a menu that comes
 * and goes (the calculator's estimate bar) is covered each time it shows.
 */
export function useDisclosure() {
  return useCallback((details: HTMLDetailsElement | null) => {
    if (!details) return;
    const listening = new AbortController();
    const { signal } = listening;
    const closeUnlessInside = (event: Event) => {
      if (details.open && !details.contains(event.target as Node | null)) details.open = false;
    };
    details.addEventListener(
      "keydown",
      (event) => {
        if (event.key !== "Escape" || !details.open) return;
        details.open = false;
        details.querySelector("summary")?.focus();
      },
      { signal },
    );
    details.addEventListener(
      "click",
      (event) => {
        if ((event.target as Element | null)?.closest?.("a[href]")) details.open = false;
      },
      { signal },
    );
    details.ownerDocument.addEventListener("pointerdown", closeUnlessInside, { signal });
    details.ownerDocument.addEventListener("focusin", closeUnlessInside, { signal });
    return () => listening.abort();
  }, []);
}
