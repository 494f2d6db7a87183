/**
 * The owner's rounding of priced lines (decision 080), kept as a settings row
 * so it changes without a deploy. Read through the content cache like the
 * price list itself: the settings table notifies every process on change.
 */
import {
  DEFAULT_PRICE_ROUNDING,
  isPriceRounding,
  PRICE_ROUNDING_PHRASES,
  type PriceRounding,
} from "~/domain/price-rounding";
import { cached } from "./cache.server";
import type { Database } from "./db.server";
import { siteSettings } from "./schema.server";
import { type Actor, audit } from "./staff/audit.server";

const ROUNDING_SETTING = "priceRounding";

/** The rule in force; a row that is missing or not one of the three means the default. */
export function priceRounding(db: Database): Promise<PriceRounding> {
  return cached(db, "price-rounding", ["site_settings"], async () => {
    const row = await db.query.siteSettings.findFirst({ where: (s, { eq }) => eq(s.key, ROUNDING_SETTING) });
    return isPriceRounding(row?.value) ? row.value : DEFAULT_PRICE_ROUNDING;
  });
}

/** Sets the rule for quotes priced from now on; saved quotes keep the amounts they were given. */
export async function setPriceRounding(db: Database, actor: Actor, rounding: PriceRounding): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ key: ROUNDING_SETTING, value: rounding })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: rounding, updatedAt: new Date() } });
    await audit(tx, actor, {
      action: "settings.rounding",
      subject: { type: "settings", id: ROUNDING_SETTING },
      summary: PRICE_ROUNDING_PHRASES[rounding],
    });
  });
}
