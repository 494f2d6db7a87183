/**
 * The dashboard counts by week: weeks start on Monday, in the salons' own
 * time (London), so a quote saved at 00:30 on a summer Monday counts in that
 * Monday's week, not the Sunday before as it would in UTC. The database
 * buckets rows (date_trunc('week', … at time zone 'Europe/London')); these
 * name the weeks of the window and fill the weeks with nothing in them.
 */

const SALON_TIME_ZONE = "Europe/London";

/** How many weeks the dashboard looks back over, this week included. */
export const DASHBOARD_WEEKS = 12;

const ymd = new Intl.DateTimeFormat("en-CA", {
  timeZone: SALON_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const DAY_MS = 86_400_000;

/** yyyy-mm-dd of a calendar day, moved by whole days (calendar arithmetic in UTC, no DST to trip on). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday (yyyy-mm-dd) of the London week `at` falls in. */
export function weekOf(at: Date): string {
  const day = ymd.format(at);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The Mondays of the last `count` weeks up to the one `now` is in, oldest first. */
export function lastWeeks(now: Date, count = DASHBOARD_WEEKS): string[] {
  const current = weekOf(now);
  return Array.from({ length: count }, (_, i) => addDays(current, (i - count + 1) * 7));
}

/**
 * One value per week of `weeks` for each series, 0 (or `empty`) where the
 * database had no row: counts come back only for weeks that have some.
 */
export function byWeek<Row extends { week: string }>(
  weeks: readonly string[],
  rows: readonly Row[],
  seriesOf: (row: Row) => string,
  valueFor: (row: Row) => number,
): Map<string, number[]> {
  const index = new Map(weeks.map((w, i) => [w, i]));
  const series = new Map<string, number[]>();
  for (const row of rows) {
    const i = index.get(row.week);
    if (i === undefined) continue;
    const key = seriesOf(row);
    let values = series.get(key);
    if (!values) {
      values = weeks.map(() => 0);
      series.set(key, values);
    }
    values[i] = (values[i] ?? 0) + valueFor(row);
  }
  return series;
}

const short = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** "3 Nov" for the week starting Monday 3 November. */
export function weekLabel(week: string): string {
  return short.format(new Date(`${week}T00:00:00Z`));
}
