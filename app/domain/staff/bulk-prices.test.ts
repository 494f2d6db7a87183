import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { services } from "../testing/catalogue";
import { bulkChangeText, bulkPriceRows, bulkPriceSchema, changedPricePence } from "./bulk-prices";

const parse = (input: Record<string, string>) => bulkPriceSchema.safeParse({ from: "", ...input });

describe("a bulk price change as the form posts it", () => {
  it("reads a percentage or an amount, with or without signs and symbols", () => {
    expect(parse({ scope: "kind-2", by: "percent", change: "3" }).data).toEqual({
      scope: "kind-2",
      by: "percent",
      step: 300,
      from: null,
    });
    expect(parse({ scope: "all", by: "percent", change: "+2.5%" }).data?.step).toBe(250);
    expect(parse({ scope: "all", by: "amount", change: "£2.50" }).data?.step).toBe(250);
    expect(parse({ scope: "all", by: "amount", change: "-1" }).data?.step).toBe(-100);
    expect(parse({ scope: "2-1", by: "amount", change: "1", from: "2026-12-07" }).data?.from).toBe("2026-12-07");
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
    [
      { scope: "all", by: "percent", change: "3", from: "2026-02-30" },
      "Please enter the day the prices apply from as a real date.",
    ],
  ])("refuses %o with a clear message", (input, message) => {
    const parsed = parse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe("the new list prices", () => {
  it("raises all colour by 3%, each price rounded once to the penny, and leaves the rest", () => {
    const change = { scope: "kind-2", by: "percent", step: 300, from: "2026-12-07" } as const;
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

  it("takes an amount off one category, never below £0", () => {
    const rows = bulkPriceRows(services, { scope: "5-1", by: "amount", step: -1000, from: null });
    expect(rows.map((r) => [r.id, r.beforePence, r.afterPence])).toEqual([
      [50, 500, 0],
      [51, 1500, 500],
      [52, 2000, 1000],
    ]);
    expect(bulkChangeText({ scope: "5-1", by: "amount", step: -1000, from: null }, 3)).toBe(
      "Plex treatment −£10 now (3 services)",
    );
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
