/**
 * Every complete selection the calculator allows, at every level, priced by
 * the app and by a second, separate reading of the rule: each line is the
 * exact price × (100 + adapter) / 100 (+ product) rounded once, halves up, to
 * the owner's step (a pound, 50p or a penny: decision 080); the total is the
 * sum of the lines; the first-visit offer is the total × 0.8 rounded once to
 * the penny. And the amounts as shown add up, under each of the three rules.
 */
import { describe, expect, it } from "vitest";
import { type CalculatorState, type CalculatorType, fromPricePence, validateSelection } from "./calculator-state";
import { discountedPence } from "./first-visit-offer";
import { formatGBP } from "./format";
import { DEFAULT_PRICE_ROUNDING, PRICE_ROUNDINGS, type PriceRounding } from "./price-rounding";
import { quoteLines } from "./pricing";
import { levelRows, type ServiceRow, serviceRows, services } from "./testing/catalogue";

// ---------------------------------------------------------------------------
// The oracle: works from the price list's decimal strings, in exact fractions.

/** "-81.41" → -8141n; "5" → 500n; "46.25" → 4625n. */
function hundredths(text: string): bigint {
  const [sign, digits] = text.startsWith("-") ? [-1n, text.slice(1)] : [1n, text];
  const [whole = "0", fraction = ""] = digits.split(".");
  return sign * (BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0")));
}

/** numerator / denominator to the nearest whole, halves up (towards +∞), for a positive denominator. */
function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  let quotient = numerator / denominator;
  let remainder = numerator % denominator;
  if (remainder < 0n) {
    quotient -= 1n;
    remainder += denominator;
  }
  return 2n * remainder >= denominator ? quotient + 1n : quotient;
}

/** The step of each rule in pence, written out here rather than taken from the app. */
const STEP: Record<PriceRounding, bigint> = { pound: 100n, "50p": 50n, exact: 1n };

function oracleLine(row: ServiceRow, adapterPercent: string, rounding: PriceRounding = DEFAULT_PRICE_ROUNDING): number {
  const adjusted = row.cat1 !== 5; // treatments (plex and intensive) cost the same at every level
  const withProduct = row.cat1 === 2 || row.cat1 === 3 || (row.cat1 === 6 && row.cat2 === 1);
  const price = hundredths(row.price); // pence
  // pence × (100 + adapter%) / 100, the adapter in hundredths of a percent, kept exact in 1/10000 pence,
  // then the line once to the rule's step: never the labour to the penny first.
  const labour = adjusted ? price * (10_000n + hundredths(adapterPercent)) : price * 10_000n;
  const exact = labour + (withProduct ? hundredths(row.productPrice) * 10_000n : 0n);
  const line = roundHalfUp(exact, STEP[rounding] * 10_000n) * STEP[rounding];
  return Number(exact > 0n ? line : 0n);
}

const oracleOffer = (totalPence: number) => Number(roundHalfUp(BigInt(totalPence) * 8n, 10n));

/** "£1,234.50" → 123450; "£98" → 9800. */
function penceShown(text: string): number {
  const match = /^£(\d{1,3}(?:,\d{3})*)(?:\.(\d{2}))?$/.exec(text);
  if (!match) throw new Error(`Not an amount as the site shows it: ${text}`);
  return Number((match[1] ?? "").replaceAll(",", "")) * 100 + Number(match[2] ?? "0");
}

// ---------------------------------------------------------------------------
// Every complete selection, enumerated from the price list's categories.

const ids = (cat1: number, cat2?: number) =>
  serviceRows.flatMap((row, index) =>
    row.cat1 === cat1 && (cat2 === undefined || row.cat2 === cat2) ? [index + 1] : [],
  );

/** Colour categories with an add-on step, and which add-on category goes with each. */
const ADD_ON_CAT: Record<number, number> = { 1: 3, 2: 1, 4: 2 };

