/**
 * Words the calculator screens show: names of the service types, colour
 * categories, steps and levels. Copy lives here so every screen says the same
 * thing; the rules (what is available, what a step needs) stay in the domain.
 */
import { type CalculatorType, SLOT_LABELS, type Step } from "~/domain/calculator-state";
import { ColourCat } from "~/domain/catalogue";

export interface ServiceTypeCopy {
  type: CalculatorType;
  /** What the three service types are called on every screen. */
  name: string;
  blurb: string;
  /** Heading of the calculator page for this type. */
  quoteTitle: string;
}

export const SERVICE_TYPES: readonly ServiceTypeCopy[] = [
  {
    type: "colour",
    name: "Colour/Cutting/Styling",
    blurb:
      "Roots, full head, foils, balayage, vivids or a colour correction, finished with a cut, blow-dry or hair up.",
    quoteTitle: "Your colour quote",
  },
  {
    type: "cutting",
    name: "Cutting/Styling only",
    blurb: "A cut and blow-dry, a dry and style or hair up, with optional styling add-ons and treatments.",
    quoteTitle: "Your cutting and styling quote",
  },
  {
    type: "mens",
    name: "Men's Hairdressing",
    blurb: "Men's cuts from an express trim to longer styles, with an optional colour.",
    quoteTitle: "Your men's hairdressing quote",
  },
];

export function serviceTypeCopy(type: CalculatorType): ServiceTypeCopy {
  const copy = SERVICE_TYPES.find((candidate) => candidate.type === type);
  if (!copy) throw new Error(`No copy for calculator type ${type}`);
  return copy;
}

/** What each colour category (cat2 of the price list) offers, under its name. */
export const COLOUR_CATEGORY_BLURBS: Readonly<Record<number, string>> = {
  [ColourCat.Classic]: "Roots, or roots with a refresh of the lengths.",
  [ColourCat.FullHead]: "One colour from root to tip, priced by length.",
  [ColourCat.Foils]: "Highlights or lowlights woven in foils, from a face frame to a full head.",
  [ColourCat.Balayage]: "Hand-painted, soft and sun-kissed, toner included.",
  [ColourCat.Bleach]: "All-over lightening for platinum and pastel bases.",
  [ColourCat.Vivids]: "Bold fashion shades: pinks, blues, coppers and more.",
  [ColourCat.Correction]: "Going dark to light, light to dark, or putting a colour right.",
};

export function stepLabel(step: Step): string {
  if (step.kind === "level") return step.mode === "stylist" ? "Stylist" : "Stylist level";
  return SLOT_LABELS[step.key];
}

/**
 * What each level means for a visitor choosing one. Keyed by level id; the
 * names and price adapters themselves come from the database.
 */
const LEVEL_DESCRIPTIONS: Readonly<Record<number, string>> = {
  1: "Academy trainees in their first months, closely supervised. Our lowest prices; a few services are not offered.",
  2: "Apprentices working in the salon under a senior stylist's eye.",
  3: "Newly qualified stylists building speed and confidence.",
  4: "Graduates of our academy programme, cutting and colouring on their own.",
  5: "Stylists in their first years on the salon floor.",
  6: "Experienced stylists: our standard price list.",
  7: "Years of experience and advanced colour training.",
  8: "Senior team members who also mentor our juniors.",
  9: "Our most experienced stylists, specialists in complex colour and correction.",
};

export function levelDescription(levelId: number): string | null {
  return LEVEL_DESCRIPTIONS[levelId] ?? null;
}

export function unavailableReason(levelName: string): string {
  return `Not available at ${levelName} level`;
}
