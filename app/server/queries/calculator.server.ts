/**
 * What the calculator screens load: the price list, levels, salons and the
 * stylists' card fields (no biographies: the calculator shows cards only).
 */
import type { Database } from "../db.server";
import { listSalons, listStylists, loadCatalogue, type SalonRow, type StylistRow } from "./catalogue.server";

function calculatorStylist(row: StylistRow) {
  return {
    slug: row.slug,
    firstName: row.firstName,
    lastName: row.lastName,
    salonId: row.salonId,
    levelId: row.levelId,
    image: row.image,
    acceptingNewClients: row.acceptingNewClients,
  };
}

function calculatorSalon(row: SalonRow) {
  return { id: row.id, name: row.name, shortName: row.shortName };
}

export async function loadCalculatorData(db: Database) {
  const [catalogue, stylists, salons] = await Promise.all([loadCatalogue(db), listStylists(db), listSalons(db)]);
  return { catalogue, stylists: stylists.map(calculatorStylist), salons: salons.map(calculatorSalon) };
}
