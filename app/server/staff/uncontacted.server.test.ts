import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SALON_IDS } from "~/domain/salon-ids";
import { renderMessage } from "../delivery/messages.server";
import { runJobIfDue } from "../scheduler.server";
import { quotes, salons, staffUsers } from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import { alertUncontactedLeads, setUncontactedHours, uncontactedJob } from "./uncontacted.server";

/** Monday to Saturday 09:00–17:00, closed on Sunday. */
const WEEK = [...Array(6).fill({ opens: "09:00", closes: "17:00" }), null];

describe.each(testDatabases)("leads still New after the owner's time on %s", (_name, open) => {
  let database: TestDatabase;
  let n = 0;
  beforeAll(async () => {
    database = await open(seedDatabase);
    await database.db.update(salons).set({ openingHours: WEEK }).where(eq(salons.id, SALON_IDS.kestwick));
    await database.db.update(salons).set({ openingHours: null }).where(eq(salons.id, SALON_IDS.wrenbridge));
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });
  beforeEach(async () => {
    const db = database.db;
    await db.execute(sql`delete from outbox`);
    await db.execute(sql`delete from quotes`);
    await db.execute(sql`delete from staff_users`);
    await db.insert(staffUsers).values([
      { email: "owner@example.com", name: "Owner", role: "owner" },
      { email: "manon@example.com", name: "Manon", role: "manager" },
      { email: "max@example.com", name: "Max", role: "manager" },
      { email: "gone@example.com", name: "Gone", role: "manager", active: false },
      { email: "desk@example.com", name: "Desk", role: "front-desk" },
    ]);
    await setUncontactedHours(db, null, 2);
  });

  const lead = async (name: string, createdAt: string, salonId: number = SALON_IDS.kestwick) => {
    const [row] = await database.db
      .insert(quotes)
      .values({
        link: `uncontacted${String(++n).padStart(5, "0")}`,
        name,
        mobile: "+447700900001",
        email: "client@example.com",
        referral: "Google",
        regular: false,
        selector: "Level",
        calculator: "cutting",
        salonId,
        levelId: 1,
        lines: [],
        totalPence: 4500,
        createdAt: new Date(createdAt),
      })
      .returning({ id: quotes.id });
    return row!.id;
  };
  const mails = async () =>
    (
      await database.db.execute<{ recipient: string; template: string; payload: Record<string, unknown> }>(
        sql`select recipient, template, payload from outbox where template = 'lead-uncontacted' order by id`,
      )
    ).rows;

  it("tells the managers once, after two of the salon's opening hours, and never a lead already contacted", async () => {
    // Monday 14 January 2030, 16:30 GMT: half an hour before Kestwick closes.
    const ada = await lead("Ada Lovelace", "2030-01-14T16:30:00Z");
    const bea = await lead("Bea Cole", "2030-01-14T16:30:00Z");
    const check = (at: string) => alertUncontactedLeads(database.db, new Date(at));

    // Three hours later by the clock, but half an hour of opening time: not yet.
    expect(await check("2030-01-14T19:30:00Z")).toEqual({ leads: 0, emails: 0 });
    // Bea is phoned the next morning: her status is no longer New.
    await database.db.update(quotes).set({ status: "contacted" }).where(eq(quotes.id, bea));
    expect(await check("2030-01-15T10:29:00Z")).toEqual({ leads: 0, emails: 0 });
    // Two opening hours: Ada's lead goes to both active managers, not the owner, front desk or a disabled account.
    expect(await check("2030-01-15T10:31:00Z")).toEqual({ leads: 1, emails: 2 });
    const sent = await mails();
    expect(sent.map((m) => m.recipient).sort()).toEqual(["manon@example.com", "max@example.com"]);
    expect(sent[0]!.payload.quotes).toEqual([
      { id: ada, name: "Ada", salon: "Maison Ivy Kestwick", created: "14/01 16:30" },
    ]);
    const email = renderMessage(sent[0]!, "http://localhost:3000");
    expect(email.channel === "email" && email.email.text).toContain(`http://localhost:3000/staff/leads/${ada}`);
    expect(email.channel === "email" && email.email.subject).toBe(
      "A quote is still waiting for a reply after 2 opening hours",
    );
    // Once only, however often it is checked.
    expect(await check("2030-01-15T11:00:00Z")).toEqual({ leads: 0, emails: 0 });
    expect(await check("2030-01-16T11:00:00Z")).toEqual({ leads: 0, emails: 0 });
    expect(await mails()).toHaveLength(2);
  });

  it("counts plain hours for a salon without opening hours, and tells the owners when there is no manager", async () => {
    await database.db.update(staffUsers).set({ active: false }).where(eq(staffUsers.role, "manager"));
    await setUncontactedHours(database.db, null, 3);
    // Wrenbridge has no hours stored: 23:00 plus three hours is 02:00.
    await lead("Cleo Night", "2030-01-14T23:00:00Z", SALON_IDS.wrenbridge);
    expect((await alertUncontactedLeads(database.db, new Date("2030-01-15T01:59:00Z"))).leads).toBe(0);
    expect(await alertUncontactedLeads(database.db, new Date("2030-01-15T02:00:00Z"))).toEqual({
      leads: 1,
      emails: 1,
    });
    expect((await mails()).map((m) => m.recipient)).toEqual(["owner@example.com"]);
  });

  it("tells the owners of a salon no manager covers, and each manager only of the salons they cover", async () => {
    // The group's only manager looks after Kestwick alone.
    await database.db.update(staffUsers).set({ active: false }).where(eq(staffUsers.email, "max@example.com"));
    await database.db
      .update(staffUsers)
      .set({ salonIds: [SALON_IDS.kestwick] })
      .where(eq(staffUsers.email, "manon@example.com"));
    await setUncontactedHours(database.db, null, 3);
    const kira = await lead("Kira Kestwick", "2030-01-14T09:00:00Z");
    const wanda = await lead("Wanda Wrenbridge", "2030-01-14T09:00:00Z", SALON_IDS.wrenbridge);
    const alba = await lead("Alba Academy", "2030-01-14T09:00:00Z", SALON_IDS.academy);
    expect(await alertUncontactedLeads(database.db, new Date("2030-01-15T12:00:00Z"))).toEqual({
      leads: 3,
      emails: 2,
    });
    const told = Object.fromEntries(
      (await mails()).map((m) => [m.recipient, (m.payload.quotes as { id: number }[]).map((q) => q.id)]),
    );
    expect(told).toEqual({ "manon@example.com": [kira], "owner@example.com": [wanda, alba] });
  });

  it("runs as a scheduled job whose pass exactly one of two processes takes", async () => {
    await lead("Dee Gest", "2030-01-14T09:00:00Z");
    await database.db.execute(sql`delete from scheduled_jobs where name = ${uncontactedJob.name}`);
    const at = new Date("2030-01-14T12:00:00Z");
    const [a, b] = await Promise.all([
      runJobIfDue(database.db, uncontactedJob, at),
      runJobIfDue(database.db, uncontactedJob, at),
    ]);
    expect([a, b].filter((o) => o.ran)).toHaveLength(1);
    expect(await mails()).toHaveLength(2);
  });
});
