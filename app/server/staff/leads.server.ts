/**
 * Saved quotes as leads: the filtered list, one quote in full, and how often
 * its client opened it (a counter and two times; nothing about the viewer).
 */
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { CALCULATOR_TYPES } from "~/domain/calculator-state";
import { REFERRAL_OPTIONS } from "~/domain/forms";
import type { SalonScope } from "~/domain/staff/access";
import { BULK_MAX, LEAD_SORTS, type LeadSort } from "~/domain/staff/lists";
import { QUOTE_STATUSES } from "~/domain/staff/records";
import type { Database } from "../db.server";
import { log } from "../log.server";
import { levels, quotes, salons, stylists } from "../schema.server";
import {
  dayParam,
  dayRange,
  idParam as id,
  type ListPage,
  newestFirstAfter,
  oneOf,
  searchParam,
  searchWhere,
} from "./lists.server";
import { inSalonScope, salonScopeSql } from "./scope.server";

export interface LeadFilter {
  salon?: number;
  stylist?: number;
  level?: number;
  type?: string;
  client?: "new" | "returning";
  referral?: string;
  status?: string;
  /** yyyy-mm-dd, inclusive, London days. */
  from?: string;
  to?: string;
  /** Words found in the name, e-mail or staff notes, or a mobile number. */
  q?: string;
  /** Newest first unless asked otherwise. */
  sort?: Exclude<LeadSort, "newest">;
  /** Only these quotes: the rows staff ticked, to download. */
  ids?: number[];
}

/** Record numbers from the URL ("ids=3&ids=7" or "ids=3,7"); none understood is no restriction. */
export function idsParam(params: URLSearchParams, name = "ids"): number[] | undefined {
  const ids = params
    .getAll(name)
    .flatMap((v) => v.split(","))
    .map((v) => id(v.trim()))
    .filter((v) => v !== undefined);
  return ids.length === 0 ? undefined : [...new Set(ids)].slice(0, BULK_MAX);
}

const SORTS = LEAD_SORTS.map((s) => s.value).filter((s) => s !== "newest");

/** The filters a list URL asks for; anything unrecognised is ignored rather than refused. */
export function leadFilterOf(params: URLSearchParams): LeadFilter {
  return {
    salon: id(params.get("salon")),
    stylist: id(params.get("stylist")),
    level: id(params.get("level")),
    type: oneOf(CALCULATOR_TYPES, params.get("type")),
    client: oneOf(["new", "returning"] as const, params.get("client")),
    referral: oneOf(REFERRAL_OPTIONS, params.get("referral")),
    status: oneOf(QUOTE_STATUSES, params.get("status")),
    from: dayParam(params, "from"),
    to: dayParam(params, "to"),
    q: searchParam(params),
    sort: oneOf(SORTS, params.get("sort")),
    ids: idsParam(params),
  };
}

/** The list's order, as the list asks for it. */
function leadOrder(sort: LeadFilter["sort"]) {
  switch (sort) {
    case "oldest":
      return [asc(quotes.createdAt), asc(quotes.id)];
    case "total-high":
      return [desc(quotes.totalPence), desc(quotes.id)];
    case "total-low":
      return [asc(quotes.totalPence), asc(quotes.id)];
    default:
      return [desc(quotes.createdAt), desc(quotes.id)];
  }
}

/**
 * Which quotes the filter lets through, of the salons in scope: the list's page, its search and its download read
 * the very same.
 */
function leadsWhere(filter: LeadFilter, scope: SalonScope, after?: number): SQL | undefined {
  const where: (SQL | undefined)[] = [newestFirstAfter(quotes, quotes, after), inSalonScope(scope, quotes.salonId)];
  if (filter.salon) where.push(eq(quotes.salonId, filter.salon));
  if (filter.stylist) where.push(eq(quotes.stylistId, filter.stylist));
  if (filter.level) where.push(eq(quotes.levelId, filter.level));
  if (filter.type) where.push(eq(quotes.calculator, filter.type));
  if (filter.client) where.push(eq(quotes.regular, filter.client === "returning"));
  if (filter.referral) where.push(eq(quotes.referral, filter.referral));
  if (filter.status) where.push(eq(quotes.status, filter.status));
  if (filter.ids) where.push(inArray(quotes.id, filter.ids));
  where.push(...dayRange(quotes.createdAt, filter));
  const found = searchWhere(filter.q, {
    text: [quotes.name, quotes.email],
    mobile: quotes.mobile,
    notes: { subjectType: "quote", id: quotes.id },
  });
  if (found) where.push(found);
  return and(...where);
}

