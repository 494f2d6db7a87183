import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvHeaders, guessMapping, guessPreset, parseAppointmentsCsv } from "~/domain/bookings/appointment-csv";
import { openMinutesBetween } from "~/domain/lead-age";
import { SALON_IDS } from "~/domain/salon-ids";
import type { DayHours } from "~/domain/salon-info";
import type { ScorecardFigures } from "~/domain/staff/scorecard";
import { weekOf } from "~/domain/staff/weeks";
import { type Database, migrationsFolder } from "../db.server";
import { loadCatalogue } from "../queries/catalogue.server";
import { saveQuote } from "../queries/quotes.server";
import { appointments, bookingMatches, quotes, salons, staffNotes, stylists } from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import type { StaffContext } from "./auth.server";
import { importAppointments, undoImport, undoMatch } from "./bookings.server";
import { sendLeadReply } from "./lead-work.server";
import { setStatuses } from "./records.server";
import { loadScorecard } from "./scorecard.server";
import { signedInManager } from "./test-manager";

/** Wednesday 25 November 2026, 18:00 in London (GMT): the current week starts Monday 23 November. */
const NOW = new Date("2026-11-25T18:00:00Z");
const ZERO: ScorecardFigures = {
  leads: 0,
  replied: 0,
  replyMedianMinutes: null,
  replyWorstMinutes: null,
  repliedWithinTarget: 0,
  booked: 0,
  quotedPence: 0,
  bookedPence: 0,
  chargedPence: 0,
  chargedLeads: 0,
  chargedWithinTenPercent: 0,
};
/** Monday to Saturday 09:00–17:00, closed on Sunday. */
const HOURS = [...Array.from({ length: 6 }, () => ({ opens: "09:00", closes: "17:00" })), null];

/** One lead as the scorecard counts it, computed straight from quotes, history lines, matches and appointments. */
interface LeadFigures {
  quoteId: number;
  week: string;
  salonId: number;
  stylistId: number;
  levelId: number;
  quotedPence: number;
  replyMinutes: number | null;
  booked: boolean;
  chargedPence: number | null;
}

/**
 * Every quote's figures from its rows, as the scorecard read them before it
 * kept them (one pass over quotes with their history lines and matches), the
 * reply time counted by the domain's openMinutesBetween.
 */
async function leadsFromRows(db: Database): Promise<LeadFigures[]> {
  const rows = await db.execute<{
    id: number;
    created_at: string | Date;
    salon_id: number;
    stylist_id: number;
    level_id: number;
    total_pence: number;
    opening_hours: DayHours[] | null;
    first_reply_at: string | Date | null;
    booked: boolean;
    charged_pence: number | null;
  }>(sql`
    select q.id, q.created_at, q.salon_id, coalesce(q.stylist_id, 0) as stylist_id, q.level_id, q.total_pence,
      s.opening_hours,
      (select min(n.created_at) from staff_notes n
        where n.subject_type = 'quote' and n.subject_id = q.id and n.staff_id is not null
          and n.kind in ('reply', 'status')) as first_reply_at,
      m.quote_id is not null as booked, m.charged_pence
    from quotes q join salons s on s.id = q.salon_id
    left join lateral (
      select bm.quote_id, sum(a.value_pence)::int as charged_pence
      from booking_matches bm join appointments a on a.id = bm.appointment_id
      where bm.quote_id = q.id and bm.state in ('applied', 'confirmed') and not a.cancelled
      group by bm.quote_id) m on true
    order by q.id`);
  return rows.rows.map((r) => ({
    quoteId: Number(r.id),
    week: weekOf(new Date(r.created_at)),
    salonId: Number(r.salon_id),
    stylistId: Number(r.stylist_id),
    levelId: Number(r.level_id),
    quotedPence: Number(r.total_pence),
    replyMinutes:
      r.first_reply_at === null
        ? null
        : openMinutesBetween(r.opening_hours, new Date(r.created_at), new Date(r.first_reply_at)),
    booked: Boolean(r.booked),
    chargedPence: r.charged_pence === null ? null : Number(r.charged_pence),
  }));
}

