/**
 * What an itemised line is called. The words come from the calculator's labels
 * so the totals screens and the saved quote say exactly what the calculator said.
 */
import { colourCategoryName, slotLabel } from "~/components/calculator/labels";
import type { ServiceSlot } from "~/domain/calculator-state";
import { Cat1, MensCat, TreatmentCat } from "~/domain/catalogue";

interface LineService {
  service: string;
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

/** e.g. "Foils: Half Head", "Finish: Cut, Dry & Style", "No finish add-on". */
export function lineLabel(line: LineService): string {
  const slot = slotOfService(line);
  if (slot === null) return line.service;
  if (line.service.trim().toLowerCase() === "none") return `No ${slotLabel(slot).toLowerCase()}`;
  if (slot === "colour") return `${colourCategoryName(line.cat2)}: ${line.service}`;
  return `${slotLabel(slot)}: ${line.service}`;
}
