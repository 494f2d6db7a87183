/** The offers, as every public page reads them (cached; the content_changed trigger drops the cache). */
import { asc, type SQL } from "drizzle-orm";
import { type Offer, type SmsCampaign, smsCampaignOf } from "~/domain/offers";
import { cached } from "../cache.server";
import type { Database } from "../db.server";
import { offers } from "../schema.server";
import { selectWithPicture, withPictures } from "./content.server";

/** Offers in their order, with their uploaded pictures, read now (`where`: only some). */
export async function readOffers(db: Pick<Database, "select">, where?: SQL): Promise<Offer[]> {
  const rows = await selectWithPicture(db, offers).where(where).orderBy(asc(offers.displayOrder), asc(offers.id));
  return withPictures<typeof offers.$inferSelect>(rows).map((row) => ({
    ...row,
    audience: row.audience as Offer["audience"],
  }));
}

export function listOffers(db: Database): Promise<Offer[]> {
  return cached(db, "offers", ["offers"], () => readOffers(db));
}

export async function getOffer(db: Database, slug: string): Promise<Offer | undefined> {
  return (await listOffers(db)).find((offer) => offer.slug === slug);
}

export async function getSmsCampaign(db: Database, slug: string): Promise<SmsCampaign | undefined> {
  const offer = await getOffer(db, slug);
  return (offer && smsCampaignOf(offer)) ?? undefined;
}
