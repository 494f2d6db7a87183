import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Level, LevelChange, Service } from "./catalogue";
import { PRICE_ROUNDINGS, type PriceRounding } from "./price-rounding";
import {
  availableAtLevel,
  colourAddOnCatFor,
  levelDown,
  levelUp,
  linePricePence,
  mensCutUnavailableMessage,
  NEW_STARTER_MENS_CUT_MESSAGE,
  quoteLines,
} from "./pricing";
import { levelById, levelRows, levels, type ServiceRow, serviceById, serviceRows, services } from "./testing/catalogue";

// ---------------------------------------------------------------------------
// Independent oracle: the price rule worked on the CSV's decimal strings, rounding by
// comparing the digits after the penny rather than by integer division.

/** "49.50" → 4950n, "-81.41" → -8141n, "25.3" → 2530n, "5" → 500n. */
function hundredths(decimal: string): bigint {
  const negative = decimal.startsWith("-");
  const [whole, fraction = ""] = decimal.replace("-", "").split(".");
  const value = BigInt(`${whole}${fraction.padEnd(2, "0")}`);
  return negative ? -value : value;
}

/** Non-negative amount in 1/10000 pence → pence, halves up, by reading its digits. */
function roundTenThousandthsToPence(amount: bigint): bigint {
  const digits = amount.toString().padStart(5, "0");
  const pence = BigInt(digits.slice(0, -4));
  return digits.slice(-4) >= "5000" ? pence + 1n : pence;
}

/** A line's exact value in 1/10000 pence, from the CSV's decimal strings; 0 when it is 0 or less. */
function exactTenThousandths(row: ServiceRow, adapterPercent: string): bigint {
  const isTreatment = row.cat1 === 5;
  const chargesProduct = row.cat1 === 2 || row.cat1 === 3 || (row.cat1 === 6 && row.cat2 === 1);
  const price = hundredths(row.price);
  const labour = isTreatment ? price * 10000n : price * (10000n + hundredths(adapterPercent));
  const total = labour + (chargesProduct ? hundredths(row.productPrice) * 10000n : 0n);
  return total > 0n ? total : 0n;
}

function expectedPence(row: ServiceRow, adapterPercent: string): number {
  return Number(roundTenThousandthsToPence(exactTenThousandths(row, adapterPercent)));
}

// The arithmetic below is the "exact pence" rule; the whole-pound and 50p rules are checked after it.
const exactLine = (service: Service, level: Level) => linePricePence(service, level, "exact");
const exactQuote = (selected: readonly Service[], level: Level) => quoteLines(selected, level, "exact");

function fakeService(overrides: Partial<Service>): Service {
  return {
    id: 1000,
    service: "Test service",
    clientName: "Test service",
    pricePence: 0,
    productPricePence: 0,
    cat1: 1,
    cat2: 0,
    groupName: "Test",
    minLevel: 1,
    sortOrder: 1000,
    ...overrides,
  };
}

function fakeLevel(adapterBp: number): Level {
  return { id: 99, name: "Test level", adapterBp };
}