/** The per-lead rows the triggers keep. */
async function keptLeads(db: Database): Promise<LeadFigures[]> {
  const rows = await db.execute<LeadFigures & Record<string, unknown>>(sql`
    select quote_id as "quoteId", to_char(week, 'YYYY-MM-DD') as "week", salon_id as "salonId",
      stylist_id as "stylistId", level_id as "levelId", quoted_pence as "quotedPence",
      reply_minutes as "replyMinutes", booked, charged_pence as "chargedPence"
    from scorecard_leads order by quote_id`);
  return rows.rows;
}

/**
 * Sums by week, salon, stylist, level and first reply minute (-1: none), as "week|salon|stylist|level|minutes" →
 * [leads, quoted, booked, booked £, charged leads, charged £, within 10%].
 */
function sumsOf(leads: readonly LeadFigures[]): Map<string, number[]> {
  const sums = new Map<string, number[]>();
  for (const l of leads) {
    const key = `${l.week}|${l.salonId}|${l.stylistId}|${l.levelId}|${l.replyMinutes ?? -1}`;
    const within = l.chargedPence !== null && Math.abs(l.chargedPence - l.quotedPence) * 10 <= l.quotedPence;
    const add = [
      1,
      l.quotedPence,
      Number(l.booked),
      l.booked ? l.quotedPence : 0,
      Number(l.chargedPence !== null),
      l.chargedPence ?? 0,
      Number(within),
    ];
    sums.set(
      key,
      (sums.get(key) ?? [0, 0, 0, 0, 0, 0, 0]).map((n, i) => n + (add[i] ?? 0)),
    );
  }
  return sums;
}

/** scorecard_rollup's sums over its kept rows and rows of differences alike, keys that add up to nothing left out. */
async function keptSums(db: Database): Promise<Map<string, number[]>> {
  const rows = await db.execute<{ key: string; sums: string[] }>(sql`
    select to_char(week, 'YYYY-MM-DD') || '|' || salon_id || '|' || stylist_id || '|' || level_id || '|' || reply_minutes
      as key,
      array[sum(leads), sum(quoted_pence), sum(booked), sum(booked_pence), sum(charged_leads), sum(charged_pence),
        sum(charged_within)]::text[] as sums
    from scorecard_rollup group by week, salon_id, stylist_id, level_id, reply_minutes
    having sum(leads) <> 0 or sum(quoted_pence) <> 0 or sum(booked) <> 0 or sum(charged_pence) <> 0`);
  return new Map(rows.rows.map((r) => [r.key, r.sums.map(Number)]));
}

/** What the triggers keep equals what the rows say, lead by lead and in sum. */
async function expectKeptFromRows(db: Database): Promise<LeadFigures[]> {
  const fromRows = await leadsFromRows(db);
  expect(await keptLeads(db)).toEqual(fromRows);
  expect(await keptSums(db)).toEqual(sumsOf(fromRows));
  return fromRows;
}

