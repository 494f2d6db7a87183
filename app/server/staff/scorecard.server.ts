/**
 * The group scorecard's leads (issue 40, item 5): every quote saved in the
 * dashboard's weeks at the salons in scope, with its first reply and its
 * matched appointments. Read through indexed ranges only: the quotes of the
 * window through quotes_created_idx, each one's history lines through
 * staff_notes_subject_idx and its matches through booking_matches_quote_idx,
 * so a view costs the leads of twelve weeks, never the whole table.
 */
import { sql } from "drizzle-orm";
import { openMinutesBetween } from "~/domain/lead-age";
import { fromLondonLocal } from "~/domain/salon-time";
import type { SalonScope } from "~/domain/staff/access";
import { type ScorecardLead, type ScorecardNames, type ScorecardRow, scorecardBy } from "~/domain/staff/scorecard";
import { DASHBOARD_WEEKS, lastWeeks, weekOf } from "~/domain/staff/weeks";
import type { Database } from "../db.server";
import { levels, salons, stylists } from "../schema.server";
import { uncontactedHours } from "./uncontacted.server";

/** The salons a member of staff may see: every one, or these ids (from the one permission check). */

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

interface LeadRow extends Record<string, unknown> {
  created_at: Date | string;
  salon_id: number;
  level_id: number;
  stylist_id: number;
  total_pence: number;
  first_reply_at: Date | string | null;
  booked: boolean;
  charged_pence: number | null;
}

/**
 * The scorecard over the dashboard's weeks up to `now`, for the salons in
 * `scope`: a lead's salon is the quote's stored salon_id; its first reply
 * is the earliest history line a person wrote about it that is a reply or
 * a status change (a booking match's own line names no one and is not a
 * reply); it is booked when an appointment is matched to it (applied or
 * confirmed) and charged the sum of those appointments' values.
 */
export async function loadScorecard(db: Database, scope: SalonScope, now = new Date()): Promise<Scorecard> {
  const weeks = lastWeeks(now, DASHBOARD_WEEKS);
  const from = fromLondonLocal(`${weeks[0]}T00:00`) ?? now;
  const inScope =
    scope === "all"
      ? sql`true`
      : sql`q.salon_id in (${sql.join(
          scope.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const [hours, salonRows, levelRows, stylistRows, leadRows] = await Promise.all([
    uncontactedHours(db),
    db.select({ id: salons.id, name: salons.shortName, hours: salons.openingHours }).from(salons).orderBy(salons.id),
    db.select({ id: levels.id, name: levels.name }).from(levels),
    db
      .select({ id: stylists.id, name: sql<string>`${stylists.firstName} || ' ' || ${stylists.lastName}` })
      .from(stylists),
    scope !== "all" && scope.length === 0
      ? Promise.resolve({ rows: [] as LeadRow[] })
      : db.execute<LeadRow>(sql`
          select q.created_at, q.salon_id, q.level_id, coalesce(q.stylist_id, 0) as stylist_id, q.total_pence,
            (select min(n.created_at) from staff_notes n
              where n.subject_type = 'quote' and n.subject_id = q.id and n.staff_id is not null
                and n.kind in ('reply', 'status')) as first_reply_at,
            m.quote_id is not null as booked, m.charged_pence
          from quotes q
          left join lateral (
            select bm.quote_id, sum(a.value_pence)::int as charged_pence
            from booking_matches bm join appointments a on a.id = bm.appointment_id
            where bm.quote_id = q.id and bm.state in ('applied', 'confirmed') and not a.cancelled
            group by bm.quote_id) m on true
          where q.created_at >= ${from.toISOString()}::timestamptz and q.created_at <= ${now.toISOString()}::timestamptz
            and ${inScope}`),
  ]);
  const openingHours = new Map(salonRows.map((s) => [s.id, s.hours]));
  const leads: ScorecardLead[] = leadRows.rows.map((r) => {
    const savedAt = new Date(r.created_at);
    return {
      week: weekOf(savedAt),
      salonId: Number(r.salon_id),
      levelId: Number(r.level_id),
      stylistId: Number(r.stylist_id),
      quotedPence: Number(r.total_pence),
      replyMinutes:
        r.first_reply_at === null
          ? null
          : openMinutesBetween(openingHours.get(Number(r.salon_id)), savedAt, new Date(r.first_reply_at)),
      booked: Boolean(r.booked),
      chargedPence: r.charged_pence === null ? null : Number(r.charged_pence),
    };
  });
  const target = hours * 60;
  const grid = {
    weeks,
    salonIds: salonRows.map((s) => s.id).filter((id) => scope === "all" || scope.includes(id)),
  };
  return {
    weeks,
    targetHours: hours,
    bySalonWeek: scorecardBy("salon-week", leads, target, grid),
    byStylist: scorecardBy("stylist", leads, target, grid),
    byLevel: scorecardBy("level", leads, target, grid),
    names: {
      salon: new Map(salonRows.map((s) => [s.id, s.name])),
      level: new Map(levelRows.map((l) => [l.id, l.name])),
      stylist: new Map(stylistRows.map((s) => [s.id, s.name])),
    },
  };
}
