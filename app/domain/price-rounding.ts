/**
 * How the calculator rounds each priced line (decision 080). A level's uplift
 * turns £33 into odd pennies (£31.06, £106.13); a salon prints whole pounds.
 * The owner chooses the step once, in the console's settings, and it applies
 * to every line where the line is priced from the price list and the level,
 * so every total is still the sum of the lines it shows.
 * Pure: shared by the browser and the server.
 */

export const PRICE_ROUNDINGS = ["pound", "50p", "exact"] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];

/** What a salon prints unless the owner says otherwise. */
export const DEFAULT_PRICE_ROUNDING: PriceRounding = "pound";

/** The choices as the settings page offers them (short enough for a phone's select). */
export const PRICE_ROUNDING_LABELS: Readonly<Record<PriceRounding, string>> = {
  pound: "Whole pound (£31)",
  "50p": "Nearest 50p (£31.50)",
  exact: "Exact pence (£31.06)",
};

/** The rule in a sentence: "Quotes are now priced to the whole pound". */
export const PRICE_ROUNDING_PHRASES: Readonly<Record<PriceRounding, string>> = {
  pound: "to the whole pound",
  "50p": "to the nearest 50p",
  exact: "in exact pence",
};

const STEP_PENCE: Readonly<Record<PriceRounding, number>> = { pound: 100, "50p": 50, exact: 1 };

export function isPriceRounding(value: unknown): value is PriceRounding {
  return typeof value === "string" && (PRICE_ROUNDINGS as readonly string[]).includes(value);
}

/**
 * An exact amount of pence, numerator / denominator (denominator > 0),
 * rounded once to the rule's step: the nearest step, exact halves going up
 * (£31.50 → £32, 25p → 50p under "50p"). BigInt throughout, so no float can
 * move a line, and the amount is never rounded to the penny first: £118.496
 * is £118 under "pound", not £118.50 and then £119.
 */
export function roundExactPence(numerator: bigint, denominator: bigint, rounding: PriceRounding): number {
  return roundToStepPence(numerator, denominator, STEP_PENCE[rounding]);
}

/** roundExactPence to any step in whole pence (10 for the nearest 10p), for list prices changed in bulk. */
export function roundToStepPence(numerator: bigint, denominator: bigint, stepPence: number): number {
  const step = BigInt(stepPence);
  const twice = 2n * step * denominator;
  const scaled = 2n * numerator + step * denominator;
  // floor(scaled / twice), BigInt division truncating towards zero.
  const quotient = scaled / twice - (scaled % twice < 0n ? 1n : 0n);
  return Number(quotient * step);
}

/**
 * How new list prices may be rounded, as a price list is printed: 3% on £50.47 is £51.98 to the penny, £52.00
 * to the nearest 10p. A level's own prices are not rounded here: each quote's lines are, by the owner's rule.
 */
export const BULK_ROUNDINGS = [
  { value: "exact", label: "To the penny", stepPence: 1, phrase: "" },
  { value: "10p", label: "To the nearest 10p", stepPence: 10, phrase: ", rounded to the nearest 10p" },
  { value: "50p", label: "To the nearest 50p", stepPence: 50, phrase: ", rounded to the nearest 50p" },
  { value: "pound", label: "To the whole pound", stepPence: 100, phrase: ", rounded to the whole pound" },
] as const;
export type BulkRounding = (typeof BULK_ROUNDINGS)[number]["value"];
export const roundingOf = (value: BulkRounding) => BULK_ROUNDINGS.find((r) => r.value === value) ?? BULK_ROUNDINGS[0];