describe.each(testDatabases)("the group scorecard on %s", (_name, open) => {
  let database: TestDatabase;
  let stylistId = 0;
  let n = 0;
  beforeAll(async () => {
    database = await open(seedDatabase);
    const db = database.db;
    await db.update(salons).set({ openingHours: HOURS });
    stylistId = (await db.select({ id: stylists.id }).from(stylists).limit(1))[0]?.id ?? 0;
    const manager = await signedInManager(db, "scorecard");

    const quote = async (
      name: string,
      mobile: string,
      createdAt: string,
      totalPence: number,
      over: Partial<typeof quotes.$inferInsert> = {},
    ) => {
      const [row] = await db
        .insert(quotes)
        .values({
          link: `scorecard${String(++n).padStart(6, "0")}`,
          name,
          mobile,
          email: "",
          referral: "Google",
          regular: false,
          selector: "Level",
          calculator: "cutting",
          salonId: SALON_IDS.kestwick,
          levelId: 1,
          lines: [],
          totalPence,
          createdAt: new Date(createdAt),
          ...over,
        })
        .returning({ id: quotes.id });
      return row?.id ?? 0;
    };
    const line = (quoteId: number, kind: string, at: string, staffId: number | null = manager.staffId) =>
      db.insert(staffNotes).values({
        subjectType: "quote",
        subjectId: quoteId,
        staffId,
        kind,
        body: kind === "status" ? "new → contacted" : "Hello",
        createdAt: new Date(at),
      });

    // A: Monday 10:00, replied 11:30 (90 opening minutes), booked, charged £105 on £100 (within 10%).
    const a = await quote("Amelia Hart", "+447700900201", "2026-11-23T10:00:00Z", 10_000);
    await line(a, "reply", "2026-11-23T11:30:00Z");
    // B: Monday 16:00 at level 2 with a stylist, first status change Tuesday 10:10 (60 + 70 = 130 minutes, past
    // the 2-hour target), booked, charged £250 on £200 (25% over).
    const b = await quote("Beatrice Lowe", "+447700900202", "2026-11-23T16:00:00Z", 20_000, { levelId: 2, stylistId });
    await line(b, "status", "2026-11-24T10:10:00Z");
    await line(b, "reply", "2026-11-24T11:00:00Z");
    // C: Tuesday noon, only a private note so far: not replied, not booked.
    const c = await quote("Cora Finch", "+447700900203", "2026-11-24T12:00:00Z", 5_000);
    await line(c, "note", "2026-11-24T12:05:00Z");
    // D: Saturday 16:30 of the week before, replied Monday 09:15 (30 + Sunday closed + 15 = 45 minutes), booked at £80.
    const d = await quote("Dora Quill", "+447700900204", "2026-11-21T16:30:00Z", 8_000);
    await line(d, "reply", "2026-11-23T09:15:00Z");
    // E: Tuesday 09:00, booked by the import with nobody replying (the match's own line names no one): £60 on £60.
    await quote("Edith Marsh", "+447700900205", "2026-11-24T09:00:00Z", 6_000);
    // F: Wrenbridge, Wednesday 10:00, replied 10:10.
    const f = await quote("Freya Stone", "+447700900206", "2026-11-25T10:00:00Z", 3_000, {
      salonId: SALON_IDS.wrenbridge,
    });
    await line(f, "reply", "2026-11-25T10:10:00Z");
    // Before the twelve weeks: never counted.
    await quote("Gwen Early", "+447700900207", "2026-08-03T10:00:00Z", 99_900);

    // The booking system's export, through the import's steps (columns guessed, rows read, matched).
    const file = [
      "Ref #,Scheduled Date,Time,Location,Team Member,Service,Price,Client,Client Mobile,Client Email,Status",
      "SC-1,28/11/2026,10:00,Kestwick,Agnes,Cut and finish,£105.00,Amelia Hart,07700 900201,,Confirmed",
      "SC-2,28/11/2026,11:00,Kestwick,Agnes,Colour,£250.00,Beatrice Lowe,07700 900202,,Confirmed",
      "SC-3,27/11/2026,14:00,Kestwick,Agnes,Cut,£80.00,Dora Quill,07700 900204,,Confirmed",
      "SC-4,28/11/2026,15:00,Kestwick,Agnes,Blow dry,£60.00,Edith Marsh,07700 900205,,Confirmed",
    ].join("\n");
    const headers = csvHeaders(file) ?? [];
    const preset = guessPreset(headers);
    const parsed = parseAppointmentsCsv(file, guessMapping(preset, headers));
    if (!parsed.ok) throw new Error(parsed.error);
    const counts = await importAppointments(db, manager, preset ?? "csv", parsed.appointments);
    expect(counts).toMatchObject({ appointments: 4, matched: 4 });
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });

  /** Kestwick's current week (A, B, C, E), counted by hand from the rows above. */
  const kestwickThisWeek: ScorecardFigures = {
    leads: 4,
    replied: 2,
    replyMedianMinutes: (90 + 130) / 2,
    replyWorstMinutes: 130,
    repliedWithinTarget: 1,
    booked: 3,
    quotedPence: 10_000 + 20_000 + 5_000 + 6_000,
    bookedPence: 10_000 + 20_000 + 6_000,
    chargedPence: 10_500 + 25_000 + 6_000,
    chargedLeads: 3,
    chargedWithinTenPercent: 2,
  };
  /** Kestwick's week before (D). */
  const kestwickLastWeek: ScorecardFigures = {
    leads: 1,
    replied: 1,
    replyMedianMinutes: 45,
    replyWorstMinutes: 45,
    repliedWithinTarget: 1,
    booked: 1,
    quotedPence: 8_000,
    bookedPence: 8_000,
    chargedPence: 8_000,
    chargedLeads: 1,
    chargedWithinTenPercent: 1,
  };
  const wrenbridgeThisWeek: ScorecardFigures = {
    ...ZERO,
    leads: 1,
    replied: 1,
    replyMedianMinutes: 10,
    replyWorstMinutes: 10,
    repliedWithinTarget: 1,
    quotedPence: 3_000,
  };

  it("counts each salon's weeks from the rows: replies in opening hours, bookings and charges from the import", async () => {
    const card = await loadScorecard(database.db, "all", NOW);
    expect(card.weeks).toHaveLength(12);
    expect(card.weeks.at(-1)).toBe("2026-11-23");
    expect(card.targetHours).toBe(2);
    const week = (salonId: number, monday: string) =>
      card.bySalonWeek.find((r) => r.salonId === salonId && r.week === monday)?.figures;
    expect(week(SALON_IDS.kestwick, "2026-11-23")).toEqual(kestwickThisWeek);
    expect(week(SALON_IDS.kestwick, "2026-11-16")).toEqual(kestwickLastWeek);
    expect(week(SALON_IDS.kestwick, "2026-11-09")).toEqual(ZERO);
    expect(week(SALON_IDS.wrenbridge, "2026-11-23")).toEqual(wrenbridgeThisWeek);
    expect(week(SALON_IDS.academy, "2026-11-23")).toEqual(ZERO);
    // Every salon has a line for each of the twelve weeks, nothing else.
    expect(card.bySalonWeek).toHaveLength(3 * 12);
  });

  it("keeps, lead by lead and in sum, what the rows say", async () => {
    const leads = await expectKeptFromRows(database.db);
    // The seven quotes, four of them charged from the imported export.
    expect(leads).toHaveLength(7);
    expect(leads.filter((l) => l.chargedPence !== null).map((l) => l.chargedPence)).toEqual([
      10_500, 25_000, 8_000, 6_000,
    ]);
  });

  it("adds up by stylist and by level", async () => {
    const card = await loadScorecard(database.db, "all", NOW);
    const byStylist = new Map(card.byStylist.map((r) => [r.stylistId, r.figures]));
    expect([...byStylist.keys()].sort()).toEqual([0, stylistId].sort());
    // B alone named a stylist.
    expect(byStylist.get(stylistId)).toEqual({
      ...ZERO,
      leads: 1,
      replied: 1,
      replyMedianMinutes: 130,
      replyWorstMinutes: 130,
      booked: 1,
      quotedPence: 20_000,
      bookedPence: 20_000,
      chargedPence: 25_000,
      chargedLeads: 1,
    });
    // A, C, D, E and F: replies 90, 45, 10.
    expect(byStylist.get(0)).toEqual({
      leads: 5,
      replied: 3,
      replyMedianMinutes: 45,
      replyWorstMinutes: 90,
      repliedWithinTarget: 3,
      booked: 3,
      quotedPence: 10_000 + 5_000 + 8_000 + 6_000 + 3_000,
      bookedPence: 10_000 + 8_000 + 6_000,
      chargedPence: 10_500 + 8_000 + 6_000,
      chargedLeads: 3,
      chargedWithinTenPercent: 3,
    });
    expect(card.byLevel.map((r) => [r.levelId, r.figures.leads, r.figures.quotedPence])).toEqual([
      [1, 5, 32_000],
      [2, 1, 20_000],
    ]);
  });

  it("counts only the salons in scope", async () => {
    const card = await loadScorecard(database.db, [SALON_IDS.wrenbridge], NOW);
    expect(new Set(card.bySalonWeek.map((r) => r.salonId))).toEqual(new Set([SALON_IDS.wrenbridge]));
    expect(card.bySalonWeek.find((r) => r.week === "2026-11-23")?.figures).toEqual(wrenbridgeThisWeek);
    expect(card.byStylist.map((r) => [r.stylistId, r.figures.leads])).toEqual([[0, 1]]);
    const none = await loadScorecard(database.db, [], NOW);
    expect([none.bySalonWeek, none.byStylist, none.byLevel]).toEqual([[], [], []]);
  });

  it("takes the owner's reply target from Settings", async () => {
    await database.db.execute(
      sql`insert into site_settings (key, value) values ('leadUncontactedHours', '3') on conflict (key) do update set value = '3'`,
    );
    const card = await loadScorecard(database.db, [SALON_IDS.kestwick], NOW);
    expect(card.targetHours).toBe(3);
    // B's 130 minutes are now within 180.
    expect(card.bySalonWeek.find((r) => r.week === "2026-11-23")?.figures.repliedWithinTarget).toBe(2);
    await database.db.execute(sql`delete from site_settings where key = 'leadUncontactedHours'`);
  });
});

