/**
 * The price list and stylist levels seeded on first start.
 *
 * Copied from the salon's own figures (shared/data/services.csv and levels.csv)
 * so the seed never depends on files outside the repository. Money is integer
 * pence; a level adapter is in hundredths of a percent (-81.41% is -8141).
 * Ids follow the CSV row order, which is also the display order.
 */

import type { Level, Service } from "../../domain/catalogue";

export const seedLevels: Level[] = [
  { id: 1, name: "New Starter", adapterBp: -8141 },
  { id: 2, name: "Apprentice", adapterBp: -6505 },
  { id: 3, name: "Junior Stylist", adapterBp: -5172 },
  { id: 4, name: "Graduate Stylist", adapterBp: -3838 },
  { id: 5, name: "New Stylist", adapterBp: -2000 },
  { id: 6, name: "Stylist", adapterBp: 0 },
  { id: 7, name: "Advanced Stylist", adapterBp: 626 },
  { id: 8, name: "Senior Stylist", adapterBp: 1232 },
  { id: 9, name: "Advanced Senior", adapterBp: 2530 },
];

/**
 * minLevel 2 keeps a New Starter (level 1) off the services they are not yet
 * trained for: balayage, full head bleach, vivids and colour correction, long
 * full head colour (id 10), face-frame foils (id 14) and men's cuts.
 */
