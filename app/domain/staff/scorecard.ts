/**
 * The group scorecard: how each salon, stylist and level
 * turns leads into chairs, week by week. The server hands over the sums it
 * keeps on write and the count of leads at each first reply time
 * (app/server/staff/scorecard.server.ts, decision 110); these add them up.
 * docs/console.md says what each figure means.
 */
import type { CsvColumn } from "./csv";

/**
 * The sums of the leads saved in one London week at one salon with one
 * stylist (0: none named) and level, as the server keeps them on write.
 * Money in pence, times in the salon's opening minutes.
 */
export interface ScorecardSums {
  /** The Monday (yyyy-mm-dd) of the London week the quotes were saved in. */
  week: string;
  salonId: number;
  levelId: number;
  stylistId: number;
  leads: number;
  /** The quotes' totals. */
  quotedPence: number;
  /** Leads with an appointment matched (applied or confirmed, decision 070) and not cancelled. */
  booked: number;
  /** The quoted totals of the booked leads. */
  bookedPence: number;
  /** Booked leads whose appointments carried a value. */
  chargedLeads: number;
  /** Their appointments' values added up. */
  chargedPence: number;
  /** Of those, the ones charged within ±10% of their quote (|charged − quoted| × 10 ≤ quoted). */
  chargedWithinTenPercent: number;
  /**
   * The replied leads by first reply time: `replyLeads[i]` leads were first
   * replied to after `replyMinutes[i]` opening minutes. In any order, a time
   * possibly more than once (their leads add up, and may be negative while a
   * change waits to be folded in). The medians are exact from these, never
   * an average of averages.
   */
  replyMinutes: readonly number[];
  replyLeads: readonly number[];
}

/** The figures of a group of leads; money in pence, times in opening minutes. */
export interface ScorecardFigures {
  leads: number;
  /** Leads a person has replied to. */
  replied: number;
  /** Median and worst first reply time of the replied leads; null when none was. */
  replyMedianMinutes: number | null;
  replyWorstMinutes: number | null;
  /** Leads replied to within the owner's target (opening minutes). */
  repliedWithinTarget: number;
  booked: number;
  quotedPence: number;
  /** The quoted totals of the booked leads. */
  bookedPence: number;
  /** What the matched appointments were worth. */
  chargedPence: number;
  /** Booked leads whose appointments carried a value: the share below is of these. */
  chargedLeads: number;
  /** Of those, the ones charged within ±10% of their quote. */
  chargedWithinTenPercent: number;
}

/**
 * The middle of the reply times counted by `counts` (minutes → leads, each
 * above 0): the mean of the middle two for an even count; null for none.
 */
function medianOf(counts: ReadonlyMap<number, number>, total: number): number | null {
  if (total === 0) return null;
  const sorted = [...counts.entries()].sort((a, b) => a[0] - b[0]);
  // The 1-based positions of the middle value(s).
  const low = Math.floor((total + 1) / 2);
  const high = Math.floor(total / 2) + 1;
  let seen = 0;
  let lowValue: number | null = null;
  for (const [minutes, leads] of sorted) {
    seen += leads;
    if (lowValue === null && seen >= low) lowValue = minutes;
    if (seen >= high) return ((lowValue ?? minutes) + minutes) / 2;
  }
  return lowValue;
}

/** The figures of one group's sums, with `targetMinutes` the owner's reply target in opening minutes. */
function scorecardFigures(sums: readonly ScorecardSums[], targetMinutes: number): ScorecardFigures {
  const add = (pick: (s: ScorecardSums) => number) => sums.reduce((total, s) => total + pick(s), 0);
  const counts = new Map<number, number>();
  for (const s of sums)
    for (let i = 0; i < s.replyMinutes.length; i++) {
      const minutes = s.replyMinutes[i] ?? 0;
      counts.set(minutes, (counts.get(minutes) ?? 0) + (s.replyLeads[i] ?? 0));
    }
  let replied = 0;
  let worst: number | null = null;
  let withinTarget = 0;
  for (const [minutes, leads] of counts) {
    if (leads <= 0) {
      counts.delete(minutes);
      continue;
    }
    replied += leads;
    if (worst === null || minutes > worst) worst = minutes;
    if (minutes <= targetMinutes) withinTarget += leads;
  }
  return {
    leads: add((s) => s.leads),
    replied,
    replyMedianMinutes: medianOf(counts, replied),
    replyWorstMinutes: worst,
    repliedWithinTarget: withinTarget,
    booked: add((s) => s.booked),
    quotedPence: add((s) => s.quotedPence),
    bookedPence: add((s) => s.bookedPence),
    chargedPence: add((s) => s.chargedPence),
    chargedLeads: add((s) => s.chargedLeads),
    chargedWithinTenPercent: add((s) => s.chargedWithinTenPercent),
  };
}

export type ScorecardDimension = "salon-week" | "stylist" | "level";

