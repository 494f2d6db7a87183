/**
 * The dashboard's numbers. Quote figures come from quote_rollup, which a
 * trigger keeps up to date on every write to quotes: one row per London
 * week, salon, referral and status, so reading them costs the same however
 * many quotes the salons take. Feedback is read over the window through its
 * (created_at, id) index and grouped in the database; applications are
 * counted by status, open ones only.
 */
import { and, count, desc, eq, gte, inArray, isNotNull, lte, notInArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { FEEDBACK_RATING_FIELDS, type FeedbackRatingField } from "~/domain/forms";
import type { SalonScope } from "~/domain/staff/access";
import { DASHBOARD_WEEKS, lastWeeks } from "~/domain/staff/weeks";
import type { Database } from "../db.server";
import { feedback, jobApplications, modelApplications, outbox, quoteRollup, quotes, salons } from "../schema.server";
import { messagesInScope } from "./messages.server";
import { foldRollup, rollupRows } from "./rollup.server";
import { inSalonScope, salonScopeSql } from "./scope.server";

/** The Monday (yyyy-mm-dd) of the London week a timestamp falls in; its text is inlined, not a parameter, so GROUP BY matches it. */
const weekOf = (column: AnyPgColumn) =>
  sql<string>`to_char(date_trunc('week', ${column} at time zone 'Europe/London'), 'YYYY-MM-DD')`;

/** London midnight at the start of a yyyy-mm-dd day. */
const londonMidnight = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/London')`;

const int = (expression: SQL) => sql<number>`(${expression})::int`;
const average = (expression: SQL | AnyPgColumn) => sql<number | null>`round(avg(${expression})::numeric, 2)::float8`;

/** An archived application is done with; every other status, "no" included, is still open (as in the lists). */
const CLOSED_APPLICATION = ["archived"];

/** The dashboard's figures of the salons in scope (feedback and model applications name no salon: the group's). */
export async function loadDashboard(db: Database, scope: SalonScope, now = new Date()) {
  const weeks = lastWeeks(now, DASHBOARD_WEEKS);
  const since = londonMidnight(weeks[0] ?? "");
  const feedbackWeek = weekOf(feedback.createdAt);
  const feedbackInWindow = gte(feedback.createdAt, since);
  const ratingAverages = Object.fromEntries(
    FEEDBACK_RATING_FIELDS.map((field) => [field, average(feedback[field])]),
  ) as Record<FeedbackRatingField, SQL<number | null>>;
  // Each answer's mean over the nine questions: one score per visit.
  const overall = sql`(${sql.join(
    FEEDBACK_RATING_FIELDS.map((field) => feedback[field]),
    sql` + `,
  )}) / ${sql.raw(String(FEEDBACK_RATING_FIELDS.length))}.0`;

  // Feedback names no stylist; the client's latest quote before it that does (same mobile, both kept in
  // one normalised form) is the best guess of whom they saw.
  const stylistOfClient = db
    .select({ stylist: quotes.stylistName })
    .from(quotes)
    .where(
      and(eq(quotes.mobile, feedback.mobile), isNotNull(quotes.stylistName), lte(quotes.createdAt, feedback.createdAt)),
    )
    .orderBy(desc(quotes.createdAt))
    .limit(1)
    .as("stylist_of_client");

  const [salonRows, quoteRows, feedbackWeeks, feedbackTotals, byStylist, jobs, models, newFeedback] = await Promise.all(
    [
      db
        .select({ id: salons.id, name: salons.shortName })
        .from(salons)
        .where(inSalonScope(scope, salons.id))
        .orderBy(salons.id),
      quoteFigures(db, weeks[0] ?? "", scope),
      db
        .select({ week: feedbackWeek, n: count(), overall: average(overall), ...ratingAverages })
        .from(feedback)
        .where(feedbackInWindow)
        .groupBy(feedbackWeek),
      db
        .select({ n: count(), overall: average(overall), ...ratingAverages })
        .from(feedback)
        .where(feedbackInWindow),
      db
        .select({ stylist: stylistOfClient.stylist, n: count(), overall: average(overall) })
        .from(feedback)
        .innerJoinLateral(stylistOfClient, sql`true`)
        .where(feedbackInWindow)
        .groupBy(stylistOfClient.stylist)
        .orderBy(stylistOfClient.stylist),
      db
        .select({ status: jobApplications.status, n: count() })
        .from(jobApplications)
        .where(notInArray(jobApplications.status, CLOSED_APPLICATION))
        .groupBy(jobApplications.status),
      db
        .select({ status: modelApplications.status, n: count() })
        .from(modelApplications)
        .where(notInArray(modelApplications.status, CLOSED_APPLICATION))
        .groupBy(modelApplications.status),
      db
        .select({ n: count() })
        .from(feedback)
        .where(inArray(feedback.status, ["new"])),
    ],
  );

  return {
    weeks,
    salons: salonRows,
    ...quoteRows,
    feedbackWeeks,
    feedbackTotals: feedbackTotals[0],
    feedbackByStylist: byStylist.map((r) => ({ ...r, stylist: r.stylist ?? "" })),
    openJobs: jobs,
    openModels: models,
    newFeedback: newFeedback[0]?.n ?? 0,
  };
}

/**
 * What is waiting for someone on the console's home page: new quotes and
 * applications nobody has touched, and messages that could not be sent.
 * Counts only, so the page shows no one's details; of the salons in scope.
 */
export async function loadWaiting(db: Database, scope: SalonScope) {
  // The fold runs beside the read, not before it: the read sums folded and unfolded rows alike.
  const [, [row]] = await Promise.all([
    foldQuoteRollup(db),
    db
      .select({
        leads: int(
          sql`(select coalesce(sum(${quoteRollup.quotes}), 0) from ${rollupRows(quoteRollup, sql`${quoteRollup.status} = 'new' and ${salonScopeSql(scope, quoteRollup.salonId)}`)})`,
        ),
        jobs: int(sql`(select count(*) from ${jobApplications} where ${jobApplications.status} = 'new')`),
        models: int(sql`(select count(*) from ${modelApplications} where ${modelApplications.status} = 'new')`),
        feedbackList: int(sql`(select count(*) from ${feedback} where ${feedback.status} = 'new')`),
        messages: int(
          sql`(select count(*) from ${outbox} where ${outbox.status} = 'failed' and ${messagesInScope(scope) ?? sql`true`})`,
        ),
      })
      .from(sql`(select 1) as one`),
  ]);
  return row ?? { leads: 0, jobs: 0, models: 0, feedbackList: 0, messages: 0 };
}

/** The quote rollup's rows of differences folded into one row per week, salon, referral and status. */
const foldQuoteRollup = (db: Database) =>
  foldRollup(db, {
    table: quoteRollup,
    lock: QUOTE_ROLLUP_LOCK,
    merge: sql`
      insert into ${quoteRollup} as r (week, salon_id, referral, status, quotes, opened, views, delta)
      select week, salon_id, referral, status, sum(quotes), sum(opened), sum(views), false
      from folded group by week, salon_id, referral, status order by week, salon_id, referral, status
      on conflict (week, salon_id, referral, status) where not delta do update set
        quotes = r.quotes + excluded.quotes, opened = r.opened + excluded.opened, views = r.views + excluded.views`,
  });

/** Any constant not used by another advisory lock: migrations hold their own. */
const QUOTE_ROLLUP_LOCK = 7_204_311;

/** The quote figures over the weeks from `firstWeek` (a Monday, yyyy-mm-dd), grouped as the page shows them. */
async function quoteFigures(db: Database, firstWeek: string, scope: SalonScope) {
  await foldQuoteRollup(db);
  const r = quoteRollup;
  const rows = await db
    .select({
      week: sql<string>`to_char(${r.week}, 'YYYY-MM-DD')`,
      salonId: sql<number>`${r.salonId}`,
      referral: sql<string>`${r.referral}`,
      status: sql<string>`${r.status}`,
      n: int(sql`sum(${r.quotes})`),
      opened: int(sql`sum(${r.opened})`),
      views: int(sql`sum(${r.views})`),
    })
    .from(rollupRows(r, and(gte(r.week, firstWeek), inSalonScope(scope, r.salonId)) as SQL))
    .groupBy(r.week, r.salonId, r.referral, r.status)
    .having(sql`sum(${r.quotes}) > 0`);
  const add = <K extends string, Row extends Record<K | "n", string | number>>(
    into: Map<string, Row>,
    key: string,
    fresh: Row,
    n: number,
  ) => {
    const row = into.get(key);
    if (row) (row as Record<string, unknown>).n = (row.n as number) + n;
    else into.set(key, fresh);
  };
  const bySalon = new Map<string, { week: string; salonId: number; n: number }>();
  const byReferral = new Map<string, { week: string; referral: string; n: number }>();
  const byStatus = new Map<string, { salonId: number; status: string; n: number }>();
  const views = new Map<string, { week: string; saved: number; opened: number; views: number }>();
  for (const row of rows) {
    add(bySalon, `${row.week} ${row.salonId}`, { week: row.week, salonId: row.salonId, n: row.n }, row.n);
    add(byReferral, `${row.week} ${row.referral}`, { week: row.week, referral: row.referral, n: row.n }, row.n);
    add(byStatus, `${row.salonId} ${row.status}`, { salonId: row.salonId, status: row.status, n: row.n }, row.n);
    const week = views.get(row.week);
    if (week) {
      week.saved += row.n;
      week.opened += row.opened;
      week.views += row.views;
    } else views.set(row.week, { week: row.week, saved: row.n, opened: row.opened, views: row.views });
  }
  return {
    quotesBySalon: [...bySalon.values()],
    quotesByReferral: [...byReferral.values()],
    quotesByStatus: [...byStatus.values()],
    views: [...views.values()],
  };
}
