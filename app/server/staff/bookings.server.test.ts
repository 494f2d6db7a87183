import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  csvHeaders,
  guessMapping,
  guessPreset,
  type ParsedAppointment,
  parseAppointmentsCsv,
} from "~/domain/bookings/appointment-csv";
import { normaliseAppointmentEmail, normaliseMobile } from "~/domain/bookings/matching";
import { generateSalon } from "~/domain/bookings/test-bookings";
import { DEFAULT_RETENTION } from "~/domain/privacy";
import { SALON_IDS } from "~/domain/salon-ids";
import { londonDay, londonTime } from "~/domain/salon-time";
import { decodeTextFile } from "~/domain/staff/text-file";
import { applyRetention } from "../privacy/retention.server";
import { appointments, auditLog, bookingMatches, quotes, staffNotes, staffUsers } from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import type { StaffContext } from "./auth.server";
import {
  bookingsOverview,
  confirmReview,
  dismissReview,
  importAppointments,
  receiveAppointmentEvent,
  undoImport,
  undoMatch,
} from "./bookings.server";
import { workRecord } from "./records.server";
import { signedInManager } from "./test-manager";

describe.each(testDatabases)("bookings matched back on %s", (_name, open) => {
  let database: TestDatabase;
  let manager: StaffContext;
  let n = 0;
  beforeAll(async () => {
    database = await open(seedDatabase);
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });
  beforeEach(async () => {
    const db = database.db;
    await db.execute(sql`delete from booking_matches`);
    await db.execute(sql`delete from appointments`);
    await db.execute(sql`delete from appointment_imports`);
    await db.execute(sql`delete from staff_notes`);
    await db.execute(sql`delete from quotes`);
    await db.execute(sql`delete from audit_log`);
    await db.execute(sql`delete from staff_sessions`);
    await db.execute(sql`delete from staff_users`);
    manager = await signedInManager(db, `token-${++n}`);
  });

  const quote = async (
    name: string,
    mobile: string,
    email: string,
    createdAt = "2026-11-01T10:00:00Z",
    salonId: number = SALON_IDS.kestwick,
  ) => {
    const [row] = await database.db
      .insert(quotes)
      .values({
        link: `booking${String(++n).padStart(8, "0")}`,
        name,
        mobile,
        email,
        referral: "Google",
        regular: false,
        selector: "Level",
        calculator: "cutting",
        salonId,
        levelId: 1,
        lines: [],
        totalPence: 6500,
        createdAt: new Date(createdAt),
      })
      .returning({ id: quotes.id });
    return row!.id;
  };
  const appointment = (over: Partial<ParsedAppointment> = {}): ParsedAppointment => ({
    externalId: `A${++n}`,
    startsAt: new Date("2026-11-20T10:30:00Z"),
    salon: "Maison Ivy Kestwick",
    stylist: "Agnes",
    service: "Cut and finish",
    valuePence: 6500,
    clientName: "Amelia Hart",
    mobile: "+447700900123",
    email: null,
    cancelled: false,
    ...over,
  });
  const statusOf = async (id: number) =>
    (await database.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, id)))[0]?.status;
  const person = (intent: "status", status: string, id: number) =>
    workRecord(database.db, manager, "quote", id, intent, { status });

  it("an account of one salon imports, matches and undoes its salon's appointments only", async () => {
    const kestwickManager: StaffContext = { ...manager, scope: [SALON_IDS.kestwick] };
    const kira = await quote("Kira Kent", "+447700900201", "kira@example.com");
    const wanda = await quote("Wanda Wren", "+447700900202", "wanda@example.com", undefined, SALON_IDS.wrenbridge);
    // Quoted at Wrenbridge, booked at Kestwick: her quote is Wrenbridge's, so not this manager's to book.
    const nia = await quote("Nia Moss", "+447700900203", "nia@example.com", undefined, SALON_IDS.wrenbridge);
    const list = [
      appointment({ clientName: "Kira Kent", mobile: "+447700900201" }),
      appointment({ clientName: "Wanda Wren", mobile: "+447700900202", salon: "Maison Ivy Wrenbridge" }),
      appointment({ clientName: "Nia Moss", mobile: "+447700900203" }),
      appointment({ clientName: "Ola Nowhere", mobile: "+447700900204", salon: "Another Place" }),
    ];
    const first = await importAppointments(database.db, kestwickManager, "csv", list);
    expect(first).toMatchObject({ appointments: 2, matched: 1, elsewhere: 2 });
    expect([await statusOf(kira), await statusOf(wanda), await statusOf(nia)]).toEqual(["booked", "new", "new"]);

    // The owner's import of the same export stores and matches what the manager left out.
    const [owner] = await database.db
      .insert(staffUsers)
      .values({ email: "owner@example.com", name: "Owner", role: "owner" })
      .returning({ id: staffUsers.id });
    const ownerActor: StaffContext = { ...manager, staffId: owner!.id, scope: "all" };
    const group = await importAppointments(database.db, ownerActor, "csv", list);
    expect(group).toMatchObject({ appointments: 2, matched: 1, unchanged: 2, elsewhere: 0 });
    expect(await statusOf(wanda)).toBe("booked");

    // Her export cannot cancel Wrenbridge's appointment by its reference, whatever salon its row names.
    const forged = { ...list[1]!, salon: "Maison Ivy Kestwick", cancelled: true };
    expect(await importAppointments(database.db, kestwickManager, "csv", [forged])).toMatchObject({
      cancelled: 0,
      elsewhere: 1,
    });
    expect(await statusOf(wanda)).toBe("booked");

    // The manager sees and undoes her own imports only; the group's is not found to her.
    const mine = await bookingsOverview(database.db, kestwickManager);
    expect(mine.imports.map((i) => i.staffId)).toEqual([manager.staffId, manager.staffId]);
    expect(await undoImport(database.db, kestwickManager, group.importId)).toBe("missing");
    expect(await statusOf(wanda)).toBe("booked");
    expect(await undoImport(database.db, kestwickManager, first.importId)).toBe("done");
    expect(await statusOf(kira)).toBe("new");
  });

  it("books the quote of a confident match, with the appointment's date, salon, stylist and value", async () => {
    const id = await quote("Amelia Hart", "+447700900123", "amelia@example.com");
    const counts = await importAppointments(database.db, manager, "phorest", [appointment()]);
    expect(counts).toMatchObject({ appointments: 1, matched: 1, toReview: 0 });
    expect(await statusOf(id)).toBe("booked");
    const overview = await bookingsOverview(database.db, manager);
    expect(overview.matched).toEqual([
      expect.objectContaining({
        quoteId: id,
        salonName: "Maison Ivy Kestwick",
        stylistName: "Agnes",
        valuePence: 6500,
        startsAt: new Date("2026-11-20T10:30:00Z"),
      }),
    ]);
    const [stored] = await database.db.select().from(appointments);
    expect(stored?.salonId).toBe(SALON_IDS.kestwick);
    // The history line is the site's ("System"), not the manager's who uploaded the file.
    const notes = await database.db.select().from(staffNotes).where(eq(staffNotes.subjectId, id));
    expect(notes).toEqual([expect.objectContaining({ kind: "status", body: "Booked", staffId: null })]);
    const actions = (await database.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["booking.import", "booking.match"]));
  });

  it("never changes a status a person set, to Booked or Not booked", async () => {
    const lost = await quote("Amelia Hart", "+447700900123", "amelia@example.com");
    await person("status", "not-booked", lost);
    const counts = await importAppointments(database.db, manager, "fresha", [appointment()]);
    expect(counts).toMatchObject({ appointments: 1, matched: 0, toReview: 0 });
    expect(await statusOf(lost)).toBe("not-booked");
  });

  it("puts a shared family phone in the review list, where a person confirms it", async () => {
    const id = await quote("Amelia Hart", "+447700900123", "amelia@example.com");
    await importAppointments(database.db, manager, "timely", [appointment({ clientName: "Olivia Hart" })]);
    expect(await statusOf(id)).toBe("new");
    const [item] = (await bookingsOverview(database.db, manager)).review;
    expect(item).toMatchObject({ quoteId: id, reason: "shared-phone", clientName: "Olivia Hart" });
    expect(await confirmReview(database.db, manager, item!.id)).toBe("done");
    expect(await statusOf(id)).toBe("booked");
    expect((await bookingsOverview(database.db, manager)).review).toEqual([]);
    // Confirmed twice (two people at once): the second is told it is done already.
    expect(await confirmReview(database.db, manager, item!.id)).toBe("missing");
  });

  it("lets a person dismiss a suggestion, leaving the quote as it was", async () => {
    const first = await quote("Amelia Hart", "+447700900123", "amelia@example.com", "2026-11-01T10:00:00Z");
    const second = await quote("Amelia Hart", "+447700900123", "amelia@example.com", "2026-11-05T10:00:00Z");
    await importAppointments(database.db, manager, "phorest", [appointment()]);
    const review = (await bookingsOverview(database.db, manager)).review;
    expect(review.map((r) => [r.quoteId, r.reason])).toEqual([
      [second, "two-open-quotes"],
      [first, "two-open-quotes"],
    ]);
    expect(await dismissReview(database.db, manager, review[0]!.id)).toBe("done");
    expect(await confirmReview(database.db, manager, review[1]!.id)).toBe("done");
    expect([await statusOf(first), await statusOf(second)]).toEqual(["booked", "new"]);
  });

  it("confirming one candidate drops the appointment's others, each written in the audit log", async () => {
    const first = await quote("Amelia Hart", "+447700900123", "amelia@example.com", "2026-11-01T10:00:00Z");
    const second = await quote("Amelia Hart", "+447700900123", "amelia@example.com", "2026-11-05T10:00:00Z");
    await importAppointments(database.db, manager, "phorest", [appointment()]);
    const review = (await bookingsOverview(database.db, manager)).review;
    const chosen = review.find((r) => r.quoteId === first);
    expect(await confirmReview(database.db, manager, chosen!.id)).toBe("done");
    expect((await bookingsOverview(database.db, manager)).review).toEqual([]);
    expect([await statusOf(first), await statusOf(second)]).toEqual(["booked", "new"]);
    const dismissed = await database.db
      .select({ subjectId: auditLog.subjectId, summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.action, "booking.dismiss"));
    expect(dismissed).toEqual([
      { subjectId: String(second), summary: `Another quote (#${first}) was confirmed for the appointment` },
    ]);
  });

  it("reverses a match when the appointment is cancelled, unless a person changed the status since", async () => {
    const amelia = await quote("Amelia Hart", "+447700900123", "amelia@example.com");
    const bea = await quote("Bea Cole", "+447700900456", "bea@example.com");
    const a = appointment();
    const b = appointment({ clientName: "Bea Cole", mobile: "+447700900456" });
    await receiveAppointmentEvent(database.db, "created", a);
    await receiveAppointmentEvent(database.db, "created", b);
    // The same call delivered again changes nothing.
    expect(await receiveAppointmentEvent(database.db, "created", a)).toMatchObject({ appointments: 0, unchanged: 1 });
    expect([await statusOf(amelia), await statusOf(bea)]).toEqual(["booked", "booked"]);
    // Someone talks to Bea and marks her Booked themselves.
    await person("status", "booked", bea);
    await receiveAppointmentEvent(database.db, "cancelled", a);
    await receiveAppointmentEvent(database.db, "cancelled", b);
    expect([await statusOf(amelia), await statusOf(bea)]).toEqual(["new", "booked"]);
    const [stored] = await database.db.select().from(appointments).where(eq(appointments.externalId, a.externalId));
    expect(stored?.cancelled).toBe(true);
  });

  it("keeps a quote Booked while another of its appointments stands, and un-books it when the last goes", async () => {
    const amelia = await quote("Amelia Hart", "+447700900123", "amelia@example.com");
    // A cut booked now and a colour booked for the week after, each sent by the booking system.
    const cut = appointment();
    const colour = appointment({ startsAt: new Date("2026-11-27T10:30:00Z"), service: "Full head colour" });
    await receiveAppointmentEvent(database.db, "created", cut);
    await receiveAppointmentEvent(database.db, "created", colour);
    expect(await statusOf(amelia)).toBe("booked");
    await receiveAppointmentEvent(database.db, "cancelled", cut);
    expect(await statusOf(amelia)).toBe("booked");
    await receiveAppointmentEvent(database.db, "cancelled", colour);
    expect(await statusOf(amelia)).toBe("new");
    // The same, the other way round: the later appointment cancelled first.
    const bea = await quote("Bea Cole", "+447700900456", "bea@example.com");
    const first = appointment({ clientName: "Bea Cole", mobile: "+447700900456" });
    const second = appointment({
      clientName: "Bea Cole",
      mobile: "+447700900456",
      startsAt: new Date("2026-11-28T09:00:00Z"),
    });
    await receiveAppointmentEvent(database.db, "created", first);
    await receiveAppointmentEvent(database.db, "created", second);
    await receiveAppointmentEvent(database.db, "cancelled", second);
    expect(await statusOf(bea)).toBe("booked");
    await receiveAppointmentEvent(database.db, "cancelled", first);
    expect(await statusOf(bea)).toBe("new");
  });

  it("undoes an import: back to the status before, unless a person changed it since", async () => {
    const amelia = await quote("Amelia Hart", "+447700900123", "amelia@example.com");
    const bea = await quote("Bea Cole", "+447700900456", "bea@example.com");
    await person("status", "contacted", amelia);
    const { importId } = await importAppointments(database.db, manager, "phorest", [
      appointment(),
      appointment({ clientName: "Bea Cole", mobile: "+447700900456" }),
    ]);
    expect([await statusOf(amelia), await statusOf(bea)]).toEqual(["booked", "booked"]);
    await person("status", "not-booked", bea);
    expect(await undoImport(database.db, manager, importId)).toBe("done");
    expect([await statusOf(amelia), await statusOf(bea)]).toEqual(["contacted", "not-booked"]);
    expect(await undoImport(database.db, manager, importId)).toBe("undone");
    expect(await database.db.select().from(appointments)).toEqual([]);
    // The same file imported again matches again.
    await importAppointments(database.db, manager, "phorest", [appointment({ externalId: "again" })]);
    expect(await statusOf(amelia)).toBe("booked");
  });

  it("lets the client's details in old appointments go when the quotes' do", async () => {
    await importAppointments(database.db, manager, "phorest", [
      appointment({ startsAt: new Date("2020-01-10T10:00:00Z"), externalId: "old" }),
      appointment({ externalId: "recent" }),
    ]);
    const result = await applyRetention(database.db, new Date("2026-11-27T12:00:00Z"), DEFAULT_RETENTION);
    expect(result.appointmentsAnonymised).toBe(1);
    const rows = await database.db
      .select({ externalId: appointments.externalId, name: appointments.clientName, mobile: appointments.clientMobile })
      .from(appointments)
      .orderBy(appointments.externalId);
    expect(rows).toEqual([
      { externalId: "old", name: "", mobile: null },
      { externalId: "recent", name: "Amelia Hart", mobile: "+447700900123" },
    ]);
  });

  it("undoes one match from the list", async () => {
    const amelia = await quote("Amelia Hart", "+447700900123", "amelia@example.com");
    await importAppointments(database.db, manager, "phorest", [appointment()]);
    const [match] = await database.db.select().from(bookingMatches).where(eq(bookingMatches.quoteId, amelia));
    expect(await undoMatch(database.db, manager, match!.id)).toBe("done");
    expect(await statusOf(amelia)).toBe("new");
    expect(await undoMatch(database.db, manager, match!.id)).toBe("missing");
  });

  /** A corpus file through the import's steps: its bytes decoded, its columns guessed, its rows read and stored. */
  const importFile = async (name: string) => {
    const { text, encoding } = decodeTextFile(
      readFileSync(new URL(`../../../tests/corpus/csv/${name}`, import.meta.url)),
    );
    const headers = csvHeaders(text) ?? [];
    const preset = guessPreset(headers);
    const parsed = parseAppointmentsCsv(text, guessMapping(preset, headers));
    if (!parsed.ok) throw new Error(parsed.error);
    const counts = await importAppointments(database.db, manager, preset ?? "csv", parsed.appointments);
    return { encoding, parsed, counts };
  };
  const stored = async () =>
    (await database.db.select().from(appointments).orderBy(appointments.startsAt)).map((a) => ({
      ref: a.externalId,
      at: `${londonDay(a.startsAt)} ${londonTime(a.startsAt)}`,
      name: a.clientName,
      mobile: a.clientMobile,
      value: a.valuePence,
    }));

  it("imports an export Excel re-saved on Windows, £ and accents intact, and books the quote it matches", async () => {
    const id = await quote("Zoë Brontë", "+447700900101", "zoe.bronte@example.com", "2026-07-20T10:00:00Z");
    const { encoding, counts } = await importFile("fresha-excel-windows-1252.csv");
    expect(encoding).toBe("windows-1252");
    expect(counts).toMatchObject({ appointments: 3, matched: 1 });
    expect(await stored()).toEqual([
      { ref: "FR-5001", at: "2026-07-27 10:00", name: "Zoë Brontë", mobile: "+447700900101", value: 1600 },
      { ref: "FR-5002", at: "2026-07-27 11:30", name: "Siobhán Ó Briain", mobile: "+447700900102", value: 11850 },
      { ref: "FR-5003", at: "2026-07-28 14:15", name: "François Lefèvre", mobile: "+447700900103", value: 3200 },
    ]);
    expect(await statusOf(id)).toBe("booked");
  });

  it("imports Excel's Unicode Text (UTF-16, tab-separated), and the same export again in UTF-8 adds nothing", async () => {
    const { encoding, counts } = await importFile("fresha-excel-unicode-text-utf16le.txt");
    expect(encoding).toBe("utf-16le");
    expect(counts).toMatchObject({ appointments: 3 });
    expect((await stored()).map((a) => [a.ref, a.name, a.value])).toEqual([
      ["FR-5001", "Zoë Brontë", 1600],
      ["FR-5002", "Siobhán Ó Briain", 11850],
      ["FR-5003", "François Lefèvre", 3200],
    ]);
    expect((await importFile("fresha-utf8.csv")).counts).toMatchObject({ appointments: 0, unchanged: 3 });
    expect(await stored()).toHaveLength(3);
  });

  it("stores a UTC instant as the instant: 13:30Z in July is 14:30 in London", async () => {
    await importFile("square-utc-instants.csv");
    expect((await stored()).map((a) => [a.ref, a.at])).toEqual([
      ["sq-8002", "2026-01-15 13:30"],
      ["sq-8001", "2026-07-27 14:30"],
      ["sq-8003", "2026-07-27 15:00"],
      ["sq-8004", "2026-10-25 01:30"],
    ]);
  });

  it("imports a file with refund lines, leaving the refunds out", async () => {
    const { parsed, counts } = await importFile("phorest-refund-lines.csv");
    expect(counts).toMatchObject({ appointments: 2 });
    expect(parsed.ok && parsed.notes.map((n) => n.row)).toEqual([3, 5]);
    expect((await stored()).map((a) => [a.ref, a.value])).toEqual([
      ["PH-7001", 4500],
      ["PH-7002", 8000],
    ]);
  });

  it("imports plain headers with no reference column, and importing the file again adds nothing", async () => {
    const first = await importFile("plain-headers.csv");
    expect(first.counts).toMatchObject({ appointments: 3, unchanged: 0 });
    const before = await stored();
    expect(before.map((a) => [a.at, a.name, a.value])).toEqual([
      ["2026-07-27 09:30", "Amelia Hart", 6500],
      ["2026-07-27 13:00", "Bea Cole", 9500],
      ["2026-07-28 10:00", "Cara Dunn", 4500],
    ]);
    const again = await importFile("plain-headers.csv");
    expect(again.counts).toMatchObject({ appointments: 0, unchanged: 3 });
    expect(await stored()).toEqual(before);
  });

  it("matches 1,000 generated appointments against 2,000 quotes without touching a status a person set", {
    timeout: 120_000,
  }, async () => {
    const salon = generateSalon(7);
    const db = database.db;
    const ids = new Map<number, number>();
    const settled = new Map<number, string>();
    for (let i = 0; i < salon.quotes.length; i += 500) {
      const rows = await db
        .insert(quotes)
        .values(
          salon.quotes.slice(i, i + 500).map((q) => ({
            link: `gen${String(q.id).padStart(13, "0")}`,
            name: q.name,
            mobile: q.mobile,
            email: q.email,
            referral: "Google",
            regular: false,
            selector: "Level",
            calculator: "cutting",
            salonId: SALON_IDS.kestwick,
            levelId: 1,
            lines: [],
            totalPence: 6500,
            status: q.status,
            createdAt: q.createdAt,
          })),
        )
        .returning({ id: quotes.id });
      for (const [k, row] of rows.entries()) ids.set(salon.quotes[i + k]!.id, row.id);
    }
    // What a person set: a line of the quote's history with their name, as the lead page writes it.
    const byPerson = salon.quotes.filter((q) => q.settledByPerson || q.status === "contacted");
    await db.insert(staffNotes).values(
      byPerson.map((q) => ({
        subjectType: "quote",
        subjectId: ids.get(q.id)!,
        staffId: manager.staffId,
        kind: "status",
        body: q.status,
      })),
    );
    for (const q of salon.quotes) if (q.settledByPerson) settled.set(ids.get(q.id)!, q.status);
    const parsed = salon.appointments.map(
      (a): ParsedAppointment => ({
        externalId: a.externalId,
        startsAt: a.startsAt,
        salon: "Kestwick",
        stylist: "",
        service: "",
        valuePence: a.valuePence,
        clientName: a.name.trim(),
        mobile: normaliseMobile(a.mobile),
        email: normaliseAppointmentEmail(a.email),
        cancelled: false,
      }),
    );
    await importAppointments(db, manager, "phorest", parsed);
    // A later export marks the cancelled ones: their matches are undone.
    await importAppointments(
      db,
      manager,
      "phorest",
      parsed.filter((_, i) => salon.appointments[i]!.cancelled).map((a) => ({ ...a, cancelled: true })),
    );
    const applied = await db
      .select({ quoteId: bookingMatches.quoteId, externalId: appointments.externalId })
      .from(bookingMatches)
      .innerJoin(appointments, eq(appointments.id, bookingMatches.appointmentId))
      .where(eq(bookingMatches.state, "applied"));
    const truth = new Map(salon.appointments.map((a) => [a.externalId, a]));
    const right = applied.filter((m) => {
      const a = truth.get(m.externalId)!;
      return a.truth !== null && ids.get(a.truth) === m.quoteId;
    });
    const findable = salon.appointments.filter(
      (a) => !a.cancelled && a.truth !== null && !salon.quotes[a.truth - 1]!.settledByPerson,
    );
    expect(right.length / applied.length).toBeGreaterThanOrEqual(0.95);
    expect(right.length / findable.length).toBeGreaterThanOrEqual(0.9);
    // Zero statuses a person set were overwritten.
    for (const [id, status] of settled) expect(await statusOf(id)).toBe(status);
    // The cancelled appointments left nothing Booked behind them.
    const cancelledTruths = salon.appointments
      .filter((a) => a.cancelled && a.truth !== null && !salon.quotes[a.truth - 1]!.settledByPerson)
      .map((a) => ids.get(a.truth!)!);
    for (const id of cancelledTruths) expect(await statusOf(id)).not.toBe("booked");
    const stillApplied = await db
      .select({ id: bookingMatches.id })
      .from(bookingMatches)
      .innerJoin(appointments, eq(appointments.id, bookingMatches.appointmentId))
      .where(and(eq(appointments.cancelled, true), eq(bookingMatches.state, "applied")));
    expect(stillApplied).toEqual([]);
  });
});
