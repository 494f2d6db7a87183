/**
 * Bookings matched back (decision 070): appointments from the booking
 * system's export or webhook are stored, matched to quotes by the pure rules
 * of app/domain/bookings/matching.ts, and a confident match sets the quote
 * to Booked, with a line in its history written by no one ("System"). Every
 * import and match is audited and can be undone; nothing here ever changes
 * a status a person set since. An appointment for a skin test books no
 * quote: it is the client's test on record (skin-tests.server.ts).
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, gte, inArray, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { ParsedAppointment } from "~/domain/bookings/appointment-csv";
import { MATCH_WINDOW_DAYS, matchAppointment, type QuoteToMatch } from "~/domain/bookings/matching";
import { isSkinTestService } from "~/domain/skin-test";
import { inScope, type SalonScope } from "~/domain/staff/access";
import { STATUS_LABELS } from "~/domain/staff/records";
import type { Database } from "../db.server";
import {
  appointmentImports,
  appointments,
  bookingMatches,
  bookingWebhookSecret,
  quotes,
  salons,
  staffNotes,
} from "../schema.server";
import { type Actor, audit } from "./audit.server";
import type { Transaction } from "./content.server";
import type { ScopedActor } from "./records.server";
import { inSalonScope } from "./scope.server";
import { skinTestWords } from "./skin-tests.server";

type Tx = Transaction;
const DAY_MS = 86_400_000;

/** Statuses a person decides: once a person set one of these, the quote is theirs. */
const SETTLED = ["booked", "not-booked"];

/** The quotes that share the appointment's mobile or e-mail in the window, each with whether a person settled it. */
async function candidates(
  tx: Tx,
  a: { mobile: string | null; email: string | null; startsAt: Date },
  scope: SalonScope,
) {
  const contact = [
    a.mobile ? eq(quotes.mobile, a.mobile) : undefined,
    a.email ? sql`lower(trim(${quotes.email})) = ${a.email}` : undefined,
  ].filter((c) => c !== undefined);
  if (contact.length === 0) return [];
  const rows = await tx
    .select({
      id: quotes.id,
      name: quotes.name,
      mobile: quotes.mobile,
      email: quotes.email,
      createdAt: quotes.createdAt,
      status: quotes.status,
      // Who wrote the quote's latest status line: a person (their id) or the site (null, or no line at all).
      lastStatusBy: sql<number | null>`(select sn.staff_id from staff_notes sn
        where sn.subject_type = 'quote' and sn.subject_id = "quotes"."id" and sn.kind = 'status'
        order by sn.id desc limit 1)`,
    })
    .from(quotes)
    .where(
      and(
        or(...contact),
        isNull(quotes.anonymisedAt),
        inSalonScope(scope, quotes.salonId),
        gte(quotes.createdAt, new Date(a.startsAt.getTime() - MATCH_WINDOW_DAYS * DAY_MS)),
        lte(quotes.createdAt, new Date(a.startsAt.getTime() + DAY_MS)),
      ),
    )
    .limit(50);
  return rows.map((r): QuoteToMatch => ({ ...r, locked: SETTLED.includes(r.status) && r.lastStatusBy !== null }));
}

/** Sets the quote to Booked for this match (a line in its history), unless it already is; answers the change made. */
async function bookQuote(tx: Tx, actor: Actor | null, quoteId: number, matchId: number, by: "match" | "confirm") {
  const [quote] = await tx
    .select({ status: quotes.status, name: quotes.name })
    .from(quotes)
    .where(eq(quotes.id, quoteId))
    .for("update");
  if (!quote) return;
  if (quote.status !== "booked") {
    await tx.update(quotes).set({ status: "booked" }).where(eq(quotes.id, quoteId));
    // A match by itself is the site's line ("System"); one a person confirmed is theirs.
    const [note] = await tx
      .insert(staffNotes)
      .values({
        subjectType: "quote",
        subjectId: quoteId,
        staffId: by === "confirm" ? (actor?.staffId ?? null) : null,
        kind: "status",
        body: STATUS_LABELS.booked as string,
      })
      .returning({ id: staffNotes.id });
    await tx
      .update(bookingMatches)
      .set({ previousStatus: quote.status, statusNoteId: note?.id ?? null })
      .where(eq(bookingMatches.id, matchId));
  }
  await audit(tx, actor, {
    action: by === "confirm" ? "booking.confirm" : "booking.match",
    subject: { type: "quote", id: quoteId },
    summary:
      quote.status === "booked" ? "Already Booked" : `Booked (was ${STATUS_LABELS[quote.status] ?? quote.status})`,
  });
}

