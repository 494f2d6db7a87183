/**
 * Words the calculator screens show: names of the service types, colour
 * categories, steps and levels. Copy lives here so every screen says the same
 * thing; the rules (what is available, what a step needs) stay in the domain.
 */
import { type CalculatorType, type ServiceSlot, SLOT_LABELS, type Step } from "~/domain/calculator-state";
import { ColourCat, isNoneService, type Service } from "~/domain/catalogue";

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

export interface ColourCategoryCopy {
  name: string;
  blurb: string;
}

/** Keyed by the colour category (cat2 of the price list). */
export const COLOUR_CATEGORIES: Readonly<Record<number, ColourCategoryCopy>> = {
  [ColourCat.Classic]: { name: "Classic", blurb: "Roots, or roots with a refresh of the lengths." },
  [ColourCat.FullHead]: { name: "Full head colour", blurb: "One colour from root to tip, priced by length." },
  [ColourCat.Foils]: {
    name: "Foils",
    blurb: "Highlights or lowlights woven in foils, from a face frame to a full head.",
  },
  [ColourCat.Balayage]: { name: "Balayage", blurb: "Hand-painted, soft and sun-kissed, toner included." },
  [ColourCat.Bleach]: { name: "Full head bleach", blurb: "All-over lightening for platinum and pastel bases." },
  [ColourCat.Vivids]: { name: "Vivids", blurb: "Bold fashion shades: pinks, blues, coppers and more." },
  [ColourCat.Correction]: {
    name: "Colour correction",
    blurb: "Going dark to light, light to dark, or putting a colour right.",
  },
};

export function colourCategoryName(colourCat: number): string {
  return COLOUR_CATEGORIES[colourCat]?.name ?? `Colour category ${colourCat}`;
}

function slotLabel(slot: ServiceSlot): string {
  return SLOT_LABELS[slot];
}

export function stepLabel(step: Step): string {
  if (step.kind === "level") return step.mode === "stylist" ? "Stylist" : "Stylist level";
  return slotLabel(step.key);
}

/** What a client calls a service in a list of options: its menu name, or "None". */
export function clientServiceName(service: Pick<Service, "service" | "clientName">): string {
  return isNoneService(service) ? "None" : service.clientName;
}

/**
 * What a chosen service is called in a summary line, the itemised quote and
 * the messages, e.g. "Foils: Half head": its step (the colour's category) and
 * its client name. A "None" choice reads "No finish add-on".
 */
export function serviceLineLabel(slot: ServiceSlot, service: Pick<Service, "service" | "clientName" | "cat2">): string {
  if (isNoneService(service)) return `No ${slotLabel(slot).toLowerCase()}`;
  if (slot === "colour") return `${colourCategoryName(service.cat2)}: ${service.clientName}`;
  return `${slotLabel(slot)}: ${service.clientName}`;
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
