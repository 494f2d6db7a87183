/**
 * Demo content, written on the first start only. A later start never
 * overwrites a row staff may have edited; it only adds settings rows that a
 * newer version of the site introduces (new offer flags, for instance), and
 * fills in what a newer version added to existing rows (clients' names for the
 * services).
 */
import { count, sql } from "drizzle-orm";
import { OFFER_FLAGS } from "~/domain/offers";
import type { Database } from "./db.server";
import * as t from "./schema.server";
import { blogPosts, newsItems, reviews, salons, shopBanners, shopTiles, stylists } from "./seed/content";
import { seedNotices } from "./seed/notices";
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
    await backfillClientNames(tx);
    // Notices were pages in code before they were rows: every install gets each one once, by its path.
    await tx
      .insert(t.notices)
      .values([...seedNotices])
      .onConflictDoNothing({ target: t.notices.path });
    await tx
      .insert(t.siteSettings)
      .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
      .onConflictDoNothing();
    return empty ? "seeded" : "found";
  });
}

/**
 * A database made before services had clients' names gets the seed's names on
 * its next start. Only a row still without one whose till name is the seed's
 * is named, so a service staff renamed or named themselves is left alone, and
 * running it again changes nothing.
 */
async function backfillClientNames(tx: Pick<Database, "execute">): Promise<void> {
  const rows = sql.join(
    seedServices.map((service) => sql`(${service.id}::integer, ${service.service}::text, ${service.clientName}::text)`),
    sql`, `,
  );
  await tx.execute(sql`
    update services set client_name = seed.client_name
    from (values ${rows}) as seed(id, service, client_name)
    where services.id = seed.id and services.service = seed.service and services.client_name is null`);
}