const LIST_COLUMNS = {
  id: quotes.id,
  name: quotes.name,
  createdAt: quotes.createdAt,
  salon: salons.shortName,
  level: levels.name,
  stylistName: quotes.stylistName,
  type: quotes.calculator,
  regular: quotes.regular,
  referral: quotes.referral,
  totalPence: quotes.totalPence,
  status: quotes.status,
  viewCount: quotes.viewCount,
};

/** One page of the list, in the order it asks for, of the salons in scope. */
export async function listLeads(db: Database, filter: LeadFilter, page: ListPage, scope: SalonScope) {
  return db
    .select(LIST_COLUMNS)
    .from(quotes)
    .innerJoin(salons, eq(salons.id, quotes.salonId))
    .innerJoin(levels, eq(levels.id, quotes.levelId))
    .where(leadsWhere(filter, scope))
    .orderBy(...leadOrder(filter.sort))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

/**
 * A batch of the list's download: the rows after row `after`, with the
 * contact details the list leaves to each lead's page. Whatever order the
 * list shows, a download reads newest first, so each batch starts where the
 * last ended on the (created_at, id) index and the time stays linear.
 */
export async function leadDownloadBatch(
  db: Database,
  filter: LeadFilter,
  page: { limit: number; after?: number },
  scope: SalonScope,
) {
  return db
    .select({
      ...LIST_COLUMNS,
      mobile: quotes.mobile,
      email: quotes.email,
      lastViewedAt: quotes.lastViewedAt,
      skinTest: quotes.skinTest,
      consultationRequested: quotes.consultationRequested,
      utmSource: quotes.utmSource,
      utmMedium: quotes.utmMedium,
      utmCampaign: quotes.utmCampaign,
      utmContent: quotes.utmContent,
      utmTerm: quotes.utmTerm,
      referrerHost: quotes.referrerHost,
    })
    .from(quotes)
    .innerJoin(salons, eq(salons.id, quotes.salonId))
    .innerJoin(levels, eq(levels.id, quotes.levelId))
    .where(leadsWhere(filter, scope, page.after))
    .orderBy(...leadOrder(undefined))
    .limit(page.limit);
}

/** The filters' choices: the salons in scope, every level and stylist. */
export async function leadFilterChoices(db: Database, scope: SalonScope) {
  const [salonRows, levelRows, stylistRows] = await Promise.all([
    db
      .select({ id: salons.id, name: salons.name })
      .from(salons)
      .where(inSalonScope(scope, salons.id))
      .orderBy(salons.id),
    db.select({ id: levels.id, name: levels.name }).from(levels).orderBy(levels.id),
    db
      .select({ id: stylists.id, firstName: stylists.firstName, lastName: stylists.lastName })
      .from(stylists)
      .orderBy(stylists.firstName, stylists.lastName),
  ]);
  return {
    salons: salonRows,
    levels: levelRows,
    stylists: stylistRows.map((s) => ({ id: s.id, name: `${s.firstName} ${s.lastName}` })),
  };
}

/** One quote in full with its salon's and level's names; undefined when there is none in scope. */
export async function getLead(db: Database, quoteId: number, scope: SalonScope) {
  const [row] = await db
    .select({ quote: quotes, salon: salons.name, level: levels.name })
    .from(quotes)
    .innerJoin(salons, eq(salons.id, quotes.salonId))
    .innerJoin(levels, eq(levels.id, quotes.levelId))
    .where(and(eq(quotes.id, quoteId), inSalonScope(scope, quotes.salonId)))
    .limit(1);
  return row;
}

/**
 * Someone opened a saved quote's page: one more view, and when. The page
 * does not wait for it: views are counted in memory and written together,
 * one statement for all the quotes opened in the last half second, with an
 * asynchronous commit. Under load a write (and its row lock) per view made
 * the quote page the slowest on the site; a count is a statistic, so the
 * views of the last half second lost should the process or database crash
 * cost nothing anyone submitted. Staff pages write what is pending before
 * they read (requireStaff), and so does a clean shutdown.
 */
export function countQuoteView(db: Database, link: string): void {
  let batch = pendingViews.get(db);
  if (!batch) {
    batch = { views: new Map(), timer: setTimeout(() => void flushOwnViews(db), VIEW_FLUSH_MS) };
    batch.timer.unref();
    pendingViews.set(db, batch);
  }
  const at = new Date();
  const view = batch.views.get(link);
  if (view) {
    view.n += 1;
    view.last = at;
  } else batch.views.set(link, { n: 1, first: at, last: at });
}

const VIEW_FLUSH_MS = 500;

interface View {
  n: number;
  first: Date;
  last: Date;
}

const pendingViews = new Map<Database, { views: Map<string, View>; timer: NodeJS.Timeout }>();
/** Writes under way, per database, so a flush returns only once everything counted before it is written. */
const writingViews = new Map<Database, Promise<void>>();

async function writeViews(db: Database, views: Map<string, View>): Promise<void> {
  const rows = [...views].map(([link, v]) => ({
    link,
    n: v.n,
    first: v.first.toISOString(),
    last: v.last.toISOString(),
  }));
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`
      update ${quotes} set
        view_count = ${quotes.viewCount} + v.n,
        first_viewed_at = coalesce(${quotes.firstViewedAt}, v.first),
        last_viewed_at = greatest(${quotes.lastViewedAt}, v.last)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(link text, n integer, first timestamptz, last timestamptz)
      where ${quotes.link} = v.link`);
  });
}

