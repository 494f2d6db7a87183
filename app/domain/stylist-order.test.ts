import { describe, expect, it } from "vitest";
import { stylists } from "~/server/seed/content";
import { inVisitOrder, visitRank } from "./stylist-order";

const slugs = stylists.map((stylist) => stylist.slug);
const order = (seed: string, list: readonly string[] = slugs) =>
  inVisitOrder(
    list.map((slug) => ({ slug })),
    seed,
  ).map((item) => item.slug);

describe("the order of stylist lists in a visit", () => {
  it("is a permutation of the list: every stylist once", () => {
    for (const seed of ["a", "b", "visit-1", "zz9"]) expect([...order(seed)].sort()).toEqual([...slugs].sort());
  });

  it("is the same for the same seed, whatever order the list came in", () => {
    expect(order("visit-1")).toEqual(order("visit-1"));
    expect(order("visit-1", [...slugs].reverse())).toEqual(order("visit-1"));
  });

  it("differs from one visit to the next, and every stylist is sometimes first", () => {
    const seen = new Set<string>();
    const firsts = new Set<string>();
    for (let visit = 0; visit < 400; visit++) {
      const result = order(`visit-${visit}`);
      seen.add(result.join(","));
      firsts.add(result[0] ?? "");
    }
    expect(seen.size).toBeGreaterThan(390);
    expect(firsts).toEqual(new Set(slugs));
  });

  it("ranks a stylist the same in every list of the visit, so two lists agree on who comes first", () => {
    const whole = order("visit-7");
    const some = slugs.filter((_, i) => i % 2 === 0);
    expect(order("visit-7", some)).toEqual(whole.filter((slug) => some.includes(slug)));
    expect(visitRank("visit-7", "isla")).toBe(visitRank("visit-7", "isla"));
  });
});
