import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db.server";
import { seedDatabase } from "../seed.server";
import { fillTables, type TestDatabase, testDatabases } from "../test-databases";
import { colourAppointmentsToCheck, colourBookingsBetween } from "./skin-tests.server";

/** The front desk's morning: Friday 10 July 2026 in London, so the list covers the 10th, 11th and 12th. */
const TODAY = "2026-07-10";

const COLOUR_LINES = [{ cat1: 2, cat2: 1, service: "Mid (Above shoulders)" }];
const CUT_LINES = [{ cat1: 1, cat2: 0, service: "Cut, Dry & Style" }];

let serial = 0;

/** A quote booked for `startsAt` through an appointment matched to it, as the booking import leaves them. */
async function booked(
  db: Database,
  client: { name: string; mobile?: string; email?: string; salon?: number },
  startsAt: string,
  lines: object[] = COLOUR_LINES,
) {
  const n = serial++;
  const mobile = client.mobile ?? null;
  const email = client.email ?? "";
  await db.execute(sql`with q as (
      insert into quotes (link, name, mobile, email, referral, regular, selector, calculator, salon_id, level_id,
        lines, total_pence, status)
      values (${`skin-${n}`}, ${client.name}, ${mobile ?? ""}, ${email}, 'Google', false, 'Level', 'colour',
        ${client.salon ?? 1}, 1, ${JSON.stringify(lines)}::jsonb, 9000, 'booked') returning id),
    a as (
      insert into appointments (source, external_id, starts_at, salon_id, service, client_name, client_mobile,
        client_email)
      values ('test', ${`booked-${n}`}, ${startsAt}, ${client.salon ?? 1}, 'Colour', ${client.name}, ${mobile},
        ${email || null}) returning id)
    insert into booking_matches (appointment_id, quote_id, state, reason)
    select a.id, q.id, 'applied', 'same-person' from a, q`);
}

/** An appointment on record that is not matched to a quote: a skin test, unless the service says otherwise. */
async function onRecord(
  db: Database,
  client: { name: string; mobile?: string; email?: string },
  startsAt: string,
  { service = "Skin Test (Colour)", cancelled = false } = {},
) {
  await db.execute(sql`insert into appointments (source, external_id, starts_at, service, client_name,
      client_mobile, client_email, cancelled)
    values ('test', ${`record-${serial++}`}, ${startsAt}, ${service}, ${client.name}, ${client.mobile ?? null},
      ${client.email ?? null}, ${cancelled})`);
}

