/**
 * Demo content, written on the first start only. A later start never
 * overwrites a row staff may have edited; it only adds the rows a newer
 * version of the site introduces (settings, the offers once they became
 * rows), and fills in what a newer version added to existing rows (clients'
 * names for the services, salons' opening hours).
 */

import { count, eq, isNull, like, sql } from "drizzle-orm";
import { BRAND_SETTING_KEYS, DEFAULT_BRAND } from "~/domain/brand";
import { now } from "./clock.server";
import type { Database } from "./db.server";
import * as t from "./schema.server";
import {
  blogPosts,
  newsItems,
  reviews,
  SEED_OPENING_HOURS,
  salons,
  shopBanners,
  shopTiles,
  stylists,
} from "./seed/content";
import { seedNotices } from "./seed/notices";
import { DEMO_LISTED, demoSharedEndDate, seedOffersOn } from "./seed/offers";
import { seedLevels, seedServices } from "./seed/services";

/** The settings a new install starts with; the offers' shared end date is months after its first start. */
const defaultSettings = (seededOn: Date): Record<string, string> => ({
  hideOffers: "false",
  endDate: demoSharedEndDate(seededOn),
  [BRAND_SETTING_KEYS.founded]: DEFAULT_BRAND.founded,
  [BRAND_SETTING_KEYS.groupLine]: DEFAULT_BRAND.groupLine,
});

/** Says whether this start wrote the demo content (an empty database) or found content already there. */
export async function seedDatabase(db: Database): Promise<"seeded" | "found"> {
  const seededOn = now();
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
    await seedOfferRows(tx, seededOn, empty);
    await tx.update(t.salons).set({ openingHours: SEED_OPENING_HOURS }).where(isNull(t.salons.openingHours));
    await tx
      .insert(t.siteSettings)
      .values(Object.entries(defaultSettings(seededOn)).map(([key, value]) => ({ key, value })))
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

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Set once the seeded offers are in: after that an offer staff deleted stays deleted. */
const OFFERS_SEEDED = "offersSeeded";

/**
 * Adds each seeded offer that has no row yet, by its slug, so an install from
 * before offers were rows gets them and one where staff edited them keeps the
 * edits. Such an install switched cards on with settings rows
 * (offer_{slug}): an offer whose switch was on starts listed, and the
 * switches, now the offers' own, are removed. It runs until it has run once,
 * so an offer deleted in the console does not come back at the next start.
 * A new install (`fresh`) lists the demo's choice instead, dated from the day
 * of its first start, so its Offers page shows campaigns that run.
 */
async function seedOfferRows(tx: Tx, seededOn: Date, fresh: boolean): Promise<void> {
  const [done] = await tx.select().from(t.siteSettings).where(eq(t.siteSettings.key, OFFERS_SEEDED));
  if (done) return;
  const switches = await tx.select().from(t.siteSettings).where(like(t.siteSettings.key, "offer\\_%"));
  const on = new Set(switches.filter((row) => row.value === "true").map((row) => row.key));
  await tx
    .insert(t.offers)
    .values(
      seedOffersOn(seededOn).map(({ flagged, ...offer }) => ({
        ...offer,
        body: [...offer.body],
        smallPrint: [...offer.smallPrint],
        stylistSlugs: [...offer.stylistSlugs],
        listed: fresh ? DEMO_LISTED.has(offer.slug) : flagged && on.has(`offer_${offer.slug.replaceAll("-", "_")}`),
      })),
    )
    .onConflictDoNothing({ target: t.offers.slug });
  if (switches.length > 0) await tx.delete(t.siteSettings).where(like(t.siteSettings.key, "offer\\_%"));
  await tx.insert(t.siteSettings).values({ key: OFFERS_SEEDED, value: "true" }).onConflictDoNothing();
}
