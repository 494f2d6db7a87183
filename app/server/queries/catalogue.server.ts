/** Salons, levels, services and stylists: what the calculator prices with. */
import { asc, isNull } from "drizzle-orm";
import type { Catalogue } from "~/domain/calculator-state";
import type { Level, Service } from "~/domain/catalogue";
import { cached } from "../cache.server";
import type { Database } from "../db.server";
import { levels, salons, services, stylists } from "../schema.server";

export type SalonRow = typeof salons.$inferSelect;
export type StylistRow = typeof stylists.$inferSelect;

// Catalogue reads are cached per process (see cache.server.ts); callers must not mutate the results.

export function listSalons(db: Database): Promise<SalonRow[]> {
  return cached(db, "salons", () => db.select().from(salons).orderBy(asc(salons.id)));
}

export async function getSalon(db: Database, id: number): Promise<SalonRow | undefined> {
  return (await listSalons(db)).find((s) => s.id === id);
}

export function listLevels(db: Database): Promise<Level[]> {
  return cached(db, "levels", () => db.select().from(levels).orderBy(asc(levels.id)));
}

export function listServices(db: Database): Promise<Service[]> {
  return cached(db, "services", async () => {
    const rows = await db
      .select()
      .from(services)
      .orderBy(asc(services.cat1), asc(services.cat2), asc(services.sortOrder), asc(services.id));
    // A row without a client's name (added by staff) is shown by its till name rather than as nothing.
    return rows.map((row) => ({ ...row, clientName: row.clientName?.trim() || row.service }));
  });
}

/** The stylists a visitor can choose: those who have left are not offered (their saved quotes keep their own copy). */
export function listStylists(db: Database): Promise<StylistRow[]> {
  return cached(db, "stylists", () =>
    db.select().from(stylists).where(isNull(stylists.retiredAt)).orderBy(asc(stylists.displayOrder), asc(stylists.id)),
  );
}

export async function getStylist(db: Database, slug: string): Promise<StylistRow | undefined> {
  return (await listStylists(db)).find((s) => s.slug === slug);
}

export async function loadCatalogue(db: Database): Promise<Catalogue> {
  const [serviceRows, levelRows] = await Promise.all([listServices(db), listLevels(db)]);
  return { services: serviceRows, levels: levelRows };
}