describe.each(testDatabases)("the console home's skin tests to sort out on %s", (_name, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open(seedDatabase);
    const { db } = database;
    // Covered: a test three days before, found by her mobile.
    const aoife = { name: "Aoife Ní Bhriain", mobile: "+447700900101" };
    await booked(db, aoife, "2026-07-11T09:00:00Z");
    await onRecord(db, aoife, "2026-07-08T09:00:00Z");
    // Tested the day before: too soon. Found by her e-mail alone.
    const xiuying = { name: "王秀英", email: "xiuying@example.com" };
    await booked(db, xiuying, "2026-07-12T13:00:00Z");
    await onRecord(db, xiuying, "2026-07-11T13:00:00Z", { service: "Patch test" });
    // Her only test was seven months ago: run out.
    const zoe = { name: "Zoë Adeyemi", mobile: "+447700900103" };
    await booked(db, zoe, "2026-07-10T14:00:00Z");
    await onRecord(db, zoe, "2025-12-01T10:00:00Z");
    // Her test was cancelled, and the one on her shared mobile is her husband's: none on record.
    const ola = { name: "Ola Nowak", mobile: "+447700900104" };
    await booked(db, ola, "2026-07-11T11:00:00Z");
    await onRecord(db, ola, "2026-07-01T11:00:00Z", { cancelled: true });
    await onRecord(db, { name: "Tomasz Nowak", mobile: ola.mobile }, "2026-07-02T11:00:00Z");
    // Not on the list: a cut, a colour after the three days, a colour at another salon for a one-salon desk.
    await booked(db, { name: "Priya Shah", mobile: "+447700900105" }, "2026-07-10T10:00:00Z", CUT_LINES);
    await booked(db, { name: "Maja Berg", mobile: "+447700900106" }, "2026-07-20T10:00:00Z");
    await booked(db, { name: "Siobhán Kelly", mobile: "+447700900107", salon: 2 }, "2026-07-11T15:00:00Z");
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });

  it("flags each colour of the next three days no test covers, and why, soonest first", async () => {
    const flagged = await colourAppointmentsToCheck(database.db, "all", TODAY);
    expect(flagged.map((f) => [f.name, f.readiness.kind])).toEqual([
      ["Zoë Adeyemi", "expired"],
      ["Ola Nowak", "no-test"],
      ["Siobhán Kelly", "no-test"],
      ["王秀英", "too-soon"],
    ]);
    const tooSoon = flagged.find((f) => f.name === "王秀英")?.readiness;
    expect(tooSoon).toMatchObject({ kind: "too-soon", hoursBefore: 24 });
  });

  it("lists only the desk's own salons", async () => {
    const flagged = await colourAppointmentsToCheck(database.db, [1], TODAY);
    expect(flagged.map((f) => f.name)).not.toContain("Siobhán Kelly");
    expect(flagged).toHaveLength(3);
  });

  it("finds a colour booked after many other bookings of the same days", async () => {
    // A busy Saturday: 150 cuts matched before the one colour of the afternoon.
    for (let i = 0; i < 150; i++)
      await booked(
        database.db,
        { name: `Client ${i}`, mobile: `+4477009${String(10_000 + i).padStart(5, "0")}`, salon: 3 },
        "2026-07-11T08:00:00Z",
        CUT_LINES,
      );
    await booked(database.db, { name: "Nia Thomas", mobile: "+447700900199", salon: 3 }, "2026-07-11T16:00:00Z");
    const flagged = await colourAppointmentsToCheck(database.db, [3], TODAY);
    expect(flagged.map((f) => f.name)).toEqual(["Nia Thomas"]);
  });

  it("finds a client's tests and the days' bookings through indexes, not by reading every appointment", async () => {
    // Years of a group's appointments: 60,000 of them, a client each.
    await fillTables(
      database,
      `insert into appointments (source, external_id, starts_at, service, client_name, client_mobile, client_email)
       select 'bulk', 'bulk-' || g, timestamptz '2023-01-01' + g * interval '30 minutes', 'Cut', 'Client ' || g,
         '+4477' || lpad(g::text, 8, '0'), 'client' || g || '@example.com'
       from generate_series(1, 60000) as g`,
    );
    await database.db.execute(sql`analyze appointments`);
    const plan = async (query: ReturnType<typeof sql>) => {
      const { rows } = await database.db.execute<{ "QUERY PLAN": unknown }>(sql`explain (format json) ${query}`);
      return JSON.stringify(rows[0]?.["QUERY PLAN"]);
    };
    const byContact = await plan(sql`select starts_at from appointments
      where (client_mobile = '+447700900101' or client_email = 'xiuying@example.com') and not cancelled`);
    expect(byContact).toContain("appointments_client_mobile_idx");
    expect(byContact).toContain("appointments_client_email_idx");
    expect(byContact).not.toContain('"Seq Scan"');
    const days = await plan(sql`select id from appointments
      where starts_at >= '2026-07-09T23:00:00Z' and starts_at < '2026-07-12T23:00:00Z'`);
    expect(days).toContain("appointments_starts_idx");
    expect(days).not.toContain('"Seq Scan"');
  });

  it("looks up each coming booking's match in the index of matched bookings, not by reading every match", async () => {
    // A busy group's last three months: 30,000 colour bookings matched, about a thousand in the three days; each
    // client of 300 booked again and again from her one quote.
    // The rollups' triggers are left out of the filling (a replica's role): they cost minutes and no plan.
    await fillTables(
      database,
      `set session_replication_role = replica;
       with q as (
         insert into quotes (link, name, mobile, email, referral, regular, selector, calculator, salon_id, level_id,
           lines, total_pence, status)
         select 'matched-' || g, 'Client ' || g, '', '', 'Google', false, 'Level', 'colour', 1 + g % 3, 1,
           '[{"cat1": 2, "cat2": 1, "service": "Mid (Above shoulders)"}]', 9000, 'booked'
         from generate_series(0, 299) as g returning id, link),
       a as (
         insert into appointments (source, external_id, starts_at, salon_id, service, client_name)
         select 'matched', 'matched-' || g, timestamptz '2026-07-13T00:00:00Z' - g * interval '4 minutes', 1 + g % 3,
           'Colour', 'Client ' || g % 300
         from generate_series(1, 30000) as g returning id, external_id)
       insert into booking_matches (appointment_id, quote_id, state, reason)
       select a.id, q.id, 'applied', 'same-person'
       from a join q on q.link = 'matched-' || (substr(a.external_id, 9)::int % 300)`,
    );
    await database.db.execute(sql`vacuum analyze quotes`);
    await database.db.execute(sql`vacuum analyze appointments`);
    await database.db.execute(sql`vacuum analyze booking_matches`);
    const { rows } = await database.db.execute<{ "QUERY PLAN": unknown }>(
      sql`explain (format json) ${colourBookingsBetween(database.db, "all", new Date("2026-07-09T23:00:00Z"), new Date("2026-07-12T23:00:00Z"))}`,
    );
    // Every node of the plan, as PostgreSQL's JSON nests them.
    type Node = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: Node[] };
    const nodes = (node: Node): Node[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
    const [top] = (rows[0]?.["QUERY PLAN"] ?? []) as { Plan: Node }[];
    expect(top).toBeDefined();
    const onMatches = nodes((top as { Plan: Node }).Plan).filter((node) => node["Relation Name"] === "booking_matches");
    expect(onMatches.map((node) => node["Index Name"])).toEqual(["booking_matches_matched_idx"]);
  }, 60_000);
});
