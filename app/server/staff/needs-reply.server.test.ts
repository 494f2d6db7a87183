import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../seed.server";
import { fillTables, type TestDatabase, testDatabases } from "../test-databases";
import { needsReply } from "./leads.server";

describe.each(testDatabases)("the console home's Needs a reply on %s", (_name, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open(seedDatabase);
    // 100,000 quotes over two years, one in fifty still New; the oldest New ones are known.
    await fillTables(
      database,
      `
      insert into quotes (link, name, mobile, email, referral, regular, selector, calculator, salon_id, level_id,
        stylist_salon_id, lines, total_pence, status, created_at)
      select 'bulk' || lpad(i::text, 12, '0'), 'Client ' || i, '+447700900000', 'c@example.com', 'Google', false,
        'Level', 'cutting', 1 + i % 2, 1, case when i % 7 = 0 then 3 end, '[]'::jsonb, 4500,
        case when i % 50 = 0 then 'new' else 'contacted' end,
        timestamptz '2028-01-01' + i * interval '10 minutes'
      from generate_series(1, 100000) as i`,
    );
    await database.db.execute(sql`update quotes set anonymised_at = now(), name = '' where link = 'bulk000000000050'`);
    await database.db.execute(sql`analyze quotes`);
  }, 300_000);
  afterAll(async () => {
    await database?.destroy();
  });

  it("lists New quotes oldest first with the salon each is for, leaving out erased ones", async () => {
    const leads = await needsReply(database.db, "all", 3);
    expect(leads.map((l) => [l.firstName, l.salon])).toEqual([
      // The 50th was erased; the 100th, 150th and 200th are Wrenbridge's (no stylist of another salon).
      ["Client", "Maison Ivy Wrenbridge"],
      ["Client", "Maison Ivy Wrenbridge"],
      ["Client", "Maison Ivy Wrenbridge"],
    ]);
    const created = leads.map((l) => l.createdAt.getTime());
    expect(created).toEqual([...created].sort((a, b) => a - b));
    expect(leads[0]!.createdAt.toISOString()).toBe(new Date(Date.UTC(2028, 0, 1) + 100 * 600_000).toISOString());
  });

  it("reads the partial index of New quotes at 100,000 quotes, not the table (the bench times the home)", async () => {
    const plan = await database.db.execute<{ "QUERY PLAN": string }>(sql`
      explain select id from quotes where status = 'new' and anonymised_at is null order by created_at, id limit 20`);
    const text = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).toContain("quotes_new_created_idx");
    expect(text).not.toMatch(/Seq Scan on quotes/);
  });
});
