import { addMonths, format } from "date-fns";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BRAND } from "~/domain/brand";
import { offerCards, offerStatus } from "~/domain/offers";
import { FEED_REVIEW_COUNT, REVIEWS_PER_PAGE } from "~/domain/pagination";
import { databaseAnswers } from "./db.server";
import {
  getSalon,
  getStylist,
  listLevels,
  listSalons,
  listServices,
  listStylists,
  loadCatalogue,
} from "./queries/catalogue.server";
import {
  blogPostPage,
  getBlogPost,
  getBrandSettings,
  getSiteSettings,
  getStoreData,
  getTeamMember,
  listBlogPosts,
  listFeedReviews,
  listNewsItems,
  listReviews,
  listTeam,
  reviewPage,
} from "./queries/content.server";
import { getOffer, getSmsCampaign, listOffers } from "./queries/offers.server";
import * as t from "./schema.server";
import { SEED_OPENING_HOURS, stylists as seedStylists } from "./seed/content";
import { DEMO_LISTED, demoSharedEndDate, seedOffers } from "./seed/offers";
import { seedDatabase } from "./seed.server";
import { type TestDatabase, testDatabases } from "./test-databases";

describe.each(testDatabases)("data layer on %s", (_name, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open(seedDatabase);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("answers a health check", async () => {
    expect(await databaseAnswers(database.db)).toBe(true);
  });

  it("seeds the three salons, the nine levels and the whole price list", async () => {
    expect((await listSalons(database.db)).map((s) => s.id)).toEqual([1, 2, 3]);
    const levels = await listLevels(database.db);
    expect(levels.map((l) => l.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(levels.find((l) => l.id === 1)).toMatchObject({ name: "New Starter", adapterBp: -8141 });
    const services = await listServices(database.db);
    expect(services.length).toBe(65);
    expect(services.find((s) => s.service === "Roots & Refresh")).toMatchObject({
      pricePence: 4950,
      productPricePence: 2400,
      cat1: 2,
      cat2: 0,
    });
    const catalogue = await loadCatalogue(database.db);
    expect(catalogue.services).toHaveLength(65);
  });

  it("seeds the team with levels, reviews naming stylists, posts, news and the shop", async () => {
    const team = await listTeam(database.db);
    expect(team.length).toBeGreaterThanOrEqual(8);
    expect(new Set(team.map((m) => m.salonId))).toEqual(new Set([1, 2, 3]));
    for (const member of team) {
      expect(member.levelName).toBeTruthy();
      expect(member.para1.length).toBeGreaterThan(40);
    }
    // The typical cut & colour comes from the price list at the member's level: one figure per level, a whole pound.
    for (const member of team) {
      const sameLevel = team.filter((other) => other.levelId === member.levelId);
      expect(new Set(sameLevel.map((other) => other.typicalPricePence)).size).toBe(1);
      expect((member.typicalPricePence ?? 0) % 100).toBe(0);
    }
    const catalogue = await loadCatalogue(database.db);
    const stylistLevel = catalogue.levels.find((l) => l.name === "Stylist");
    const roots = catalogue.services.find((s) => s.id === 6);
    const cut = catalogue.services.find((s) => s.id === 1);
    if (!stylistLevel || !roots || !cut) throw new Error("seed changed");
    // At the Stylist level (no uplift): roots £33 + £18.80 product = £51.80 → £52; cut & blow-dry £49.50 → £50.
    const atStylist = team.find((m) => m.levelId === stylistLevel.id);
    if (atStylist) expect(atStylist.typicalPricePence).toBe(5200 + 5000);
    const member = await getTeamMember(database.db, team[0]!.slug);
    expect(member?.firstName).toBe(team[0]!.firstName);
    expect(await getTeamMember(database.db, "nobody")).toBeUndefined();

    const reviews = await listReviews(database.db);
    expect(reviews.length).toBeGreaterThanOrEqual(40);
    const slugs = new Set((await listStylists(database.db)).map((s) => s.slug));
    for (const r of reviews) expect(slugs.has(r.stylistSlug)).toBe(true);
    const oneStylist = reviews[0]!.stylistSlug;
    const theirs = await listReviews(database.db, oneStylist);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((r) => r.stylistSlug === oneStylist)).toBe(true);
    // The feeds carry a sample, however many reviews there are.
    const feed = await listFeedReviews(database.db);
    expect(feed).toHaveLength(Math.min(FEED_REVIEW_COUNT, reviews.length));
    expect(feed.every((r) => r.stylistName)).toBe(true);
    expect(new Set(feed.map((r) => r.review)).size).toBe(feed.length);
    for (const r of feed) expect(reviews.some((all) => all.review === r.review)).toBe(true);

    // Pages: newest first, a page at a time, nothing past the end.
    const first = await reviewPage(database.db, team, null, 1);
    expect(first?.total).toBe(reviews.length);
    expect(first?.pages).toBe(Math.ceil(reviews.length / REVIEWS_PER_PAGE));
    expect(first?.items.map((r) => r.id)).toEqual(
      reviews
        .map((r) => r.id)
        .reverse()
        .slice(0, REVIEWS_PER_PAGE),
    );
    expect(await reviewPage(database.db, team, null, (first?.pages ?? 0) + 1)).toBeNull();
    const theirPage = await reviewPage(database.db, team, oneStylist, 1);
    expect(theirPage?.total).toBe(theirs.length);
    expect(theirPage?.items.every((r) => r.stylistSlug === oneStylist && r.stylistName)).toBe(true);

    const posts = await listBlogPosts(database.db);
    expect(posts.length).toBeGreaterThanOrEqual(6);
    const dates = posts.map((p) => p.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await getBlogPost(database.db, posts[0]!.slug))?.title).toBe(posts[0]!.title);
    expect(await getBlogPost(database.db, "no-such-post")).toBeUndefined();
    const second = await blogPostPage(database.db, 2, 2);
    expect(second?.items.map((p) => p.slug)).toEqual(posts.slice(2, 4).map((p) => p.slug));
    expect(second?.pages).toBe(Math.ceil(posts.length / 2));
    expect(await blogPostPage(database.db, Math.ceil(posts.length / 2) + 1, 2)).toBeNull();

    expect((await listNewsItems(database.db)).length).toBeGreaterThanOrEqual(6);
    expect((await listNewsItems(database.db, 4)).map((n) => n.slug)).toEqual(
      (await listNewsItems(database.db)).slice(0, 4).map((n) => n.slug),
    );
    const shop = await getStoreData(database.db);
    expect(shop.banners.length).toBeGreaterThan(0);
    expect(shop.tiles.length).toBeGreaterThanOrEqual(8);
  });

  it("seeds the settings, every offer as a row (the demo's listed, running) and each salon's opening hours", async () => {
    const settings = await getSiteSettings(database.db);
    const today = new Date();
    // Dated from the first start: the shared end date is months ahead, not a day long past.
    expect(settings).toEqual({ hideOffers: false, endDate: demoSharedEndDate(today) });
    expect(settings.endDate > format(addMonths(today, 5), "yyyy-MM-dd")).toBe(true);
    expect(await getBrandSettings(database.db)).toEqual(DEFAULT_BRAND);
    const offers = await listOffers(database.db);
    expect(offers.map((o) => o.slug)).toEqual(seedOffers.map((o) => o.slug));
    expect(offers.filter((o) => o.listed).map((o) => o.slug)).toEqual(
      seedOffers.filter((o) => DEMO_LISTED.has(o.slug)).map((o) => o.slug),
    );
    // A new install's Offers page has campaigns that run today, and their pages do not say ended.
    const cards = offerCards(offers, settings.endDate, today);
    expect(cards.map((o) => o.slug)).toEqual(expect.arrayContaining(["nadia-and-freya", "keratin", "camille"]));
    for (const card of cards) expect(offerStatus(card, settings.endDate, today)).toBe("running");
    // The twentieth birthday (November 2022) stays the demo's example of an ended offer.
    expect(offerStatus(offers.find((o) => o.slug === "birthday")!, settings.endDate, today)).toBe("ended");
    expect(await getSmsCampaign(database.db, "theo")).toMatchObject({ headline: "25% off your first cut with Theo" });
    expect(await getSmsCampaign(database.db, "general")).toBeUndefined();
    for (const salon of await listSalons(database.db)) expect(salon.openingHours).toEqual(SEED_OPENING_HOURS);
  });

  it("never overwrites content on a later start, and does not bring back an offer staff deleted", async () => {
    const slug = seedStylists[0]!.slug;
    await database.db.update(t.stylists).set({ firstName: "Edited" }).where(eq(t.stylists.slug, slug));
    await database.db.update(t.siteSettings).set({ value: "true" }).where(eq(t.siteSettings.key, "hideOffers"));
    await database.db.update(t.offers).set({ title: "Edited offer" }).where(eq(t.offers.slug, "general"));
    await database.db.delete(t.offers).where(eq(t.offers.slug, "keratin"));

    await seedDatabase(database.db);

    expect((await getStylist(database.db, slug))?.firstName).toBe("Edited");
    const settings = await getSiteSettings(database.db);
    expect(settings.hideOffers).toBe(true);
    expect((await getOffer(database.db, "general"))?.title).toBe("Edited offer");
    // Deleted in the console: it stays deleted.
    expect(await getOffer(database.db, "keratin")).toBeUndefined();
    expect((await listSalons(database.db)).length).toBe(3);
    expect(await getSalon(database.db, 2)).toBeDefined();
  });

  it("turns an install's offer switches (settings rows from before offers were rows) into listed offers", async () => {
    // As an install from before offers were rows: no offers, and never seeded them.
    await database.db.delete(t.offers);
    await database.db.delete(t.siteSettings).where(eq(t.siteSettings.key, "offersSeeded"));
    await database.db.update(t.salons).set({ openingHours: null });
    await database.db.insert(t.siteSettings).values([
      { key: "offer_isla", value: "true" },
      { key: "offer_nadia_and_freya", value: "true" },
      { key: "offer_general", value: "false" },
    ]);

    await seedDatabase(database.db);

    const listed = (await listOffers(database.db)).filter((o) => o.listed).map((o) => o.slug);
    expect(listed).toEqual(["isla", "nadia-and-freya"]);
    const left = await database.db.select().from(t.siteSettings);
    expect(left.some((row) => row.key.startsWith("offer_"))).toBe(false);
    expect((await getSalon(database.db, 1))?.openingHours).toEqual(SEED_OPENING_HOURS);
  });

  it("gives the services of a database made before clients' names their names on the next start, never overwriting staff's", async () => {
    const clientNames = () =>
      database.db
        .select({ id: t.services.id, clientName: t.services.clientName })
        .from(t.services)
        .orderBy(t.services.id);
    // As an older version left it: no client names; then staff rename one service and name another themselves.
    await database.db.update(t.services).set({ clientName: null });
    await database.db.update(t.services).set({ service: "Root Col Between Foils (new)" }).where(eq(t.services.id, 37));
    await database.db.update(t.services).set({ clientName: "Our signature toner" }).where(eq(t.services.id, 35));

    await seedDatabase(database.db);

    const named = await clientNames();
    expect(named.find((row) => row.id === 1)?.clientName).toBe("Cut & blow-dry");
    expect(named.find((row) => row.id === 54)?.clientName).toBe("Olaplex intensive treatment");
    expect(named.find((row) => row.id === 35)?.clientName).toBe("Our signature toner");
    expect(named.find((row) => row.id === 37)?.clientName).toBeNull(); // a service staff changed is left to them
    expect(named.filter((row) => row.clientName === null)).toHaveLength(1);

    await seedDatabase(database.db); // a second start changes nothing
    expect(await clientNames()).toEqual(named);
  });
});
