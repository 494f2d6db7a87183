/**
 * Demo content, written on the first start only. A later start never
 * overwrites a row staff may have edited; it only adds settings rows that a
 * newer version of the site introduces (new offer flags, for instance).
 */
import { count } from "drizzle-orm";
import { OFFER_FLAGS } from "~/domain/offers";
import type { Database } from "./db.server";
import * as t from "./schema.server";
import { blogPosts, newsItems, reviews, salons, shopBanners, shopTiles, stylists } from "./seed/content";
import { seedLevels, seedServices } from "./seed/services";

const DEFAULT_SETTINGS: Record<string, string> = {
  hideOffers: "false",
  endDate: "2025-06-30",
  ...Object.fromEntries(OFFER_FLAGS.map((flag) => [flag, "false"])),
};

/** Says whether this start wrote the demo content (an empty database) or found content already there. */
export async function seedDatabase(db: Database): Promise<"seeded" | "found"> {
  return await db.transaction(async (tx) => {
    const [salonCount] = await tx.select({ n: count() }).from(t.salons);
    const empty = !salonCount || salonCount.n === 0;
    if (empty) {
      await tx.insert(t.salons).values(salons);
      await tx.insert(t.levels).values(seedLevels);
      await tx.insert(t.services).values(seedServices);
      await tx.insert(t.stylists).values(stylists);
      await tx.insert(t.blogPosts).values(blogPosts);
      await tx.insert(t.reviews).values(reviews);
      await tx.insert(t.newsItems).values(newsItems);
      await tx.insert(t.shopBanners).values(shopBanners);
      await tx.insert(t.shopTiles).values(shopTiles);
    }
    await tx
      .insert(t.siteSettings)
      .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
      .onConflictDoNothing();
    return empty ? "seeded" : "found";
  });
}
