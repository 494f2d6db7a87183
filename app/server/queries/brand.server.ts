/** The brand's facts (app/domain/brand.ts) as of today, from the salons staff keep. */
import { type BrandFacts, brandFacts } from "~/domain/brand";
import { now } from "../clock.server";
import type { Database } from "../db.server";
import { listSalons } from "./catalogue.server";

export async function loadBrand(db: Database): Promise<BrandFacts> {
  return brandFacts(await listSalons(db), now());
}