function* completeSelections(): Generator<CalculatorState & { type: CalculatorType }> {
  const finishes = ids(1);
  const finishAddOns = ids(4);
  for (let cc = 0; cc <= 6; cc++) {
    const addOnCat = ADD_ON_CAT[cc];
    const addOns = addOnCat === undefined ? [undefined] : ids(3, addOnCat);
    // With an add-on step a plex is part of the flow; without one it is optional.
    const plexes = addOnCat === undefined ? [undefined, ...ids(5, 1)] : ids(5, 1);
    for (const colour of ids(2, cc))
      for (const addon of addOns)
        for (const plex of plexes)
          for (const finish of finishes)
            for (const finishAddon of finishAddOns)
              yield { type: "colour", mode: "level", salon: 2, cc, colour, addon, plex, finish, finishAddon };
  }
  for (const finish of finishes)
    for (const finishAddon of finishAddOns)
      for (const treatment of ids(5, 2))
        yield { type: "cutting", mode: "level", salon: 2, finish, finishAddon, treatment };
  for (const cut of ids(6, 0))
    for (const mensColour of ids(6, 1)) yield { type: "mens", mode: "level", salon: 2, cut, mensColour };
}

const SLOTS = ["colour", "addon", "plex", "finish", "finishAddon", "treatment", "cut", "mensColour"] as const;
const catalogueFor = (rounding: PriceRounding) => ({ services, levels: levelRows, rounding });
const catalogue = catalogueFor(DEFAULT_PRICE_ROUNDING);

describe.each(PRICE_ROUNDINGS.flatMap((rounding) => levelRows.map((level) => ({ ...level, rounding }))))(
  "every complete selection at level $id $name ($adapter%), rounded $rounding",
  ({ rounding, ...level }) => {
    const catalogue = catalogueFor(rounding);
    it("prices each line, the total and the first-visit offer exactly as the rule says, and the amounts shown add up", () => {
      let priced = 0;
      const mismatches: string[] = [];
      for (const selection of completeSelections()) {
        const state = { ...selection, level: level.id };
        const chosen = SLOTS.flatMap((slot) => (state[slot] === undefined ? [] : [state[slot] as number]));
        const rows = chosen.map((id) => serviceRows[id - 1] as ServiceRow);
        const validation = validateSelection(state, catalogue);
        if (rows.some((row) => row.minLevel > level.id)) {
          // Not offered at this level: the app must refuse it rather than price it.
          if (validation.ok) mismatches.push(`${JSON.stringify(state)} priced though not offered`);
          continue;
        }
        if (!validation.ok) {
          mismatches.push(`${JSON.stringify(state)} refused: ${validation.errors.join("; ")}`);
          continue;
        }
        priced++;
        const quote = quoteLines(validation.services, validation.level, rounding);
        const expectedLines = rows.map((row) => oracleLine(row, level.adapter, rounding));
        const expectedTotal = expectedLines.reduce((sum, line) => sum + line, 0);
        const lines = quote.lines.map((line) => line.pricePence);
        if (
          JSON.stringify(quote.lines.map((line) => line.serviceId)) !== JSON.stringify(chosen) ||
          JSON.stringify(lines) !== JSON.stringify(expectedLines) ||
          quote.totalPence !== expectedTotal ||
          discountedPence(quote.totalPence) !== oracleOffer(expectedTotal)
        ) {
          mismatches.push(
            `${JSON.stringify(state)}: app ${lines}=${quote.totalPence}, rule ${expectedLines}=${expectedTotal}`,
          );
          continue;
        }
        // As shown: the lines' amounts add up to the total's, and the offer reads as the rule's amount.
        const shownSum = lines.reduce((sum, line) => sum + penceShown(formatGBP(line)), 0);
        if (shownSum !== penceShown(formatGBP(quote.totalPence)) || shownSum !== expectedTotal) {
          mismatches.push(`${JSON.stringify(state)}: lines shown add up to ${shownSum}, total ${quote.totalPence}`);
        }
        if (penceShown(formatGBP(discountedPence(quote.totalPence))) !== oracleOffer(expectedTotal)) {
          mismatches.push(`${JSON.stringify(state)}: offer shown differs`);
        }
      }
      expect(mismatches.slice(0, 10)).toEqual([]);
      // Every level can price thousands of selections (a New Starter fewer: no balayage, bleach, vivids…).
      expect(priced).toBeGreaterThan(level.id === 1 ? 1000 : 4000);
    });
  },
);

