/**
 * The quote rules' catalogue read from the database: the price list with its
 * stylists and salons. The rules themselves (resolveQuote, the stylist lists
 * of the totals screens) are pure and live in domain/quote-resolution.ts.
 */

import { type CalculatorState, parseCalculatorState } from "~/domain/calculator-state";
import type { PricingCatalogue } from "~/domain/quote-resolution";
import { DEFAULT_SALON_ID } from "~/domain/salon-info";
import type { Database } from "../db.server";
import { listSalons, listStylists, loadCatalogue, type SalonRow, type StylistRow } from "./catalogue.server";

// ---------------------------------------------------------------------------
// Resolving a selection against the database

export type QuoteCatalogue = PricingCatalogue<StylistRow, SalonRow>;

export async function loadQuoteCatalogue(db: Database): Promise<QuoteCatalogue> {
  const [catalogue, stylistRows, salonRows] = await Promise.all([loadCatalogue(db), listStylists(db), listSalons(db)]);
  return { ...catalogue, stylists: stylistRows, salons: salonRows };
}

/**
 * The calculator state of a page's URL. A salon id the database does not know
 * falls back to the calculator's default salon rather than failing the page.
 */
export function stateFromUrl(url: URL, catalogue: QuoteCatalogue): CalculatorState {
  const state = parseCalculatorState(url.searchParams);
  return catalogue.salons.some((salon) => salon.id === state.salon) ? state : { ...state, salon: DEFAULT_SALON_ID };
}