export const seedServices: Service[] = [
  { id: 1, service: "Cut, Dry & Style", pricePence: 4950, productPricePence: 0, cat1: 1, cat2: 0, groupName: "Cut/style", minLevel: 1, sortOrder: 1 },
  { id: 2, service: "Dry & Style", pricePence: 3300, productPricePence: 0, cat1: 1, cat2: 0, groupName: "Cut/style", minLevel: 1, sortOrder: 2 },
  { id: 3, service: "Hair Up", pricePence: 3300, productPricePence: 0, cat1: 1, cat2: 1, groupName: "Cut/style", minLevel: 1, sortOrder: 3 },
  { id: 4, service: "Hair Up - Advanced", pricePence: 4950, productPricePence: 0, cat1: 1, cat2: 1, groupName: "Cut/style", minLevel: 1, sortOrder: 4 },
  { id: 5, service: "Hair Up - Specialist", pricePence: 6600, productPricePence: 0, cat1: 1, cat2: 1, groupName: "Cut/style", minLevel: 1, sortOrder: 5 },
  { id: 6, service: "Roots", pricePence: 3300, productPricePence: 1880, cat1: 2, cat2: 0, groupName: "Basic Colour", minLevel: 1, sortOrder: 6 },
  { id: 7, service: "Roots & Refresh", pricePence: 4950, productPricePence: 2400, cat1: 2, cat2: 0, groupName: "Basic Colour", minLevel: 1, sortOrder: 7 },
  { id: 8, service: "Short (Crop)", pricePence: 3300, productPricePence: 1880, cat1: 2, cat2: 1, groupName: "Full Head Colour", minLevel: 1, sortOrder: 8 },
  { id: 9, service: "Mid (Above shoulders)", pricePence: 4950, productPricePence: 2400, cat1: 2, cat2: 1, groupName: "Full Head Colour", minLevel: 1, sortOrder: 9 },
  { id: 10, service: "Long (past shoulders)", pricePence: 6600, productPricePence: 3200, cat1: 2, cat2: 1, groupName: "Full Head Colour", minLevel: 2, sortOrder: 10 },
  { id: 11, service: "Full head", pricePence: 6600, productPricePence: 3200, cat1: 2, cat2: 2, groupName: "Foils", minLevel: 1, sortOrder: 11 },
  { id: 12, service: "Half Head", pricePence: 4950, productPricePence: 2400, cat1: 2, cat2: 2, groupName: "Foils", minLevel: 1, sortOrder: 12 },
  { id: 13, service: "Top Parting", pricePence: 3300, productPricePence: 1880, cat1: 2, cat2: 2, groupName: "Foils", minLevel: 1, sortOrder: 13 },
  { id: 14, service: "Face Frame", pricePence: 2200, productPricePence: 940, cat1: 2, cat2: 2, groupName: "Foils", minLevel: 2, sortOrder: 14 },
  { id: 15, service: "Creative Foiling", pricePence: 6600, productPricePence: 2400, cat1: 2, cat2: 2, groupName: "Foils", minLevel: 1, sortOrder: 15 },
  { id: 16, service: "Uncoloured hair - above collar bone", pricePence: 4950, productPricePence: 2800, cat1: 2, cat2: 3, groupName: "Balayage (includes toner)", minLevel: 2, sortOrder: 16 },
  { id: 17, service: "On coloured hair - above collar bone", pricePence: 6600, productPricePence: 3200, cat1: 2, cat2: 3, groupName: "Balayage (includes toner)", minLevel: 2, sortOrder: 17 },
  { id: 18, service: "With root application - above collar bone", pricePence: 8140, productPricePence: 3200, cat1: 2, cat2: 3, groupName: "Balayage (includes toner)", minLevel: 2, sortOrder: 18 },
  { id: 19, service: "Uncoloured hair - below collar bone", pricePence: 6600, productPricePence: 3200, cat1: 2, cat2: 3, groupName: "Balayage (includes toner)", minLevel: 2, sortOrder: 19 },
  { id: 20, service: "On coloured hair - below collar bone", pricePence: 8140, productPricePence: 4625, cat1: 2, cat2: 3, groupName: "Balayage (includes toner)", minLevel: 2, sortOrder: 20 },
  { id: 21, service: "With root application - below collar bone", pricePence: 11220, productPricePence: 4625, cat1: 2, cat2: 3, groupName: "Balayage (includes toner)", minLevel: 2, sortOrder: 21 },
  { id: 22, service: "Short (crop)", pricePence: 3300, productPricePence: 1880, cat1: 2, cat2: 4, groupName: "Full Head Bleach", minLevel: 2, sortOrder: 22 },
  { id: 23, service: "Mid (Above Shoulders)", pricePence: 5625, productPricePence: 2400, cat1: 2, cat2: 4, groupName: "Full Head Bleach", minLevel: 2, sortOrder: 23 },
  { id: 24, service: "Long (Past Shoulders)", pricePence: 6600, productPricePence: 3200, cat1: 2, cat2: 4, groupName: "Full Head Bleach", minLevel: 2, sortOrder: 24 },
  { id: 25, service: "Roots (within 6 wk)", pricePence: 3300, productPricePence: 1880, cat1: 2, cat2: 4, groupName: "Full Head Bleach", minLevel: 2, sortOrder: 25 },
  { id: 26, service: "Roots (Over 6wk)", pricePence: 4950, productPricePence: 2400, cat1: 2, cat2: 4, groupName: "Full Head Bleach", minLevel: 2, sortOrder: 26 },
  { id: 27, service: "Short (crop)", pricePence: 6600, productPricePence: 3200, cat1: 2, cat2: 5, groupName: "Vivids", minLevel: 2, sortOrder: 27 },
  { id: 28, service: "Mid (Above Shoulders)", pricePence: 6600, productPricePence: 3200, cat1: 2, cat2: 5, groupName: "Vivids", minLevel: 2, sortOrder: 28 },
  { id: 29, service: "Long (Past Shoulders)", pricePence: 11220, productPricePence: 3200, cat1: 2, cat2: 5, groupName: "Vivids", minLevel: 2, sortOrder: 29 },
  { id: 30, service: "Roots and Refresh", pricePence: 4950, productPricePence: 3200, cat1: 2, cat2: 5, groupName: "Vivids", minLevel: 2, sortOrder: 30 },
  { id: 31, service: "Dark to Light Correction", pricePence: 11220, productPricePence: 3200, cat1: 2, cat2: 6, groupName: "Correction", minLevel: 2, sortOrder: 31 },
  { id: 32, service: "Light to Dark", pricePence: 6600, productPricePence: 3200, cat1: 2, cat2: 6, groupName: "Correction", minLevel: 2, sortOrder: 32 },
  { id: 33, service: "Other Correction Service", pricePence: 6600, productPricePence: 3200, cat1: 2, cat2: 6, groupName: "Correction", minLevel: 2, sortOrder: 33 },
  { id: 34, service: "None", pricePence: 0, productPricePence: 0, cat1: 2, cat2: 0, groupName: "Correction", minLevel: 1, sortOrder: 34 },
  { id: 35, service: "Toner", pricePence: 725, productPricePence: 400, cat1: 3, cat2: 1, groupName: "Colour Add-ons - Foils", minLevel: 1, sortOrder: 35 },
  { id: 36, service: "Complex Toner", pricePence: 1540, productPricePence: 800, cat1: 3, cat2: 1, groupName: "Colour Add-ons - Foils", minLevel: 1, sortOrder: 36 },
  { id: 37, service: "Root Col Between Foils", pricePence: 1540, productPricePence: 800, cat1: 3, cat2: 1, groupName: "Colour Add-ons - Foils", minLevel: 1, sortOrder: 37 },
  { id: 38, service: "Col Between foils (mid)", pricePence: 1540, productPricePence: 1600, cat1: 3, cat2: 1, groupName: "Colour Add-ons - Foils", minLevel: 1, sortOrder: 38 },
  { id: 39, service: "Col Between foils (long)", pricePence: 3300, productPricePence: 2400, cat1: 3, cat2: 1, groupName: "Colour Add-ons - Foils", minLevel: 1, sortOrder: 39 },
  { id: 40, service: "None", pricePence: 0, productPricePence: 0, cat1: 3, cat2: 1, groupName: "Colour Add-ons - Foils", minLevel: 1, sortOrder: 40 },
  { id: 41, service: "Toner", pricePence: 725, productPricePence: 400, cat1: 3, cat2: 2, groupName: "Colour Add-ons - Bleach", minLevel: 1, sortOrder: 41 },
  { id: 42, service: "Complex Toner", pricePence: 1540, productPricePence: 800, cat1: 3, cat2: 2, groupName: "Colour Add-ons - Bleach", minLevel: 1, sortOrder: 42 },
  { id: 43, service: "Face Frame Foils", pricePence: 1540, productPricePence: 800, cat1: 3, cat2: 3, groupName: "Colour Add-ons - FH Col", minLevel: 1, sortOrder: 43 },
  { id: 44, service: "Scattered Foils", pricePence: 3300, productPricePence: 1880, cat1: 3, cat2: 3, groupName: "Colour Add-ons - FH Col", minLevel: 1, sortOrder: 44 },
  { id: 45, service: "None", pricePence: 0, productPricePence: 0, cat1: 3, cat2: 3, groupName: "Colour Add-ons - FH Col", minLevel: 1, sortOrder: 45 },
  { id: 46, service: "Curly Blow Add-on", pricePence: 1540, productPricePence: 0, cat1: 4, cat2: 0, groupName: "Styling Add-ons", minLevel: 1, sortOrder: 46 },
  { id: 47, service: "Extra Styling Add-on", pricePence: 1540, productPricePence: 0, cat1: 4, cat2: 0, groupName: "Styling Add-ons", minLevel: 1, sortOrder: 47 },
  { id: 48, service: "Pin Curls", pricePence: 3300, productPricePence: 0, cat1: 4, cat2: 0, groupName: "Styling Add-ons", minLevel: 1, sortOrder: 48 },
  { id: 49, service: "None", pricePence: 0, productPricePence: 0, cat1: 4, cat2: 0, groupName: "Styling Add-ons", minLevel: 1, sortOrder: 49 },
  { id: 50, service: "Fibre Plex", pricePence: 500, productPricePence: 0, cat1: 5, cat2: 1, groupName: "Plex Treatments", minLevel: 1, sortOrder: 50 },
  { id: 51, service: "K18", pricePence: 1500, productPricePence: 0, cat1: 5, cat2: 1, groupName: "Plex Treatments", minLevel: 1, sortOrder: 51 },
  { id: 52, service: "Olaplex", pricePence: 2000, productPricePence: 0, cat1: 5, cat2: 1, groupName: "Plex Treatments", minLevel: 1, sortOrder: 52 },
  { id: 53, service: "Fibre Clinix", pricePence: 1500, productPricePence: 0, cat1: 5, cat2: 2, groupName: "Treatments", minLevel: 1, sortOrder: 53 },
  { id: 54, service: "Olaplex Super Stand Alone", pricePence: 2500, productPricePence: 0, cat1: 5, cat2: 2, groupName: "Treatments", minLevel: 1, sortOrder: 54 },
  { id: 55, service: "K18 Stand Alone", pricePence: 2000, productPricePence: 0, cat1: 5, cat2: 2, groupName: "Treatments", minLevel: 1, sortOrder: 55 },
  { id: 56, service: "Scalp Clinix", pricePence: 2000, productPricePence: 0, cat1: 5, cat2: 2, groupName: "Treatments", minLevel: 1, sortOrder: 56 },
  { id: 57, service: "None", pricePence: 0, productPricePence: 0, cat1: 5, cat2: 2, groupName: "Treatments", minLevel: 1, sortOrder: 57 },
  { id: 58, service: "Wash, Cut & Style", pricePence: 3300, productPricePence: 0, cat1: 6, cat2: 0, groupName: "Mens", minLevel: 2, sortOrder: 58 },
  { id: 59, service: "Long Hair Cut & Style", pricePence: 4950, productPricePence: 0, cat1: 6, cat2: 0, groupName: "Mens", minLevel: 2, sortOrder: 59 },
  { id: 60, service: "Express Cut", pricePence: 2200, productPricePence: 0, cat1: 6, cat2: 0, groupName: "Mens", minLevel: 2, sortOrder: 60 },
  { id: 61, service: "Express Colour", pricePence: 1540, productPricePence: 800, cat1: 6, cat2: 1, groupName: "Mens", minLevel: 1, sortOrder: 61 },
  { id: 62, service: "Full Head Colour Short", pricePence: 3300, productPricePence: 800, cat1: 6, cat2: 1, groupName: "Mens", minLevel: 1, sortOrder: 62 },
  { id: 63, service: "Fashion Colour Mid", pricePence: 4950, productPricePence: 1880, cat1: 6, cat2: 1, groupName: "Mens", minLevel: 1, sortOrder: 63 },
  { id: 64, service: "Full Head Colour Long", pricePence: 6600, productPricePence: 3760, cat1: 6, cat2: 1, groupName: "Mens", minLevel: 1, sortOrder: 64 },
  { id: 65, service: "None", pricePence: 0, productPricePence: 0, cat1: 6, cat2: 1, groupName: "Mens", minLevel: 1, sortOrder: 65 },
];
