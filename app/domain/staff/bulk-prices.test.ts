import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changedPricePence } from "../level-changes";
import { levelLabourPence, linePricePence } from "../pricing";
import { catalogue, levelById, services } from "../testing/catalogue";
import { bulkChangeText, bulkLevelRows, bulkPriceRows, bulkPriceSchema } from "./bulk-prices";

const parse = (input: Record<string, string>) => bulkPriceSchema.safeParse({ from: "", ...input });

describe("a bulk price change as the form posts it", () => {
  it("reads a percentage or an amount, with or without signs and symbols", () => {
    expect(parse({ scope: "kind-2", by: "percent", change: "3" }).data).toEqual({
      scope: "kind-2",
      by: "percent",
      step: 300,
      from: null,
      level: null,
      round: "exact",
    });
    expect(parse({ scope: "all", by: "percent", change: "+2.5%" }).data?.step).toBe(250);
    expect(parse({ scope: "all", by: "amount", change: "£2.50" }).data?.step).toBe(250);
    expect(parse({ scope: "all", by: "amount", change: "-1" }).data?.step).toBe(-100);
    expect(parse({ scope: "2-1", by: "amount", change: "1", from: "2026-12-07" }).data?.from).toBe("2026-12-07");
    expect(parse({ scope: "kind-2", by: "percent", change: "3", level: "8" }).data?.level).toBe(8);
    expect(parse({ scope: "all", by: "percent", change: "5", round: "10p" }).data?.round).toBe("10p");
  });

  it("reads a change pasted with invisible characters and no-break spaces", () => {
    expect(parse({ scope: "all", by: "percent", change: "\u200B3\u00A0%" }).data?.step).toBe(300);
    expect(parse({ scope: "all", by: "amount", change: "£\u00A02.50\uFEFF" }).data?.step).toBe(250);
    expect(parse({ scope: "all", by: "amount", change: "\u202D-1\u202C" }).data?.step).toBe(-100);
  });

  it.each([
    [{ scope: "everything", by: "percent", change: "3" }, "Please choose which services change."],
    [{ scope: "all", by: "fraction", change: "3" }, "Please choose a percentage or an amount."],
    [{ scope: "all", by: "percent", change: "" }, "Please enter the change, such as 3 or -2.50."],
    [{ scope: "all", by: "percent", change: "three" }, "Please enter the percentage as a number, such as 3 or -2.5."],
    [{ scope: "all", by: "percent", change: "0" }, "Please enter a percentage other than 0, from -50 to 50."],
    [{ scope: "all", by: "percent", change: "75" }, "Please enter a percentage other than 0, from -50 to 50."],
    [{ scope: "all", by: "amount", change: "1.234" }, "Please enter the amount in pounds, such as 2 or -1.50."],
    [{ scope: "all", by: "amount", change: "101" }, "Please enter an amount other than 0, from -£100 to £100."],
    [{ scope: "all", by: "percent", change: "3", level: "senior" }, "Please choose the level from the list."],
    [
      { scope: "all", by: "percent", change: "3", level: "8", round: "pound" },
      "Rounding applies to the list prices: a level's prices are rounded in each quote, as set in Settings.",
    ],
    [{ scope: "all", by: "percent", change: "3", round: "1p" }, "Please choose how the new prices are rounded."],
    [
      { scope: "all", by: "percent", change: "3", from: "2026-02-30" },
      "Please enter the day the prices apply from as a real date between 1900 and 2100.",
    ],
    [
      { scope: "all", by: "percent", change: "3", from: "0000-01-01" },
      "Please enter the day the prices apply from as a real date between 1900 and 2100.",
    ],
  ])("refuses %o with a clear message", (input, message) => {
    const parsed = parse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe("the new list prices", () => {
  it("raises all colour by 3%, each price rounded once to the penny, and leaves the rest", () => {
    const change = {
      scope: "kind-2",
      by: "percent",
      step: 300,
      from: "2026-12-07",
      level: null,
      round: "exact",
    } as const;
    const rows = bulkPriceRows(services, change);
    // Every colour service but the free "None" row.
    expect(rows).toHaveLength(services.filter((s) => s.cat1 === 2 && s.pricePence > 0).length);
    // Roots £33 → £33.99; Half head £49.50 → £50.985 → £50.99; £56.25 → £57.9375 → £57.94.
    expect(rows.find((r) => r.id === 6)).toMatchObject({
      beforePence: 3300,
      afterPence: 3399,
      productPricePence: 1880,
    });
    expect(rows.find((r) => r.id === 12)).toMatchObject({ beforePence: 4950, afterPence: 5099 });
    expect(rows.find((r) => r.id === 23)).toMatchObject({ beforePence: 5625, afterPence: 5794 });
    expect(bulkChangeText(change, rows.length)).toBe(`All colour +3% from 2026-12-07 (${rows.length} services)`);
  });

  it.each([
    { round: "exact", roots: 3465, halfHead: 5198, words: "" },
    { round: "10p", roots: 3470, halfHead: 5200, words: ", rounded to the nearest 10p" },
    { round: "50p", roots: 3450, halfHead: 5200, words: ", rounded to the nearest 50p" },
    { round: "pound", roots: 3500, halfHead: 5200, words: ", rounded to the whole pound" },
  ] as const)("rounds a 5% rise once, from the exact price, $round", ({ round, roots, halfHead, words }) => {
    // Roots £33 × 1.05 = £34.65; Half head £49.50 × 1.05 = £51.975: never to the penny first.
    const change = { scope: "kind-2", by: "percent", step: 500, from: null, level: null, round } as const;
    const rows = bulkPriceRows(services, change);
    expect(rows.find((r) => r.id === 6)?.afterPence).toBe(roots);
    expect(rows.find((r) => r.id === 12)?.afterPence).toBe(halfHead);
    expect(bulkChangeText(change, 2)).toBe(`All colour +5%${words} now (2 services)`);
  });

  it("takes an amount off one category, never below £0", () => {
    const rows = bulkPriceRows(services, {
      scope: "5-1",
      by: "amount",
      step: -1000,
      from: null,
      level: null,
      round: "exact",
    });
    expect(rows.map((r) => [r.id, r.beforePence, r.afterPence])).toEqual([
      [50, 500, 0],
      [51, 1500, 500],
      [52, 2000, 1000],
    ]);
    expect(
      bulkChangeText({ scope: "5-1", by: "amount", step: -1000, from: null, level: null, round: "exact" }, 3),
    ).toBe("Plex treatment −£10 now (3 services)");
  });

  it("rounds a percentage of any price to the nearest penny, halves up", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: -5000, max: 5000 }), (price, bp) => {
        const after = changedPricePence(price, { by: "percent", step: bp });
        // after is the rounding of x = price × (10000 + bp) / 10000 iff after - 1/2 <= x < after + 1/2.
        const x20000 = 2 * price * (10_000 + bp);
        expect((2 * after - 1) * 10_000 <= x20000).toBe(true);
        expect(x20000 < (2 * after + 1) * 10_000).toBe(true);
      }),
    );
  });
});