describe.each(testDatabases)("the scorecard kept on each write on %s", (_name, open) => {
  let database: TestDatabase;
  let db: Database;
  let manager: StaffContext;
  let cutting: Record<string, unknown>;
  /** Appointments two days ahead, as the booking system's export dates them. */
  const visit = new Date(Date.now() + 2 * 86_400_000);
  const visitDay = `${String(visit.getUTCDate()).padStart(2, "0")}/${String(visit.getUTCMonth() + 1).padStart(2, "0")}/${visit.getUTCFullYear()}`;
  const exportOf = (lines: string[]) => {
    const file = [
      "Ref #,Scheduled Date,Time,Location,Team Member,Service,Price,Client,Client Mobile,Client Email,Status",
      ...lines.map((l) => l.replace("DAY", visitDay)),
    ].join("\n");
    const headers = csvHeaders(file) ?? [];
    const preset = guessPreset(headers);
    const parsed = parseAppointmentsCsv(file, guessMapping(preset, headers));
    if (!parsed.ok) throw new Error(parsed.error);
    return importAppointments(db, manager, preset ?? "csv", parsed.appointments);
  };
  const save = async (name: string, mobile: string) => {
    const email = `${name.split(" ")[0]?.toLowerCase()}@example.com`;
    const saved = await saveQuote(db, { name, mobile, email, referral: "Google", regular: "no", ...cutting });
    if (!saved.ok) throw new Error(`${saved.error} ${JSON.stringify(saved)}`);
    const [row] = await db.select().from(quotes).where(eq(quotes.link, saved.link));
    if (!row) throw new Error("not saved");
    return row;
  };
  const lead = async (quoteId: number) => (await expectKeptFromRows(db)).find((l) => l.quoteId === quoteId);
  /** The scorecard's line for a salon and week, read as the page reads it. */
  const week = async (salonId: number, monday: string) =>
    (await loadScorecard(db, "all")).bySalonWeek.find((r) => r.salonId === salonId && r.week === monday)?.figures;

  beforeAll(async () => {
    database = await open(seedDatabase);
    db = database.db;
    manager = await signedInManager(db, "scorecard-writes");
    const catalogue = await loadCatalogue(db);
    const id = (name: string, cat1: number, cat2: number) =>
      catalogue.services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && s.service === name)?.id;
    cutting = {
      type: "cutting",
      mode: "level",
      level: "6",
      salon: String(SALON_IDS.kestwick),
      finish: id("Cut, Dry & Style", 1, 0),
      finishAddon: id("None", 4, 0),
      treatment: id("None", 5, 2),
    };
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });

  it("a quote saved counts at once, in its salon's week", async () => {
    const q = await save("Hana Reed", "07700 900301");
    const monday = weekOf(q.createdAt);
    expect(await lead(q.id)).toMatchObject({ week: monday, salonId: SALON_IDS.kestwick, replyMinutes: null });
    expect(await week(SALON_IDS.kestwick, monday)).toMatchObject({ leads: 1, quotedPence: q.totalPence, replied: 0 });
  });

  it("the first reply a person sends is the lead's first reply; a later status change does not move it", async () => {
    const q = await save("Iris Vale", "07700 900302");
    const sent = await sendLeadReply(db, manager, q.id, {
      channel: "sms",
      subject: "",
      body: "Hi Iris, Friday at 10?",
      key: "scorecard-reply",
    });
    expect(sent.ok).toBe(true);
    const [note] = await db.select().from(staffNotes).where(eq(staffNotes.subjectId, q.id)).orderBy(staffNotes.id);
    const [salon] = await db.select().from(salons).where(eq(salons.id, SALON_IDS.kestwick));
    const minutes = openMinutesBetween(salon?.openingHours, q.createdAt, note?.createdAt ?? new Date(0));
    expect((await lead(q.id))?.replyMinutes).toBe(minutes);
    expect(await setStatuses(db, manager, "quote", [q.id], "not-booked")).toBe(1);
    expect((await lead(q.id))?.replyMinutes).toBe(minutes);
    expect((await week(SALON_IDS.kestwick, weekOf(q.createdAt)))?.replied).toBe(1);
  });

  it("an imported appointment books the lead and charges its value; its cancellation takes both away", async () => {
    const q = await save("Jade Moss", "07700 900303");
    const monday = weekOf(q.createdAt);
    const before = await week(SALON_IDS.kestwick, monday);
    const counts = await exportOf(["SW-1,DAY,10:00,Kestwick,Agnes,Cut,£42.50,Jade Moss,07700 900303,,Confirmed"]);
    expect(counts).toMatchObject({ matched: 1 });
    expect(await lead(q.id)).toMatchObject({ booked: true, chargedPence: 4_250 });
    expect(await week(SALON_IDS.kestwick, monday)).toMatchObject({
      booked: (before?.booked ?? 0) + 1,
      bookedPence: (before?.bookedPence ?? 0) + q.totalPence,
      chargedPence: (before?.chargedPence ?? 0) + 4_250,
      chargedLeads: (before?.chargedLeads ?? 0) + 1,
    });
    // The booking system's next export has it cancelled.
    const cancelled = await exportOf(["SW-1,DAY,10:00,Kestwick,Agnes,Cut,£42.50,Jade Moss,07700 900303,,Cancelled"]);
    expect(cancelled).toMatchObject({ cancelled: 1 });
    expect(await lead(q.id)).toMatchObject({ booked: false, chargedPence: null });
    expect(await week(SALON_IDS.kestwick, monday)).toEqual(before);
  });

  it("a match undone, an import undone and a changed value each change the lead", async () => {
    const q = await save("Kira Lane", "07700 900304");
    const first = await exportOf(["SW-2,DAY,11:00,Kestwick,Agnes,Cut,£40.00,Kira Lane,07700 900304,,Confirmed"]);
    expect(await lead(q.id)).toMatchObject({ booked: true, chargedPence: 4_000 });
    // A value the booking system changed (a webhook's or a fix by hand).
    await db.update(appointments).set({ valuePence: 3_000 }).where(eq(appointments.externalId, "SW-2"));
    expect(await lead(q.id)).toMatchObject({ booked: true, chargedPence: 3_000 });
    // Cancelled on the appointment itself, its match left as it was: not booked while it stays cancelled.
    await db.update(appointments).set({ cancelled: true }).where(eq(appointments.externalId, "SW-2"));
    expect(await lead(q.id)).toMatchObject({ booked: false, chargedPence: null });
    await db.update(appointments).set({ cancelled: false }).where(eq(appointments.externalId, "SW-2"));
    expect(await lead(q.id)).toMatchObject({ booked: true, chargedPence: 3_000 });
    const [match] = await db.select().from(bookingMatches).where(eq(bookingMatches.quoteId, q.id));
    expect(await undoMatch(db, manager, match?.id ?? 0)).toBe("done");
    expect(await lead(q.id)).toMatchObject({ booked: false, chargedPence: null });
    expect(await undoImport(db, manager, first.importId)).toBe("done");
    // Imported again, then the import undone: its appointments go, and the booking with them.
    const again = await exportOf(["SW-2,DAY,11:00,Kestwick,Agnes,Cut,£40.00,Kira Lane,07700 900304,,Confirmed"]);
    expect(await lead(q.id)).toMatchObject({ booked: true, chargedPence: 4_000 });
    expect(await undoImport(db, manager, again.importId)).toBe("done");
    expect(await lead(q.id)).toMatchObject({ booked: false, chargedPence: null });
  });

  it("a quote moved to another salon, repriced or deleted moves its figures; new opening hours recount replies", async () => {
    const q = await save("Lola Pike", "07700 900305");
    await setStatuses(db, manager, "quote", [q.id], "contacted");
    const monday = weekOf(q.createdAt);
    const wrenBefore = await week(SALON_IDS.wrenbridge, monday);
    await db.update(quotes).set({ salonId: SALON_IDS.wrenbridge, totalPence: 12_345 }).where(eq(quotes.id, q.id));
    expect(await lead(q.id)).toMatchObject({ salonId: SALON_IDS.wrenbridge, quotedPence: 12_345 });
    expect(await week(SALON_IDS.wrenbridge, monday)).toMatchObject({
      leads: (wrenBefore?.leads ?? 0) + 1,
      quotedPence: (wrenBefore?.quotedPence ?? 0) + 12_345,
      replied: (wrenBefore?.replied ?? 0) + 1,
    });
    // Open every hour of every day: the reply time is the plain minutes since the save.
    const allDay = Array.from({ length: 7 }, () => ({ opens: "00:00", closes: "23:59" }));
    await db.update(salons).set({ openingHours: allDay }).where(eq(salons.id, SALON_IDS.wrenbridge));
    await expectKeptFromRows(db);
    await db.delete(quotes).where(eq(quotes.id, q.id));
    expect(await lead(q.id)).toBeUndefined();
    expect(await week(SALON_IDS.wrenbridge, monday)).toEqual(wrenBefore);
  });

  it("migration 0037 builds, from the rows there are, what the triggers keep", async () => {
    const before = await expectKeptFromRows(db);
    expect(before.some((l) => l.replyMinutes !== null)).toBe(true);
    // As before the migration: none of its tables or functions (their triggers go with them).
    await db.execute(sql`drop table scorecard_leads, scorecard_rollup`);
    await db.execute(sql`
      drop function open_minutes_between, scorecard_lead_refresh, scorecard_rollup_change, scorecard_quote_change,
        scorecard_note_change, scorecard_match_change, scorecard_appointment_change, scorecard_salon_hours_change,
        scorecard_truncate cascade`);
    const migration = await readFile(path.join(migrationsFolder, "0037_scorecard-rollup.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint"))
      if (statement.trim()) await db.execute(sql.raw(statement));
    // The later migration that redefines open_minutes_between (its London times), so the tests after this one
    // see the function as the site has it.
    const redefined = await readFile(path.join(migrationsFolder, "0044_london-ambiguous-hour.sql"), "utf8");
    await db.execute(sql`drop function london_instant`);
    for (const statement of redefined.split("--> statement-breakpoint"))
      if (statement.trim()) await db.execute(sql.raw(statement));
    expect(await expectKeptFromRows(db)).toEqual(before);
    // Built as kept rows, one per key: nothing left to fold.
    const delta = await db.execute<{ n: number }>(sql`select count(*)::int as n from scorecard_rollup where delta`);
    expect(delta.rows[0]?.n).toBe(0);
    // And the triggers are back: the next quote counts.
    const q = await save("Mina Shaw", "07700 900306");
    expect(await lead(q.id)).toMatchObject({ quotedPence: q.totalPence });
  });

  it("takes a closing time in the hour the clocks go back as the first of the two, as the domain does", async () => {
    // Open 00:00 to 01:00 on Sundays: on 25 October 2026 01:00 comes twice, at 00:00 and 01:00 UTC.
    const week = [null, null, null, null, null, null, { opens: "00:00", closes: "01:00" }];
    const from = new Date("2026-10-24T22:00:00Z");
    const to = new Date("2026-10-25T00:01:00Z");
    const result = await db.execute<{ minutes: number }>(
      sql`select open_minutes_between(${JSON.stringify(week)}::jsonb, ${from.toISOString()}::timestamptz,
        ${to.toISOString()}::timestamptz) as minutes`,
    );
    expect(openMinutesBetween(week, from, to)).toBe(60);
    expect(result.rows[0]?.minutes).toBe(60);
  });

  it("counts opening minutes in the database as the domain does", async () => {
    const clock = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
    const day = fc.oneof(fc.constant(null), fc.record({ opens: clock, closes: clock }));
    const hours = fc.oneof(fc.constant(null), fc.array(day, { minLength: 7, maxLength: 7 }));
    // Across both clock changes of 2026 (29 March, 25 October), to the millisecond.
    const instant = fc.integer({ min: Date.parse("2026-03-20T00:00:00Z"), max: Date.parse("2026-11-05T00:00:00Z") });
    const span = fc.integer({ min: -3_600_000, max: 20 * 86_400_000 });
    await fc.assert(
      fc.asyncProperty(hours, instant, span, async (week, from, length) => {
        const to = from + length;
        const result = await db.execute<{ minutes: number }>(
          sql`select open_minutes_between(${week === null ? null : JSON.stringify(week)}::jsonb,
            ${new Date(from).toISOString()}::timestamptz, ${new Date(to).toISOString()}::timestamptz) as minutes`,
        );
        expect(result.rows[0]?.minutes).toBe(openMinutesBetween(week, new Date(from), new Date(to)));
      }),
      { numRuns: 150 },
    );
  });
});
