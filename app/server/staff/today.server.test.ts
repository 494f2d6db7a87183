import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SalonScope } from "~/domain/staff/access";
import { todayWindows } from "~/domain/staff/today";
import type { Database } from "../db.server";
import { seedDatabase } from "../seed.server";
import { fillTables, type TestDatabase, testDatabases } from "../test-databases";
import { audit } from "./audit.server";
import type { StaffContext } from "./auth.server";
import { signedInManager } from "./test-manager";
import { recentSiteChanges, todaysFigures } from "./today.server";

/** 10:15:30 on a summer Friday in London (09:15:30 UTC). */
const AT = new Date("2026-07-10T09:15:30Z");
const ALL = { quotes: true, applications: true, feedback: true, bookings: true };

/** What each figure should be, counted the plain way: every row's London day and time, whole table. */
async function countedByHand(db: Database, day: string, upTo: Date) {
  const inDay = (table: string) =>
    sql.raw(
      `(${table}.created_at at time zone 'Europe/London')::date = '${day}' and ${table}.created_at < '${upTo.toISOString()}'`,
    );
  const { rows } = await db.execute<Record<string, number>>(sql`select
    (select count(*)::int from quotes where ${inDay("quotes")}) as quotes,
    (select coalesce(sum(total_pence), 0)::int from quotes where ${inDay("quotes")}) as "quotePence",
    (select count(*)::int from job_applications where ${inDay("job_applications")})
      + (select count(*)::int from model_applications where ${inDay("model_applications")}) as applications,
    (select count(*)::int from feedback where ${inDay("feedback")}) as feedback,
    (select count(*)::int from booking_matches where ${inDay("booking_matches")}
      and state in ('applied', 'confirmed')) as bookings`);
  return rows[0];
}

