/**
 * The order stylist lists are shown in during one visit. Every stylist gets a
 * rank from the visit's seed and their slug, and lists are sorted by it: a
 * fresh visit (a new seed) sees a new random order, while a reload, Back, or
 * another page of the same visit sees the same one, so nobody loses their
 * place mid-choice. The rank of a stylist does not depend on who else is in
 * the list, so the calculator's stylist step and a level's list agree on who
 * comes before whom. Pure: the seed is kept by the browser (see
 * app/components/visit-order.ts and docs/decisions/063-stylist-order.md).
 */

/** A 32-bit hash of `text`: FNV-1a, then murmur3's finaliser so close seeds give unrelated ranks. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Where `slug` comes in this visit's lists: lower first. */
export function visitRank(seed: string, slug: string): number {
  return hash32(`${seed}:${slug}`);
}

/** The items in this visit's order: a permutation, the same for the same seed, whatever order they came in. */
export function inVisitOrder<T extends { slug: string }>(items: readonly T[], seed: string): T[] {
  return items
    .map((item) => ({ item, rank: visitRank(seed, item.slug) }))
    .sort((a, b) => a.rank - b.rank || (a.item.slug < b.item.slug ? -1 : a.item.slug > b.item.slug ? 1 : 0))
    .map(({ item }) => item);
}
