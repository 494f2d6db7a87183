/** A first-time client's saved quote carries 20% off (total × 0.8) with code QG20, for four weeks. */
import { addWeeks } from "date-fns";
import { greetingName } from "./message-text";

export const FIRST_VISIT_OFFER = { code: "QG20", percent: 20, validWeeks: 4 } as const;

/** total × (100 − percent) / 100, to the nearest penny (halves up), in integers. */
export function discountedPence(totalPence: number, percent: number = FIRST_VISIT_OFFER.percent): number {
  return Math.floor((totalPence * (100 - percent) * 2 + 100) / 200);
}

/** The offer on a quote made at `createdAt` runs until four weeks later. */
export const offerValidUntil = (createdAt: Date) => addWeeks(createdAt, FIRST_VISIT_OFFER.validWeeks);

/** What the client is greeted by: the first word of their name, a title skipped (message-text.ts greetingName). */
export function firstNameOf(name: string): string {
  return greetingName(name);
}