describe("the rule's worked examples", () => {
  const line = (id: number, levelId: number) =>
    oracleLine(serviceRows[id - 1] as ServiceRow, levelRows[levelId - 1]?.adapter ?? "");

  it("a Senior Stylist's correction, plex, hair up and curly blow-dry: £165, each line once rounded", () => {
    const state: CalculatorState = {
      type: "colour",
      mode: "level",
      level: 8,
      salon: 2,
      cc: 6,
      colour: 33,
      plex: 50,
      finish: 3,
      finishAddon: 46,
    };
    const validation = validateSelection(state, catalogue);
    if (!validation.ok) throw new Error(validation.errors.join("; "));
    // £66 × 1.1232 = £74.1312 → £74.13, + £32 product; £33 × 1.1232 = £37.0656 → £37.07; £15.40 × 1.1232 = £17.29728 → £17.30.
    const exact = quoteLines(validation.services, validation.level, "exact");
    expect(exact.lines.map((l) => formatGBP(l.pricePence))).toEqual(["£106.13", "£5", "£37.07", "£17.30"]);
    expect(formatGBP(exact.totalPence)).toBe("£165.50");
    // To 50p: £106.00, £5, £37.00, £17.50 = £165.50.
    const fifty = quoteLines(validation.services, validation.level, "50p");
    expect(fifty.lines.map((l) => formatGBP(l.pricePence))).toEqual(["£106", "£5", "£37", "£17.50"]);
    expect(formatGBP(fifty.totalPence)).toBe("£165.50");
    // The default, to the pound: £106, £5, £37, £17 = £165, which is not £165.50 rounded (each line once, never the total).
    const quote = quoteLines(validation.services, validation.level, "pound");
    expect(quote.lines.map((l) => formatGBP(l.pricePence))).toEqual(["£106", "£5", "£37", "£17"]);
    expect(formatGBP(quote.totalPence)).toBe("£165");
    expect(quote.totalPence).toBe(line(33, 8) + line(50, 8) + line(3, 8) + line(46, 8));
  });

  it("20% off £69.36 is £55.49 (55.488 rounded once)", () => {
    expect(formatGBP(discountedPence(6936))).toBe("£55.49");
    expect(oracleOffer(6936)).toBe(5549);
  });

  it("rounds an exact half penny up, once", () => {
    expect(oracleOffer(6937)).toBe(5550); // 5549.6
    expect(discountedPence(3)).toBe(2); // 2.4
    expect(discountedPence(5)).toBe(4); // exactly 4
    expect(discountedPence(13)).toBe(10); // 10.4
  });
});

describe.each(PRICE_ROUNDINGS)("fromPricePence, rounded %s", (rounding) => {
  const catalogue = catalogueFor(rounding);
  const FIRST_PRICED = { colour: "colour", cutting: "finish", mens: "cut" } as const;
  it.each(levelRows)("is the cheapest complete quote of each type at level $id $name", (level) => {
    for (const type of ["colour", "cutting", "mens"] as const) {
      let least: number | null = null;
      for (const selection of completeSelections()) {
        if (selection.type !== type) continue;
        const first = serviceRows[(selection[FIRST_PRICED[type]] as number) - 1] as ServiceRow;
        if (first.service === "None") continue; // no colour (or no cut) is no quote
        const chosen = SLOTS.flatMap((slot) => (selection[slot] === undefined ? [] : [selection[slot] as number]));
        const rows = chosen.map((id) => serviceRows[id - 1] as ServiceRow);
        if (rows.some((row) => row.minLevel > level.id)) continue;
        const total = rows.reduce((sum, row) => sum + oracleLine(row, level.adapter, rounding), 0);
        least = least === null ? total : Math.min(least, total);
      }
      expect(fromPricePence(type, level, catalogue), `${type} at ${level.name}`).toBe(least);
    }
  });

  it("has no men's price at New Starter level, where nobody may cut", () => {
    expect(fromPricePence("mens", levelRows[0] as (typeof levelRows)[number], catalogue)).toBeNull();
  });
});
