/**
 * The map of booking links (app/domain/booking-links.ts resolves it): read
 * through the content cache, since every public page with a Book button
 * reads it and a trigger clears it when a link changes; saved from the
 * console with an audit row; and a quote's Book click, counted on the quote
 * in the statement that finds where it goes.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { type BookingCase, type BookingLink, resolveBookingLink } from "~/domain/booking-links";
import { isNoneService } from "~/domain/catalogue";
import { serviceGroup } from "~/domain/line-labels";
import { inScope, type SalonScope } from "~/domain/staff/access";
import { cached } from "./cache.server";
import type { Database } from "./db.server";
import { listSalons } from "./queries/catalogue.server";
import { QUOTE_LINK_PATTERN } from "./queries/quotes.server";
import { bookingLinks, salons, services, stylists } from "./schema.server";
import { type Actor, audit } from "./staff/audit.server";

function listBookingLinks(db: Database): Promise<BookingLink[]> {
  return cached(db, "booking-links", ["booking_links"], () =>
    db
      .select({
        salonId: bookingLinks.salonId,
        stylistId: bookingLinks.stylistId,
        serviceId: bookingLinks.serviceId,
        url: bookingLinks.url,
      })
      .from(bookingLinks)
      .orderBy(asc(bookingLinks.id)),
  );
}

/** The link a Book button for this case opens, or null for a salon that does not exist. */
export async function bookingLinkFor(db: Database, wanted: BookingCase): Promise<string | null> {
  const [links, salonRows] = await Promise.all([listBookingLinks(db), listSalons(db)]);
  const salon = salonRows.find((s) => s.id === wanted.salonId);
  return salon ? resolveBookingLink(links, salon.bookingUrl, wanted).url : null;
}

/**
 * Counts a click on a quote's Book button and answers where it goes, in one
 * statement: the click is counted only for a quote that exists and was not
 * erased at the client's request. The quote names its salon, stylist and
 * services; the address is the resolved configured link, never anything the
 * request carried.
 */
export async function countBookClick(db: Database, link: string, now: Date): Promise<string | null> {
  if (!QUOTE_LINK_PATTERN.test(link)) return null;
  const result = await db.execute<QuoteCaseRow>(sql`
    update quotes set book_clicks = book_clicks + 1,
      first_book_click_at = coalesce(first_book_click_at, ${now.toISOString()}::timestamptz),
      last_book_click_at = ${now.toISOString()}::timestamptz
    where link = ${link} and not erased_on_request
    returning ${QUOTE_CASE}`);
  return linkOfQuote(db, result.rows[0]);
}

/** Where a quote's Book button goes, without counting (a HEAD request, a previewer, the pages that show it). */
export async function quoteBookingLink(db: Database, link: string): Promise<string | null> {
  if (!QUOTE_LINK_PATTERN.test(link)) return null;
  const result = await db.execute<QuoteCaseRow>(
    sql`select ${QUOTE_CASE} from quotes where link = ${link} and not erased_on_request`,
  );
  return linkOfQuote(db, result.rows[0]);
}

/**
 * Where a colour quote's client books her skin test: her salon's skin-test link (set on the booking links
 * screen), else its default link; null for a quote that does not exist or was erased at her request.
 */
export async function quoteSkinTestLink(db: Database, link: string): Promise<string | null> {
  if (!QUOTE_LINK_PATTERN.test(link)) return null;
  const result = await db.execute<{ url: string }>(sql`
    select coalesce(s.skin_test_url, s.booking_url) as url from quotes q join salons s on s.id = q.salon_id
    where q.link = ${link} and not q.erased_on_request`);
  return result.rows[0]?.url ?? null;
}

interface QuoteCaseRow extends Record<string, unknown> {
  salon_id: number;
  stylist_id: number | null;
  service_ids: number[] | null;
}

/** The salon a quote books at (its stylist's, or the one chosen), its stylist and its services in order. */
const QUOTE_CASE = sql.raw(`coalesce(stylist_salon_id, salon_id) as salon_id, stylist_id,
  (select array_agg((l->>'serviceId')::int order by n) from jsonb_array_elements(lines) with ordinality as t(l, n))
    as service_ids`);

