/**
 * The dashboard's numbers. Each is one query that groups in the database
 * (by London week, salon, status…) over the dashboard's window, so the page
 * costs the same however many quotes the salons have taken over the years.
 */
import { and, count, desc, eq, gte, inArray, isNotNull, lte, notInArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { FEEDBACK_RATING_FIELDS, type FeedbackRatingField } from "~/domain/forms";
import { DASHBOARD_WEEKS, lastWeeks } from "~/domain/staff/weeks";
import type { Database } from "../db.server";
import { feedback, jobApplications, modelApplications, outbox, quotes, salons } from "../schema.server";

/** The Monday (yyyy-mm-dd) of the London week a timestamp falls in; its text is inlined, not a parameter, so GROUP BY matches it. */
const weekOf = (column: AnyPgColumn) =>
  sql<string>`to_char(date_trunc('week', ${column} at time zone 'Europe/London'), 'YYYY-MM-DD')`;

/** London midnight at the start of a yyyy-mm-dd day. */
const londonMidnight = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/London')`;

const int = (expression: SQL) => sql<number>`(${expression})::int`;
const average = (expression: SQL | AnyPgColumn) => sql<number | null>`round(avg(${expression})::numeric, 2)::float8`;

/** An archived application is done with; every other status, "no" included, is still open (as in the lists). */
const CLOSED_APPLICATION = ["archived"];

export async function loadDashboard(db: Database, now = new Date()) {
  const weeks = lastWeeks(now, DASHBOARD_WEEKS);
  const since = londonMidnight(weeks[0] ?? "");
  const quoteWeek = weekOf(quotes.createdAt);
  const feedbackWeek = weekOf(feedback.createdAt);
  const inWindow = gte(quotes.createdAt, since);
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

  const [
    salonRows,
    bySalon,
    byReferral,
    byStatus,
    views,
    feedbackWeeks,
    feedbackTotals,
    byStylist,
    jobs,
    models,
    newFeedback,
  ] = await Promise.all([
    db.select({ id: salons.id, name: salons.shortName }).from(salons).orderBy(salons.id),
    db
      .select({ week: quoteWeek, salonId: quotes.salonId, n: count() })
      .from(quotes)
      .where(inWindow)
      .groupBy(quoteWeek, quotes.salonId),
    db
      .select({ week: quoteWeek, referral: quotes.referral, n: count() })
      .from(quotes)
      .where(inWindow)
      .groupBy(quoteWeek, quotes.referral),
    db
      .select({ salonId: quotes.salonId, status: quotes.status, n: count() })
      .from(quotes)
      .where(inWindow)
      .groupBy(quotes.salonId, quotes.status),
    db
      .select({
        week: quoteWeek,
        saved: count(),
        opened: int(sql`count(*) filter (where ${quotes.viewCount} > 0)`),
        views: int(sql`coalesce(sum(${quotes.viewCount}), 0)`),
      })
      .from(quotes)
      .where(inWindow)
      .groupBy(quoteWeek),
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
  ]);

  return {
    weeks,
    salons: salonRows,
    quotesBySalon: bySalon,
    quotesByReferral: byReferral,
    quotesByStatus: byStatus,
    views,
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
 * Counts only, so the page shows no one's details.
 */
export async function loadWaiting(db: Database) {
  const [row] = await db
    .select({
      leads: int(sql`(select count(*) from ${quotes} where ${quotes.status} = 'new')`),
      jobs: int(sql`(select count(*) from ${jobApplications} where ${jobApplications.status} = 'new')`),
      models: int(sql`(select count(*) from ${modelApplications} where ${modelApplications.status} = 'new')`),
      feedbackList: int(sql`(select count(*) from ${feedback} where ${feedback.status} = 'new')`),
      messages: int(sql`(select count(*) from ${outbox} where ${outbox.status} = 'failed')`),
    })
    .from(sql`(select 1) as one`);
  return row ?? { leads: 0, jobs: 0, models: 0, feedbackList: 0, messages: 0 };
}
