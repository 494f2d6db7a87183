import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SALON_IDS } from "~/domain/salon-ids";
import { loader as bookLoader } from "~/routes/quote-book";
import { checkBookingLinks, createBookingLinkJob, failingLinks } from "./booking-link-check.server";
import {
  bookingLinkFor,
  bookingMapForConsole,
  countBookClick,
  quoteBookingLink,
  saveBookingLink,
} from "./booking-links.server";
import { setClock } from "./clock.server";
import { runJobIfDue } from "./scheduler.server";
import { quotes, salons, services, staffUsers, stylists } from "./schema.server";
import { seedDatabase } from "./seed.server";
import { type TestDatabase, testDatabases, testRouterContext } from "./test-databases";

/**
 * A booking provider for the nightly check: /ok answers, /no-head refuses HEAD but answers GET, /gone is a 404,
 * /slow never answers in time.
 */
function startProvider(): Promise<{ server: Server; base: string; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    if (req.url === "/slow") return; // never answers
    if (req.url === "/ok") return void res.writeHead(200).end("ok");
    if (req.url === "/no-head") return void res.writeHead(req.method === "HEAD" ? 405 : 200).end();
    res.writeHead(404).end("gone");
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked }),
    ),
  );
}

describe.each(testDatabases)("booking links on %s", (_name, open) => {
  let database: TestDatabase;
  let isla: { id: number; salonId: number };
  let serviceIds: number[];
  beforeAll(async () => {
    database = await open(seedDatabase);
    const [row] = await database.db
      .select({ id: stylists.id, salonId: stylists.salonId })
      .from(stylists)
      .where(eq(stylists.slug, "isla"));
    isla = row!;
    serviceIds = (await database.db.select({ id: services.id }).from(services).limit(3)).map((s) => s.id);
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from booking_links`);
    await database.db.execute(sql`delete from quotes`);
    await database.db.execute(sql`delete from outbox`);
  });

  it("lists the services to link as a quote's lines name them, each once, under its step, without the None rows", async () => {
    const { services: listed } = await bookingMapForConsole(database.db, "all");
    const names = listed.map((service) => service.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => /^None$|^No /.test(name))).toEqual([]);
    expect(listed).toContainEqual(expect.objectContaining({ name: "Foils: Full head", group: "Foils" }));
    // Toner goes with foils and with a full head bleach: the two are told apart.
    expect(listed).toContainEqual(expect.objectContaining({ name: "Foils add-on: Toner", group: "Foils add-on" }));
    expect(listed).toContainEqual(
      expect.objectContaining({ name: "Full head bleach add-on: Toner", group: "Full head bleach add-on" }),
    );
    // A group's options sit together, so the picker can list them under one heading.
    const groups = listed.map((service) => service.group);
    expect(groups.filter((group, i) => group !== groups[i - 1])).toEqual([...new Set(groups)]);
  });

  const quote = async (link: string, values: Partial<typeof quotes.$inferInsert> = {}) => {
    await database.db.insert(quotes).values({
      link,
      name: "Ada Client",
      mobile: "+447700900001",
      email: "ada@example.com",
      referral: "Google",
      regular: false,
      selector: "Stylist",
      calculator: "colour",
      salonId: SALON_IDS.kestwick,
      levelId: 1,
      stylistId: isla.id,
      stylistSalonId: isla.salonId,
      lines: serviceIds.map((serviceId) => ({ serviceId, service: "x", pricePence: 1000 })),
      totalPence: 3000,
      ...values,
    });
  };

  it("resolves a quote's Book button through the map, most particular first", async () => {
    const db = database.db;
    await quote("bookClickLink001");
    const [salon] = await db.select().from(salons).where(eq(salons.id, isla.salonId));
    expect(await quoteBookingLink(db, "bookClickLink001")).toBe(salon!.bookingUrl);
    await saveBookingLink(
      db,
      null,
      { salonId: isla.salonId, stylistId: null, serviceId: serviceIds[1]! },
      "https://book.example/service",
    );
    expect(await quoteBookingLink(db, "bookClickLink001")).toBe("https://book.example/service");
    await saveBookingLink(
      db,
      null,
      { salonId: isla.salonId, stylistId: isla.id, serviceId: null },
      "https://book.example/isla",
    );
    expect(await quoteBookingLink(db, "bookClickLink001")).toBe("https://book.example/isla");
    await saveBookingLink(
      db,
      null,
      { salonId: isla.salonId, stylistId: isla.id, serviceId: serviceIds[2]! },
      "https://book.example/isla-3",
    );
    expect(await quoteBookingLink(db, "bookClickLink001")).toBe("https://book.example/isla-3");
    // Saving the same case again replaces its link; removing it falls back to the next in line.
    await saveBookingLink(
      db,
      null,
      { salonId: isla.salonId, stylistId: isla.id, serviceId: serviceIds[2]! },
      "https://book.example/isla-3b",
    );
    expect(await quoteBookingLink(db, "bookClickLink001")).toBe("https://book.example/isla-3b");
    await saveBookingLink(db, null, { salonId: isla.salonId, stylistId: isla.id, serviceId: serviceIds[2]! }, null);
    expect(await bookingLinkFor(db, { salonId: isla.salonId, stylistId: isla.id, serviceIds })).toBe(
      "https://book.example/isla",
    );
    const audited = await db.execute<{ action: string }>(
      sql`select action from audit_log where action like 'booking-link.%' order by id`,
    );
    expect(audited.rows.map((r) => r.action)).toEqual([
      "booking-link.save",
      "booking-link.save",
      "booking-link.save",
      "booking-link.save",
      "booking-link.remove",
    ]);
  });

  it("counts a quote's Book clicks once per visitor (address and browser) a London day", async () => {
    const db = database.db;
    await quote("bookClickLink004");
    await saveBookingLink(
      db,
      null,
      { salonId: isla.salonId, stylistId: isla.id, serviceId: null },
      "https://book.example/isla",
    );
    const click = async (clientIp: string, userAgent = "Mozilla/5.0 (iPhone) Safari/604.1") => {
      const url = "http://localhost/quote/bookClickLink004/book";
      const response = await bookLoader({
        request: new Request(url, { headers: { "User-Agent": userAgent } }),
        url: new URL(url),
        pattern: "/quote/:link/book",
        params: { link: "bookClickLink004" },
        context: testRouterContext(db, clientIp),
      });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("https://book.example/isla");
    };
    const clicks = async () =>
      (await db.select({ n: quotes.bookClicks }).from(quotes).where(eq(quotes.link, "bookClickLink004")))[0]?.n;
    try {
      setClock(new Date("2026-07-14T08:00:00Z"));
      // Five addresses clicking ten times each: five visitors, every click still sent on to book.
      for (let round = 0; round < 10; round++) for (let i = 1; i <= 5; i++) await click(`203.0.113.${i}`);
      expect(await clicks()).toBe(5);
      // Another browser on one of those addresses is another visitor.
      await click("203.0.113.1", "Mozilla/5.0 (Windows NT 10.0) Firefox/128.0");
      expect(await clicks()).toBe(6);
      // 23:30 in London (summer time) is still the 14th; 00:30 is the 15th, a new day, though UTC's is not.
      setClock(new Date("2026-07-14T22:30:00Z"));
      await click("203.0.113.1");
      expect(await clicks()).toBe(6);
      setClock(new Date("2026-07-14T23:30:00Z"));
      await click("203.0.113.1");
      await click("203.0.113.1");
      expect(await clicks()).toBe(7);
    } finally {
      setClock(new Date());
    }
  });

  it("counts each Book click on the quote in the statement that finds where it goes", async () => {
    const db = database.db;
    await quote("bookClickLink002");
    await saveBookingLink(
      db,
      null,
      { salonId: isla.salonId, stylistId: isla.id, serviceId: null },
      "https://book.example/isla",
    );
    const first = new Date("2026-11-20T10:00:00Z");
    const second = new Date("2026-11-21T11:30:00Z");
    expect(await countBookClick(db, "bookClickLink002", first)).toBe("https://book.example/isla");
    expect(await countBookClick(db, "bookClickLink002", second)).toBe("https://book.example/isla");
    const [row] = await db.select().from(quotes).where(eq(quotes.link, "bookClickLink002"));
    expect(row).toMatchObject({ bookClicks: 2, firstBookClickAt: first, lastBookClickAt: second });
    // Nothing for a quote that is not there, or whose client asked for it to be erased.
    expect(await countBookClick(db, "nothing-here-000", first)).toBeNull();
    expect(await countBookClick(db, "https://evil.example/", first)).toBeNull();
    await quote("bookClickLink003", { erasedOnRequest: true });
    expect(await countBookClick(db, "bookClickLink003", first)).toBeNull();
    const [erased] = await db.select().from(quotes).where(eq(quotes.link, "bookClickLink003"));
    expect(erased!.bookClicks).toBe(0);
  });

  it("checks every configured link at night and tells the owner of one that stopped answering", async () => {
    const db = database.db;
    const provider = await startProvider();
    try {
      await db.execute(sql`delete from booking_link_checks`);
      await db.execute(sql`delete from owner_alerts`);
      await db.execute(sql`delete from staff_users`);
      await db.insert(staffUsers).values({ email: "owner@example.com", name: "Owner", role: "owner" });
      const saved = await db
        .select({ id: salons.id, url: salons.bookingUrl, skinTestUrl: salons.skinTestUrl })
        .from(salons);
      await db
        .update(salons)
        .set({ bookingUrl: `${provider.base}/ok` })
        .where(eq(salons.id, SALON_IDS.wrenbridge));
      await db
        .update(salons)
        .set({ bookingUrl: `${provider.base}/no-head`, skinTestUrl: `${provider.base}/patch-test-gone` })
        .where(eq(salons.id, SALON_IDS.kestwick));
      await db
        .update(salons)
        .set({ bookingUrl: `${provider.base}/ok` })
        .where(eq(salons.id, SALON_IDS.academy));
      await saveBookingLink(
        db,
        null,
        { salonId: isla.salonId, stylistId: isla.id, serviceId: null },
        `${provider.base}/gone`,
      );
      await saveBookingLink(
        db,
        null,
        { salonId: isla.salonId, stylistId: null, serviceId: serviceIds[0]! },
        `${provider.base}/slow`,
      );

      const now = new Date("2026-11-27T03:40:00Z");
      const result = await db.transaction((tx) =>
        checkBookingLinks(tx as never, now, { timeoutMs: 2000, allowed: ["127.0.0.0/8"] }),
      );
      expect(result).toEqual({ links: 5, failing: 3, alerts: 1 });
      // HEAD first, GET only where HEAD was refused.
      expect(provider.asked).toContain("HEAD /no-head");
      expect(provider.asked).toContain("GET /no-head");
      expect(provider.asked.filter((a) => a.endsWith("/ok"))).toEqual(["HEAD /ok"]);
      const failing = await failingLinks(db);
      // The salon's skin-test link too: a colour client's patch test is booked there.
      expect([...failing.keys()].sort()).toEqual([
        `${provider.base}/gone`,
        `${provider.base}/patch-test-gone`,
        `${provider.base}/slow`,
      ]);
      expect(failing.get(`${provider.base}/gone`)?.problem).toBe("answered HTTP 404");
      expect(failing.get(`${provider.base}/slow`)?.problem).toBe("no answer in 2 s");
      const alerts = await db.execute<{ recipient: string; payload: { text: string } }>(
        sql`select recipient, payload from outbox where template = 'owner-alert'`,
      );
      expect(alerts.rows).toHaveLength(1);
      expect(alerts.rows[0]!.recipient).toBe("owner@example.com");
      expect(alerts.rows[0]!.payload.text).toContain(`${provider.base}/gone (answered HTTP 404)`);
      expect(alerts.rows[0]!.payload.text).toContain(`${provider.base}/patch-test-gone (answered HTTP 404)`);

      // The next night, the same links still failing are not news: no second e-mail.
      await db.execute(sql`delete from owner_alerts`);
      const again = await db.transaction((tx) =>
        checkBookingLinks(tx as never, new Date("2026-11-28T03:40:00Z"), { timeoutMs: 2000, allowed: ["127.0.0.0/8"] }),
      );
      expect(again.alerts).toBe(0);
      expect((await failingLinks(db)).get(`${provider.base}/gone`)?.since).toEqual(now);
      for (const s of saved)
        await db.update(salons).set({ bookingUrl: s.url, skinTestUrl: s.skinTestUrl }).where(eq(salons.id, s.id));
    } finally {
      provider.server.closeAllConnections();
      provider.server.close();
    }
  });

  it("never asks a link at an internal address, nor follows one there, and reports it instead", async () => {
    const db = database.db;
    const provider = await startProvider();
    try {
      await db.execute(sql`delete from booking_link_checks`);
      await db.execute(sql`delete from booking_links`);
      const saved = await db.select({ id: salons.id, url: salons.bookingUrl }).from(salons);
      const links = [
        `${provider.base}/ok`,
        "https://169.254.169.254/latest/meta-data/",
        "https://10.0.0.1/",
        `https://0x7f.1:${new URL(provider.base).port}/ok`,
        `https://2130706433:${new URL(provider.base).port}/ok`,
      ];
      for (const [i, salon] of saved.entries())
        await db
          .update(salons)
          .set({ bookingUrl: links[i] as string })
          .where(eq(salons.id, salon.id));
      await saveBookingLink(db, null, { salonId: isla.salonId, stylistId: isla.id, serviceId: null }, links[3]!);
      await saveBookingLink(db, null, { salonId: isla.salonId, stylistId: null, serviceId: serviceIds[0]! }, links[4]!);
      // As the site runs by default: OUTBOUND_ALLOW_PRIVATE off.
      await db.transaction((tx) =>
        checkBookingLinks(tx as never, new Date("2026-11-27T03:40:00Z"), { timeoutMs: 500, allowed: [] }),
      );
      const failing = await failingLinks(db);
      expect(saved).toHaveLength(3);
      for (const url of links)
        expect(failing.get(url as string)?.problem, url).toMatch(/^not asked: .*(loopback|link-local|private)/);
      expect(provider.asked).toEqual([]);
      for (const s of saved) await db.update(salons).set({ bookingUrl: s.url }).where(eq(salons.id, s.id));
    } finally {
      provider.server.closeAllConnections();
      provider.server.close();
    }
  });

  it("runs through the scheduler at night, not as a new site starts", async () => {
    const db = database.db;
    const bookingLinkJob = createBookingLinkJob({ allowed: [] });
    await db.execute(sql`delete from scheduled_jobs where name = ${bookingLinkJob.name}`);
    const outcome = await runJobIfDue(db, bookingLinkJob, new Date("2026-11-27T12:00:00Z"));
    expect(outcome.ran).toBe(false);
    const [row] = await db
      .execute<{ next_run_at: Date | string }>(
        sql`select next_run_at from scheduled_jobs where name = ${bookingLinkJob.name}`,
      )
      .then((r) => r.rows);
    expect(new Date(row!.next_run_at).toISOString()).toBe("2026-11-28T03:40:00.000Z");
  });
});
