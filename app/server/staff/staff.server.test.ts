import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SALON_IDS } from "~/domain/salon-ids";
import { runJobIfDue } from "../scheduler.server";
import { quotes, staffSessions, staffUsers } from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import { digestJob, setDigestTime } from "./digest.server";
import { hashToken, IDLE_MINUTES, readSession, SESSION_DAYS } from "./session.server";

/** A saved quote's row as the digest reads it: who, for which salon, when; the rest any cutting quote's. */
const quoteRow = (who: {
  link: string;
  name: string;
  mobile: string;
  email: string;
  salonId?: number;
  createdAt: Date;
}) => ({
  referral: "Google",
  regular: false,
  selector: "Level",
  calculator: "cutting",
  salonId: 1,
  levelId: 1,
  lines: [],
  totalPence: 4500,
  ...who,
});

describe.each(testDatabases)("staff console data on %s", (_name, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open(seedDatabase);
    const db = database.db;
    await db.insert(staffUsers).values([
      { email: "owner@example.com", name: "Owner", role: "owner" },
      { email: "desk@example.com", name: "Desk", role: "front-desk" },
      { email: "gone@example.com", name: "Gone", role: "manager", active: false },
    ]);
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });
  /** The owner with a session of `token`: who the audit names for a change of settings. */
  const ownerSignedIn = async (token: string) => {
    const db = database.db;
    const [owner] = await db.select().from(staffUsers).where(sql`${staffUsers.email} = 'owner@example.com'`);
    const [session] = await db
      .insert(staffSessions)
      .values({ tokenHash: hashToken(token), staffId: owner?.id ?? 0, method: "passkey" })
      .returning();
    return { staffId: owner?.id ?? 0, sessionId: session?.id ?? 0 };
  };

  it("keeps role names to the console's roles: the database refuses any other", async () => {
    await expect(
      database.db.insert(staffUsers).values({ email: "admin@example.com", name: "Admin", role: "admin" }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ constraint: "staff_users_role_check" }) });
  });

  it("sends the new-quotes digest once at the time set each day, from whichever process claims it first, to active staff only", async () => {
    const db = database.db;
    const actor = await ownerSignedIn("owner-token");
    /** A pass of the digest at `at`: how many e-mails it queued, or null when it was not due or taken. */
    const digestAt = async (at: string) => {
      const outcome = await runJobIfDue(db, digestJob, new Date(at));
      return outcome.ran ? outcome.result.emails : null;
    };
    await setDigestTime(db, actor, "09:00", new Date("2026-11-23T07:00:00Z"));
    const quote = (n: number, name: string, createdAt: string) =>
      quoteRow({
        link: `digestlink00000${n}`,
        name,
        mobile: `+44770090000${n}`,
        email: `${name.split(" ")[0]?.toLowerCase()}@example.com`,
        createdAt: new Date(createdAt),
      });
    await db.insert(quotes).values(quote(1, "Dee Gest", "2026-11-23T08:00:00Z"));
    expect(await digestAt("2026-11-23T08:30:00Z")).toBeNull();
    // Two processes checking at the same minute: one sends, the other finds the pass taken.
    const results = await Promise.all([digestAt("2026-11-23T10:15:00Z"), digestAt("2026-11-23T10:15:00Z")]);
    expect(results).toEqual(expect.arrayContaining([2, null]));
    const sent = await db.execute<{ recipient: string }>(
      sql`select recipient from outbox where template = 'staff-quote-digest' order by recipient`,
    );
    expect(sent.rows.map((r) => r.recipient)).toEqual(["desk@example.com", "owner@example.com"]);
    expect(await digestAt("2026-11-23T18:00:00Z")).toBeNull();

    // The owner moves the time later the same day: one more digest at the new time, of the quotes since the last.
    await db.insert(quotes).values(quote(2, "Later Lead", "2026-11-23T18:30:00Z"));
    await setDigestTime(db, actor, "19:00", new Date("2026-11-23T18:40:00Z"));
    expect(await digestAt("2026-11-23T18:45:00Z")).toBeNull();
    expect(await digestAt("2026-11-23T19:00:00Z")).toBe(2);
    const digests = await db.execute<{ payload: { quotes: { name: string }[] } }>(
      sql`select payload from outbox where template = 'staff-quote-digest' order by id desc limit 1`,
    );
    expect(digests.rows[0]?.payload.quotes.map((q) => q.name)).toEqual(["Later Lead"]);
    // Back to a time already passed by today's digest: nothing goes twice, and tomorrow's comes at that time.
    await setDigestTime(db, actor, "09:00", new Date("2026-11-23T19:30:00Z"));
    expect(await digestAt("2026-11-23T20:00:00Z")).toBeNull();
    expect(await digestAt("2026-11-24T08:59:00Z")).toBeNull();
    expect(await digestAt("2026-11-24T09:00:00Z")).toBe(0);
  });

  it("a digest late in the day is set for the next day as it goes, the day the clocks go forward too", async () => {
    const db = database.db;
    await setDigestTime(db, await ownerSignedIn("late-digest-token"), "17:30", new Date("2027-03-25T12:00:00Z"));
    // 17:30 in London: 17:30 UTC until the clocks go forward on Sunday 28 March 2027, 16:30 UTC after.
    const days = [
      ["2027-03-25", "17:30"],
      ["2027-03-26", "17:30"],
      ["2027-03-27", "17:30"],
      ["2027-03-28", "16:30"],
      ["2027-03-29", "16:30"],
    ];
    const nextRunAt = async () =>
      (
        await db.execute<{ at: string }>(
          sql`select to_char(next_run_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at from scheduled_jobs where name = 'quote-digest'`,
        )
      ).rows[0]?.at;
    for (const [index, [day, utc]] of days.entries()) {
      await db.insert(quotes).values(
        quoteRow({
          link: `latedigest0000${index}`,
          name: `Late Lead ${index}`,
          mobile: `+44770090010${index}`,
          email: `late${index}@example.com`,
          createdAt: new Date(`${day}T09:00:00Z`),
        }),
      );
      const at = new Date(`${day}T${utc}:00Z`);
      expect((await runJobIfDue(db, digestJob, new Date(at.getTime() - 60_000))).ran, `${day} before`).toBe(false);
      expect(await runJobIfDue(db, digestJob, at), day).toMatchObject({ ran: true, result: { emails: 2 } });
      // The next pass is set for the next day's 17:30 at once, not for the day after it.
      const next = days[index + 1];
      if (next) expect(await nextRunAt(), day).toBe(`${next[0]}T${next[1]}`);
    }
  });

  it("sends each reader of the digest only the quotes of the salons their account covers", async () => {
    const db = database.db;
    await db
      .insert(staffUsers)
      .values({ email: "kestwick-desk@example.com", name: "Kay", role: "front-desk", salonIds: [SALON_IDS.kestwick] });
    const quote = (n: number, salonId: number) =>
      quoteRow({
        link: `scopedigest000${n}`,
        name: `Scoped Lead ${n}`,
        mobile: `+44770090020${n}`,
        email: `scoped${n}@example.com`,
        salonId,
        createdAt: new Date("2027-04-04T12:00:00Z"),
      });
    await db.insert(quotes).values([quote(1, SALON_IDS.wrenbridge), quote(2, SALON_IDS.kestwick)]);
    // The day after the last test's digests, at 17:30 in London (16:30 UTC in summer).
    expect(await runJobIfDue(db, digestJob, new Date("2027-04-05T16:30:00Z"))).toMatchObject({ ran: true });
    const sent = await db.execute<{ recipient: string; payload: { quotes: { name: string }[] } }>(
      sql`select recipient, payload from outbox where template = 'staff-quote-digest'
        and payload::text like '%Scoped Lead%' order by recipient`,
    );
    const listed = Object.fromEntries(sent.rows.map((r) => [r.recipient, r.payload.quotes.map((q) => q.name)]));
    expect(listed).toEqual({
      "desk@example.com": ["Scoped Lead 1", "Scoped Lead 2"],
      "kestwick-desk@example.com": ["Scoped Lead 2"],
      "owner@example.com": ["Scoped Lead 1", "Scoped Lead 2"],
    });
  });

  it("a session unused for longer than the idle limit no longer signs anyone in", async () => {
    const db = database.db;
    const [desk] = await db.select().from(staffUsers).where(sql`${staffUsers.email} = 'desk@example.com'`);
    await db
      .insert(staffSessions)
      .values({ tokenHash: hashToken("idle-token"), staffId: desk?.id ?? 0, method: "email" });
    const request = () => new Request("http://localhost/staff", { headers: { cookie: "staff-session=idle-token" } });
    expect((await readSession(db, request()))?.email).toBe("desk@example.com");
    await db
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - (IDLE_MINUTES + 1) * 60_000) })
      .where(sql`${staffSessions.tokenHash} = ${hashToken("idle-token")}`);
    expect(await readSession(db, request())).toBeNull();
  });

  it("a session older than its days no longer signs anyone in, however recently used", async () => {
    const db = database.db;
    const [desk] = await db.select().from(staffUsers).where(sql`${staffUsers.email} = 'desk@example.com'`);
    await db
      .insert(staffSessions)
      .values({ tokenHash: hashToken("old-token"), staffId: desk?.id ?? 0, method: "email" });
    const request = () => new Request("http://localhost/staff", { headers: { cookie: "staff-session=old-token" } });
    expect((await readSession(db, request()))?.email).toBe("desk@example.com");
    // Used a minute ago, every day since it began: still past its age.
    await db
      .update(staffSessions)
      .set({ createdAt: new Date(Date.now() - (SESSION_DAYS * 24 * 60 + 1) * 60_000), lastSeenAt: new Date() })
      .where(sql`${staffSessions.tokenHash} = ${hashToken("old-token")}`);
    expect(await readSession(db, request())).toBeNull();
  });

  it("a deactivated account's session no longer signs anyone in", async () => {
    const db = database.db;
    const [desk] = await db.select().from(staffUsers).where(sql`${staffUsers.email} = 'desk@example.com'`);
    await db
      .insert(staffSessions)
      .values({ tokenHash: hashToken("leaver-token"), staffId: desk?.id ?? 0, method: "email" });
    const request = () => new Request("http://localhost/staff", { headers: { cookie: "staff-session=leaver-token" } });
    expect((await readSession(db, request()))?.email).toBe("desk@example.com");
    await db
      .update(staffUsers)
      .set({ active: false })
      .where(sql`${staffUsers.id} = ${desk?.id ?? 0}`);
    try {
      expect(await readSession(db, request())).toBeNull();
    } finally {
      await db
        .update(staffUsers)
        .set({ active: true })
        .where(sql`${staffUsers.id} = ${desk?.id ?? 0}`);
    }
  });
});