/**
 * Other copies of this module whose views a flush here writes too: the
 * staff console's build carries a copy of its own, while the views are
 * counted by the public build's (http/app.ts joins them).
 */
const joinedCopies: ((db: Database) => Promise<void>)[] = [];

/** Makes every flush of this copy's views (a staff page's, shutdown's) also write those `flush` holds. */
export function joinQuoteViews(flush: (db: Database) => Promise<void>): void {
  joinedCopies.push(flush);
}

/**
 * Writes the views counted so far on this database, by this copy of the
 * module and those joined to it; resolves once they (and any write under
 * way) are stored.
 */
export async function flushQuoteViews(db: Database): Promise<void> {
  await Promise.all([flushOwnViews(db), ...joinedCopies.map((flush) => flush(db))]);
}

function flushOwnViews(db: Database): Promise<void> {
  const batch = pendingViews.get(db);
  if (batch) {
    pendingViews.delete(db);
    clearTimeout(batch.timer);
    const written = (writingViews.get(db) ?? Promise.resolve())
      .then(() => writeViews(db, batch.views))
      .catch((error: unknown) =>
        log.warn(
          { err: error instanceof Error ? error.message : String(error), quotes: batch.views.size },
          "quote views not written",
        ),
      );
    writingViews.set(db, written);
    void written.then(() => {
      if (writingViews.get(db) === written) writingViews.delete(db);
    });
  }
  return writingViews.get(db) ?? Promise.resolve();
}

/** At shutdown: every view counted, on every database, written before the database closes. */
export async function flushAllQuoteViews(): Promise<void> {
  await Promise.all([...new Set([...pendingViews.keys(), ...writingViews.keys()])].map(flushOwnViews));
}

/** How many leads the console home lists under "Needs a reply"; the rest are one link away. */
const NEEDS_REPLY_SHOWN = 20;

/**
 * The console home's "Needs a reply": quotes still New of the salons in
 * scope, oldest first, with the salon each is for. Read
 * through the partial index of New quotes (quotes_new_created_idx), so it
 * costs the same at 100,000 quotes as at 100. Quotes whose details were
 * erased are left out: there is nobody to reply to.
 */
export async function needsReply(db: Database, scope: SalonScope, limit = NEEDS_REPLY_SHOWN) {
  const rows = await db.execute<{ id: number; name: string; created_at: Date | string; salon: string }>(sql`
    select q.id, q.name, q.created_at, s.name as salon
    from (select id, name, created_at, salon_id from quotes
      where status = 'new' and anonymised_at is null and ${salonScopeSql(scope, sql`salon_id`)}
      order by created_at, id limit ${limit}::int) as q
    join salons s on s.id = q.salon_id
    order by q.created_at, q.id`);
  return rows.rows.map((r) => ({
    id: Number(r.id),
    firstName: r.name.trim().split(/\s+/)[0] ?? "",
    createdAt: new Date(r.created_at),
    salon: r.salon,
  }));
}