describe.each(testDatabases)("the console home's figures on %s", (_name, open) => {
  let database: TestDatabase;
  let staff: StaffContext;
  beforeAll(async () => {
    database = await open(seedDatabase);
    await fill(database);
    staff = await signedInManager(database.db, "t");
  }, 300_000);
  afterAll(async () => {
    await database?.destroy();
  });

  async function fill(filled: TestDatabase) {
    const { db } = filled;
    // 100,000 quotes, one every 5 minutes back from just after AT (about a year), totals varying.
    await fillTables(
      filled,
      `
      insert into quotes (link, name, mobile, email, referral, regular, selector, calculator, salon_id, level_id,
        lines, total_pence, status, created_at)
      select 'today' || lpad(i::text, 12, '0'), 'Client ' || i, '+447700900000', 'c@example.com', 'Google', false,
        'Level', 'cutting', 1 + i % 2, 1, '[]'::jsonb, 4000 + (i % 13) * 150, 'contacted',
        timestamptz '2026-07-10T09:20:00Z' - i * interval '5 minutes'
      from generate_series(1, 100000) as i`,
    );
    // A log a year old: 100,000 looks at quotes, and now and then a change to the site.
    await fillTables(
      filled,
      `insert into audit_log (at, action, subject_type, subject_id, summary)
      select timestamptz '2026-07-10T09:00:00Z' - i * interval '5 minutes',
        case when i % 500 = 0 then 'service.edit' else 'quote.view' end, 'quote', (i % 1000 + 1)::text, ''
      from generate_series(1, 100000) as i`,
    );
    // Around London's midnight (23:00 UTC in summer): a second before it is yesterday, midnight itself today.
    const around = ["2026-07-09T22:59:59Z", "2026-07-09T23:00:00Z", "2026-07-09T23:30:00Z", "2026-07-03T09:15:00Z"];
    for (const at of around) {
      await db.execute(sql`insert into job_applications (name, mobile, email, position, about, why_hair, why_us, role,
        created_at) values ('A', '+447700900001', 'a@example.com', 'Stylist', 'x', 'x', 'x', 'stylist', ${at})`);
      await db.execute(sql`insert into model_applications (name, mobile, info, created_at)
        values ('M', '+447700900002', 'x', ${at})`);
      await db.execute(sql`insert into feedback (name, mobile, intro, consultation, cleanliness, appearance, products,
        styling, value, experience, result, "return", repeat, created_at)
        values ('F', '+447700900003', 5, 5, 5, 5, 5, 5, 5, 5, 5, 'x', 'x', ${at})`);
    }
    // Bookings: two matched today (one later undone), one left to review, one last Friday.
    const matches: [string, string][] = [
      ["2026-07-10T08:00:00Z", "applied"],
      ["2026-07-10T08:10:00Z", "reverted"],
      ["2026-07-10T08:20:00Z", "review"],
      ["2026-07-10T08:30:00Z", "confirmed"],
      ["2026-07-03T08:00:00Z", "applied"],
    ];
    for (const [i, [at, state]] of matches.entries())
      await db.execute(sql`with a as (insert into appointments (source, external_id, starts_at)
          values ('test', ${`today-${i}`}, ${at}) returning id)
        insert into booking_matches (appointment_id, quote_id, state, reason, created_at)
        select a.id, (select min(id) from quotes), ${state}, 'same-person', ${at} from a`);
    // Only the tables written here: the whole database's statistics take longer than a statement may on a busy machine.
    await db.execute(
      sql`analyze quotes, audit_log, job_applications, model_applications, feedback, appointments, booking_matches`,
    );
  }

  it("counts today's rows and the same stretch of last Friday exactly as the rows say", async () => {
    const windows = todayWindows(AT);
    const figures = await todaysFigures(database.db, windows, ALL, "all");
    expect(figures.today).toEqual(await countedByHand(database.db, "2026-07-10", AT));
    expect(figures.lastWeek).toEqual(await countedByHand(database.db, "2026-07-03", windows.lastWeek.to));
    // From 00:00 to 10:15:30 BST with a quote every 5 minutes, midnight's own included: 124 of them. The applications at and after
    // London's midnight count; the one a second before it does not.
    expect(figures.today.quotes).toBe(124);
    expect(figures.today.applications).toBe(4);
    expect(figures.today.feedback).toBe(2);
    expect(figures.today.bookings).toBe(2);
    expect(figures.lastWeek.applications).toBe(2);
    expect(figures.lastWeek.bookings).toBe(1);
  });

  it("counts nothing a role may not see", async () => {
    const figures = await todaysFigures(
      database.db,
      todayWindows(AT),
      {
        quotes: true,
        applications: true,
        feedback: false,
        bookings: false,
      },
      "all",
    );
    expect(figures.today.feedback).toBe(0);
    expect(figures.today.bookings).toBe(0);
    expect(figures.today.quotes).toBe(124);
    const withoutQuotes = await todaysFigures(database.db, todayWindows(AT), { ...ALL, quotes: false }, "all");
    expect(withoutQuotes.today).toMatchObject({ quotes: 0, quotePence: 0, applications: 4, feedback: 2 });
  });

  it("counts a one-salon desk's quotes and bookings only", async () => {
    const windows = todayWindows(AT);
    const [all, first, second] = await Promise.all(
      (["all", [1], [2]] as const).map((scope) => todaysFigures(database.db, windows, ALL, scope)),
    );
    // The quotes alternate between the two salons; every booking is matched to the first quote, at the second salon.
    expect(first?.today.quotes).toBe(62);
    expect((first?.today.quotes ?? 0) + (second?.today.quotes ?? 0)).toBe(all?.today.quotes);
    expect(first?.today.bookings).toBe(0);
    expect(second?.today.bookings).toBe(all?.today.bookings);
    expect(second?.lastWeek.bookings).toBe(1);
  });

  it("reads each count through an index range, never a whole table (the bench times the home)", async () => {
    const windows = todayWindows(AT);
    const range = sql`created_at >= ${windows.today.from} and created_at < ${windows.today.to}`;
    const explain = async (query: ReturnType<typeof sql>, noSeqScan = false) =>
      database.db.transaction(async (tx) => {
        // Small tables are rightly read whole; with that way closed, the plan shows each has an index to range over.
        if (noSeqScan) await tx.execute(sql`set local enable_seqscan = off`);
        const { rows } = await tx.execute<{ "QUERY PLAN": unknown }>(sql`explain (format json) ${query}`);
        return JSON.stringify(rows[0]?.["QUERY PLAN"]);
      });
    const quotesPlan = await explain(sql`select count(*), coalesce(sum(total_pence), 0) from quotes where ${range}`);
    expect(quotesPlan).not.toContain('"Seq Scan"');
    expect(quotesPlan).toContain("quotes_created_idx");
    // The day's totals are in that index too: the quotes themselves are not read.
    expect(quotesPlan).toContain('"Index Only Scan"');
    for (const table of ["job_applications", "model_applications", "feedback", "booking_matches"])
      expect(await explain(sql`select count(*) from ${sql.identifier(table)} where ${range}`, true)).not.toContain(
        '"Seq Scan"',
      );
    const changes = await database.db.execute<{ "QUERY PLAN": unknown }>(
      sql`explain (format json) select id from audit_log where action in ('news_item.move', 'blog.update')
        order by at desc limit 8`,
    );
    expect(JSON.stringify(changes.rows[0]?.["QUERY PLAN"])).toContain("audit_log_action_at_idx");
  });

  it("lists the latest changes to the site, newest first, leaving out looks at people's details", async () => {
    await audit(database.db, staff, { action: "service.edit", subject: { type: "service", id: 1 }, summary: "x" });
    await audit(database.db, staff, { action: "quote.view", subject: { type: "quote", id: 1 } });
    await audit(database.db, staff, {
      action: "news_item.pin",
      subject: { type: "news_item", id: 1 },
      summary: "pinned",
    });
    const changes = await recentSiteChanges(database.db, "all", 8);
    expect(changes.map((c) => c.action).slice(0, 2)).toEqual(["news_item.pin", "service.edit"]);
    expect(changes.every((c) => c.action !== "quote.view")).toBe(true);
    expect(changes[0]?.staffName).toBe("Manager");
  });

  it("leaves a salon's own changes out for an account that does not cover it", async () => {
    for (const id of [1, 2])
      await audit(database.db, staff, { action: "salon.update", subject: { type: "salon", id }, summary: `s${id}` });
    await audit(database.db, staff, { action: "team.update", subject: { type: "stylist", id: 3 }, summary: "t" });
    const seen = async (scope: SalonScope) =>
      (await recentSiteChanges(database.db, scope, 3)).map((c) => `${c.action} ${c.subjectId}`);
    expect(await seen("all")).toEqual(["team.update 3", "salon.update 2", "salon.update 1"]);
    expect(await seen([1])).toEqual(["team.update 3", "salon.update 1", "news_item.pin 1"]);
    expect(await seen([])).toEqual(["team.update 3", "news_item.pin 1", "service.edit 1"]);
  });
});
