import { useMatches } from "react-router";

/**
 * What a route can tell the shell about its page, with `export const handle`:
 * - `hideNav`: no navigation bar (the link tree);
 * - `hydrate`: the page runs React Router in the browser. The staff
 *   console's layout says so for every console page (decision 061); no
 *   public page does: what runs there is an island (decision 062);
 * - `showsHours`: the page shows the opening hours itself, so the footer
 *   leaves them out rather than repeat them;
 * - `answersLinksInPlace`: the page's island answers its own links without
 *   loading a page and writes the address itself (the calculator). Such a
 *   page has no speculation rules (decision 127): at each tap Chrome would
 *   fetch ahead the very page the island shows in place, one uncached page
 *   from the server a tap, and at each change of address it re-matches every
 *   link on the page against the rules.
 */
export interface PageHandle {
  hideNav?: boolean;
  hydrate?: boolean;
  showsHours?: boolean;
  answersLinksInPlace?: boolean;
}

export const showsHours: PageHandle = { showsHours: true };

export const answersLinksInPlace: PageHandle = { answersLinksInPlace: true };

/** True when any route of this page asks for `flag` in its handle. */
export function usePageFlag(flag: keyof PageHandle): boolean {
  return useMatches().some((m) => (m.handle as PageHandle | undefined)?.[flag] === true);
}

/**
 * Where a page about one salon or stylist books, given in its loader data as `bookAt`: the phone bar's "Book"
 * (app/components/quick-actions.tsx) goes there, not to the main salon. `href` is the page's own booking
 * address (a quote's counted link, a stylist's or salon's booking page); `label` finishes "Book" for a screen
 * reader ("at Maison Ivy Kestwick").
 */
export interface BookAt {
  href: string;
  label: string;
}

/** The deepest route's `bookAt`, if this page has one. */
export function usePageBookAt(): BookAt | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const bookAt = (matches[i]?.loaderData as { bookAt?: BookAt } | undefined)?.bookAt;
    if (bookAt) return bookAt;
  }
  return null;
}
