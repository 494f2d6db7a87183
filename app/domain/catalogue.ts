/**
 * Shapes of the catalogue the calculator works on, as the domain sees them.
 * Money is always integer pence; a level adapter is in hundredths of a percent
 * (the price list's "-81.41%" is -8141), so every sum is exact.
 */
/** cat1 of the price list: the kind of service. */
export const Cat1 = {
  Finish: 1,
  Colour: 2,
  ColourAddOn: 3,
  FinishAddOn: 4,
  Treatment: 5,
  Mens: 6,
} as const;
export type Cat1 = (typeof Cat1)[keyof typeof Cat1];

/** cat2 of a colour service (cat1 = 2). */
export const ColourCat = {
  Classic: 0,
  FullHead: 1,
  Foils: 2,
  Balayage: 3,
  Bleach: 4,
  Vivids: 5,
  Correction: 6,
} as const;
export type ColourCat = (typeof ColourCat)[keyof typeof ColourCat];

/** cat2 of a colour add-on (cat1 = 3): which colour category it goes with. */
export const ColourAddOnCat = { Foils: 1, Bleach: 2, FullHead: 3 } as const;

/** cat2 of a treatment (cat1 = 5). */
export const TreatmentCat = { Plex: 1, Intensive: 2 } as const;

/** cat2 of a men's service (cat1 = 6). */
export const MensCat = { Cut: 0, Colour: 1 } as const;

export interface Service {
  id: number;
  /** The till name (price-list data; staff screens show it). */
  service: string;
  /** The name clients read, as a menu prints it ("Root colour between the foils"). */
  clientName: string;
  pricePence: number;
  productPricePence: number;
  cat1: number;
  cat2: number;
  /** Price-list group heading, e.g. "Balayage (includes toner)". */
  groupName: string;
  /** Lowest level id allowed to carry out this service (1 = everyone). */
  minLevel: number;
  sortOrder: number;
}

/** The price list's "None" rows: the way to say "no add-on, thanks" in a step. */
export function isNoneService(service: Pick<Service, "service">): boolean {
  return service.service.trim().toLowerCase() === "none";
}

/** Colour, colour add-ons and men's colour need a skin test 48 hours before; a "None" choice is no service. */
export function needsSkinTest(service: Pick<Service, "cat1" | "cat2" | "service">): boolean {
  const colour =
    service.cat1 === Cat1.Colour ||
    service.cat1 === Cat1.ColourAddOn ||
    (service.cat1 === Cat1.Mens && service.cat2 === MensCat.Colour);
  return colour && !isNoneService(service);
}

/**
 * A price change for one level, for some of its services (level-changes.ts).
 * `scope` is "all", a kind ("kind-2") or one category ("2-1"), as
 * staff/service-categories.ts names them; `step` is hundredths of a percent
 * for a percentage and pence for an amount, never 0.
 */
export interface LevelChange {
  scope: string;
  by: "percent" | "amount";
  step: number;
}

export interface Level {
  id: number;
  name: string;
  /** Percentage uplift in hundredths of a percent: -81.41% is -8141. */
  adapterBp: number;
  /** The level's own price changes in force, applied in order after its uplift (level-changes.ts). */
  changes?: readonly LevelChange[];
}