type AppointmentRow = typeof appointments.$inferSelect;

/** Matches one stored appointment: a confident match books its quote; an uncertain one waits for a person. */
async function matchStored(
  tx: Tx,
  actor: ScopedActor | null,
  appointment: AppointmentRow,
): Promise<"matched" | "review" | "none"> {
  const result = matchAppointment(
    {
      name: appointment.clientName,
      mobile: appointment.clientMobile,
      email: appointment.clientEmail,
      startsAt: appointment.startsAt,
    },
    await candidates(
      tx,
      {
        mobile: appointment.clientMobile,
        email: appointment.clientEmail,
        startsAt: appointment.startsAt,
      },
      actor?.scope ?? "all",
    ),
  );
  if (result.kind === "confident") {
    const [match] = await tx
      .insert(bookingMatches)
      .values({ appointmentId: appointment.id, quoteId: result.quoteId, state: "applied", reason: result.reason })
      .onConflictDoNothing()
      .returning({ id: bookingMatches.id });
    if (match) await bookQuote(tx, actor, result.quoteId, match.id, "match");
    return "matched";
  }
  if (result.kind === "review") {
    await tx
      .insert(bookingMatches)
      .values(
        result.quoteIds.map((quoteId) => ({
          appointmentId: appointment.id,
          quoteId,
          state: "review",
          reason: result.reason,
        })),
      )
      .onConflictDoNothing();
    return "review";
  }
  return "none";
}

/** Another match that still books this quote: applied or confirmed, its appointment not cancelled. */
async function standingMatch(tx: Tx, match: typeof bookingMatches.$inferSelect) {
  const [standing] = await tx
    .select({ id: bookingMatches.id })
    .from(bookingMatches)
    .innerJoin(appointments, eq(appointments.id, bookingMatches.appointmentId))
    .where(
      and(
        eq(bookingMatches.quoteId, match.quoteId),
        ne(bookingMatches.id, match.id),
        inArray(bookingMatches.state, ["applied", "confirmed"]),
        eq(appointments.cancelled, false),
      ),
    )
    .orderBy(bookingMatches.id)
    .limit(1);
  return standing;
}

/**
 * Undoes one match: the quote goes back to the status it had, unless a later
 * line of its history (a person, or another match) changed it since, or
 * another of its appointments still stands (a client who booked two visits
 * and cancelled one is still booked); then it is left as it is. In the last
 * case the standing match takes over the status to go back to, so that its
 * own undoing restores it. The match is kept, marked reverted, with why.
 */
