import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FUNNEL_STEPS } from "~/domain/funnel";
import { funnelTotal } from "~/domain/staff/funnel";
import { funnelBeacon, recordFunnelEvent } from "./funnel.server";
import { saveQuote } from "./queries/quotes.server";
import * as t from "./schema.server";
import { seedDatabase } from "./seed.server";
import { loadFunnel, loadFunnelTotal } from "./staff/funnel.server";
import { type TestDatabase, testDatabases } from "./test-databases";

const NOW = new Date("2026-07-08T12:00:00Z"); // a Wednesday in summer time
const visitor = (n: number) => ({ ip: `203.0.113.${n}`, userAgent: "Mozilla/5.0 test" });

const beacon = (body: unknown, headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/funnel", {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": "Mozilla/5.0 test", ...headers },
  });

describe.each(testDatabases)("the funnel on %s", (_name, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open(seedDatabase);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const quote = (at: string, extra: Partial<typeof t.quotes.$inferInsert> = {}) => ({
    link: `link-${Math.random()}`,
    name: "Client",
    mobile: "+447700900001",
    email: "c@example.com",
    referral: "Google",
    regular: false,
    selector: "Level",
    calculator: "cutting",
    salonId: 1,
    levelId: 2,
    lines: [],
    totalPence: 1000,
    createdAt: new Date(at),
    ...extra,
  });

  it("counts a visitor once per step and day, under an id that changes with the day, and keeps no address", async () => {
    const { db } = database;
    expect(await recordFunnelEvent(db, { step: "started", visitor: visitor(1), salonId: 1 }, NOW)).toBe(true);
    expect(await recordFunnelEvent(db, { step: "started", visitor: visitor(1), salonId: 1 }, NOW)).toBe(false);
    expect(await recordFunnelEvent(db, { step: "started", visitor: visitor(2) }, NOW)).toBe(true);
    const tomorrow = new Date(NOW.getTime() + 86_400_000);
    expect(await recordFunnelEvent(db, { step: "started", visitor: visitor(1), salonId: 1 }, tomorrow)).toBe(true);
    const rows = await db.select().from(t.funnelEvents).where(eq(t.funnelEvents.step, "started"));
    expect(rows).toHaveLength(3);
    const one = rows.filter((r) => r.salonId === 1);
    expect(one.map((r) => r.day).sort()).toEqual(["2026-07-08", "2026-07-09"]);
    // The same visitor on two days: two unrelated ids, neither holding the address.
    expect(one[0]?.visitor).not.toBe(one[1]?.visitor);
    for (const r of rows) expect(r.visitor).toMatch(/^[0-9a-f]{16}$/);
    // Only the newest day's secret is kept: yesterday's ids can no longer be made again.
    expect((await db.select().from(t.funnelSecrets)).map((s) => s.day)).toEqual(["2026-07-09"]);
    const dump = JSON.stringify(await db.execute(sql`select * from funnel_events`));
    expect(dump).not.toContain("203.0.113");
    expect(dump).not.toContain("Mozilla");
  });

  it("keeps only salons, levels and stylists that exist, and a named stylist's own salon and level", async () => {
    const { db } = database;
    const [camille] = await db.select().from(t.stylists).where(eq(t.stylists.slug, "camille"));
    if (!camille) throw new Error("camille missing");
    await recordFunnelEvent(db, { step: "summary", visitor: visitor(3), salonId: 999, levelId: 999 }, NOW);
    await recordFunnelEvent(db, { step: "summary", visitor: visitor(4), salonId: 1, stylist: "camille" }, NOW);
    const rows = await db.select().from(t.funnelEvents).where(eq(t.funnelEvents.step, "summary"));
    expect(rows.map((r) => [r.salonId, r.levelId, r.stylistId]).sort()).toEqual(
      [
        [0, 0, 0],
        [camille.salonId, camille.levelId, camille.id],
      ].sort(),
    );
  });

  it("answers the beacon with 204, refuses what is not one, and records nothing for a browser that objects", async () => {
    const { db } = database;
    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(t.funnelEvents))[0]?.n;
    const before = await count();
    expect((await funnelBeacon(beacon({ step: "started", utm_source: "Insta" }), db, "198.51.100.7")).status).toBe(204);
    expect(await count()).toBe((before ?? 0) + 1);
    const gpc = await funnelBeacon(beacon({ step: "summary" }, { "sec-gpc": "1" }), db, "198.51.100.7");
    expect(gpc.status).toBe(204);
    expect(await count()).toBe((before ?? 0) + 1);
    expect((await funnelBeacon(beacon("not json"), db, "198.51.100.7")).status).toBe(400);
    expect((await funnelBeacon(beacon({ step: "booked" }), db, "198.51.100.7")).status).toBe(422);
    expect((await funnelBeacon(beacon({ step: "started", salon: "x".repeat(3000) }), db, "198.51.100.7")).status).toBe(
      413,
    );
    const [row] = await db.select().from(t.funnelEvents).where(eq(t.funnelEvents.source, "insta"));
    expect(row?.step).toBe("started");
  });

  it("keeps a saved quote's campaign and the referring host, cut to length, in its one statement", async () => {
    const { db } = database;
    const saved = await saveQuote(db, {
      name: "Ada Lovelace",
      mobile: "07700 900123",
      email: "ada@example.com",
      referral: "Google",
      regular: "no",
      type: "cutting",
      level: 8,
      salon: 2,
      finish: 1,
      finishAddon: 48,
      treatment: 54,
      utm_source: "Instagram",
      utm_medium: "social",
      utm_campaign: `spring-${"x".repeat(300)}`,
      ref: "l.instagram.com",
    });
    expect(saved.ok, JSON.stringify(saved)).toBe(true);
    if (!saved.ok) return;
    const [row] = await db.select().from(t.quotes).where(eq(t.quotes.link, saved.link));
    expect(row).toMatchObject({ utmSource: "Instagram", utmMedium: "social", referrerHost: "l.instagram.com" });
    expect(row?.utmCampaign).toHaveLength(100);
    expect(row?.utmContent).toBeNull();
    // A referrer that is not a host name is dropped, not the quote.
    const odd = await saveQuote(db, {
      name: "Bea Lovelace",
      mobile: "07700 900124",
      email: "bea@example.com",
      referral: "Google",
      regular: "no",
      type: "cutting",
      level: 8,
      salon: 2,
      finish: 1,
      finishAddon: 48,
      treatment: 54,
      ref: "https://evil.example/<script>",
    });
    expect(odd.ok).toBe(true);
    if (!odd.ok) return;
    const [oddRow] = await db.select().from(t.quotes).where(eq(t.quotes.link, odd.link));
    expect(oddRow?.referrerHost).toBeNull();
  });

  it("shows the same counts and pounds as the rows in the database, after saves, changes, clicks and deletions", async () => {
    const { db } = database;
    const inserted = await db
      .insert(t.quotes)
      .values([
        quote("2026-07-07T10:00:00Z", { utmSource: "Facebook", totalPence: 5000 }),
        quote("2026-07-07T11:00:00Z", { referrerHost: "www.google.com", totalPence: 7000, salonId: 2 }),
        quote("2026-07-01T11:00:00Z", { totalPence: 3000 }),
        quote("2026-07-02T11:00:00Z", { totalPence: 1500 }),
      ])
      .returning({ id: t.quotes.id, link: t.quotes.link });
    const [a, b, c, d] = inserted;
    if (!a || !b || !c || !d) throw new Error("not inserted");
    await db.update(t.quotes).set({ status: "booked" }).where(eq(t.quotes.id, a.id));
    await db.update(t.quotes).set({ viewCount: 2 }).where(eq(t.quotes.id, a.id));
    await db.update(t.quotes).set({ viewCount: 1, status: "booked" }).where(eq(t.quotes.id, b.id));
    await db.update(t.quotes).set({ status: "not-booked" }).where(eq(t.quotes.id, b.id));
    await db.update(t.quotes).set({ viewCount: 3 }).where(eq(t.quotes.id, b.id)); // a later view changes nothing
    await db.delete(t.quotes).where(eq(t.quotes.id, d.id));
    expect(await recordFunnelEvent(db, { step: "book", quoteId: a.id }, NOW)).toBe(true);
    expect(await recordFunnelEvent(db, { step: "book", quoteId: a.id }, NOW)).toBe(false); // once per quote
    expect(await recordFunnelEvent(db, { step: "book", link: c.link }, NOW)).toBe(true);
    expect(await recordFunnelEvent(db, { step: "book", link: "no-such-link" }, NOW)).toBe(false);

    const funnel = await loadFunnel(db, "all", NOW);
    const since = funnel.weeks[0] ?? "";
    const { rows } = await db.execute<{ step: string; n: number; pence: number }>(sql`
      select 'saved' as step, count(*)::int as n, coalesce(sum(total_pence), 0)::int as pence from quotes
        where date_trunc('week', created_at at time zone 'Europe/London')::date >= ${since}::date
      union all select 'opened', count(*)::int, 0 from quotes where view_count > 0
        and date_trunc('week', created_at at time zone 'Europe/London')::date >= ${since}::date
      union all select 'booked', count(*)::int, coalesce(sum(total_pence), 0)::int from quotes where status = 'booked'
        and date_trunc('week', created_at at time zone 'Europe/London')::date >= ${since}::date
      union all select step, count(*)::int, 0 from funnel_events where week >= ${since}::date group by step`);
    const fromRows = Object.fromEntries(rows.map((r) => [r.step, r]));
    const total = funnelTotal(funnel.rows);
    for (const step of FUNNEL_STEPS) expect([step, total.steps[step]]).toEqual([step, fromRows[step]?.n ?? 0]);
    expect(total.quotedPence).toBe(fromRows.saved?.pence);
    expect(total.bookedPence).toBe(fromRows.booked?.pence);
    // The dashboard's totals, added up in the database, are the same figures.
    expect(await loadFunnelTotal(db, "all", NOW)).toEqual(total);

    // And per key: each source's saved quotes are the quotes with that source.
    const bySource = new Map<string, number>();
    for (const r of funnel.rows) bySource.set(r.source, (bySource.get(r.source) ?? 0) + r.steps.saved);
    const { rows: sources } = await db.execute<{ source: string; n: number }>(sql`
      select funnel_source(utm_source, referrer_host) as source, count(*)::int as n from quotes
      where date_trunc('week', created_at at time zone 'Europe/London')::date >= ${since}::date group by 1`);
    for (const s of sources) expect([s.source, bySource.get(s.source)]).toEqual([s.source, s.n]);
    expect(bySource.get("facebook")).toBeGreaterThan(0);
    expect(bySource.get("www.google.com")).toBeGreaterThan(0);
    // The Book click counts in the week its quote was saved, with the quote's source.
    const book = funnel.rows.find((r) => r.steps.book > 0 && r.source === "facebook");
    expect(book?.week).toBe("2026-07-06");
  });
});
