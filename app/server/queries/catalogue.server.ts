/** Salons, levels, services and stylists: what the calculator prices with. */
import { asc, isNull } from "drizzle-orm";
import type { Catalogue } from "~/domain/calculator-state";
import type { Level, Service } from "~/domain/catalogue";
import { levelsInForce } from "~/domain/level-changes";
import { pricesInForce } from "~/domain/price-schedule";
import { londonDay } from "~/domain/salon-time";
import { cached } from "../cache.server";
import { now } from "../clock.server";
import type { Database } from "../db.server";
import { priceRounding } from "../price-rounding.server";
import { levelPriceChanges, levels, salons, scheduledPrices, services, stylists } from "../schema.server";

export type SalonRow = typeof salons.$inferSelect;
export type StylistRow = typeof stylists.$inferSelect;

// Catalogue reads are cached per process (see cache.server.ts); callers must not mutate the results.

export function listSalons(db: Database): Promise<SalonRow[]> {
  return cached(db, "salons", ["salons"], () => db.select().from(salons).orderBy(asc(salons.id)));
}

export async function getSalon(db: Database, id: number): Promise<SalonRow | undefined> {
  return (await listSalons(db)).find((s) => s.id === id);
}

/**
 * The levels as the calculator prices with them today: each with its own
 * price changes whose day has come (app/domain/level-changes.ts), kept per
 * London day like the services.
 */
export function listLevels(db: Database): Promise<Level[]> {
  const today = londonDay(now());
  return cached(db, `levels@${today}`, ["levels", "level_price_changes"], async () => {
    const [rows, changes] = await Promise.all([
      db.select({ id: levels.id, name: levels.name, adapterBp: levels.adapterBp }).from(levels).orderBy(asc(levels.id)),
      db.select().from(levelPriceChanges),
    ]);
    return levelsInForce(rows, changes, today);
  });
}

/**
 * The price list in force today: services not retired, each at its scheduled
 * price once that price's day has come (app/domain/price-schedule.ts). The
 * cache is kept per London day, so a new day's prices apply at its midnight.
 */
export function listServices(db: Database): Promise<Service[]> {
  const today = londonDay(now());
  return cached(db, `services@${today}`, ["services", "scheduled_prices"], async () => {
    const [rows, scheduled] = await Promise.all([
      db
        .select()
        .from(services)
        .where(isNull(services.retiredAt))
        .orderBy(asc(services.cat1), asc(services.cat2), asc(services.sortOrder), asc(services.id)),
      db.select().from(scheduledPrices),
    ]);
    // A row without a client's name (added by staff) is shown by its till name rather than as nothing.
    const named = rows.map(({ retiredAt: _retired, version: _version, ...row }) => ({
      ...row,
      clientName: row.clientName?.trim() || row.service,
    }));
    return pricesInForce(named, scheduled, today);
  });
}

/** The stylists a visitor can choose: those who have left are not offered (their saved quotes keep their own copy). */
export function listStylists(db: Database): Promise<StylistRow[]> {
  return cached(db, "stylists", ["stylists"], () =>
    db.select().from(stylists).where(isNull(stylists.retiredAt)).orderBy(asc(stylists.displayOrder), asc(stylists.id)),
  );
}

export async function getStylist(db: Database, slug: string): Promise<StylistRow | undefined> {
  return (await listStylists(db)).find((s) => s.slug === slug);
}

export async function loadCatalogue(db: Database): Promise<Catalogue> {
  const [serviceRows, levelRows, rounding] = await Promise.all([listServices(db), listLevels(db), priceRounding(db)]);
  return { services: serviceRows, levels: levelRows, rounding };
}
