/**
 * The price list and stylist levels seeded on first start.
 *
 * Copied from the salon's own figures (shared/data/services.csv and levels.csv)
 * so the seed never depends on files outside the repository. Money is integer
 * pence; a level adapter is in hundredths of a percent (-81.41% is -8141).
 * Ids follow the CSV row order, which is also the display order. `service` is
 * the till name; `clientName` is what clients read, as the salon's menu prints it.
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

type ServiceRow = Omit<Service, "id" | "sortOrder">;

/** One price-list group: the category and level bound its rows share, then each row's names and prices. */
function group(
  shared: Pick<ServiceRow, "cat1" | "cat2" | "groupName" | "minLevel">,
  rows: readonly (readonly [service: string, clientName: string, pricePence: number, productPricePence: number])[],
): ServiceRow[] {
  return rows.map(([service, clientName, pricePence, productPricePence]) => ({
    service,
    clientName,
    pricePence,
    productPricePence,
    ...shared,
  }));
}

/**
 * minLevel 2 keeps a New Starter (level 1) off the services they are not yet
 * trained for: balayage, full head bleach, vivids and colour correction, long
 * full head colour (id 10), face-frame foils (id 14) and men's cuts.
 */
export const seedServices: Service[] = [
  ...group({ cat1: 1, cat2: 0, groupName: "Cut/style", minLevel: 1 }, [
    ["Cut, Dry & Style", "Cut & blow-dry", 4950, 0],
    ["Dry & Style", "Blow-dry & style", 3300, 0],
  ]),
  ...group({ cat1: 1, cat2: 1, groupName: "Cut/style", minLevel: 1 }, [
    ["Hair Up", "Hair up", 3300, 0],
    ["Hair Up - Advanced", "Advanced hair up", 4950, 0],
    ["Hair Up - Specialist", "Specialist hair up", 6600, 0],
  ]),
  ...group({ cat1: 2, cat2: 0, groupName: "Basic Colour", minLevel: 1 }, [
    ["Roots", "Root colour", 3300, 1880],
    ["Roots & Refresh", "Root colour & refresh of the lengths", 4950, 2400],
  ]),
  ...group({ cat1: 2, cat2: 1, groupName: "Full Head Colour", minLevel: 1 }, [
    ["Short (Crop)", "Short hair", 3300, 1880],
    ["Mid (Above shoulders)", "Mid-length, above the shoulders", 4950, 2400],
  ]),
  ...group({ cat1: 2, cat2: 1, groupName: "Full Head Colour", minLevel: 2 }, [
    ["Long (past shoulders)", "Long, past the shoulders", 6600, 3200],
  ]),
  ...group({ cat1: 2, cat2: 2, groupName: "Foils", minLevel: 1 }, [
    ["Full head", "Full head", 6600, 3200],
    ["Half Head", "Half head", 4950, 2400],
    ["Top Parting", "Top parting", 3300, 1880],
  ]),
  ...group({ cat1: 2, cat2: 2, groupName: "Foils", minLevel: 2 }, [["Face Frame", "Face frame", 2200, 940]]),
  ...group({ cat1: 2, cat2: 2, groupName: "Foils", minLevel: 1 }, [
    ["Creative Foiling", "Creative foiling", 6600, 2400],
  ]),
  ...group({ cat1: 2, cat2: 3, groupName: "Balayage (includes toner)", minLevel: 2 }, [
    ["Uncoloured hair - above collar bone", "Natural hair, above the collarbone", 4950, 2800],
    ["On coloured hair - above collar bone", "Over previous colour, above the collarbone", 6600, 3200],
    ["With root application - above collar bone", "With a root colour, above the collarbone", 8140, 3200],
    ["Uncoloured hair - below collar bone", "Natural hair, below the collarbone", 6600, 3200],
    ["On coloured hair - below collar bone", "Over previous colour, below the collarbone", 8140, 4625],
    ["With root application - below collar bone", "With a root colour, below the collarbone", 11220, 4625],
  ]),
  ...group({ cat1: 2, cat2: 4, groupName: "Full Head Bleach", minLevel: 2 }, [
    ["Short (crop)", "Short hair", 3300, 1880],
    ["Mid (Above Shoulders)", "Mid-length, above the shoulders", 5625, 2400],
    ["Long (Past Shoulders)", "Long, past the shoulders", 6600, 3200],
    ["Roots (within 6 wk)", "Regrowth of up to 6 weeks", 3300, 1880],
    ["Roots (Over 6wk)", "Regrowth of over 6 weeks", 4950, 2400],
  ]),
  ...group({ cat1: 2, cat2: 5, groupName: "Vivids", minLevel: 2 }, [
    ["Short (crop)", "Short hair", 6600, 3200],
    ["Mid (Above Shoulders)", "Mid-length, above the shoulders", 6600, 3200],
    ["Long (Past Shoulders)", "Long, past the shoulders", 11220, 3200],
    ["Roots and Refresh", "Roots & refresh of the lengths", 4950, 3200],
  ]),
  ...group({ cat1: 2, cat2: 6, groupName: "Correction", minLevel: 2 }, [
    ["Dark to Light Correction", "Dark to light", 11220, 3200],
    ["Light to Dark", "Light to dark", 6600, 3200],
    ["Other Correction Service", "Other colour correction", 6600, 3200],
  ]),
  ...group({ cat1: 2, cat2: 0, groupName: "Correction", minLevel: 1 }, [["None", "None", 0, 0]]),
  ...group({ cat1: 3, cat2: 1, groupName: "Colour Add-ons - Foils", minLevel: 1 }, [
    ["Toner", "Toner", 725, 400],
    ["Complex Toner", "Complex toner", 1540, 800],
    ["Root Col Between Foils", "Root colour between the foils", 1540, 800],
    ["Col Between foils (mid)", "Colour between the foils, mid-length", 1540, 1600],
    ["Col Between foils (long)", "Colour between the foils, long hair", 3300, 2400],
    ["None", "None", 0, 0],
  ]),
  ...group({ cat1: 3, cat2: 2, groupName: "Colour Add-ons - Bleach", minLevel: 1 }, [
    ["Toner", "Toner", 725, 400],
    ["Complex Toner", "Complex toner", 1540, 800],
  ]),
  ...group({ cat1: 3, cat2: 3, groupName: "Colour Add-ons - FH Col", minLevel: 1 }, [
    ["Face Frame Foils", "Face-framing foils", 1540, 800],
    ["Scattered Foils", "Scattered foils", 3300, 1880],
    ["None", "None", 0, 0],
  ]),
  ...group({ cat1: 4, cat2: 0, groupName: "Styling Add-ons", minLevel: 1 }, [
    ["Curly Blow Add-on", "Curly blow-dry", 1540, 0],
    ["Extra Styling Add-on", "Extra styling", 1540, 0],
    ["Pin Curls", "Pin curls", 3300, 0],
    ["None", "None", 0, 0],
  ]),
  ...group({ cat1: 5, cat2: 1, groupName: "Plex Treatments", minLevel: 1 }, [
    ["Fibre Plex", "Fibreplex", 500, 0],
    ["K18", "K18", 1500, 0],
    ["Olaplex", "Olaplex", 2000, 0],
  ]),
  ...group({ cat1: 5, cat2: 2, groupName: "Treatments", minLevel: 1 }, [
    ["Fibre Clinix", "Fibre Clinix repair treatment", 1500, 0],
    ["Olaplex Super Stand Alone", "Olaplex intensive treatment", 2500, 0],
    ["K18 Stand Alone", "K18 intensive treatment", 2000, 0],
    ["Scalp Clinix", "Scalp Clinix treatment", 2000, 0],
    ["None", "None", 0, 0],
  ]),
  ...group({ cat1: 6, cat2: 0, groupName: "Mens", minLevel: 2 }, [
    ["Wash, Cut & Style", "Wash, cut & style", 3300, 0],
    ["Long Hair Cut & Style", "Longer hair cut & style", 4950, 0],
    ["Express Cut", "Express cut", 2200, 0],
  ]),
  ...group({ cat1: 6, cat2: 1, groupName: "Mens", minLevel: 1 }, [
    ["Express Colour", "Express colour", 1540, 800],
    ["Full Head Colour Short", "Full head colour, short hair", 3300, 800],
    ["Fashion Colour Mid", "Fashion colour, mid-length", 4950, 1880],
    ["Full Head Colour Long", "Full head colour, longer hair", 6600, 3760],
    ["None", "None", 0, 0],
  ]),
].map((row, i) => ({ id: i + 1, ...row, sortOrder: i + 1 }));
