/**
 * Test fixture: the real price list (/work/shared/data/services.csv, ids 1..N in
 * CSV order) and levels (levels.csv). Each row keeps the CSV's decimal strings
 * next to the pence figures so tests can price from the strings independently.
 * minLevel 2 (not for New Starters) on balayage, bleach, vivids and correction
 * colours, services 10 and 14, and the men's cuts.
 */
import type { Catalogue } from "../calculator-state";
import type { Level, Service } from "../catalogue";
import { DEFAULT_PRICE_ROUNDING } from "../price-rounding";

export interface ServiceRow {
  cat1: number;
  cat2: number;
  service: string;
  price: string;
  pricePence: number;
  productPrice: string;
  productPricePence: number;
  group: string;
  minLevel: number;
}

type Row = [number, number, string, string, number, string, number, string, number];

// [cat1, cat2, service, price, price in pence, product_price, product in pence, group, minLevel] // id
const rows: Row[] = [
  [1, 0, "Cut, Dry & Style", "49.50", 4950, "0", 0, "Cut/style", 1], // 1
  [1, 0, "Dry & Style", "33.00", 3300, "0", 0, "Cut/style", 1], // 2
  [1, 1, "Hair Up", "33.00", 3300, "0", 0, "Cut/style", 1], // 3
  [1, 1, "Hair Up - Advanced", "49.50", 4950, "0", 0, "Cut/style", 1], // 4
  [1, 1, "Hair Up - Specialist", "66.00", 6600, "0", 0, "Cut/style", 1], // 5
  [2, 0, "Roots", "33.00", 3300, "18.8", 1880, "Basic Colour", 1], // 6
  [2, 0, "Roots & Refresh", "49.50", 4950, "24", 2400, "Basic Colour", 1], // 7
  [2, 1, "Short (Crop)", "33.00", 3300, "18.8", 1880, "Full Head Colour", 1], // 8
  [2, 1, "Mid (Above shoulders)", "49.50", 4950, "24", 2400, "Full Head Colour", 1], // 9
  [2, 1, "Long (past shoulders)", "66.00", 6600, "32", 3200, "Full Head Colour", 2], // 10
  [2, 2, "Full head", "66.00", 6600, "32", 3200, "Foils", 1], // 11
  [2, 2, "Half Head", "49.50", 4950, "24", 2400, "Foils", 1], // 12
  [2, 2, "Top Parting", "33.00", 3300, "18.8", 1880, "Foils", 1], // 13
  [2, 2, "Face Frame", "22.00", 2200, "9.4", 940, "Foils", 2], // 14
  [2, 2, "Creative Foiling", "66.00", 6600, "24", 2400, "Foils", 1], // 15
  [2, 3, "Uncoloured hair - above collar bone", "49.50", 4950, "28", 2800, "Balayage (includes toner)", 2], // 16
  [2, 3, "On coloured hair - above collar bone", "66.00", 6600, "32", 3200, "Balayage (includes toner)", 2], // 17
  [2, 3, "With root application - above collar bone", "81.40", 8140, "32", 3200, "Balayage (includes toner)", 2], // 18
  [2, 3, "Uncoloured hair - below collar bone", "66.00", 6600, "32", 3200, "Balayage (includes toner)", 2], // 19
  [2, 3, "On coloured hair - below collar bone", "81.40", 8140, "46.25", 4625, "Balayage (includes toner)", 2], // 20
  [2, 3, "With root application - below collar bone", "112.20", 11220, "46.25", 4625, "Balayage (includes toner)", 2], // 21
  [2, 4, "Short (crop)", "33.00", 3300, "18.8", 1880, "Full Head Bleach", 2], // 22
  [2, 4, "Mid (Above Shoulders)", "56.25", 5625, "24", 2400, "Full Head Bleach", 2], // 23
  [2, 4, "Long (Past Shoulders)", "66.00", 6600, "32", 3200, "Full Head Bleach", 2], // 24
  [2, 4, "Roots (within 6 wk)", "33.00", 3300, "18.8", 1880, "Full Head Bleach", 2], // 25
  [2, 4, "Roots (Over 6wk)", "49.50", 4950, "24", 2400, "Full Head Bleach", 2], // 26
  [2, 5, "Short (crop)", "66.00", 6600, "32", 3200, "Vivids", 2], // 27
  [2, 5, "Mid (Above Shoulders)", "66.00", 6600, "32", 3200, "Vivids", 2], // 28
  [2, 5, "Long (Past Shoulders)", "112.20", 11220, "32", 3200, "Vivids", 2], // 29
  [2, 5, "Roots and Refresh", "49.50", 4950, "32", 3200, "Vivids", 2], // 30
  [2, 6, "Dark to Light Correction", "112.20", 11220, "32", 3200, "Correction", 2], // 31
  [2, 6, "Light to Dark", "66.00", 6600, "32", 3200, "Correction", 2], // 32
  [2, 6, "Other Correction Service", "66.00", 6600, "32", 3200, "Correction", 2], // 33
  [2, 0, "None", "0", 0, "0", 0, "Correction", 1], // 34
  [3, 1, "Toner", "7.25", 725, "4", 400, "Colour Add-ons - Foils", 1], // 35
  [3, 1, "Complex Toner", "15.40", 1540, "8", 800, "Colour Add-ons - Foils", 1], // 36
  [3, 1, "Root Col Between Foils", "15.40", 1540, "8", 800, "Colour Add-ons - Foils", 1], // 37
  [3, 1, "Col Between foils (mid)", "15.40", 1540, "16", 1600, "Colour Add-ons - Foils", 1], // 38
  [3, 1, "Col Between foils (long)", "33.00", 3300, "24", 2400, "Colour Add-ons - Foils", 1], // 39
  [3, 1, "None", "0", 0, "0", 0, "Colour Add-ons - Foils", 1], // 40
  [3, 2, "Toner", "7.25", 725, "4", 400, "Colour Add-ons - Bleach", 1], // 41
  [3, 2, "Complex Toner", "15.40", 1540, "8", 800, "Colour Add-ons - Bleach", 1], // 42
  [3, 3, "Face Frame Foils", "15.40", 1540, "8", 800, "Colour Add-ons - FH Col", 1], // 43
  [3, 3, "Scattered Foils", "33.00", 3300, "18.8", 1880, "Colour Add-ons - FH Col", 1], // 44
  [3, 3, "None", "0", 0, "0", 0, "Colour Add-ons - FH Col", 1], // 45
  [4, 0, "Curly Blow Add-on", "15.40", 1540, "0", 0, "Styling Add-ons", 1], // 46
  [4, 0, "Extra Styling Add-on", "15.40", 1540, "0", 0, "Styling Add-ons", 1], // 47
  [4, 0, "Pin Curls", "33.00", 3300, "0", 0, "Styling Add-ons", 1], // 48
  [4, 0, "None", "0", 0, "0", 0, "Styling Add-ons", 1], // 49
  [5, 1, "Fibre Plex", "5", 500, "0", 0, "Plex Treatments", 1], // 50
  [5, 1, "K18", "15", 1500, "0", 0, "Plex Treatments", 1], // 51
  [5, 1, "Olaplex", "20", 2000, "0", 0, "Plex Treatments", 1], // 52
  [5, 2, "Fibre Clinix", "15", 1500, "0", 0, "Treatments", 1], // 53
  [5, 2, "Olaplex Super Stand Alone", "25", 2500, "0", 0, "Treatments", 1], // 54
  [5, 2, "K18 Stand Alone", "20", 2000, "0", 0, "Treatments", 1], // 55
  [5, 2, "Scalp Clinix", "20", 2000, "0", 0, "Treatments", 1], // 56
  [5, 2, "None", "0", 0, "0", 0, "Treatments", 1], // 57
  [6, 0, "Wash, Cut & Style", "33.00", 3300, "0", 0, "Mens", 2], // 58
  [6, 0, "Long Hair Cut & Style", "49.50", 4950, "0", 0, "Mens", 2], // 59
  [6, 0, "Express Cut", "22.00", 2200, "0", 0, "Mens", 2], // 60
  [6, 1, "Express Colour", "15.40", 1540, "8", 800, "Mens", 1], // 61
  [6, 1, "Full Head Colour Short", "33.00", 3300, "8", 800, "Mens", 1], // 62
  [6, 1, "Fashion Colour Mid", "49.50", 4950, "18.8", 1880, "Mens", 1], // 63
  [6, 1, "Full Head Colour Long", "66.00", 6600, "37.6", 3760, "Mens", 1], // 64
  [6, 1, "None", "0", 0, "0", 0, "Mens", 1], // 65
];

