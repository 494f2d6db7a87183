/**
 * Skin tests on record (app/domain/skin-test.ts holds the rule): an
 * appointment from the booking system's export or webhook whose service
 * names one of the owner's words (site_settings "skinTestWords", by default
 * "skin test" and "patch test") is a skin test. It is the client's, for a
 * lead, when it shares the quote's mobile or e-mail and the names agree, as
 * bookings are matched (app/domain/bookings/matching.ts). Read when shown,
 * so a cancelled or undone appointment stops counting at once.
 */
import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { namesAgree } from "~/domain/bookings/matching";
import { Cat1 } from "~/domain/catalogue";
import { normaliseEmail } from "~/domain/privacy";
import { fromLondonLocal, londonDay } from "~/domain/salon-time";
import {
  COLOUR_CHECK_DAYS,
  type ColourReadiness,
  colourReadiness,
  DEFAULT_SKIN_TEST_WORDS,
  isSkinTestAnswer,
  isSkinTestService,
  parseSkinTestWords,
  quoteNeedsSkinTest,
  type SkinTestAnswer,
  skinTestValidUntil,
} from "~/domain/skin-test";
import type { SalonScope } from "~/domain/staff/access";
import { addDays } from "~/domain/staff/weeks";
import type { Database } from "../db.server";
import { appointments, bookingMatches, quotes, salons, siteSettings } from "../schema.server";
import { type Actor, audit } from "./audit.server";
import { inSalonScope } from "./scope.server";

const WORDS_SETTING = "skinTestWords";

/** The owner's words for a skin-test appointment, one per line as stored; the defaults until set. */
export async function skinTestWords(db: Pick<Database, "select">): Promise<string[]> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, WORDS_SETTING)).limit(1);
  return (row && parseSkinTestWords(row.value)) ?? [...DEFAULT_SKIN_TEST_WORDS];
}

/** Saves the owner's words (parseSkinTestWords checked them), with an audit row. */
export async function setSkinTestWords(db: Database, actor: Actor, words: readonly string[]): Promise<void> {
  const value = words.join("\n");
  await db.transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ key: WORDS_SETTING, value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
    await audit(tx, actor, { action: "settings.skin-test-words", summary: words.join(", ") });
  });
}

/** A stored line as the skin-test rule reads it (quotes saved before lines kept their category have none). */
type SavedLine = { cat1: number; cat2: number; service: string };

interface Client {
  name: string;
  mobile: string;
  email: string;
}

/** How many of one client's appointments are read, oldest first: a number shared by many clients stops here. */
const APPOINTMENTS_READ = 200;

/**
 * The start instants of each client's skin tests on record (not cancelled),
 * oldest first, in the order the clients are given. One statement for them
 * all, each client a lookup of the appointments indexes by mobile or e-mail:
 * the console home asks for every colour booking of the next days at once.
 */
async function skinTestsOfEach(db: Database, clients: readonly Client[], words: readonly string[]): Promise<Date[][]> {
  const found: Date[][] = clients.map(() => []);
  const keys = clients.map((c) => ({ mobile: c.mobile || null, email: normaliseEmail(c.email) || null }));
  if (!keys.some((k) => k.mobile || k.email)) return found;
  const { rows } = await db.execute<{ i: number; starts_at: Date | string; service: string; client_name: string }>(sql`
    select c.i::int as i, a.starts_at, a.service, a.client_name
    from unnest(${sql.param(keys.map((k) => k.mobile))}::text[], ${sql.param(keys.map((k) => k.email))}::text[])
      with ordinality as c(mobile, email, i)
    cross join lateral (
      select ${appointments.startsAt}, ${appointments.service}, ${appointments.clientName} from ${appointments}
      where (${appointments.clientMobile} = c.mobile or ${appointments.clientEmail} = c.email)
        and not ${appointments.cancelled}
      order by ${appointments.startsAt} limit ${APPOINTMENTS_READ}
    ) a
    order by c.i, a.starts_at`);
  for (const row of rows) {
    const client = clients[row.i - 1] as Client;
    if (isSkinTestService(row.service, words) && namesAgree(row.client_name, client.name))
      found[row.i - 1]?.push(new Date(row.starts_at));
  }
  return found;
}

/** One client's skin tests on record, as skinTestsOfEach reads them. */
async function skinTestsOf(db: Database, client: Client, words: readonly string[]): Promise<Date[]> {
  const [tests] = await skinTestsOfEach(db, [client], words);
  return tests ?? [];
}

