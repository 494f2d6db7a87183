/**
 * The console home's "Today": the London day so far, and the same stretch of
 * the same weekday a week before (from its midnight to the same time on the
 * wall clock), so at ten in the morning today's figures stand beside last
 * week's morning, not its whole day (decision 091).
 */
import { fromLondonLocal, londonDay, londonTime } from "../salon-time";
import { addDays } from "./weeks";

export interface Stretch {
  from: Date;
  to: Date;
}

export interface TodayWindows {
  /** yyyy-mm-dd, London. */
  day: string;
  /** "Friday". */
  weekday: string;
  /** "10:15": where on the wall clock both stretches end. */
  time: string;
  today: Stretch;
  lastWeek: Stretch;
}

const weekdayName = new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: "UTC" });

/** London's midnight at the start of `day`: the clocks change at 1 or 2 in the morning, so midnight always exists. */
const midnight = (day: string) => fromLondonLocal(`${day}T00:00`) as Date;

export function todayWindows(at: Date): TodayWindows {
  const day = londonDay(at);
  const time = londonTime(at);
  const before = addDays(day, -7);
  // The same wall-clock minute a week ago, with the seconds already gone by in this one.
  const sameMinute = fromLondonLocal(`${before}T${time}`) ?? midnight(addDays(before, 1));
  return {
    day,
    weekday: weekdayName.format(new Date(`${day}T12:00:00Z`)),
    time,
    today: { from: midnight(day), to: at },
    lastWeek: { from: midnight(before), to: new Date(sameMinute.getTime() + (at.getTime() % 60_000)) },
  };
}
