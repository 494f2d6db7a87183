/** Salons, levels, services and stylists: what the calculator prices with. */
import { asc } from "drizzle-orm";
import type { Catalogue } from "~/domain/calculator-state";
import type { Level, Salon, Service, Stylist } from "~/domain/catalogue";
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

export function listStylists(db: Database): Promise<StylistRow[]> {
  return cached(db, "stylists", () => db.select().from(stylists).orderBy(asc(stylists.displayOrder), asc(stylists.id)));
}

export async function getStylist(db: Database, slug: string): Promise<StylistRow | undefined> {
  return (await listStylists(db)).find((s) => s.slug === slug);
}

export async function loadCatalogue(db: Database): Promise<Catalogue> {
  const [serviceRows, levelRows] = await Promise.all([listServices(db), listLevels(db)]);
  return { services: serviceRows, levels: levelRows };
}

export function toDomainStylist(row: StylistRow): Stylist {
  return {
    id: row.id,
    slug: row.slug,
    firstName: row.firstName,
    lastName: row.lastName,
    salonId: row.salonId,
    levelId: row.levelId,
    image: row.image,
    para1: row.para1,
    para2: row.para2,
    para3: row.para3,
    acceptingNewClients: row.acceptingNewClients,
  };
}

export function toDomainSalon(row: SalonRow): Salon {
  return { id: row.id, name: row.name, shortName: row.shortName, logo: row.logo, image: row.image };
}
