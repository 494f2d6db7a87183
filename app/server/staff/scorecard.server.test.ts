import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvHeaders, guessMapping, guessPreset, parseAppointmentsCsv } from "~/domain/bookings/appointment-csv";
import { SALON_IDS } from "~/domain/salon-ids";
import type { ScorecardFigures } from "~/domain/staff/scorecard";
import { quotes, salons, staffNotes, stylists } from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import { importAppointments } from "./bookings.server";
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
