/**
 * Addresses of the quote screens. Every choice travels in the URL (so reloads,
 * Back and shared links keep it), so each link carries the whole calculator state along.
 */
import { type CalculatorState, toSearchParams } from "~/domain/calculator-state";

export const PRICES_PATH = "/prices";
export const SELECTOR_PATH = "/prices/selector";
export const CALCULATOR_PATH = "/prices/calculator";
export const TOTAL_BY_LEVEL_PATH = "/prices/total-by-level";
export const TOTAL_BY_STYLIST_PATH = "/prices/total-by-stylist";
export const TOTAL_BY_PRICE_PATH = "/prices/total-by-price";
export const FINISH_PATH = "/prices/finish";
export const SUBMITTED_PATH = "/prices/finish/submitted";

/** Query parameter of the submitted page naming the saved quote. */
export const QUOTE_PARAM = "quote";
/** Query parameter of the stylist total: the visitor pressed "I'm Happy!". */
export const HAPPY_PARAM = "happy";

/** `path?state&extra#hash`, or the bare path when there is nothing to carry. */
export function stateHref(
  path: string,
  state: CalculatorState,
  extra: Record<string, string> = {},
  hash?: string,
): string {
  const params = toSearchParams(state);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const query = params.toString();
  return `${path}${query ? `?${query}` : ""}${hash ? `#${hash}` : ""}`;
}

/** The state as hidden form fields, in the URL's order, so a form sends it along. */
export function stateFields(state: CalculatorState): [string, string][] {
  return [...toSearchParams(state).entries()];
}
