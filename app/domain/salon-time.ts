/**
 * The salons' own clock (London). Staff type dates and times as they read
 * them on the salon wall; the server keeps instants. These turn one into the
 * other across the clock changes, without a date library.
 */
const SALON_TIME_ZONE = "Europe/London";

/**
 * London's calendar and clock, made when first asked for: a browser's first
 * `Intl` format loads locale data (docs/decisions/128), which a page that
 * only imports this module's neighbours (the skin-test question's words on
 * the quote form) should not pay for.
 */
let parts: Intl.DateTimeFormat | undefined;
const londonParts = () =>
  (parts ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: SALON_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }));

function wallClock(at: Date): { day: string; time: string; ms: number } {
  const p = Object.fromEntries(
    londonParts()
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  const day = `${p.year}-${p.month}-${p.day}`;
  const time = `${p.hour}:${p.minute}`;
  return { day, time, ms: Date.parse(`${day}T${time}:${p.second}Z`) };
}

/**
 * The day of the last minute asked for. Every save prices with today's list, so this is asked
 * for on each one; London's offset from UTC is whole hours, so its day only ever turns at the
 * start of a minute and the answer for one minute is the answer for all of it.
 */
let lastDay = { minute: Number.NaN, day: "" };

/** The London calendar day (yyyy-mm-dd) `at` falls on. */
export function londonDay(at: Date): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, day: wallClock(at).day };
  return lastDay.day;
}

/**
 * The calendar day after `day` (yyyy-mm-dd). Counted on the calendar, not as
 * 24 or 36 hours on, which land on the wrong date for a late time or across a
 * clock change.
 */
export function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * When a pass due each day at London wall-clock `time` ("17:30") is next due:
 * today's, unless a pass has run at or after it (`lastRun`), then the next
 * calendar day's. Before any pass (`lastRun` null), today's even if it has gone
 * by, unless `firstWaits`: then the next one still ahead of `now` (a new
 * install waits for the night rather than working as it starts).
 */
export function nextDailyAt(time: string, lastRun: Date | null, now: Date, { firstWaits = false } = {}): Date {
  const at = (day: string) => fromLondonLocal(`${day}T${time}`) ?? now;
  const todays = at(londonDay(now));
  const tomorrows = () => at(dayAfter(londonDay(now)));
  if (!lastRun) return firstWaits && todays <= now ? tomorrows() : todays;
  return lastRun < todays ? todays : tomorrows();
}

/** The London day of the week at `at`: 0 for Monday to 6 for Sunday, as salons' weeks are stored. */
export function londonWeekday(at: Date): number {
  return (new Date(`${londonDay(at)}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The London wall-clock time (hh:mm) at `at`. */
export function londonTime(at: Date): string {
  return wallClock(at).time;
}

/**
 * London's offset from UTC at `at`, in milliseconds. It only changes on the
 * hour, so it is worked out once per hour asked for: a download of 100,000
 * rows asks for a few thousand hours, not 100,000 calendar conversions.
 */
const offsets = new Map<number, number>();

function londonOffsetMs(at: Date): number {
  const hour = Math.floor(at.getTime() / 3_600_000);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    offset = wallClock(new Date(hour * 3_600_000)).ms - hour * 3_600_000;
    if (offsets.size >= 50_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/** `at` on London's clock to the second, as a spreadsheet reads a date and time ("2026-11-24 09:30:05"). */
export function londonStamp(at: Date): string {
  return new Date(at.getTime() + londonOffsetMs(at)).toISOString().slice(0, 19).replace("T", " ");
}

/** `at` as a datetime-local field shows it in London ("2026-11-24T09:30"). */
export function londonLocal(at: Date): string {
  const { day, time } = wallClock(at);
  return `${day}T${time}`;
}

/**
 * The instant a London wall-clock time ("2026-11-24T09:30") names, or null
 * when it is not a real time. In the hour the clocks go back, the first of
 * the two is taken; a time skipped when they go forward is read an hour on.
 */
export function fromLondonLocal(local: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(local.trim());
  if (!match) return null;
  const asUtc = Date.parse(`${match[1]}T${match[2]}:00Z`);
  if (Number.isNaN(asUtc) || new Date(asUtc).toISOString().slice(0, 16) !== `${match[1]}T${match[2]}`) return null;
  // London is UTC or one hour ahead: try the larger offset first so the earlier instant wins.
  for (const offsetMs of [3_600_000, 0]) {
    const at = new Date(asUtc - offsetMs);
    if (wallClock(at).ms === asUtc) return at;
  }
  return new Date(asUtc);
}