export const serviceRows: ServiceRow[] = rows.map(
  ([cat1, cat2, service, price, pricePence, productPrice, productPricePence, group, minLevel]) => ({
    cat1,
    cat2,
    service,
    price,
    pricePence,
    productPrice,
    productPricePence,
    group,
    minLevel,
  }),
);

export const services: Service[] = serviceRows.map((row, index) => ({
  id: index + 1,
  service: row.service,
  clientName: row.service,
  pricePence: row.pricePence,
  productPricePence: row.productPricePence,
  cat1: row.cat1,
  cat2: row.cat2,
  groupName: row.group,
  minLevel: row.minLevel,
  sortOrder: index + 1,
}));

/** levels.csv with the adapter kept as its percentage string. */
export const levelRows: { id: number; name: string; adapter: string; adapterBp: number }[] = [
  { id: 1, name: "New Starter", adapter: "-81.41", adapterBp: -8141 },
  { id: 2, name: "Apprentice", adapter: "-65.05", adapterBp: -6505 },
  { id: 3, name: "Junior Stylist", adapter: "-51.72", adapterBp: -5172 },
  { id: 4, name: "Graduate Stylist", adapter: "-38.38", adapterBp: -3838 },
  { id: 5, name: "New Stylist", adapter: "-20", adapterBp: -2000 },
  { id: 6, name: "Stylist", adapter: "0", adapterBp: 0 },
  { id: 7, name: "Advanced Stylist", adapter: "6.26", adapterBp: 626 },
  { id: 8, name: "Senior Stylist", adapter: "12.32", adapterBp: 1232 },
  { id: 9, name: "Advanced Senior", adapter: "25.3", adapterBp: 2530 },
];

export const levels: Level[] = levelRows.map(({ id, name, adapterBp }) => ({ id, name, adapterBp }));

/** The fixture prices as the site does by default: each line to the whole pound. */
export const catalogue: Catalogue = { services, levels, rounding: DEFAULT_PRICE_ROUNDING };

/** The service with this id; throws so a typo in a test fails loudly. */
export function serviceById(id: number): Service {
  const service = services.find((candidate) => candidate.id === id);
  if (!service) throw new Error(`No service ${id} in the fixture`);
  return service;
}

export function levelById(id: number): Level {
  const level = levels.find((candidate) => candidate.id === id);
  if (!level) throw new Error(`No level ${id} in the fixture`);
  return level;
}