export type LeadSkinTest =
  | { kind: "not-colour" }
  | {
      kind: "colour";
      /** The client's answer on the finish form; null when she was not asked (an API quote, or an older one). */
      answer: SkinTestAnswer | null;
      consultation: boolean;
      /** The latest test on record and the last London day it counts, or null: "Skin test needed". */
      latest: { on: string; validUntil: string; current: boolean } | null;
      /** The colour appointment the quote was booked by, and whether a test covers it; null until booked. */
      booking: { startsAt: Date; readiness: ColourReadiness } | null;
    };

/**
 * The lead page's skin-test line: for a colour quote, the answer, the latest
 * test on record (current while its 6 months last on `today`, a London day)
 * and, when booked, whether the colour appointment is covered.
 */
export async function leadSkinTest(
  db: Database,
  quote: Client & { lines: readonly unknown[]; skinTest: string | null; consultationRequested: boolean },
  colourBooking: { startsAt: Date } | null,
  today: string,
): Promise<LeadSkinTest> {
  if (!quoteNeedsSkinTest(quote.lines as SavedLine[])) return { kind: "not-colour" };
  const tests = await skinTestsOf(db, quote, await skinTestWords(db));
  const last = tests.at(-1);
  const latest = last
    ? (() => {
        const validUntil = skinTestValidUntil(last);
        return { on: londonDay(last), validUntil, current: today <= validUntil };
      })()
    : null;
  return {
    kind: "colour",
    answer: isSkinTestAnswer(quote.skinTest) ? quote.skinTest : null,
    consultation: quote.consultationRequested,
    latest,
    booking: colourBooking
      ? { startsAt: colourBooking.startsAt, readiness: colourReadiness(tests, colourBooking.startsAt) }
      : null,
  };
}

/** The kinds of line (cat1) a service needing a skin test can be (catalogue.needsSkinTest). */
const COLOUR_KINDS = [Cat1.Colour, Cat1.ColourAddOn, Cat1.Mens];

/**
 * The matched, not cancelled appointments from `from` to `to` (instants) of
 * quotes in `scope` with a line of a colour kind, earliest first: each with
 * its quote's client, lines and salon. Through the index of matched
 * bookings, each appointment of the stretch looked up in it.
 */
export function colourBookingsBetween(db: Database, scope: SalonScope, from: Date, to: Date) {
  return db
    .select({
      quoteId: quotes.id,
      name: quotes.name,
      mobile: quotes.mobile,
      email: quotes.email,
      lines: quotes.lines,
      salon: salons.name,
      startsAt: appointments.startsAt,
      service: appointments.service,
    })
    .from(bookingMatches)
    .innerJoin(appointments, eq(appointments.id, bookingMatches.appointmentId))
    .innerJoin(quotes, eq(quotes.id, bookingMatches.quoteId))
    .innerJoin(salons, eq(salons.id, quotes.salonId))
    .where(
      and(
        inArray(bookingMatches.state, ["applied", "confirmed"]),
        eq(appointments.cancelled, false),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
        isNull(quotes.anonymisedAt),
        inSalonScope(scope, quotes.salonId),
        // Only quotes with a line of a colour kind can need a test; quoteNeedsSkinTest then decides.
        or(...COLOUR_KINDS.map((cat1) => sql`${quotes.lines} @> ${JSON.stringify([{ cat1 }])}::jsonb`)),
      ),
    )
    .orderBy(asc(appointments.startsAt));
}

/**
 * The front desk's morning list on the console home: colour appointments
 * booked from a quote (matched, not cancelled) from the start of `today`
 * (London) for COLOUR_CHECK_DAYS days, in the staff member's salons, that no
 * skin test covers: none on record, less than 48 hours before, or run out.
 */
export async function colourAppointmentsToCheck(db: Database, scope: SalonScope, today: string) {
  const from = fromLondonLocal(`${today}T00:00`) as Date;
  const to = fromLondonLocal(`${addDays(today, COLOUR_CHECK_DAYS)}T00:00`) as Date;
  const [rows, words] = await Promise.all([
    colourBookingsBetween(db, scope, from, to),
    // Beside the bookings, not after them: one round trip fewer before the clients' tests are read.
    skinTestWords(db),
  ]);
  // Every colour booking of the stretch is read, none cut off: the page says when none is left.
  const colour = rows.filter((row) => quoteNeedsSkinTest(row.lines as unknown as SavedLine[]));
  const tests = await skinTestsOfEach(db, colour, words);
  return colour.flatMap((row, i) => {
    const readiness = colourReadiness(tests[i] ?? [], row.startsAt);
    return readiness.kind === "ready"
      ? []
      : [{ quoteId: row.quoteId, name: row.name, salon: row.salon, startsAt: row.startsAt, readiness }];
  });
}
