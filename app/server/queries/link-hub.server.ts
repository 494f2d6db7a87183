/** The link hub of /links and /link-tree. */

import { LINK_HUB_NEWS_COUNT, newsCardOf } from "~/domain/news";
import { MAIN_SALON_ID, salonPlaces } from "~/domain/salon-info";
import type { Database } from "../db.server";
import { listSalons } from "./catalogue.server";
import { listNewsItems } from "./content.server";

/** The link hub shows the three latest news items: enough to tempt, short on a phone. */

export async function loadLinkHub(db: Database) {
  const [news, salons] = await Promise.all([listNewsItems(db, LINK_HUB_NEWS_COUNT), listSalons(db)]);
  const main = salons.find((s) => s.id === MAIN_SALON_ID);
  if (!main) throw new Error("The main salon is missing from the database");
  return {
    news: news.slice(0, LINK_HUB_NEWS_COUNT).map(newsCardOf),
    bookingUrl: main.bookingUrl,
    places: salonPlaces(salons),
  };
}
