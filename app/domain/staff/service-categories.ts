/**
 * The categories a service can sit in, as the price list's forms offer them.
 * A module of their own, without the forms' schemas, so the browser can show
 * them without loading Zod.
 */
import { Cat1, ColourAddOnCat, ColourCat, MensCat, TreatmentCat } from "../catalogue";

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