/** One line of a breakdown: its key's ids (0 where the breakdown does not split by it) and its figures. */
export interface ScorecardRow {
  by: ScorecardDimension;
  salonId: number;
  /** yyyy-mm-dd, or "" outside the salon-and-week breakdown. */
  week: string;
  stylistId: number;
  levelId: number;
  figures: ScorecardFigures;
}

const keyOf = (by: ScorecardDimension, l: ScorecardSums) =>
  by === "salon-week"
    ? { salonId: l.salonId, week: l.week, stylistId: 0, levelId: 0 }
    : by === "stylist"
      ? { salonId: 0, week: "", stylistId: l.stylistId, levelId: 0 }
      : { salonId: 0, week: "", stylistId: 0, levelId: l.levelId };

/**
 * The sums grouped by salon and week (every week of `weeks` for each salon
 * of `salonIds`, empty ones included, so a quiet week shows as 0), by
 * stylist, or by level; ordered by salon then week, or by id. A stylist or
 * level appears once it has a lead.
 */
export function scorecardBy(
  by: ScorecardDimension,
  sums: readonly ScorecardSums[],
  targetMinutes: number,
  grid: { weeks: readonly string[]; salonIds: readonly number[] },
): ScorecardRow[] {
  const groups = new Map<string, { key: ReturnType<typeof keyOf>; sums: ScorecardSums[] }>();
  const groupOf = (key: ReturnType<typeof keyOf>) => {
    const id = `${key.salonId}|${key.week}|${key.stylistId}|${key.levelId}`;
    let group = groups.get(id);
    if (!group) {
      group = { key, sums: [] };
      groups.set(id, group);
    }
    return group;
  };
  if (by === "salon-week")
    for (const salonId of grid.salonIds)
      for (const week of grid.weeks) groupOf({ salonId, week, stylistId: 0, levelId: 0 });
  for (const s of sums) if (s.leads !== 0) groupOf(keyOf(by, s)).sums.push(s);
  return [...groups.values()]
    .map(({ key, sums: rows }) => ({ by, ...key, figures: scorecardFigures(rows, targetMinutes) }))
    .sort(
      (a, b) =>
        a.salonId - b.salonId || a.week.localeCompare(b.week) || a.stylistId - b.stylistId || a.levelId - b.levelId,
    );
}

export interface ScorecardNames {
  salon: ReadonlyMap<number, string>;
  stylist: ReadonlyMap<number, string>;
  level: ReadonlyMap<number, string>;
}

/** What a row is about: "Kestwick", "No stylist named", "Senior Stylist". */
export function scorecardLabel(
  row: Pick<ScorecardRow, "by" | "salonId" | "stylistId" | "levelId">,
  names: ScorecardNames,
) {
  if (row.by === "salon-week") return names.salon.get(row.salonId) ?? `Salon ${row.salonId}`;
  if (row.by === "stylist")
    return row.stylistId === 0 ? "No stylist named" : (names.stylist.get(row.stylistId) ?? `Stylist ${row.stylistId}`);
  return names.level.get(row.levelId) ?? `Level ${row.levelId}`;
}

/** A share as a whole percentage, "–" of nothing. */
export const percentOf = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : "–");

/** Opening minutes as "45 min", "2 h 10 min"; "–" for none. */
export function openingTime(minutes: number | null): string {
  if (minutes === null) return "–";
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const rest = whole % 60;
  return `${Math.floor(whole / 60)} h${rest ? ` ${rest} min` : ""}`;
}

const pounds = (pence: number) => (pence / 100).toFixed(2);
const BREAKDOWN_LABELS: Readonly<Record<ScorecardDimension, string>> = {
  "salon-week": "Salon and week",
  stylist: "Stylist",
  level: "Level",
};

/** The file: the salon-and-week lines, then the stylists', then the levels'; times in opening minutes. */
export function scorecardCsvColumns(names: ScorecardNames): CsvColumn<ScorecardRow>[] {
  const f = (value: (x: ScorecardFigures) => string | number | null) => (r: ScorecardRow) => value(r.figures);
  return [
    { header: "Breakdown", value: (r) => BREAKDOWN_LABELS[r.by] },
    { header: "Row", value: (r) => scorecardLabel(r, names) },
    { header: "Week starting (UK, Monday)", value: (r) => r.week },
    { header: "Leads", value: f((x) => x.leads) },
    { header: "Replied", value: f((x) => x.replied) },
    { header: "First reply, median (opening minutes)", value: f((x) => x.replyMedianMinutes) },
    { header: "First reply, worst (opening minutes)", value: f((x) => x.replyWorstMinutes) },
    { header: "Replied within target", value: f((x) => x.repliedWithinTarget) },
    { header: "Booked", value: f((x) => x.booked) },
    { header: "Quoted (£)", value: f((x) => pounds(x.quotedPence)) },
    { header: "Booked (£)", value: f((x) => pounds(x.bookedPence)) },
    { header: "Charged (£)", value: f((x) => pounds(x.chargedPence)) },
    { header: "Booked with a charged value", value: f((x) => x.chargedLeads) },
    { header: "Charged within 10% of quote", value: f((x) => x.chargedWithinTenPercent) },
  ];
}
