/**
 * What a chosen service is called, the same on every screen, in the saved
 * quote and in the messages: "Foils: Half head", "Finish: Cut & blow-dry",
 * "No finish add-on".
 */
import { type ServiceSlot, SLOT_LABELS } from "./calculator-state";
import { Cat1, ColourAddOnCat, ColourCat, isNoneService, MensCat, type Service, TreatmentCat } from "./catalogue";

const COLOUR_CATEGORY_NAMES: Readonly<Record<number, string>> = {
  [ColourCat.Classic]: "Classic",
  [ColourCat.FullHead]: "Full head colour",
  [ColourCat.Foils]: "Foils",
  [ColourCat.Balayage]: "Balayage",
  [ColourCat.Bleach]: "Full head bleach",
  [ColourCat.Vivids]: "Vivids",
  [ColourCat.Correction]: "Colour correction",
};

/** The name of a colour category (cat2 of the price list). */
export function colourCategoryName(colourCat: number): string {
  return COLOUR_CATEGORY_NAMES[colourCat] ?? `Colour category ${colourCat}`;
}

/** What a client calls a service in a list of options: its menu name, or "None". */
export function clientServiceName(service: Pick<Service, "service" | "clientName">): string {
  return isNoneService(service) ? "None" : service.clientName;
}

/**
 * A chosen service in the step it was chosen in: the step (for a colour, its
 * category) and the client name. A "None" choice reads "No finish add-on".
 */
export function serviceLineLabel(slot: ServiceSlot, service: Pick<Service, "service" | "clientName" | "cat2">): string {
  if (isNoneService(service)) return `No ${SLOT_LABELS[slot].toLowerCase()}`;
  if (slot === "colour") return `${colourCategoryName(service.cat2)}: ${service.clientName}`;
  return `${SLOT_LABELS[slot]}: ${service.clientName}`;
}

interface LineService {
  service: string;
  /** Absent on lines saved before services had clients' names: the till name stands in. */
  clientName?: string | undefined;
  cat1: number;
  cat2: number;
}

/** The calculator step a price-list row is chosen in: each category belongs to exactly one. */
function slotOfService({ cat1, cat2 }: Pick<LineService, "cat1" | "cat2">): ServiceSlot | null {
  switch (cat1) {
    case Cat1.Finish:
      return "finish";
    case Cat1.Colour:
      return "colour";
    case Cat1.ColourAddOn:
      return "addon";
    case Cat1.FinishAddOn:
      return "finishAddon";
    case Cat1.Treatment:
      return cat2 === TreatmentCat.Plex ? "plex" : "treatment";
    case Cat1.Mens:
      return cat2 === MensCat.Colour ? "mensColour" : "cut";
    default:
      return null;
  }
}

const ADD_ON_GROUPS: Readonly<Record<number, string>> = {
  [ColourAddOnCat.Foils]: "Foils add-on",
  [ColourAddOnCat.Bleach]: "Full head bleach add-on",
  [ColourAddOnCat.FullHead]: "Full head colour add-on",
};

/**
 * The step a price-list row is chosen in, told apart from every other: a
 * colour by its category ("Foils"), a colour add-on by the colour it goes
 * with ("Foils add-on"), the rest by step ("Finish", "Plex treatment").
 * Lists of every service group their options under it.
 */
export function serviceGroup(line: Pick<LineService, "cat1" | "cat2">): string {
  const slot = slotOfService(line);
  if (slot === null) return "Other";
  if (slot === "colour") return colourCategoryName(line.cat2);
  if (slot === "addon") return ADD_ON_GROUPS[line.cat2] ?? SLOT_LABELS.addon;
  return SLOT_LABELS[slot];
}

/** A line of a priced or saved quote, named by the step its service belongs to. */
export function lineLabel(line: LineService): string {
  const named = { ...line, clientName: line.clientName ?? line.service };
  const slot = slotOfService(line);
  return slot === null ? named.clientName : serviceLineLabel(slot, named);
}
