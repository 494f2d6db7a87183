/**
 * The categories a service can sit in, as the price list's forms offer them.
 * A module of their own, without the forms' schemas, so the browser can show
 * them without loading Zod.
 */
import { Cat1, ColourAddOnCat, ColourCat, MensCat, type Service, TreatmentCat } from "../catalogue";

/** Where a service sits in the calculator: its kind (cat1) and category (cat2), as the form's select offers them. */
export const SERVICE_CATEGORIES: readonly { cat1: number; cat2: number; label: string }[] = [
  { cat1: Cat1.Finish, cat2: 0, label: "Cut & style" },
  { cat1: Cat1.Finish, cat2: 1, label: "Hair up" },
  { cat1: Cat1.Colour, cat2: ColourCat.Classic, label: "Colour: classic" },
  { cat1: Cat1.Colour, cat2: ColourCat.FullHead, label: "Colour: full head" },
  { cat1: Cat1.Colour, cat2: ColourCat.Foils, label: "Colour: foils" },
  { cat1: Cat1.Colour, cat2: ColourCat.Balayage, label: "Colour: balayage" },
  { cat1: Cat1.Colour, cat2: ColourCat.Bleach, label: "Colour: full head bleach" },
  { cat1: Cat1.Colour, cat2: ColourCat.Vivids, label: "Colour: vivids" },
  { cat1: Cat1.Colour, cat2: ColourCat.Correction, label: "Colour: correction" },
  { cat1: Cat1.ColourAddOn, cat2: ColourAddOnCat.Foils, label: "Colour add-on: with foils" },
  { cat1: Cat1.ColourAddOn, cat2: ColourAddOnCat.Bleach, label: "Colour add-on: with bleach" },
  { cat1: Cat1.ColourAddOn, cat2: ColourAddOnCat.FullHead, label: "Colour add-on: with full head colour" },
  { cat1: Cat1.FinishAddOn, cat2: 0, label: "Styling add-on" },
  { cat1: Cat1.Treatment, cat2: TreatmentCat.Plex, label: "Plex treatment" },
  { cat1: Cat1.Treatment, cat2: TreatmentCat.Intensive, label: "Treatment" },
  { cat1: Cat1.Mens, cat2: MensCat.Cut, label: "Men's cut" },
  { cat1: Cat1.Mens, cat2: MensCat.Colour, label: "Men's colour" },
];

export const categoryKey = (cat1: number, cat2: number) => `${cat1}-${cat2}`;

export function categoryLabel(cat1: number, cat2: number): string {
  return SERVICE_CATEGORIES.find((c) => c.cat1 === cat1 && c.cat2 === cat2)?.label ?? `Category ${cat1}-${cat2}`;
}

/** The kinds of service (cat1) a change can cover whole, as the form names them. */
const KINDS: readonly { cat1: number; label: string }[] = [
  { cat1: Cat1.Finish, label: "All cuts, blow-dries and hair up" },
  { cat1: Cat1.Colour, label: "All colour" },
  { cat1: Cat1.ColourAddOn, label: "All colour add-ons" },
  { cat1: Cat1.FinishAddOn, label: "All styling add-ons" },
  { cat1: Cat1.Treatment, label: "All treatments" },
  { cat1: Cat1.Mens, label: "All men's services" },
];

/** What the "Which services" select offers: everything, a kind ("kind-2"), or one category ("2-1"). */
export const BULK_SCOPES: readonly { value: string; label: string }[] = [
  { value: "all", label: "Every service" },
  ...KINDS.map((kind) => ({ value: `kind-${kind.cat1}`, label: kind.label })),
  ...SERVICE_CATEGORIES.map((c) => ({ value: categoryKey(c.cat1, c.cat2), label: c.label })),
];

/** Whether a bulk change for `scope` covers the service. */
export function inBulkScope(service: Pick<Service, "cat1" | "cat2">, scope: string): boolean {
  if (scope === "all") return true;
  if (scope.startsWith("kind-")) return `kind-${service.cat1}` === scope;
  return categoryKey(service.cat1, service.cat2) === scope;
}
