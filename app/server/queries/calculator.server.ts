/**
 * What the calculator screens load: the price list, levels, salons and the
 * stylists' card fields (no biographies: the calculator shows cards only).
 */
import type { PictureRef } from "~/domain/pictures";
import type { Database } from "../db.server";
import { listSalons, listStylists, loadCatalogue, type SalonRow, type StylistRow } from "./catalogue.server";
import { teamPhotos } from "./content.server";

function calculatorStylist(row: StylistRow, photo: PictureRef | null) {
  return {
    slug: row.slug,
    firstName: row.firstName,
    lastName: row.lastName,
    salonId: row.salonId,
    levelId: row.levelId,
    image: row.image,
    photo,
    acceptingNewClients: row.acceptingNewClients,
  };
}

function calculatorSalon(row: SalonRow) {
  return { id: row.id, name: row.name, shortName: row.shortName };
}

export async function loadCalculatorData(db: Database) {
  const [catalogue, stylists, salons, photos] = await Promise.all([
    loadCatalogue(db),
    listStylists(db),
    listSalons(db),
    teamPhotos(db),
  ]);
  return {
    catalogue,
    stylists: stylists.map((row) => calculatorStylist(row, photos.get(row.slug) ?? null)),
    salons: salons.map(calculatorSalon),
  };
}
