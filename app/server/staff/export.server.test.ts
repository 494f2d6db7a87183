import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "../schema.server";
import { seedDatabase } from "../seed.server";
import { fillTables, type TestDatabase, testDatabases } from "../test-databases";
import { exportCsv } from "./export.server";
import type { ScopedActor } from "./records.server";

const QUOTES = 10_000;

/** The file's lines after the header, each split on commas (the names and e-mails written here have none). */
async function download(stream: ReadableStream): Promise<string[][]> {
  const text = await new Response(stream).text();
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter((line) => line !== "")
    .slice(1)
    .map((line) => line.split(","));
}

describe.each(testDatabases)("the leads download on %s", (_name, open) => {
  let database: TestDatabase;
  let actor: ScopedActor;
  beforeAll(async () => {
    database = await open(seedDatabase);
    const { db } = database;
    const [user] = await db
      .insert(t.staffUsers)
      .values({ name: "Owen Export", email: "owen@example.com", role: "owner" })
      .returning();
    const staffId = user?.id as number;
    const [session] = await db
      .insert(t.staffSessions)
      .values({ tokenHash: "export-test", staffId, method: "setup" })
      .returning();
    actor = { staffId, sessionId: session?.id as number, scope: "all" };
    // Three quotes share each moment (to the microsecond), so the order leans on the id as well as the time;
    // moments fall a fraction of a millisecond apart, finer than a JavaScript date can hold.
    await fillTables(
      database,
      `
      insert into quotes (link, name, mobile, email, referral, regular, selector, calculator, salon_id, level_id,
        lines, total_pence, status, created_at)
      select 'export-' || g, 'Client ' || g, '+4477009' || lpad(g::text, 5, '0'), 'c' || g || '@example.com',
        'Google', false, 'Level', 'cutting', 1 + g % 3, 2, '[]', 1000 + g,
        case when g % 4 = 0 then 'booked' else 'new' end,
        timestamptz '2026-06-01 09:00:00+00' + (g / 3) * interval '0.000731 second'
      from generate_series(1, $1::int) as g`,
      [QUOTES],
    );
  });
  afterAll(async () => {
    await database?.destroy();
  });

  /** The names the list's own order gives, read straight from the table. */
  async function expected(where = sql`true`) {
    const rows = await database.db.execute<{ name: string }>(
      sql`select name from quotes where ${where} order by created_at desc, id desc`,
    );
    return rows.rows.map((r) => r.name);
  }

  it("holds every quote once, newest first, each moment's quotes by id", async () => {
    const lines = await download(await exportCsv(database.db, actor, "leads", new URLSearchParams()));
    const names = lines.map((cells) => cells[1]);
    expect(names).toHaveLength(QUOTES);
    expect(new Set(names).size).toBe(QUOTES);
    expect(names).toEqual(await expected());
  });

  it("writes each mobile as a spreadsheet keeps it: spaced, international, with no mark in front", async () => {
    const lines = await download(await exportCsv(database.db, actor, "leads", new URLSearchParams("q=Client%2012")));
    const client12 = lines.find((cells) => cells[1] === "Client 12");
    expect(client12?.[2]).toBe("+44 7700 900012");
  });

  it("says what the lead page says of a quote's source, skin test and consultation, in words", async () => {
    await database.db.execute(sql`
      update quotes set skin_test = 'not-sure', consultation_requested = true, utm_source = 'Insta',
        utm_medium = 'story', referrer_host = 'l.instagram.com', referral = 'Friends-family'
      where link = 'export-13'`);
    const text = await new Response(
      await exportCsv(database.db, actor, "leads", new URLSearchParams("q=c13%40example.com")),
    ).text();
    const [header, row, more] = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(more).toBe("");
    const cells = Object.fromEntries((header as string).split(",").map((name, i) => [name, row?.split(",")[i]]));
    expect(cells).toMatchObject({
      Name: "Client 13",
      "Heard of us": "Friends or family",
      "Came from": "Insta (story) from l.instagram.com",
      "Skin test in last 6 months": "Not sure",
      "Consultation asked": "Yes",
    });
  });

  it("holds exactly the filtered quotes, in order, across batches", async () => {
    const lines = await download(
      await exportCsv(database.db, actor, "leads", new URLSearchParams("salon=2&status=new")),
    );
    expect(lines.length).toBeGreaterThan(1000);
    expect(lines.map((cells) => cells[1])).toEqual(await expected(sql`salon_id = 2 and status = 'new'`));
  });

  it("holds every quote once from a list sorted another way, read newest first", async () => {
    // The list showed the oldest first; the file is read in batches along the newest-first index all the same.
    const lines = await download(await exportCsv(database.db, actor, "leads", new URLSearchParams("sort=oldest")));
    expect(lines.map((cells) => cells[1])).toEqual(await expected());
  });

  it("writes a text's number in the messages download as the lists write mobiles, an e-mail's address as it is", async () => {
    await database.db.insert(t.outbox).values([
      {
        channel: "sms",
        recipient: "+447700900208",
        template: "quote-sms",
        payload: {},
        messageId: "<e1@x>",
        status: "sent",
      },
      {
        channel: "email",
        recipient: "Jo.Bloggs@example.com",
        template: "quote-email",
        payload: {},
        messageId: "<e2@x>",
        status: "sent",
      },
    ]);
    const lines = await download(await exportCsv(database.db, actor, "messages", new URLSearchParams("show=sent")));
    expect(lines.map((cells) => cells[2]).sort()).toEqual(["+44 7700 900208", "Jo.Bloggs@example.com"]);
  });
});
