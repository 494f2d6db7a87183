/** Salons, levels, services and stylists: what the calculator prices with. */
import { asc, eq } from "drizzle-orm";
import type { Catalogue } from "~/domain/calculator-state";
import type { Level, Salon, Service, Stylist } from "~/domain/catalogue";
import type { Database } from "../db.server";
import { levels, salons, services, stylists } from "../schema.server";

export type SalonRow = typeof salons.$inferSelect;
export type StylistRow = typeof stylists.$inferSelect;

export function listSalons(db: Database): Promise<SalonRow[]> {
  return db.select().from(salons).orderBy(asc(salons.id));
}

export async function getSalon(db: Database, id: number): Promise<SalonRow | undefined> {
  const [row] = await db.select().from(salons).where(eq(salons.id, id));
  return row;
}

export function listLevels(db: Database): Promise<Level[]> {
  return db.select().from(levels).orderBy(asc(levels.id));
}

export function listServices(db: Database): Promise<Service[]> {
  return db.select().from(services).orderBy(asc(services.cat1), asc(services.cat2), asc(services.sortOrder), asc(services.id));
}

export function listStylists(db: Database): Promise<StylistRow[]> {
  return db.select().from(stylists).orderBy(asc(stylists.displayOrder), asc(stylists.id));
}

export async function getStylist(db: Database, slug: string): Promise<StylistRow | undefined> {
  const [row] = await db.select().from(stylists).where(eq(stylists.slug, slug));
  return row;
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
