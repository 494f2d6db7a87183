/**
 * Saved quotes as leads: the filtered list, one quote in full, and how often
 * its client opened it (a counter and two times; nothing about the viewer).
 */
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { CALCULATOR_TYPES } from "~/domain/calculator-state";
import { REFERRAL_OPTIONS } from "~/domain/forms";
import { QUOTE_STATUSES } from "~/domain/staff/records";
import type { Database } from "../db.server";
import { levels, quotes, salons, stylists } from "../schema.server";
import { dayParam, dayRange, idParam as id, oneOf, searchParam, searchWhere } from "./lists.server";

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
}

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
  };
}

export async function listLeads(db: Database, filter: LeadFilter, page: { limit: number; offset: number }) {
  const where: SQL[] = [];
  if (filter.salon) where.push(eq(quotes.salonId, filter.salon));
  if (filter.stylist) where.push(eq(quotes.stylistId, filter.stylist));
  if (filter.level) where.push(eq(quotes.levelId, filter.level));
  if (filter.type) where.push(eq(quotes.calculator, filter.type));
  if (filter.client) where.push(eq(quotes.regular, filter.client === "returning"));
  if (filter.referral) where.push(eq(quotes.referral, filter.referral));
  if (filter.status) where.push(eq(quotes.status, filter.status));
  where.push(...dayRange(quotes.createdAt, filter));
  const found = searchWhere(filter.q, {
    text: [quotes.name, quotes.email],
    mobile: quotes.mobile,
    notes: { subjectType: "quote", id: quotes.id },
  });
  if (found) where.push(found);
  return db
    .select({
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
    })
    .from(quotes)
    .innerJoin(salons, eq(salons.id, quotes.salonId))
    .innerJoin(levels, eq(levels.id, quotes.levelId))
    .where(and(...where))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function leadFilterChoices(db: Database) {
  const [salonRows, levelRows, stylistRows] = await Promise.all([
    db.select({ id: salons.id, name: salons.name }).from(salons).orderBy(salons.id),
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

export async function getLead(db: Database, quoteId: number) {
  const [row] = await db
    .select({ quote: quotes, salon: salons.name, level: levels.name })
    .from(quotes)
    .innerJoin(salons, eq(salons.id, quotes.salonId))
    .innerJoin(levels, eq(levels.id, quotes.levelId))
    .where(eq(quotes.id, quoteId))
    .limit(1);
  return row;
}

/** Someone opened a saved quote's page: one more view, and when. */
export async function countQuoteView(db: Database, link: string): Promise<void> {
  await db
    .update(quotes)
    .set({
      viewCount: sql`${quotes.viewCount} + 1`,
      firstViewedAt: sql`coalesce(${quotes.firstViewedAt}, now())`,
      lastViewedAt: sql`now()`,
    })
    .where(eq(quotes.link, link));
}
