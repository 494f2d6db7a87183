/**
 * What an itemised line is called. The words come from the calculator's labels
 * so the totals screens and the saved quote say exactly what the calculator said.
 */
import { serviceLineLabel } from "~/components/calculator/labels";
import type { ServiceSlot } from "~/domain/calculator-state";
import { Cat1, MensCat, TreatmentCat } from "~/domain/catalogue";

interface LineService {
  service: string;
  /** Absent on lines saved before services had clients' names: the till name stands in. */
  clientName?: string | undefined;
  cat1: number;
  cat2: number;
}

/** The calculator step a price-list row is chosen in: each category belongs to exactly one. */
export function slotOfService({ cat1, cat2 }: Pick<LineService, "cat1" | "cat2">): ServiceSlot | null {
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

/** e.g. "Foils: Half head", "Finish: Cut & blow-dry", "No finish add-on". */
export function lineLabel(line: LineService): string {
  const named = { ...line, clientName: line.clientName ?? line.service };
  const slot = slotOfService(line);
  return slot === null ? named.clientName : serviceLineLabel(slot, named);
}
