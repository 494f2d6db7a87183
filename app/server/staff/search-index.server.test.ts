import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../schema.server";
import { seedDatabase } from "../seed.server";
import { fillTables, type TestDatabase, testDatabases } from "../test-databases";
import { leadFilterOf, listLeads } from "./leads.server";

/** Quotes in the table: what a test fills in seconds (the planner's own choice at 100,000 was measured by hand). */
const ROWS = 20_000;
const PAGE = { limit: 25, offset: 0 };

/** Every index a plan (EXPLAIN's JSON) reads. */
function indexesIn(plan: unknown): string[] {
  if (!plan || typeof plan !== "object") return [];
  const node = plan as Record<string, unknown>;
  const own = typeof node["Index Name"] === "string" ? [node["Index Name"] as string] : [];
  return [
    ...own,
    ...Object.values(node)
      .flatMap((value) => (Array.isArray(value) ? value : [value]))
      .flatMap(indexesIn),
  ];
}

/**
 * The leads list's search reads the trigram indexes (decision 118), and
 * finds what it found before. At 100,000 quotes the planner chose the indexes
 * by itself after ANALYZE (measured by hand); at the few thousand a test can
 * fill, reading the list newest first can still look cheaper to it. So the
 * statement's EXPLAIN runs with sequential and plain index scans switched off
 * in its transaction: what is left is a bitmap scan of an index over the very
 * expression the search sends, and with none that matches, the plan falls
 * back to a scan switched off and names no search index.
 */
describe.each(testDatabases)("the leads search on %s at %d quotes", (_name, open) => {
  let database: TestDatabase;
  /** The statement and values the list runs, as drizzle sends them. */
  let sent: { text: string; values: unknown[] }[] = [];
  let logged: ReturnType<typeof drizzle<typeof schema>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await open(seedDatabase);
    await fillTables(
      database,
      `insert into quotes (link, name, mobile, email, referral, regular, selector, calculator, salon_id, level_id,
         lines, total_pence, created_at)
       select 'scale-' || g, 'Client ' || g, '+4477009' || lpad(g::text, 5, '0'), 'client' || g || '@example.com',
         'Google', false, 'Level', 'colour', (select min(id) from salons), (select min(id) from levels), '[]', 5000,
         now() - g * interval '1 minute'
       from generate_series(1, $1::int) as g`,
      [ROWS],
    );
    const base =
      "'Google', false, 'Level', 'cutting', (select min(id) from salons), (select min(id) from levels), '[]', 1000";
    await fillTables(
      database,
      `insert into quotes (link, name, mobile, email, referral, regular, selector, calculator, salon_id, level_id,
         lines, total_pence) values
       ('scripts-1', 'Анна Смирнова', '+447700800001', 'anna.s@example.com', ${base}),
       ('scripts-2', 'Ελένη Παπαδοπούλου', '+447700800002', 'eleni@example.com', ${base}),
       ('scripts-3', '王芳芳', '+447700800003', 'wang.fang@example.com', ${base}),
       ('scripts-4', 'فاطمة الزهراء', '+447700800004', 'fatima@example.com', ${base}),
       ('scripts-5', 'Siobhán O’Brien', '+447700800005', 'siobhan@example.com', ${base})`,
    );
    await fillTables(database, "analyze quotes");
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    logged = drizzle(pool, {
      schema,
      logger: { logQuery: (text, values) => sent.push({ text, values }) },
    });
  });
  afterAll(async () => {
    await pool?.end();
    await database?.destroy();
  });

  /** The names the list shows for `q`, and the indexes the plan of its very statement reads. */
  const search = async (q: string) => {
    sent = [];
    const rows = await listLeads(logged, leadFilterOf(new URLSearchParams({ q })), PAGE, "all");
    const [statement] = sent;
    if (!statement) throw new Error("the list ran no statement");
    const client = await pool.connect();
    try {
      await client.query("begin");
      await client.query("set local enable_seqscan = off");
      await client.query("set local enable_indexscan = off");
      const explained = await client.query(`explain (format json) ${statement.text}`, statement.values);
      await client.query("commit");
      return { names: rows.map((row) => row.name), indexes: indexesIn(explained.rows[0]) };
    } finally {
      client.release();
    }
  };

  it("finds a name through the name index", async () => {
    const found = await search("Client 12345");
    expect(found.names).toEqual(["Client 12345"]);
    expect(found.indexes).toContain("quotes_name_search_idx");
  });

  it("finds an e-mail through the e-mail index", async () => {
    const found = await search("CLIENT4321@example");
    expect(found.names).toEqual(["Client 4321"]);
    expect(found.indexes).toContain("quotes_email_search_idx");
  });

  it("finds a mobile typed or pasted any way through the mobile index", async () => {
    for (const typed of ["07700 912345", "+44 (0)7700 912345", "\u202D+44 7700-912345\u202C", "912345"]) {
      const found = await search(typed);
      expect(found.names, typed).toEqual(["Client 12345"]);
      expect(found.indexes, typed).toContain("quotes_mobile_search_idx");
    }
  });

  it("finds names in other scripts, and an apostrophe typed straight, as before", async () => {
    expect((await search("Смирнова")).names).toEqual(["Анна Смирнова"]);
    expect((await search("Παπαδοπούλου")).names).toEqual(["Ελένη Παπαδοπούλου"]);
    expect((await search("王芳")).names).toEqual(["王芳芳"]);
    expect((await search("الزهراء")).names).toEqual(["فاطمة الزهراء"]);
    const brien = await search("o'brien");
    expect(brien.names).toEqual(["Siobhán O’Brien"]);
    expect(brien.indexes).toContain("quotes_name_search_idx");
    expect((await search("wang.fang@EXAMPLE.com")).names).toEqual(["王芳芳"]);
  });
});
