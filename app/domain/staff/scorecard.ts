/**
 * The group scorecard (issue 40, item 5): how each salon, stylist and level
 * turns leads into chairs, week by week. The server hands over one row per
 * lead saved in the window (app/server/staff/scorecard.server.ts); these add
 * them up. docs/console.md says what each figure means.
 */
import type { CsvColumn } from "./csv";

/** One lead (a saved quote) as the scorecard counts it. */
export interface ScorecardLead {
  /** The Monday (yyyy-mm-dd) of the London week the quote was saved in. */
  week: string;
  /** The quote's stored salon. */
  salonId: number;
  levelId: number;
  /** 0: no stylist named. */
  stylistId: number;
  /** The quote's total, in pence. */
  quotedPence: number;
  /** Opening minutes of its salon from the save to the first reply by a person; null while nobody has replied. */
  replyMinutes: number | null;
  /** Booked: an appointment matched to it (applied or confirmed, decision 070). */
  booked: boolean;
  /** The matched appointments' own values added up, in pence; null when not booked or no value came with them. */
  chargedPence: number | null;
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

/** A charged value within this share of the quote either way is "as quoted". */
const CHARGED_TOLERANCE = 0.1;

/** Whether `charged` is within ±10% of `quoted` (both pence); a £0 quote only matches a £0 bill. */
const chargedNearQuote = (quotedPence: number, chargedPence: number) =>
  Math.abs(chargedPence - quotedPence) <= CHARGED_TOLERANCE * quotedPence;

/** The middle value (the mean of the middle two for an even count); null for none. */
function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The figures of `leads`, with `targetMinutes` the owner's reply target in opening minutes. */
function scorecardFigures(leads: readonly ScorecardLead[], targetMinutes: number): ScorecardFigures {
  const replies = leads.flatMap((l) => (l.replyMinutes === null ? [] : [l.replyMinutes]));
  const booked = leads.filter((l) => l.booked);
  const charged = booked.filter((l) => l.chargedPence !== null);
  const sum = (rows: readonly ScorecardLead[], pence: (l: ScorecardLead) => number) =>
    rows.reduce((total, l) => total + pence(l), 0);
  return {
    leads: leads.length,
    replied: replies.length,
    replyMedianMinutes: median(replies),
    replyWorstMinutes: replies.length ? Math.max(...replies) : null,
    repliedWithinTarget: replies.filter((m) => m <= targetMinutes).length,
    booked: booked.length,
    quotedPence: sum(leads, (l) => l.quotedPence),
    bookedPence: sum(booked, (l) => l.quotedPence),
    chargedPence: sum(charged, (l) => l.chargedPence ?? 0),
    chargedLeads: charged.length,
    chargedWithinTenPercent: charged.filter((l) => chargedNearQuote(l.quotedPence, l.chargedPence ?? 0)).length,
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

const keyOf = (by: ScorecardDimension, l: ScorecardLead) =>
  by === "salon-week"
    ? { salonId: l.salonId, week: l.week, stylistId: 0, levelId: 0 }
    : by === "stylist"
      ? { salonId: 0, week: "", stylistId: l.stylistId, levelId: 0 }
      : { salonId: 0, week: "", stylistId: 0, levelId: l.levelId };

/**
 * The leads grouped by salon and week (every week of `weeks` for each salon
 * of `salonIds`, empty ones included, so a quiet week shows as 0), by
 * stylist, or by level; ordered by salon then week, or by id.
 */
export function scorecardBy(
  by: ScorecardDimension,
  leads: readonly ScorecardLead[],
  targetMinutes: number,
  grid: { weeks: readonly string[]; salonIds: readonly number[] },
): ScorecardRow[] {
  const groups = new Map<string, { key: ReturnType<typeof keyOf>; leads: ScorecardLead[] }>();
  const add = (key: ReturnType<typeof keyOf>, lead?: ScorecardLead) => {
    const id = `${key.salonId}|${key.week}|${key.stylistId}|${key.levelId}`;
    let group = groups.get(id);
    if (!group) {
      group = { key, leads: [] };
      groups.set(id, group);
    }
    if (lead) group.leads.push(lead);
  };
  if (by === "salon-week")
    for (const salonId of grid.salonIds)
      for (const week of grid.weeks) add({ salonId, week, stylistId: 0, levelId: 0 });
  for (const lead of leads) add(keyOf(by, lead), lead);
  return [...groups.values()]
    .map(({ key, leads: rows }) => ({ by, ...key, figures: scorecardFigures(rows, targetMinutes) }))
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