async function revertMatch(tx: Tx, actor: Actor | null, match: typeof bookingMatches.$inferSelect, why: string) {
  let restored = false;
  let kept = "changed since, or not set by the match";
  if (match.state === "applied" || match.state === "confirmed") {
    const [quote] = await tx
      .select({ status: quotes.status })
      .from(quotes)
      .where(eq(quotes.id, match.quoteId))
      .for("update");
    const [later] = match.statusNoteId
      ? await tx
          .select({ id: staffNotes.id })
          .from(staffNotes)
          .where(
            and(
              eq(staffNotes.subjectType, "quote"),
              eq(staffNotes.subjectId, match.quoteId),
              eq(staffNotes.kind, "status"),
              gt(staffNotes.id, match.statusNoteId),
            ),
          )
          .limit(1)
      : [];
    const setByThisMatch = quote?.status === "booked" && match.previousStatus && match.statusNoteId && !later;
    const standing = setByThisMatch ? await standingMatch(tx, match) : undefined;
    if (standing) {
      await tx
        .update(bookingMatches)
        .set({ previousStatus: match.previousStatus, statusNoteId: match.statusNoteId })
        .where(eq(bookingMatches.id, standing.id));
      kept = "another appointment for this quote still stands";
    } else if (setByThisMatch && match.previousStatus) {
      await tx.update(quotes).set({ status: match.previousStatus }).where(eq(quotes.id, match.quoteId));
      await tx.insert(staffNotes).values({
        subjectType: "quote",
        subjectId: match.quoteId,
        staffId: null,
        kind: "status",
        body: STATUS_LABELS[match.previousStatus] ?? match.previousStatus,
      });
      restored = true;
    }
    await audit(tx, actor, {
      action: "booking.revert",
      subject: { type: "quote", id: match.quoteId },
      summary: restored
        ? `${why}: back to ${STATUS_LABELS[match.previousStatus ?? ""] ?? match.previousStatus}`
        : `${why}: status left as it is (${kept})`,
    });
  }
  await tx
    .update(bookingMatches)
    .set({ state: match.state === "review" ? "dismissed" : "reverted" })
    .where(eq(bookingMatches.id, match.id));
  return restored;
}

/** A booking cancelled: its matches are undone (where nobody changed the quote since), its review items dropped. */
async function cancelStored(tx: Tx, actor: Actor | null, appointmentId: number) {
  await tx.update(appointments).set({ cancelled: true }).where(eq(appointments.id, appointmentId));
  const matches = await tx
    .select()
    .from(bookingMatches)
    .where(
      and(
        eq(bookingMatches.appointmentId, appointmentId),
        inArray(bookingMatches.state, ["applied", "confirmed", "review"]),
      ),
    );
  for (const match of matches) await revertMatch(tx, actor, match, "Appointment cancelled");
}

/** Our salon a booking system's name means ("Maison Ivy Kestwick" → Kestwick), if any. */
function salonOf(list: readonly { id: number; name: string }[], name: string): number | null {
  const wanted = name.toLowerCase();
  if (!wanted) return null;
  const found = list.find((s) => wanted.includes(s.name.toLowerCase()) || s.name.toLowerCase().includes(wanted));
  return found?.id ?? null;
}

export interface IngestCounts {
  appointments: number;
  matched: number;
  toReview: number;
  cancelled: number;
  unchanged: number;
  /** Left out of an import by an account of some salons: at another salon, or at none the site knows by name. */
  elsewhere: number;
}

/**
 * Stores appointments (one row per source and reference: a second delivery
 * of the same one changes nothing, which makes the webhook idempotent) and
 * matches the new ones. A known appointment now cancelled is cancelled.
 * An account of some salons (decision 109) stores only its salons'
 * appointments and matches them only to its salons' quotes: the rest of
 * the export is left as it was, for whoever covers those salons to import
 * (stored, they would count as "already here" and never be matched).
 */
