import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weekOf } from "~/domain/staff/weeks";
import * as t from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import { loadDashboard, loadWaiting } from "./dashboard.server";

const NOW = new Date("2026-07-08T12:00:00Z"); // a Wednesday in summer time

describe.each(testDatabases)("dashboard numbers on %s", (_name, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open(seedDatabase);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const quote = (at: string, salonId: number, extra: Partial<typeof t.quotes.$inferInsert> = {}) => ({
    link: `link-${at}-${salonId}-${Math.random()}`,
    name: "Client",
    mobile: "+447700900001",
    email: "c@example.com",
    referral: "Google",
    regular: false,
    selector: "Level",
    calculator: "cutting",
    salonId,
    levelId: 2,
    lines: [],
    totalPence: 1000,
    createdAt: new Date(at),
    ...extra,
  });

  it("groups by London week in the database, as the page names the weeks", async () => {
    const { db } = database;
    await db.insert(t.quotes).values([
      // 00:30 on Monday 6 July in London is still Sunday in UTC: it belongs to the week of 6 July.
      quote("2026-07-05T23:30:00Z", 1),
      quote("2026-07-05T22:30:00Z", 1), // 23:30 Sunday in London: the week before
      quote("2026-07-07T10:00:00Z", 2, { referral: "Social Media", status: "booked", viewCount: 3 }),
      quote("2026-04-01T10:00:00Z", 2), // before the twelve weeks: not counted
    ]);
    const d = await loadDashboard(db, "all", NOW);
    expect(d.weeks.at(-1)).toBe("2026-07-06");
    expect(d.weeks).toHaveLength(12);
    expect(weekOf(new Date("2026-07-05T23:30:00Z"))).toBe("2026-07-06");
    const bySalon = d.quotesBySalon.map((r) => [r.week, r.salonId, r.n]).sort();
    expect(bySalon).toEqual([
      ["2026-06-29", 1, 1],
      ["2026-07-06", 1, 1],
      ["2026-07-06", 2, 1],
    ]);
    expect(d.quotesByReferral.map((r) => [r.week, r.referral, r.n]).sort()).toEqual([
      ["2026-06-29", "Google", 1],
      ["2026-07-06", "Google", 1],
      ["2026-07-06", "Social Media", 1],
    ]);
    expect(d.quotesByStatus.map((r) => [r.salonId, r.status, r.n]).sort()).toEqual([
      [1, "new", 2],
      [2, "booked", 1],
    ]);
    expect(d.views.find((r) => r.week === "2026-07-06")).toEqual({ week: "2026-07-06", saved: 2, opened: 1, views: 3 });
  });

  it("averages feedback per question and week, and per stylist of the client's latest quote before it", async () => {
    const { db } = database;
    const ratings = (n: number) => ({
      intro: n,
      consultation: n,
      cleanliness: n,
      appearance: n,
      products: n,
      styling: n,
      value: n,
      experience: n,
      result: n,
    });
    await db.insert(t.quotes).values([
      quote("2026-06-01T10:00:00Z", 1, { mobile: "+447700900050", stylistName: "Old Stylist" }),
      quote("2026-06-20T10:00:00Z", 1, { mobile: "+447700900050", stylistName: "Camille Ashdown" }),
      // After the feedback: not whom the client saw.
      quote("2026-07-07T11:00:00Z", 1, { mobile: "+447700900050", stylistName: "Later Stylist" }),
    ]);
    const reply = { returnReason: "", repeat: "Yes" };
    await db.insert(t.feedback).values([
      { name: "A", mobile: "+447700900050", ...ratings(4), ...reply, createdAt: new Date("2026-07-07T09:00:00Z") },
      { name: "B", mobile: "+447700900051", ...ratings(2), ...reply, createdAt: new Date("2026-07-07T09:30:00Z") },
      {
        name: "C",
        mobile: "+447700900052",
        ...ratings(5),
        intro: 1,
        ...reply,
        createdAt: new Date("2026-06-30T09:00:00Z"),
      },
    ]);
    const d = await loadDashboard(db, "all", NOW);
    expect(d.feedbackTotals).toMatchObject({ n: 3, intro: 2.33, result: 3.67 });
    const thisWeek = d.feedbackWeeks.find((r) => r.week === "2026-07-06");
    expect(thisWeek).toMatchObject({ n: 2, overall: 3, intro: 3 });
    expect(d.feedbackWeeks.find((r) => r.week === "2026-06-29")).toMatchObject({ n: 1, intro: 1, overall: 4.56 });
    expect(d.feedbackByStylist).toEqual([{ stylist: "Camille Ashdown", n: 1, overall: 4 }]);
  });

  it("counts open applications by status, leaving archived ones out", async () => {
    const { db } = database;
    const job = {
      mobile: "+447700900060",
      email: "j@example.com",
      position: "p",
      about: "a",
      whyHair: "h",
      whyUs: "u",
      role: "Stylist",
    };
    await db.insert(t.jobApplications).values([
      { name: "J1", ...job },
      { name: "J2", ...job, status: "maybe" },
      { name: "J3", ...job, status: "archived" },
    ]);
    await db
      .insert(t.modelApplications)
      .values([{ name: "M1", mobile: "+447700900061", info: "bob", status: "archived" }]);
    const d = await loadDashboard(db, "all", NOW);
    expect(Object.fromEntries(d.openJobs.map((r) => [r.status, r.n]))).toEqual({ new: 1, maybe: 1 });
    expect(d.openModels).toEqual([]);
    expect(d.newFeedback).toBe(3);
  });
  it("counts what waits on the home page: new quotes and applications, and messages that failed", async () => {
    const { db } = database;
    const before = await loadWaiting(db, "all");
    await db
      .insert(t.quotes)
      .values([quote("2026-07-08T09:00:00Z", 1), quote("2026-07-08T09:05:00Z", 2, { status: "contacted" })]);
    await db.insert(t.modelApplications).values([{ name: "M2", mobile: "+447700900062", info: "long hair" }]);
    const message = { channel: "sms", recipient: "+447700900063", template: "quote", payload: {} };
    await db.insert(t.outbox).values([
      { ...message, messageId: "waiting-failed", status: "failed" },
      { ...message, messageId: "waiting-sent", status: "sent" },
    ]);
    const after = await loadWaiting(db, "all");
    expect(after).toEqual({
      leads: before.leads + 1,
      jobs: before.jobs,
      models: before.models + 1,
      feedbackList: before.feedbackList,
      messages: before.messages + 1,
    });
    expect(after.jobs, "the new application of the test above").toBe(1);
  });

  it("gives the quote figures that counting the rows themselves gives, after saves, changes and deletions", async () => {
    const { db } = database;
    const referrals = ["Google", "Social Media", "Friend", "Walked past"];
    const statuses = ["new", "contacted", "booked", "not-booked"];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const batch = () =>
      Array.from({ length: 400 }, () =>
        quote(new Date(NOW.getTime() - next(100 * 24) * 3_600_000).toISOString(), 1 + next(3), {
          referral: referrals[next(4)],
          status: statuses[next(4)],
          viewCount: next(3) === 0 ? next(5) : 0,
        }),
      );
    await db.insert(t.quotes).values(batch());
    await loadDashboard(db, "all", NOW); // folds the differences so far; the changes below add more
    await db.insert(t.quotes).values(batch());
    await db.execute(sql`update quotes set status = 'contacted' where id % 5 = 0 and status = 'new'`);
    await db.execute(sql`update quotes set view_count = view_count + 2 where id % 7 = 0`);
    await db.execute(sql`update quotes set name = 'Renamed' where id % 11 = 0`);
    await db.execute(sql`delete from quotes where id % 13 = 0`);
    const [d, waiting] = await Promise.all([loadDashboard(db, "all", NOW), loadWaiting(db, "all")]);

    const since = sql`(${d.weeks[0]}::date::timestamp at time zone 'Europe/London')`;
    const week = sql`to_char(date_trunc('week', created_at at time zone 'Europe/London'), 'YYYY-MM-DD')`;
    const counted = async (columns: SQL, groups: SQL) =>
      (
        await db.execute<Record<string, string | number>>(
          sql`select ${columns} from quotes where created_at >= ${since} group by ${groups}`,
        )
      ).rows.map((r) => JSON.stringify(Object.values(r)));
    const shown = (rows: object[]) => rows.map((r) => JSON.stringify(Object.values(r)));
    const sorted = (rows: string[]) => [...rows].sort();

    expect(sorted(shown(d.quotesBySalon))).toEqual(
      sorted(await counted(sql`${week} as week, salon_id, count(*)::int`, sql`1, 2`)),
    );
    expect(sorted(shown(d.quotesByReferral))).toEqual(
      sorted(await counted(sql`${week} as week, referral, count(*)::int`, sql`1, 2`)),
    );
    expect(sorted(shown(d.quotesByStatus))).toEqual(
      sorted(await counted(sql`salon_id, status, count(*)::int`, sql`1, 2`)),
    );
    expect(sorted(shown(d.views))).toEqual(
      sorted(
        await counted(
          sql`${week} as week, count(*)::int as saved, (count(*) filter (where view_count > 0))::int as opened, sum(view_count)::int as views`,
          sql`1`,
        ),
      ),
    );
    expect(d.quotesBySalon.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThan(300);
    const [newQuotes] = (
      await db.execute<{ n: number }>(sql`select count(*)::int as n from quotes where status = 'new'`)
    ).rows;
    expect(waiting.leads).toBe(newQuotes?.n);
  });

  it("counts the rows of differences not yet folded, read through their own index, while a fold is under way", async () => {
    const { db } = database;
    await loadWaiting(db, "all"); // everything so far folded
    // Another process folding: it holds the fold's lock, so this one sums the differences as they are.
    const { default: pg } = await import("pg");
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query("select pg_advisory_lock(7204311)");
      await db
        .insert(t.quotes)
        .values([
          quote("2026-07-08T08:00:00Z", 3, { referral: "Friend" }),
          quote("2026-07-08T08:30:00Z", 3, { referral: "Friend", status: "booked" }),
        ]);
      const [{ n: unfolded } = { n: 0 }] = (
        await db.execute<{ n: number }>(sql`select count(*)::int as n from quote_rollup where delta`)
      ).rows;
      expect(unfolded).toBeGreaterThan(0);
      const [d, waiting] = await Promise.all([loadDashboard(db, "all", NOW), loadWaiting(db, "all")]);
      const since = sql`(${d.weeks[0]}::date::timestamp at time zone 'Europe/London')`;
      const { rows } = await db.execute<{ salon_id: number; status: string; n: number }>(
        sql`select salon_id, status, count(*)::int as n from quotes where created_at >= ${since} group by 1, 2`,
      );
      const byStatus = (list: { salonId?: number; salon_id?: number; status: string; n: number }[]) =>
        list.map((r) => `${r.salonId ?? r.salon_id} ${r.status} ${r.n}`).sort();
      expect(byStatus(d.quotesByStatus)).toEqual(byStatus(rows));
      const [newQuotes] = (
        await db.execute<{ n: number }>(sql`select count(*)::int as n from quotes where status = 'new'`)
      ).rows;
      expect(waiting.leads).toBe(newQuotes?.n);
    } finally {
      await other.end();
    }
  });

  it("vacuums a rollup after folding a burst of writes, so reads stop scanning the dead rows at once", async () => {
    const { db } = database;
    const vacuums = async () =>
      (
        await db.execute<{ n: number }>(
          sql`select (vacuum_count + autovacuum_count)::int as n from pg_stat_user_tables where relname = 'quote_rollup'`,
        )
      ).rows[0]?.n ?? 0;
    await loadWaiting(db, "all");
    const before = await vacuums();
    await db.insert(t.quotes).values(Array.from({ length: 1500 }, (_, i) => quote(NOW.toISOString(), 1 + (i % 3))));
    await loadWaiting(db, "all");
    // The count reaches the statistics when the vacuuming connection next reports them.
    await expect.poll(vacuums, { timeout: 30_000 }).toBeGreaterThan(before);
  });
});