describe("linePricePence", () => {
  describe.each(levelRows)("at level $id $name ($adapter%)", (levelRow) => {
    const level = levelById(levelRow.id);
    it.each(serviceRows.map((row, index) => ({ id: index + 1, ...row })))(
      "service $id $service ($price + $productPrice, cat $cat1/$cat2)",
      (row) => {
        expect(exactLine(serviceById(row.id), level)).toBe(expectedPence(row, levelRow.adapter));
      },
    );
  });

  // Worked by hand: price × (1 + adapter), to the nearest penny, + product where it applies.
  it.each([
    { id: 1, level: 9, expected: 6202, why: "Cut, Dry & Style 4950 × 1.2530 = 6202.35" },
    { id: 1, level: 6, expected: 4950, why: "Stylist level is list price" },
    { id: 6, level: 1, expected: 2493, why: "Roots 3300 × 0.1859 = 613.47 → 613, + 1880 product" },
    { id: 6, level: 6, expected: 5180, why: "Roots 3300 + 1880 product" },
    { id: 21, level: 7, expected: 16547, why: "11220 × 1.0626 = 11922.372 → 11922, + 4625" },
    { id: 35, level: 5, expected: 980, why: "Toner add-on 725 × 0.8 = 580, + 400" },
    { id: 48, level: 4, expected: 2033, why: "Pin Curls 3300 × 0.6162 = 2033.46, no product" },
    { id: 58, level: 9, expected: 4135, why: "Men's cut 3300 × 1.253 = 4134.9, no product" },
    { id: 64, level: 8, expected: 11173, why: "Men's colour 6600 × 1.1232 = 7413.12 → 7413, + 3760" },
    { id: 52, level: 1, expected: 2000, why: "Olaplex is not adjusted" },
    { id: 52, level: 9, expected: 2000, why: "Olaplex is not adjusted" },
    { id: 54, level: 4, expected: 2500, why: "Intensive treatment is not adjusted" },
    { id: 34, level: 9, expected: 0, why: "the colour None row" },
    { id: 49, level: 1, expected: 0, why: "the finish add-on None row" },
  ])("service $id at level $level = $expected ($why)", ({ id, level, expected }) => {
    expect(exactLine(serviceById(id), levelById(level))).toBe(expected);
  });

  it.each([
    { cat1: 1, cat2: 0, expected: 4950, what: "finish" },
    { cat1: 1, cat2: 1, expected: 4950, what: "hair-up finish" },
    { cat1: 2, cat2: 3, expected: 5950, what: "colour" },
    { cat1: 3, cat2: 1, expected: 5950, what: "colour add-on" },
    { cat1: 4, cat2: 0, expected: 4950, what: "finish add-on" },
    { cat1: 5, cat2: 1, expected: 4950, what: "plex" },
    { cat1: 5, cat2: 2, expected: 4950, what: "intensive treatment" },
    { cat1: 6, cat2: 0, expected: 4950, what: "men's cut" },
    { cat1: 6, cat2: 1, expected: 5950, what: "men's colour" },
  ])("charges product only for colour, add-on and men's colour: $what", ({ cat1, cat2, expected }) => {
    const service = fakeService({ cat1, cat2, pricePence: 4950, productPricePence: 1000 });
    expect(exactLine(service, fakeLevel(0))).toBe(expected);
  });

  it.each([
    { cat1: 1, cat2: 0, expected: 2475 },
    { cat1: 4, cat2: 0, expected: 2475 },
    { cat1: 6, cat2: 0, expected: 2475 },
    { cat1: 5, cat2: 1, expected: 4950 },
    { cat1: 5, cat2: 2, expected: 4950 },
  ])("adjusts everything except treatments: cat $cat1/$cat2 at -50%", ({ cat1, cat2, expected }) => {
    expect(exactLine(fakeService({ cat1, cat2, pricePence: 4950 }), fakeLevel(-5000))).toBe(expected);
  });

  it.each([
    { price: 500, bp: 2530, expected: 627, why: "626.5 rounds up (not to even)" },
    { price: 2500, bp: -3838, expected: 1541, why: "1540.5 rounds up (not to even)" },
    { price: 1500, bp: 2530, expected: 1880, why: "1879.5 rounds up" },
    { price: 2499, bp: -3838, expected: 1540, why: "1539.88 rounds up" },
    { price: 1, bp: -5001, expected: 0, why: "0.4999 rounds down" },
    { price: 1, bp: -5000, expected: 1, why: "0.5 rounds up" },
  ])("rounds half up: $price at $bp bp = $expected ($why)", ({ price, bp, expected }) => {
    expect(exactLine(fakeService({ pricePence: price }), fakeLevel(bp))).toBe(expected);
  });

  it("rounds a negative half towards +∞ before adding product", () => {
    const colour = (pricePence: number) => fakeService({ cat1: 2, pricePence, productPricePence: 100 });
    // -0.5 → 0 and -1.5 → -1 (round half up), then + 100 product.
    expect(exactLine(colour(50), fakeLevel(-10100))).toBe(100);
    expect(exactLine(colour(150), fakeLevel(-10100))).toBe(99);
  });

  it.each([
    { what: "finish at -100%", service: { cat1: 1, pricePence: 4950 }, bp: -10000 },
    { what: "finish at -120%", service: { cat1: 1, pricePence: 4950 }, bp: -12000 },
    { what: "men's cut at -150%", service: { cat1: 6, cat2: 0, pricePence: 3300 }, bp: -15000 },
    {
      what: "colour whose product does not cover the negative labour",
      service: { cat1: 2, pricePence: 3300, productPricePence: 500 },
      bp: -12000,
    },
    { what: "negative price", service: { cat1: 5, pricePence: -100 }, bp: 0 },
  ])("counts a result of 0 or less as 0: $what", ({ service, bp }) => {
    expect(exactLine(fakeService(service), fakeLevel(bp))).toBe(0);
  });

  it("keeps product when labour is priced at 0", () => {
    expect(exactLine(fakeService({ cat1: 2, pricePence: 3300, productPricePence: 1880 }), fakeLevel(-10000))).toBe(
      1880,
    );
  });

  it("throws on an unknown cat1 rather than guess a price", () => {
    expect(() => exactLine(fakeService({ cat1: 7 }), fakeLevel(0))).toThrow(/unknown cat1 7/);
  });

  it.each([
    { what: "fractional price", service: { pricePence: 49.5 }, bp: 0 },
    { what: "fractional product", service: { cat1: 2, productPricePence: 0.1 }, bp: 0 },
    { what: "fractional adapter", service: {}, bp: 0.5 },
    { what: "NaN price", service: { pricePence: Number.NaN }, bp: 0 },
  ])("rejects non-integer inputs: $what", ({ service, bp }) => {
    expect(() => exactLine(fakeService(service), fakeLevel(bp))).toThrow(RangeError);
  });

  it("matches the exact rational result for any price and adapter", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: -20_000, max: 20_000 }),
        (pricePence, productPricePence, adapterBp) => {
          const result = exactLine(fakeService({ cat1: 2, pricePence, productPricePence }), fakeLevel(adapterBp));
          // labour r is the rounding of x = price × (10000 + bp) / 10000 iff r - 1/2 <= x < r + 1/2.
          const x20000 = 2n * BigInt(pricePence) * BigInt(10000 + adapterBp);
          const labour = BigInt(result) - BigInt(productPricePence);
          if (result === 0) {
            // Clamped: the unclamped total must have been 0 or less, i.e. labour rounds to <= -product.
            expect(x20000 < (-2n * BigInt(productPricePence) + 1n) * 10000n).toBe(true);
          } else {
            expect((2n * labour - 1n) * 10000n <= x20000).toBe(true);
            expect(x20000 < (2n * labour + 1n) * 10000n).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("quoteLines", () => {
  it("itemises the services in the given order and totals them", () => {
    const selected = [6, 50, 1, 46].map(serviceById); // Roots, Fibre Plex, Cut Dry & Style, Curly Blow
    const quote = exactQuote(selected, levelById(1));
    expect(quote.lines).toEqual([
      { serviceId: 6, service: serviceById(6), pricePence: 2493 }, // 613 + 1880
      { serviceId: 50, service: serviceById(50), pricePence: 500 }, // unadjusted
      { serviceId: 1, service: serviceById(1), pricePence: 920 }, // 4950 × 0.1859 = 920.205
      { serviceId: 46, service: serviceById(46), pricePence: 286 }, // 1540 × 0.1859 = 286.286
    ]);
    expect(quote.totalPence).toBe(2493 + 500 + 920 + 286);
  });

  it.each(levels)("total equals the sum of line prices at level $id", (level) => {
    const quote = exactQuote(services, level);
    const expectedTotal = serviceRows.reduce(
      (sum, row) => sum + expectedPence(row, levelRows[level.id - 1]!.adapter),
      0,
    );
    expect(quote.lines).toHaveLength(services.length);
    expect(quote.totalPence).toBe(expectedTotal);
  });

  it("is empty and zero for no services", () => {
    expect(exactQuote([], levelById(9))).toEqual({ lines: [], totalPence: 0 });
  });
});

// ---------------------------------------------------------------------------
// The owner's rounding (decision 080). Oracle: the exact pence above, written
// as pounds and pence and rounded by reading the pence digits.

/** A non-negative amount in 1/10000 pence rounded to the rule's step by reading its digits, halves up. */
function roundedByDigits(amount: bigint, rounding: PriceRounding): number {
  if (rounding === "exact") return Number(roundTenThousandthsToPence(amount));
  const digits = amount.toString().padStart(7, "0");
  const pounds = Number(digits.slice(0, -6));
  const withinPound = digits.slice(-6);
  if (rounding === "pound") return (withinPound >= "500000" ? pounds + 1 : pounds) * 100;
  if (withinPound < "250000") return pounds * 100;
  if (withinPound < "750000") return pounds * 100 + 50;
  return (pounds + 1) * 100;
}

describe.each(PRICE_ROUNDINGS)("rounding each line: %s", (rounding) => {
  it.each(levelRows)("every service at level $id $name matches the oracle", (levelRow) => {
    for (const [index, row] of serviceRows.entries()) {
      const line = linePricePence(serviceById(index + 1), levelById(levelRow.id), rounding);
      expect(line).toBe(roundedByDigits(exactTenThousandths(row, levelRow.adapter), rounding));
      if (rounding === "pound") expect(line % 100).toBe(0);
      if (rounding === "50p") expect(line % 50).toBe(0);
    }
  });

  it("any selection's lines add up to its total, each line rounded once", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: services.length }), { minLength: 0, maxLength: 8 }),
        fc.integer({ min: 1, max: levels.length }),
        (ids, levelId) => {
          const level = levelById(levelId);
          const quote = quoteLines(ids.map(serviceById), level, rounding);
          expect(quote.totalPence).toBe(quote.lines.reduce((sum, line) => sum + line.pricePence, 0));
          for (const line of quote.lines)
            expect(line.pricePence).toBe(
              roundedByDigits(
                exactTenThousandths(serviceRows[line.serviceId - 1]!, levelRows[levelId - 1]!.adapter),
                rounding,
              ),
            );
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("rounding, worked by hand", () => {
  it.each([
    { id: 1, level: 9, rounding: "pound", expected: 6200, why: "£62.02 → £62" },
    { id: 1, level: 9, rounding: "50p", expected: 6200, why: "£62.02 → £62.00" },
    { id: 6, level: 1, rounding: "pound", expected: 2500, why: "£24.93 → £25" },
    { id: 6, level: 1, rounding: "50p", expected: 2500, why: "£24.93 → £25.00" },
    { id: 21, level: 7, rounding: "pound", expected: 16500, why: "£165.47 → £165" },
    { id: 21, level: 7, rounding: "50p", expected: 16550, why: "£165.47 → £165.50" },
    { id: 64, level: 8, rounding: "pound", expected: 11200, why: "£111.73 → £112" },
    { id: 35, level: 5, rounding: "50p", expected: 1000, why: "£9.80 → £10.00" },
    { id: 49, level: 1, rounding: "pound", expected: 0, why: "the None row stays free" },
    {
      id: 18,
      level: 7,
      rounding: "pound",
      expected: 11800,
      why: "8140 × 1.0626 + 3200 = 11849.564p → £118, rounded once",
    },
    { id: 18, level: 7, rounding: "50p", expected: 11850, why: "£118.496 → £118.50" },
    { id: 18, level: 7, rounding: "exact", expected: 11850, why: "11849.564p → £118.50" },
  ] as const)("service $id at level $level, $rounding: $why", ({ id, level, rounding, expected }) => {
    expect(linePricePence(serviceById(id), levelById(level), rounding)).toBe(expected);
  });

  it("rounds exact halves up", () => {
    const finish = (pricePence: number) => fakeService({ pricePence });
    expect(linePricePence(finish(3150), fakeLevel(0), "pound")).toBe(3200);
    expect(linePricePence(finish(3149), fakeLevel(0), "pound")).toBe(3100);
    expect(linePricePence(finish(3125), fakeLevel(0), "50p")).toBe(3150);
    expect(linePricePence(finish(3124), fakeLevel(0), "50p")).toBe(3100);
  });
});

describe("a level's own price changes, worked by hand", () => {
  const withChanges = (adapterBp: number, changes: LevelChange[]): Level => ({ ...fakeLevel(adapterBp), changes });
  const cut = fakeService({ pricePence: 3300, cat1: 1 });
  const colour = fakeService({ pricePence: 1000, productPricePence: 3200, cat1: 2 });

  it("adds an amount in whole pence after the uplift: £33 × 1.10 + £2.50 = £38.80", () => {
    expect(exactLine(cut, withChanges(1000, [{ scope: "all", by: "amount", step: 250 }]))).toBe(3880);
  });

  it("applies its changes in order: (£33 + £1) × 1.10 = £37.40", () => {
    const level = withChanges(0, [
      { scope: "all", by: "amount", step: 100 },
      { scope: "all", by: "percent", step: 1000 },
    ]);
    expect(exactLine(cut, level)).toBe(3740);
  });

  it("never takes labour below £0, so the product is still charged whole: max(£10 − £15, 0) × 1.10 + £32", () => {
    const level = withChanges(0, [
      { scope: "all", by: "amount", step: -1500 },
      { scope: "all", by: "percent", step: 1000 },
    ]);
    expect(exactLine(colour, level)).toBe(3200);
  });

  it("leaves the services outside its scope alone", () => {
    expect(exactLine(cut, withChanges(0, [{ scope: "kind-2", by: "amount", step: 500 }]))).toBe(3300);
  });
});

describe("availableAtLevel", () => {
  // New Starters (level 1) may not do these: services 10 and 14, the balayage (16-21), bleach (22-26),
  // vivids (27-30) and correction (31-33) colours and the men's cuts (58-60) are out.
  const notForNewStarters = new Set([
    10, 14, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 58, 59, 60,
  ]);

  describe.each(levels)("at level $id", (level) => {
    it.each(services)("service $id $service", (service) => {
      expect(availableAtLevel(service, level.id)).toBe(level.id > 1 || !notForNewStarters.has(service.id));
    });
  });

  it("follows the data, not fixed ids", () => {
    expect(availableAtLevel(fakeService({ id: 10, minLevel: 1 }), 1)).toBe(true);
    expect(availableAtLevel(fakeService({ id: 1, minLevel: 5 }), 4)).toBe(false);
    expect(availableAtLevel(fakeService({ id: 1, minLevel: 5 }), 5)).toBe(true);
  });
});

describe("mensCutUnavailableMessage", () => {
  it("tells the client to pick another level or stylist", () => {
    expect(NEW_STARTER_MENS_CUT_MESSAGE).toBe(
      "New Starters are not qualified to carry out this service. Please select a different level or stylist",
    );
  });

  it.each(levels.map((level) => ({ id: level.id, expected: level.id === 1 ? NEW_STARTER_MENS_CUT_MESSAGE : null })))(
    "level $id → $expected",
    ({ id, expected }) => {
      expect(mensCutUnavailableMessage(services, id)).toBe(expected);
    },
  );

  it("is computed from minLevel: one cut a New Starter may do clears it", () => {
    const withEasyCut = [...services, fakeService({ cat1: 6, cat2: 0, minLevel: 1 })];
    expect(mensCutUnavailableMessage(withEasyCut, 1)).toBeNull();
    const allCutsSenior = services.map((s) => (s.cat1 === 6 && s.cat2 === 0 ? { ...s, minLevel: 8 } : s));
    expect(mensCutUnavailableMessage(allCutsSenior, 7)).toBe(NEW_STARTER_MENS_CUT_MESSAGE);
  });

  it("ignores men's colours and other services", () => {
    const withoutCuts = services.filter((s) => !(s.cat1 === 6 && s.cat2 === 0));
    expect(mensCutUnavailableMessage(withoutCuts, 1)).toBeNull();
  });
});

describe("colourAddOnCatFor", () => {
  it.each([
    { colourCat: 0, expected: null, name: "classic" },
    { colourCat: 1, expected: 3, name: "full head" },
    { colourCat: 2, expected: 1, name: "foils" },
    { colourCat: 3, expected: null, name: "balayage" },
    { colourCat: 4, expected: 2, name: "bleach" },
    { colourCat: 5, expected: null, name: "vivids" },
    { colourCat: 6, expected: null, name: "correction" },
    { colourCat: 7, expected: null, name: "out of range" },
    { colourCat: -1, expected: null, name: "negative" },
    { colourCat: 1.5, expected: null, name: "fractional" },
  ])("$name ($colourCat) → $expected", ({ colourCat, expected }) => {
    expect(colourAddOnCatFor(colourCat)).toBe(expected);
  });

  it("every add-on category in the data is reachable from a colour category", () => {
    const addOnCats = new Set(services.filter((s) => s.cat1 === 3).map((s) => s.cat2));
    const reachable = new Set([0, 1, 2, 3, 4, 5, 6].map(colourAddOnCatFor).filter((c) => c !== null));
    expect(reachable).toEqual(addOnCats);
  });
});

describe("levelUp / levelDown", () => {
  it.each([
    { id: 1, up: 2, down: null },
    { id: 2, up: 3, down: 1 },
    { id: 5, up: 6, down: 4 },
    { id: 8, up: 9, down: 7 },
    { id: 9, up: null, down: 8 },
    { id: 0, up: 1, down: null },
    { id: 10, up: null, down: 9 },
  ])("level $id: up → $up, down → $down", ({ id, up, down }) => {
    expect(levelUp(id, levels)).toBe(up);
    expect(levelDown(id, levels)).toBe(down);
  });

  it("uses the levels that exist, in any order", () => {
    const sparse = [9, 1, 3].map((id) => ({ id, name: `L${id}`, adapterBp: 0 }));
    expect(levelUp(1, sparse)).toBe(3);
    expect(levelUp(3, sparse)).toBe(9);
    expect(levelUp(2, sparse)).toBe(3);
    expect(levelUp(9, sparse)).toBeNull();
    expect(levelDown(9, sparse)).toBe(3);
    expect(levelDown(3, sparse)).toBe(1);
    expect(levelDown(1, sparse)).toBeNull();
    expect(levelUp(1, [])).toBeNull();
    expect(levelDown(1, [])).toBeNull();
  });
});
