/**
 * How long a lead has waited: as the console home shows it ("2 h 10 min",
 * "3 days"), and in a salon's opening hours, which is how the owner's
 * "not contacted within N hours" is counted (app/server/staff/uncontacted.server.ts).
 */
import type { DayHours } from "./salon-info";
import { dayAfter, fromLondonLocal, londonDay } from "./salon-time";

const MINUTE = 60_000;

/** "45 min", "2 h", "2 h 10 min", "1 day", "3 days"; under a minute is "just now". */
export function leadAge(since: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / MINUTE));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) {
    const rest = minutes % 60;
    return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ""}`;
  }
  const days = Math.floor(minutes / (24 * 60));
  return `${days} ${days === 1 ? "day" : "days"}`;
}

/** Monday 0 … Sunday 6, as the salons' weeks are stored. */
const weekIndex = (day: string) => (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;

/**
 * Minutes between `from` and `to` during which the salon was open, by its
 * week of hours (Monday first, London time). A salon without hours (none
 * stored, or closed every day) counts plain minutes instead, so its leads are
 * never left unflagged for ever.
 */
export function openMinutesBetween(hours: readonly DayHours[] | null | undefined, from: Date, to: Date): number {
  if (to <= from) return 0;
  if (!hours || hours.every((day) => !day)) return Math.floor((to.getTime() - from.getTime()) / MINUTE);
  let total = 0;
  const last = londonDay(to);
  // Bounded: a lead older than a few weeks has long since passed any threshold the owner can set.
  for (let day = londonDay(from), i = 0; i < 60; day = dayAfter(day), i++) {
    const today = hours[weekIndex(day)];
    if (today) {
      const opens = fromLondonLocal(`${day}T${today.opens}`);
      const closes = fromLondonLocal(`${day}T${today.closes}`);
      if (opens && closes) {
        const start = Math.max(opens.getTime(), from.getTime());
        const end = Math.min(closes.getTime(), to.getTime());
        if (end > start) total += end - start;
      }
    }
    if (day === last) break;
  }
  return Math.floor(total / MINUTE);
}
