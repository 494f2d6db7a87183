/**
 * The visit's seed for the order of stylist lists, kept in the browser's
 * sessionStorage: one per tab, kept across reloads and pages of the site,
 * gone when the tab closes. Never a cookie and never sent to the server, so
 * the public pages stay the same bytes for everyone and can be cached and
 * shared. The server renders every list in the team's own order (all of it,
 * which is what a visitor without JavaScript gets); these reorder it once the
 * page's script runs. Browser code: nothing here runs on the server.
 */
import { useEffect, useState } from "react";
import { inVisitOrder } from "~/domain/stylist-order";

const SEED_KEY = "maison-ivy.stylist-order";

/** When sessionStorage refuses (some private modes): a seed for as long as this page lives. */
let pageSeed: string | undefined;

function newSeed(): string {
  const bytes = new Uint32Array(2);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (n) => n.toString(36)).join("");
}

/** This visit's seed, made on first use. */
function visitSeed(): string {
  try {
    const kept = sessionStorage.getItem(SEED_KEY);
    if (kept) return kept;
    const seed = newSeed();
    sessionStorage.setItem(SEED_KEY, seed);
    return seed;
  } catch {
    pageSeed ??= newSeed();
    return pageSeed;
  }
}

/**
 * The visit's seed once the island has hydrated, null before (and on the
 * server): the first render matches the server's HTML, the next one reorders.
 */
export function useVisitSeed(): string | null {
  const [seed, setSeed] = useState<string | null>(null);
  useEffect(() => setSeed(visitSeed()), []);
  return seed;
}

/**
 * Puts the items of every server-rendered list marked `data-stylist-order` in
 * this visit's order: each item names its stylist in `data-stylist`. For
 * lists whose cards are islands of their own (a level's stylists), so the
 * items are moved, not re-rendered.
 */
export function orderStylistLists(root: ParentNode = document): void {
  const seed = visitSeed();
  for (const list of root.querySelectorAll<HTMLElement>("[data-stylist-order]")) {
    const items = Array.from(list.children).flatMap((element) =>
      element instanceof HTMLElement && element.dataset.stylist ? [{ slug: element.dataset.stylist, element }] : [],
    );
    for (const { element } of inVisitOrder(items, seed)) list.appendChild(element);
  }
}
