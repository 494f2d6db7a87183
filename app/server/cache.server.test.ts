import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_CHANNEL, disableContentCache, enableContentCache, readingFresh } from "./cache.server";
import { listSalons, listServices } from "./queries/catalogue.server";
import { blogPostPage, getSiteSettings } from "./queries/content.server";
import { blogPosts, salons, siteSettings } from "./schema.server";
import { seedDatabase } from "./seed.server";
import { type TestDatabase, testDatabases } from "./test-databases";

/**
 * Whether `check` comes true within `ms`, asked every 25 ms: a notification's arrival, which on a loaded machine can
 * take seconds. It returns as soon as it does, so the generous wait costs nothing when all is well.
 */
async function eventually(check: () => Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

describe.each(testDatabases)("content cache on %s", (_name, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open(seedDatabase);
    await database.listen(CONTENT_CHANNEL, enableContentCache(database.db));
  });
  afterAll(async () => {
    disableContentCache(database.db);
    await database?.destroy();
  });

  it("serves repeated reads from memory", async () => {
    const first = await listServices(database.db);
    expect(await listServices(database.db)).toBe(first);
  });

  it("reads from the database for the console, and sees a change at once, before any notification", async () => {
    const cachedServices = await listServices(database.db);
    expect(await listServices(database.db)).toBe(cachedServices);
    await readingFresh(async () => {
      const fresh = await listServices(database.db);
      expect(fresh).not.toBe(cachedServices);
      expect(fresh).toEqual(cachedServices);
      // Written and read back in the same breath: the notification cannot have cleared the cache yet.
      await database.db.update(salons).set({ shortName: "Fresh Read" }).where(eq(salons.id, 2));
      expect((await listSalons(database.db)).find((s) => s.id === 2)?.shortName).toBe("Fresh Read");
    });
    // The change's notification then reaches the cache too (and cannot land in the middle of the next test).
    expect(
      await eventually(async () => (await listSalons(database.db)).find((s) => s.id === 2)?.shortName === "Fresh Read"),
    ).toBe(true);
  });

  it("drops what it holds when a content row changes, in any process", async () => {
    const before = await listSalons(database.db);
    expect(await listSalons(database.db)).toBe(before);
    await database.db.update(salons).set({ name: "Renamed Salon" }).where(eq(salons.id, 1));
    expect(
      await eventually(async () => (await listSalons(database.db)).find((s) => s.id === 1)?.name === "Renamed Salon"),
    ).toBe(true);

    expect((await getSiteSettings(database.db)).hideOffers).toBe(false);
    await database.db.update(siteSettings).set({ value: "true" }).where(eq(siteSettings.key, "hideOffers"));
    expect(await eventually(async () => (await getSiteSettings(database.db)).hideOffers)).toBe(true);
  });

  it("makes a post's card once, and again with its new excerpt when the post is edited", async () => {
    const before = await blogPostPage(database.db, 1, 2);
    const card = before?.items[0];
    if (!card) throw new Error("the seed has posts");
    expect((await blogPostPage(database.db, 1, 2))?.items).toBe(before?.items);
    await database.db
      .update(blogPosts)
      .set({ bodyHtml: "<p>Gloss &amp; <strong>tone</strong>: Zoë’s guide.</p><p>Second paragraph.</p>" })
      .where(eq(blogPosts.slug, card.slug));
    expect(
      await eventually(
        async () =>
          (await blogPostPage(database.db, 1, 2))?.items[0]?.excerpt === "Gloss & tone: Zoë’s guide. Second paragraph.",
      ),
    ).toBe(true);
  });
});
