/**
 * The funnel's figures as the console shows and downloads them (decision
 * 076): the rows of app/server/staff/funnel.server.ts added up by one
 * dimension at a time, and the CSV file's columns.
 */
import { FUNNEL_STEP_LABELS, FUNNEL_STEPS, type FunnelStep } from "../funnel";
import type { CsvColumn } from "./csv";

export interface FunnelFigures {
  steps: Record<FunnelStep, number>;
  quotedPence: number;
  bookedPence: number;
}

export interface FunnelKeyRow extends FunnelFigures {
  week: string;
  salonId: number;
  levelId: number;
  stylistId: number;
  source: string;
}

const FUNNEL_DIMENSIONS = ["week", "salon", "level", "stylist", "source"] as const;
export type FunnelDimension = (typeof FUNNEL_DIMENSIONS)[number];

export interface FunnelNames {
  salon: ReadonlyMap<number, string>;
  level: ReadonlyMap<number, string>;
  stylist: ReadonlyMap<number, string>;
}

const zero = (): FunnelFigures => ({
  steps: Object.fromEntries(FUNNEL_STEPS.map((s) => [s, 0])) as Record<FunnelStep, number>,
  quotedPence: 0,
  bookedPence: 0,
});

function addInto(into: FunnelFigures, row: FunnelFigures) {
  for (const step of FUNNEL_STEPS) into.steps[step] += row.steps[step];
  into.quotedPence += row.quotedPence;
  into.bookedPence += row.bookedPence;
}

/** Every figure added up. */
export function funnelTotal(rows: readonly FunnelFigures[]): FunnelFigures {
  const total = zero();
  for (const row of rows) addInto(total, row);
  return total;
}

/**
 * What a row is called under a dimension. 0 is "not known yet": a visitor's
 * first step names no salon, and a quote by level names no stylist.
 */
function funnelLabel(row: FunnelKeyRow, by: FunnelDimension, names: FunnelNames): string {
  switch (by) {
    case "week":
      return row.week;
    case "source":
      return row.source;
    case "stylist":
      return row.stylistId === 0
        ? "No stylist named"
        : (names.stylist.get(row.stylistId) ?? `Stylist ${row.stylistId}`);
    case "salon":
      return row.salonId === 0 ? "Not chosen yet" : (names.salon.get(row.salonId) ?? `Salon ${row.salonId}`);
    case "level":
      return row.levelId === 0 ? "Not chosen yet" : (names.level.get(row.levelId) ?? `Level ${row.levelId}`);
  }
}

/** The rows added up by one dimension, in the order the labels first appear (rows come sorted by their ids). */
export function funnelBy(
  rows: readonly FunnelKeyRow[],
  by: FunnelDimension,
  names: FunnelNames,
): { label: string; figures: FunnelFigures }[] {
  const groups = new Map<string, FunnelFigures>();
  const ordered = by === "week" || by === "source" ? [...rows].sort((a, b) => (a[by] < b[by] ? -1 : 1)) : rows;
  for (const row of ordered) {
    const label = funnelLabel(row, by, names);
    let group = groups.get(label);
    if (!group) {
      group = zero();
      groups.set(label, group);
    }
    addInto(group, row);
  }
  return [...groups].map(([label, figures]) => ({ label, figures }));
}

const pounds = (pence: number) => (pence / 100).toFixed(2);

/** The file: one line per week, salon, level, stylist and source with any figure. */
export function funnelCsvColumns(names: FunnelNames): CsvColumn<FunnelKeyRow>[] {
  return [
    { header: "Week starting (UK, Monday)", value: (r) => r.week },
    { header: "Salon", value: (r) => funnelLabel(r, "salon", names) },
    { header: "Level", value: (r) => funnelLabel(r, "level", names) },
    { header: "Stylist", value: (r) => funnelLabel(r, "stylist", names) },
    { header: "Source", value: (r) => r.source },
    ...FUNNEL_STEPS.map((step) => ({ header: FUNNEL_STEP_LABELS[step], value: (r: FunnelKeyRow) => r.steps[step] })),
    { header: "Quoted (£)", value: (r) => pounds(r.quotedPence) },
    { header: "Booked (£)", value: (r) => pounds(r.bookedPence) },
  ];
}