async function linkOfQuote(db: Database, row: QuoteCaseRow | undefined): Promise<string | null> {
  if (!row) return null;
  return bookingLinkFor(db, {
    salonId: Number(row.salon_id),
    stylistId: row.stylist_id === null ? null : Number(row.stylist_id),
    serviceIds: (row.service_ids ?? []).map(Number),
  });
}

/** One case of the map, as the console's form sends it. */
export interface BookingLinkCase {
  salonId: number;
  stylistId: number | null;
  serviceId: number | null;
}

/** Sets (or with url null, removes) the link for one case, with its audit row. Returns whether anything changed. */
export async function saveBookingLink(
  db: Database,
  actor: Actor | null,
  which: BookingLinkCase,
  url: string | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const match = and(
      eq(bookingLinks.salonId, which.salonId),
      which.stylistId === null ? isNull(bookingLinks.stylistId) : eq(bookingLinks.stylistId, which.stylistId),
      which.serviceId === null ? isNull(bookingLinks.serviceId) : eq(bookingLinks.serviceId, which.serviceId),
    );
    const changed =
      url === null
        ? await tx.delete(bookingLinks).where(match).returning({ id: bookingLinks.id })
        : await tx
            .insert(bookingLinks)
            .values({ ...which, url })
            .onConflictDoUpdate({
              target: [bookingLinks.salonId, bookingLinks.stylistId, bookingLinks.serviceId],
              set: { url, updatedAt: new Date() },
            })
            .returning({ id: bookingLinks.id });
    if (changed.length === 0) return false;
    await audit(tx, actor, {
      action: url === null ? "booking-link.remove" : "booking-link.save",
      subject: { type: "salon", id: which.salonId },
      summary: JSON.stringify({ stylistId: which.stylistId, serviceId: which.serviceId, url }),
    });
    return true;
  });
}

/** Sets (or with url null, clears) a salon's skin-test booking link, with its audit row; false for no such salon. */
export async function saveSkinTestLink(
  db: Database,
  actor: Actor | null,
  salonId: number,
  url: string | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(salons)
      .set({ skinTestUrl: url })
      .where(eq(salons.id, salonId))
      .returning({ id: salons.id });
    if (changed.length === 0) return false;
    await audit(tx, actor, {
      action: "booking-link.skin-test",
      subject: { type: "salon", id: salonId },
      summary: JSON.stringify({ skinTestUrl: url }),
    });
    return true;
  });
}

/**
 * Everything the booking links screen shows: each salon's default, each
 * stylist on the team with the link their Book buttons resolve to, and the
 * links for a service. Read fresh from the tables: staff must see their save.
 * Only the salons in `scope` (an account's, decision 109), with their
 * stylists and links: the screen saves only what it lists.
 */
export async function bookingMapForConsole(db: Database, scope: SalonScope) {
  const [salonRows, stylistRows, serviceRows, links] = await Promise.all([
    db
      .select({ id: salons.id, name: salons.name, url: salons.bookingUrl, skinTestUrl: salons.skinTestUrl })
      .from(salons)
      .orderBy(asc(salons.id)),
    db
      .select({
        id: stylists.id,
        name: sql<string>`${stylists.firstName} || ' ' || ${stylists.lastName}`,
        salonId: stylists.salonId,
      })
      .from(stylists)
      .where(isNull(stylists.retiredAt))
      .orderBy(asc(stylists.displayOrder), asc(stylists.id)),
    db
      .select({
        id: services.id,
        service: services.service,
        clientName: services.clientName,
        cat1: services.cat1,
        cat2: services.cat2,
      })
      .from(services)
      .where(isNull(services.retiredAt))
      .orderBy(asc(services.cat1), asc(services.cat2), asc(services.sortOrder), asc(services.id)),
    db.select().from(bookingLinks).orderBy(asc(bookingLinks.salonId), asc(bookingLinks.id)),
  ]);
  // Named by step and client name ("Foils: Full head", "Foils add-on: Toner"), each once, so a saved link says
  // which service it is; a step's "None" row books nothing.
  const named = serviceRows
    .filter((row) => !isNoneService(row))
    .map((row) => {
      const group = serviceGroup(row);
      return { id: row.id, name: `${group}: ${row.clientName ?? row.service}`, group };
    });
  return {
    salons: salonRows.filter((row) => inScope(scope, row.id)),
    stylists: stylistRows.filter((row) => inScope(scope, row.salonId)),
    services: named,
    links: links.filter((row) => inScope(scope, row.salonId)),
  };
}
