/**
 * The funnel's figures for the console (decision 076): every step, £ quoted
 * and £ booked, by week, salon, level, stylist and source. They come from
 * funnel_rollup, which triggers keep on every write to funnel_events and
 * quotes, so a view costs what the number of keys in the window costs, never
 * a scan of the events or the quotes.
 */
import { and, gte, type SQL, sql } from "drizzle-orm";
import { FUNNEL_STEPS, type FunnelStep } from "~/domain/funnel";
import type { SalonScope } from "~/domain/staff/access";
import type { FunnelFigures } from "~/domain/staff/funnel";
import { DASHBOARD_WEEKS, lastWeeks } from "~/domain/staff/weeks";
import type { Database } from "../db.server";
import { funnelRollup, levels, salons, stylists } from "../schema.server";
import { foldRollup, rollupRows } from "./rollup.server";
import { inSalonScope } from "./scope.server";

/** One key of the funnel over a week: each step's count, and the pounds quoted and booked, in pence. */
export interface FunnelRow {
  week: string;
  salonId: number;
  levelId: number;
  stylistId: number;
  source: string;
  steps: Record<FunnelStep, number>;
  quotedPence: number;
  bookedPence: number;
}

/** Any constant not used by another advisory lock (the quote rollup's is 7_204_311). */
const FUNNEL_ROLLUP_LOCK = 7_204_312;

/** The funnel rollup's rows of differences folded into one row per week and key. */
const foldFunnelRollup = (db: Database) =>
  foldRollup(db, {
    table: funnelRollup,
    lock: FUNNEL_ROLLUP_LOCK,
    merge: sql`
      insert into ${funnelRollup} as r (week, step, salon_id, level_id, stylist_id, source, n, pence, delta)
      select week, step, salon_id, level_id, stylist_id, source, sum(n), sum(pence), false
      from folded group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
      on conflict (week, step, salon_id, level_id, stylist_id, source) where not delta do update set
        n = r.n + excluded.n, pence = r.pence + excluded.pence`,
  });

/**
 * The rollup's rows over the dashboard's weeks from `now` and of the salons in scope, folded first. A step
 * taken before a salon was chosen (salon 0) is the whole group's: only an account of every salon counts it.
 */
async function funnelWindow(db: Database, scope: SalonScope, now: Date) {
  const weeks = lastWeeks(now, DASHBOARD_WEEKS);
  await foldFunnelRollup(db);
  const where = and(gte(funnelRollup.week, weeks[0] ?? ""), inSalonScope(scope, funnelRollup.salonId)) as SQL;
  return { weeks, rows: rollupRows(funnelRollup, where) };
}

const emptySteps = () => Object.fromEntries(FUNNEL_STEPS.map((s) => [s, 0])) as Record<FunnelStep, number>;

/** The funnel over the dashboard's weeks: one row per week and key with any figure, and the names of the ids. */
export async function loadFunnel(db: Database, scope: SalonScope, now = new Date()) {
  const { weeks, rows: windowRows } = await funnelWindow(db, scope, now);
  const r = funnelRollup;
  const [figures, salonRows, levelRows, stylistRows] = await Promise.all([
    db
      .select({
        week: sql<string>`to_char(${r.week}, 'YYYY-MM-DD')`,
        step: sql<string>`${r.step}`,
        salonId: sql<number>`${r.salonId}`,
        levelId: sql<number>`${r.levelId}`,
        stylistId: sql<number>`${r.stylistId}`,
        source: sql<string>`${r.source}`,
        n: sql<number>`sum(${r.n})::int`,
        pence: sql<number>`sum(${r.pence})::float8`,
      })
      .from(windowRows)
      .groupBy(r.week, r.step, r.salonId, r.levelId, r.stylistId, r.source)
      .having(sql`sum(${r.n}) <> 0`),
    db
      .select({ id: salons.id, name: salons.shortName })
      .from(salons)
      .where(inSalonScope(scope, salons.id))
      .orderBy(salons.id),
    db.select({ id: levels.id, name: levels.name }).from(levels).orderBy(levels.id),
    db
      .select({ id: stylists.id, name: sql<string>`${stylists.firstName} || ' ' || ${stylists.lastName}` })
      .from(stylists)
      .orderBy(stylists.id),
  ]);
  const rows = new Map<string, FunnelRow>();
  for (const f of figures) {
    const key = `${f.week}|${f.salonId}|${f.levelId}|${f.stylistId}|${f.source}`;
    let row = rows.get(key);
    if (!row) {
      const { week, salonId, levelId, stylistId, source } = f;
      row = { week, salonId, levelId, stylistId, source, steps: emptySteps(), quotedPence: 0, bookedPence: 0 };
      rows.set(key, row);
    }
    if (!(FUNNEL_STEPS as readonly string[]).includes(f.step)) continue;
    row.steps[f.step as FunnelStep] += f.n;
    if (f.step === "saved") row.quotedPence += f.pence;
    if (f.step === "booked") row.bookedPence += f.pence;
  }
  return {
    weeks,
    rows: [...rows.values()].sort(
      (a, b) =>
        a.week.localeCompare(b.week) ||
        a.salonId - b.salonId ||
        a.levelId - b.levelId ||
        a.stylistId - b.stylistId ||
        a.source.localeCompare(b.source),
    ),
    names: {
      salon: new Map(salonRows.map((s) => [s.id, s.name])),
      level: new Map(levelRows.map((l) => [l.id, l.name])),
      stylist: new Map(stylistRows.map((s) => [s.id, s.name])),
    },
  };
}

/**
 * The funnel's totals over the dashboard's weeks: what funnelTotal makes of
 * loadFunnel's rows (keys whose count nets to zero left out, as there), but
 * added up in the database, so the dashboard reads one row per step rather
 * than a thousand keys and the names it does not show.
 */
export async function loadFunnelTotal(db: Database, scope: SalonScope, now = new Date()): Promise<FunnelFigures> {
  const { rows: windowRows } = await funnelWindow(db, scope, now);
  const r = funnelRollup;
  const { rows } = await db.execute<{ step: string; n: number; pence: number }>(sql`
    select step, sum(n)::int as n, sum(pence)::float8 as pence from (
      select ${r.step} as step, sum(${r.n}) as n, sum(${r.pence}) as pence from ${windowRows}
      group by ${r.week}, ${r.step}, ${r.salonId}, ${r.levelId}, ${r.stylistId}, ${r.source}
      having sum(${r.n}) <> 0) as keyed
    group by step`);
  const total: FunnelFigures = { steps: emptySteps(), quotedPence: 0, bookedPence: 0 };
  for (const row of rows) {
    if (!(FUNNEL_STEPS as readonly string[]).includes(row.step)) continue;
    total.steps[row.step as FunnelStep] = Number(row.n);
    if (row.step === "saved") total.quotedPence = Number(row.pence);
    if (row.step === "booked") total.bookedPence = Number(row.pence);
  }
  return total;
}