async function ingest(
  tx: Tx,
  actor: ScopedActor | null,
  source: string,
  list: readonly ParsedAppointment[],
  importId: number | null,
): Promise<IngestCounts> {
  const counts: IngestCounts = { appointments: 0, matched: 0, toReview: 0, cancelled: 0, unchanged: 0, elsewhere: 0 };
  const salonList = await tx.select({ id: salons.id, name: salons.name }).from(salons);
  const words = await skinTestWords(tx);
  const scope = actor?.scope ?? "all";
  for (const a of list) {
    const salonId = salonOf(salonList, a.salon);
    if (scope !== "all" && (salonId === null || !inScope(scope, salonId))) {
      counts.elsewhere++;
      continue;
    }
    const [inserted] = await tx
      .insert(appointments)
      .values({
        source,
        externalId: a.externalId,
        startsAt: a.startsAt,
        salonName: a.salon,
        salonId,
        stylistName: a.stylist,
        service: a.service,
        valuePence: a.valuePence,
        clientName: a.clientName,
        clientMobile: a.mobile,
        clientEmail: a.email,
        cancelled: a.cancelled,
        importId,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      counts.appointments++;
      // A skin test is not the quote's booking: it is kept as the client's test on record (skin-tests.server.ts).
      if (!a.cancelled && !isSkinTestService(a.service, words)) {
        const outcome = await matchStored(tx, actor, inserted);
        if (outcome === "matched") counts.matched++;
        if (outcome === "review") counts.toReview++;
      }
      continue;
    }
    const [known] = await tx
      .select({ id: appointments.id, cancelled: appointments.cancelled, salonId: appointments.salonId })
      .from(appointments)
      .where(and(eq(appointments.source, source), eq(appointments.externalId, a.externalId)))
      .for("update");
    // The reference is the booking system's, not the row's salon: a stored appointment of another salon is
    // that salon's to cancel, whatever salon this row of the export names.
    if (known && scope !== "all" && (known.salonId === null || !inScope(scope, known.salonId))) {
      counts.elsewhere++;
      continue;
    }
    if (known && a.cancelled && !known.cancelled) {
      await cancelStored(tx, actor, known.id);
      counts.cancelled++;
    } else counts.unchanged++;
  }
  return counts;
}

/** One upload of an export: its appointments stored and matched, as one import that can be undone. */
export function importAppointments(
  db: Database,
  actor: ScopedActor,
  source: string,
  list: readonly ParsedAppointment[],
): Promise<IngestCounts & { importId: number }> {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(appointmentImports)
      .values({ source, staffId: actor.staffId })
      .returning({ id: appointmentImports.id });
    const importId = batch?.id ?? 0;
    const counts = await ingest(tx, actor, source, list, importId);
    await tx
      .update(appointmentImports)
      .set({ appointments: counts.appointments, matched: counts.matched, toReview: counts.toReview })
      .where(eq(appointmentImports.id, importId));
    await audit(tx, actor, {
      action: "booking.import",
      subject: { type: "appointment_import", id: importId },
      summary: `${source}: ${counts.appointments} new appointments, ${counts.matched} matched, ${counts.toReview} to review, ${counts.cancelled} cancelled${counts.elsewhere ? `, ${counts.elsewhere} at other salons left out` : ""}`,
    });
    return { ...counts, importId };
  });
}

/** The webhook's event: an appointment created (stored and matched) or cancelled (its match undone). */
export function receiveAppointmentEvent(
  db: Database,
  event: "created" | "cancelled",
  appointment: ParsedAppointment,
): Promise<IngestCounts> {
  return db.transaction((tx) =>
    ingest(tx, null, "webhook", [{ ...appointment, cancelled: event === "cancelled" }], null),
  );
}

/**
 * Undoes an import: each status it set goes back, unless a person changed it since; its appointments are removed.
 * An account of some salons may undo only its own imports, which hold only its salons' appointments; another's
 * import is not found, as it is not listed (importsOf).
 */