describe("a change for one level", () => {
  const senior = levelById(8);
  const raise = { scope: "kind-2", by: "percent", step: 300, from: "2026-12-07", level: 8, round: "exact" } as const;

  it("raises that level's price of each service it covers, after the level's uplift", () => {
    const rows = bulkLevelRows(services, senior, raise);
    // Half head foils: £49.50 × 1.1232 = £55.60; +3% = £57.27 (the list price stays £49.50).
    expect(rows.find((r) => r.id === 12)).toMatchObject({ beforePence: 5560, afterPence: 5727 });
    expect(rows.every((r) => services.find((s) => s.id === r.id)?.cat1 === 2)).toBe(true);
    expect(bulkChangeText(raise, rows.length, senior.name)).toBe(
      `Senior Stylist: All colour +3% from 2026-12-07 (${rows.length} services)`,
    );
  });

  it("leaves treatments out: they cost the same at every level", () => {
    expect(bulkLevelRows(services, senior, { ...raise, scope: "kind-5" })).toEqual([]);
  });

  it("prices the calculator's lines with the level's changes, in order, and no other level's", () => {
    const halfHead = services.find((s) => s.id === 12);
    const cut = services.find((s) => s.cat1 === 1 && s.pricePence > 0);
    if (!halfHead || !cut) throw new Error("fixture");
    const changed = { ...senior, changes: [raise, { scope: "2-2", by: "amount", step: 100 } as const] };
    // £55.60 → £57.27 → £58.27, then £24 product: £82.27 → £82 to the pound.
    expect(levelLabourPence(halfHead, changed)).toBe(5827);
    expect(linePricePence(halfHead, changed, "pound")).toBe(8200);
    expect(linePricePence(halfHead, senior, "pound")).toBe(8000);
    // A cut is not colour: the change leaves it.
    expect(linePricePence(cut, changed, catalogue.rounding)).toBe(linePricePence(cut, senior, catalogue.rounding));
  });
});
