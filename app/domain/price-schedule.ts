/**
 * Prices that change from a date. A scheduled price is a row naming a
 * service, its new price and product price, and the calendar day (London
 * time) it applies from. The price list in force at any moment is the
 * services' own prices overlaid, service by service, by the latest scheduled
 * row whose day has come. Nothing has to run at midnight for a change to
 * apply, every process agrees, and a test clock moves it like the real one.
 * Pure: the server and the tests share it.
 */
import type { Service } from "./catalogue";

export interface ScheduledPrice {
  id: number;
  serviceId: number;
  pricePence: number;
  productPricePence: number;
  /** yyyy-mm-dd: the first London day the price applies. */
  effectiveOn: string;
}

const londonYmd = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The salons' calendar day (yyyy-mm-dd) at `at`: a price "from 1 April" applies from midnight in London. */
export function londonDay(at: Date): string {
  return londonYmd.format(at);
}

/** Whether a scheduled price applies on `today` (its day has come). */
export const isDue = (row: Pick<ScheduledPrice, "effectiveOn">, today: string) => row.effectiveOn <= today;

/**
 * The price list in force on `today`: each service with the latest scheduled
 * price that is due, or its own price when none is. Later days win; rows for
 * days still to come change nothing yet.
 */
export function pricesInForce<S extends Pick<Service, "id" | "pricePence" | "productPricePence">>(
  services: readonly S[],
  scheduled: readonly ScheduledPrice[],
  today: string,
): S[] {
  const latest = new Map<number, ScheduledPrice>();
  for (const row of scheduled) {
    if (!isDue(row, today)) continue;
    const seen = latest.get(row.serviceId);
    if (!seen || row.effectiveOn > seen.effectiveOn) latest.set(row.serviceId, row);
  }
  if (latest.size === 0) return [...services];
  return services.map((service) => {
    const row = latest.get(service.id);
    return row ? { ...service, pricePence: row.pricePence, productPricePence: row.productPricePence } : service;
  });
}