export function undoImport(db: Database, actor: ScopedActor, importId: number): Promise<"done" | "missing" | "undone"> {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .select()
      .from(appointmentImports)
      .where(and(eq(appointmentImports.id, importId), importsOf(actor)))
      .for("update");
    if (!batch) return "missing";
    if (batch.undoneAt) return "undone";
    const matches = await tx
      .select({ match: bookingMatches })
      .from(bookingMatches)
      .innerJoin(appointments, eq(appointments.id, bookingMatches.appointmentId))
      .where(
        and(eq(appointments.importId, importId), inArray(bookingMatches.state, ["applied", "confirmed", "review"])),
      )
      .orderBy(desc(bookingMatches.id));
    let restored = 0;
    for (const { match } of matches) if (await revertMatch(tx, actor, match, "Import undone")) restored++;
    // Gone, so the same export can be imported again; the matches' story stays in the audit log.
    await tx.delete(appointments).where(eq(appointments.importId, importId));
    await tx
      .update(appointmentImports)
      .set({ undoneAt: new Date(), undoneBy: actor.staffId })
      .where(eq(appointmentImports.id, importId));
    await audit(tx, actor, {
      action: "booking.import-undo",
      subject: { type: "appointment_import", id: importId },
      summary: `${restored} of ${matches.length} matches reverted`,
    });
    return "done";
  });
}

type ReviewOutcome = "done" | "missing" | "locked";

/** Matches whose quote is of a salon in scope: another salon's are not found. */
function matchInScope(scope: SalonScope): SQL | undefined {
  const mine = inSalonScope(scope, quotes.salonId);
  return mine && sql`exists (select 1 from ${quotes} where ${quotes.id} = ${bookingMatches.quoteId} and ${mine})`;
}

/**
 * A person confirms an uncertain match: that quote is Booked; the other candidates for the appointment are dropped,
 * each with its own audit row (one appointment is one booking, so they cannot be it, whichever salon's they are).
 */
export function confirmReview(db: Database, actor: ScopedActor, matchId: number): Promise<ReviewOutcome> {
  return db.transaction(async (tx) => {
    const [match] = await tx
      .select()
      .from(bookingMatches)
      .where(and(eq(bookingMatches.id, matchId), matchInScope(actor.scope)))
      .for("update");
    if (match?.state !== "review") return "missing";
    const [quote] = await tx.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, match.quoteId));
    if (quote?.status === "not-booked") return "locked";
    await tx
      .update(bookingMatches)
      .set({ state: "confirmed", decidedBy: actor.staffId, decidedAt: new Date() })
      .where(eq(bookingMatches.id, matchId));
    const others = await tx
      .update(bookingMatches)
      .set({ state: "dismissed", decidedBy: actor.staffId, decidedAt: new Date() })
      .where(and(eq(bookingMatches.appointmentId, match.appointmentId), eq(bookingMatches.state, "review")))
      .returning({ quoteId: bookingMatches.quoteId });
    for (const other of others)
      await audit(tx, actor, {
        action: "booking.dismiss",
        subject: { type: "quote", id: other.quoteId },
        summary: `Another quote (#${match.quoteId}) was confirmed for the appointment`,
      });
    await bookQuote(tx, actor, match.quoteId, matchId, "confirm");
    return "done";
  });
}

/** A person decides an uncertain match is not this quote's booking. */
export function dismissReview(db: Database, actor: ScopedActor, matchId: number): Promise<ReviewOutcome> {
  return db.transaction(async (tx) => {
    const [match] = await tx
      .update(bookingMatches)
      .set({ state: "dismissed", decidedBy: actor.staffId, decidedAt: new Date() })
      .where(and(eq(bookingMatches.id, matchId), eq(bookingMatches.state, "review"), matchInScope(actor.scope)))
      .returning();
    if (!match) return "missing";
    await audit(tx, actor, { action: "booking.dismiss", subject: { type: "quote", id: match.quoteId } });
    return "done";
  });
}

/** Undoes one match from the list of recent ones. */
export function undoMatch(db: Database, actor: ScopedActor, matchId: number): Promise<"done" | "kept" | "missing"> {
  return db.transaction(async (tx) => {
    const [match] = await tx
      .select()
      .from(bookingMatches)
      .where(and(eq(bookingMatches.id, matchId), matchInScope(actor.scope)))
      .for("update");
    if (!match || (match.state !== "applied" && match.state !== "confirmed")) return "missing";
    return (await revertMatch(tx, actor, match, "Match undone")) ? "done" : "kept";
  });
}

