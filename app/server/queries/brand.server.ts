/** The brand's facts (app/domain/brand.ts) as of today, from the salons and the brand settings staff keep. */
import { type BrandFacts, brandFacts } from "~/domain/brand";
import { now } from "../clock.server";
import type { Database } from "../db.server";
import { listSalons } from "./catalogue.server";
import { getBrandSettings } from "./content.server";

export async function loadBrand(db: Database): Promise<BrandFacts> {
  const [salons, settings] = await Promise.all([listSalons(db), getBrandSettings(db)]);
  return brandFacts(salons, now(), settings);
}
