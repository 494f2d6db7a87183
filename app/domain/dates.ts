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

/**
 * The years a day or time given to the site may fall in: wide enough for a
 * founding date or an old review, narrow enough that PostgreSQL (which has no
 * year 0 and refused `0000-01-01` with a 500) and JavaScript agree on each one.
 */
export const DAY_YEARS = { first: 1900, last: 2100 } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a day written yyyy-mm-dd that the calendar has (not 30 February), within DAY_YEARS. */
export function isSaneDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value && isSaneInstant(day);
}

/** Whether an instant falls within DAY_YEARS (UTC years); false for an invalid Date. */
export function isSaneInstant(at: Date): boolean {
  const year = at.getUTCFullYear();
  return !Number.isNaN(year) && year >= DAY_YEARS.first && year <= DAY_YEARS.last;
}
