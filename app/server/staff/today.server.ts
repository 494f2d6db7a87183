/**
 * The console home's figures for today and what changed on the site lately.
 * Each count is a range of an index on the time a row came in (created_at),
 * so the home answers as fast at 100,000 quotes as at ten (decision 091).
 */
import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { SalonScope } from "~/domain/staff/access";
import { AUDIT_ACTIONS, type AuditAction } from "~/domain/staff/audit-log";
import type { Stretch } from "~/domain/staff/today";
import type { Database } from "../db.server";
import {
  auditLog,
  bookingMatches,
  feedback,
  jobApplications,
  modelApplications,
  quotes,
  staffUsers,
} from "../schema.server";
import { salonScopeSql } from "./scope.server";

/** Which of the figures the reader's role may see; the others are neither counted nor shown. */
export interface FiguresWanted {
  quotes: boolean;
  applications: boolean;
  feedback: boolean;
  bookings: boolean;
}

export interface DayFigures {
  quotes: number;
  /** The quotes' totals, in pence. */
  quotePence: number;
  applications: number;
  feedback: number;
  bookings: number;
}

const within = (column: AnyPgColumn, { from, to }: Stretch): SQL => and(gte(column, from), lt(column, to)) as SQL;

const countOf = (table: SQL, column: AnyPgColumn, stretch: Stretch, extra?: SQL) =>
  sql<number>`(select count(*)::int from ${table} where ${within(column, stretch)}${extra ? sql` and ${extra}` : sql``})`;

/** One statement for one stretch of time: each figure its own index range, those not wanted a plain 0. */
async function figuresFor(
  db: Database,
  stretch: Stretch,
  wanted: FiguresWanted,
  scope: SalonScope,
): Promise<DayFigures> {
  const zero = sql<number>`0`;
  const quotesInScope = salonScopeSql(scope, quotes.salonId);
  // The quotes' count and total in one pass over the range: the index carries the totals (quotes_created_idx).
  const quoted = wanted.quotes
    ? sql`(select count(*)::int as n, coalesce(sum(${quotes.totalPence}), 0)::int as pence from ${quotes} where ${within(quotes.createdAt, stretch)} and ${quotesInScope})`
    : sql`(select 0 as n, 0 as pence)`;
  const [row] = await db
    .select({
      quotes: sql<number>`quoted.n`,
      quotePence: sql<number>`quoted.pence`,
      applications: wanted.applications
        ? sql<number>`${countOf(sql`${jobApplications}`, jobApplications.createdAt, stretch)} + ${countOf(sql`${modelApplications}`, modelApplications.createdAt, stretch)}`
        : zero,
      feedback: wanted.feedback ? countOf(sql`${feedback}`, feedback.createdAt, stretch) : zero,
      // A booking matched and not undone: applied by the import, or confirmed by a person. Its quote is looked up
      // only to keep to the reader's salons: every match has one.
      bookings: wanted.bookings
        ? countOf(
            sql`${bookingMatches}`,
            bookingMatches.createdAt,
            stretch,
            sql`${inArray(bookingMatches.state, ["applied", "confirmed"])}${
              scope === "all"
                ? sql``
                : sql` and exists (select 1 from ${quotes} where ${quotes.id} = ${bookingMatches.quoteId} and ${quotesInScope})`
            }`,
          )
        : zero,
    })
    .from(sql`${quoted} as quoted`);
  return {
    quotes: Number(row?.quotes ?? 0),
    quotePence: Number(row?.quotePence ?? 0),
    applications: Number(row?.applications ?? 0),
    feedback: Number(row?.feedback ?? 0),
    bookings: Number(row?.bookings ?? 0),
  };
}

/** Today's figures so far and last week's over the same stretch of the same weekday, of the salons in scope. */
export async function todaysFigures(
  db: Database,
  windows: { today: Stretch; lastWeek: Stretch },
  wanted: FiguresWanted,
  scope: SalonScope,
): Promise<{ today: DayFigures; lastWeek: DayFigures }> {
  const [today, lastWeek] = await Promise.all([
    figuresFor(db, windows.today, wanted, scope),
    figuresFor(db, windows.lastWeek, wanted, scope),
  ]);
  return { today, lastWeek };
}

/**
 * What counts as a change to the site: what visitors see (content, prices,
 * offers, reviews, the team) and the settings. Not a picture's upload on its
 * own (the save that shows it is the change), and no look at anyone's details.
 */
const SITE_PREFIXES = [
  "blog.",
  "news_item.",
  "shop_banner.",
  "shop_tile.",
  "notice.",
  "offer.",
  "salon.",
  "booking-link.",
  "service.",
  "level.",
  "review.",
  "team.",
  "settings.",
];
export const SITE_CHANGES: readonly AuditAction[] = AUDIT_ACTIONS.filter((action) =>
  SITE_PREFIXES.some((prefix) => action.startsWith(prefix)),
);

/**
 * The last `limit` changes to the site, newest first, with who made them (null: the site itself). A salon's own
 * changes (its details, alert addresses, booking links: entries about a salon) only for accounts that cover it.
 */
export function recentSiteChanges(
  db: Database,
  scope: SalonScope,
  limit = 8,
  actions: readonly AuditAction[] = SITE_CHANGES,
) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      staffId: auditLog.staffId,
      staffName: staffUsers.name,
      action: auditLog.action,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      summary: auditLog.summary,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
    .where(
      and(
        inArray(auditLog.action, [...actions]),
        scope === "all"
          ? undefined
          : or(sql`${auditLog.subjectType} is distinct from 'salon'`, inArray(auditLog.subjectId, scope.map(String))),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}
