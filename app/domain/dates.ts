/** The site's long date format ("November 21st 2026") and the founding date. */
import { differenceInYears, format } from "date-fns";

/** e.g. "November 21st 2026" in local time. */
export function formatLongDate(date: Date): string {
  return format(date, "MMMM do yyyy");
}

/** The salon opened on 1 November 2002. */
export const FOUNDED = new Date(2002, 10, 1);

/** Whole years the salon has been open on `now` (local dates). */
export function yearsActive(now: Date, founded: Date = FOUNDED): number {
  return differenceInYears(now, founded);
}