const appointmentColumns = {
  startsAt: appointments.startsAt,
  salonName: appointments.salonName,
  stylistName: appointments.stylistName,
  service: appointments.service,
  valuePence: appointments.valuePence,
  clientName: appointments.clientName,
  source: appointments.source,
};

/** The imports an account may see and undo: every import for an account of all salons, else its own. */
function importsOf(actor: ScopedActor): SQL | undefined {
  return actor.scope === "all" ? undefined : eq(appointmentImports.staffId, actor.staffId);
}

/** What the bookings screen lists: the review list and recent matches of the salons in scope, and the imports. */
export async function bookingsOverview(db: Database, actor: ScopedActor) {
  const { scope } = actor;
  const [review, matched, imports, secret] = await Promise.all([
    db
      .select({
        id: bookingMatches.id,
        reason: bookingMatches.reason,
        quoteId: quotes.id,
        quoteName: quotes.name,
        quoteCreatedAt: quotes.createdAt,
        quoteStatus: quotes.status,
        quoteTotalPence: quotes.totalPence,
        ...appointmentColumns,
      })
      .from(bookingMatches)
      .innerJoin(appointments, eq(appointments.id, bookingMatches.appointmentId))
      .innerJoin(quotes, eq(quotes.id, bookingMatches.quoteId))
      .where(and(eq(bookingMatches.state, "review"), inSalonScope(scope, quotes.salonId)))
      .orderBy(bookingMatches.appointmentId, bookingMatches.id)
      .limit(200),
    db
      .select({
        id: bookingMatches.id,
        state: bookingMatches.state,
        quoteId: quotes.id,
        quoteName: quotes.name,
        ...appointmentColumns,
      })
      .from(bookingMatches)
      .innerJoin(appointments, eq(appointments.id, bookingMatches.appointmentId))
      .innerJoin(quotes, eq(quotes.id, bookingMatches.quoteId))
      .where(and(inArray(bookingMatches.state, ["applied", "confirmed"]), inSalonScope(scope, quotes.salonId)))
      .orderBy(desc(bookingMatches.id))
      .limit(50),
    db.select().from(appointmentImports).where(importsOf(actor)).orderBy(desc(appointmentImports.id)).limit(20),
    db.select({ setAt: bookingWebhookSecret.setAt }).from(bookingWebhookSecret).limit(1),
  ]);
  return { review, matched, imports, secretSetAt: secret[0]?.setAt ?? null };
}

/** The appointment a quote was booked by (latest first), for the lead page. */
export async function bookedAppointment(db: Database, quoteId: number) {
  const [row] = await db
    .select(appointmentColumns)
    .from(bookingMatches)
    .innerJoin(appointments, eq(appointments.id, bookingMatches.appointmentId))
    .where(and(eq(bookingMatches.quoteId, quoteId), inArray(bookingMatches.state, ["applied", "confirmed"])))
    .orderBy(desc(bookingMatches.id))
    .limit(1);
  return row ?? null;
}

/** A new webhook secret, replacing any before it; shown once to whoever set it, kept only here. */
export function rotateWebhookSecret(db: Database, actor: Actor): Promise<string> {
  const secret = `whsec_${randomBytes(32).toString("base64url")}`;
  return db.transaction(async (tx) => {
    await tx
      .insert(bookingWebhookSecret)
      .values({ id: 1, secret, setBy: actor.staffId })
      .onConflictDoUpdate({
        target: bookingWebhookSecret.id,
        set: { secret, setAt: new Date(), setBy: actor.staffId },
      });
    await audit(tx, actor, { action: "booking.webhook-secret", summary: "New webhook secret" });
    return secret;
  });
}

/** The secret the webhook's calls are checked against, or null while none is set. */
export async function webhookSecret(db: Database): Promise<string | null> {
  const [row] = await db.select({ secret: bookingWebhookSecret.secret }).from(bookingWebhookSecret).limit(1);
  return row?.secret ?? null;
}
