/**
 * The group scorecard's figures (decision 110), read from
 * what triggers keep on every write (migration 0037): scorecard_rollup's
 * sums by week, salon, stylist, level and first reply time, so the medians
 * are exact. A view costs the rollup's keys of twelve weeks, never a pass
 * over quotes, history lines and matches.
 */
import { sql } from "drizzle-orm";
import type { SalonScope } from "~/domain/staff/access";
import { type ScorecardNames, type ScorecardRow, type ScorecardSums, scorecardBy } from "~/domain/staff/scorecard";
import { DASHBOARD_WEEKS, lastWeeks } from "~/domain/staff/weeks";
import type { Database } from "../db.server";
import { levels, salons, scorecardRollup, stylists } from "../schema.server";
import { foldRollup, rollupRows } from "./rollup.server";
import { salonScopeSql } from "./scope.server";
import { uncontactedHours } from "./uncontacted.server";

export interface Scorecard {
  /** The Mondays (yyyy-mm-dd) of the weeks counted, oldest first. */
  weeks: string[];
  /** The owner's reply target, in opening hours (Settings → "not contacted within"). */
  targetHours: number;
  bySalonWeek: ScorecardRow[];
  byStylist: ScorecardRow[];
  byLevel: ScorecardRow[];
  names: ScorecardNames;
}

/** Any constant not used by another advisory lock (the dashboard's and the funnel's are 7_204_311 and 7_204_312). */
const SCORECARD_ROLLUP_LOCK = 7_204_313;

/** Folds scorecard_rollup's rows of differences into one row per key (app/server/staff/rollup.server.ts). */
const foldScorecardRollup = (db: Database) =>
  foldRollup(db, {
    table: scorecardRollup,
    lock: SCORECARD_ROLLUP_LOCK,
    merge: sql`
      insert into ${scorecardRollup} as r (week, salon_id, stylist_id, level_id, reply_minutes, leads, quoted_pence,
        booked, booked_pence, charged_leads, charged_pence, charged_within, delta)
      select week, salon_id, stylist_id, level_id, reply_minutes, sum(leads), sum(quoted_pence), sum(booked),
        sum(booked_pence), sum(charged_leads), sum(charged_pence), sum(charged_within), false
      from folded group by week, salon_id, stylist_id, level_id, reply_minutes
      order by week, salon_id, stylist_id, level_id, reply_minutes
      on conflict (week, salon_id, stylist_id, level_id, reply_minutes) where not delta do update set
        leads = r.leads + excluded.leads, quoted_pence = r.quoted_pence + excluded.quoted_pence,
        booked = r.booked + excluded.booked, booked_pence = r.booked_pence + excluded.booked_pence,
        charged_leads = r.charged_leads + excluded.charged_leads,
        charged_pence = r.charged_pence + excluded.charged_pence,
        charged_within = r.charged_within + excluded.charged_within`,
  });

/**
 * The scorecard over the dashboard's twelve London weeks up to the one `now`
 * is in (whole weeks), for the salons in `scope`. A lead counts in the week
 * its quote was saved, at the quote's stored salon; its first reply, booking
 * and charged value are as scorecard_lead_refresh (migration 0037) defines
 * them; times are in the salon's opening minutes, money in pence.
 */
export async function loadScorecard(db: Database, scope: SalonScope, now = new Date()): Promise<Scorecard> {
  const weeks = lastWeeks(now, DASHBOARD_WEEKS);
  const first = weeks[0] ?? "";
  const last = weeks.at(-1) ?? "";
  const nothing = scope !== "all" && scope.length === 0;
  await foldScorecardRollup(db);
  const [hours, salonRows, levelRows, stylistRows, sums] = await Promise.all([
    uncontactedHours(db),
    db.select({ id: salons.id, name: salons.shortName }).from(salons).orderBy(salons.id),
    db.select({ id: levels.id, name: levels.name }).from(levels),
    db
      .select({ id: stylists.id, name: sql<string>`${stylists.firstName} || ' ' || ${stylists.lastName}` })
      .from(stylists),
    nothing
      ? Promise.resolve({ rows: [] as ScorecardSums[] })
      : // One line per cell, its keys (kept rows and rows of differences alike) added up, with its replied
        // leads by reply minute (-1: not replied) as two lists side by side: one aggregate step feeds each row
        // to both, so they stay in step. The domain adds up a minute's leads.
        db.execute<ScorecardSums & Record<string, unknown>>(sql`
          select to_char(week, 'YYYY-MM-DD') as "week", salon_id as "salonId", stylist_id as "stylistId",
            level_id as "levelId", sum(leads)::int as "leads", sum(quoted_pence::float8) as "quotedPence",
            sum(booked)::int as "booked", sum(booked_pence::float8) as "bookedPence",
            sum(charged_leads)::int as "chargedLeads", sum(charged_pence::float8) as "chargedPence",
            sum(charged_within)::int as "chargedWithinTenPercent",
            coalesce(array_agg(reply_minutes) filter (where reply_minutes >= 0), '{}') as "replyMinutes",
            coalesce(array_agg(leads) filter (where reply_minutes >= 0), '{}') as "replyLeads"
          from ${rollupRows(
            scorecardRollup,
            sql`week between ${first}::date and ${last}::date and ${salonScopeSql(scope, sql`salon_id`)}`,
          )}
          group by week, salon_id, stylist_id, level_id`),
  ]);
  const target = hours * 60;
  const grid = {
    weeks,
    salonIds: salonRows.map((s) => s.id).filter((id) => scope === "all" || scope.includes(id)),
  };
  return {
    weeks,
    targetHours: hours,
    bySalonWeek: scorecardBy("salon-week", sums.rows, target, grid),
    byStylist: scorecardBy("stylist", sums.rows, target, grid),
    byLevel: scorecardBy("level", sums.rows, target, grid),
    names: {
      salon: new Map(salonRows.map((s) => [s.id, s.name])),
      level: new Map(levelRows.map((l) => [l.id, l.name])),
      stylist: new Map(stylistRows.map((s) => [s.id, s.name])),
    },
  };
}
