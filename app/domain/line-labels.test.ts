import { describe, expect, it } from "vitest";
import { Cat1, ColourCat, MensCat, TreatmentCat } from "./catalogue";
import { clientServiceName, colourCategoryName, lineLabel, serviceLineLabel } from "./line-labels";
import { services } from "./testing/catalogue";

const line = (cat1: number, cat2: number, clientName: string | undefined, service = "Till name") => ({
  service,
  clientName,
  cat1,
  cat2,
});

describe("serviceLineLabel", () => {
  it("names the step, a colour by its category, and a None choice as its absence", () => {
    const service = { service: "HH foils", clientName: "Half head", cat2: ColourCat.Foils };
    expect(serviceLineLabel("colour", service)).toBe("Foils: Half head");
    expect(serviceLineLabel("finish", { ...service, clientName: "Cut & blow-dry" })).toBe("Finish: Cut & blow-dry");
    expect(serviceLineLabel("finishAddon", { service: "None", clientName: "None", cat2: 0 })).toBe("No finish add-on");
  });
});

describe("lineLabel", () => {
  it.each([
    [Cat1.Finish, 0, "Finish: Blow-dry"],
    [Cat1.Colour, ColourCat.Balayage, "Balayage: Blow-dry"],
    [Cat1.ColourAddOn, 0, "Colour add-on: Blow-dry"],
    [Cat1.FinishAddOn, 0, "Finish add-on: Blow-dry"],
    [Cat1.Treatment, TreatmentCat.Plex, "Plex treatment: Blow-dry"],
    [Cat1.Treatment, TreatmentCat.Intensive, "Treatment: Blow-dry"],
    [Cat1.Mens, MensCat.Cut, "Men's cut: Blow-dry"],
    [Cat1.Mens, MensCat.Colour, "Men's colour: Blow-dry"],
  ])("a line of category %i/%i is named by its step", (cat1, cat2, label) => {
    expect(lineLabel(line(cat1, cat2, "Blow-dry"))).toBe(label);
  });

  it("uses the till name for a line saved before services had clients' names", () => {
    expect(lineLabel(line(Cat1.Finish, 0, undefined, "Cut & finish"))).toBe("Finish: Cut & finish");
  });

  it("names every service of the price list in words, never a bare number", () => {
    for (const service of services) expect(lineLabel(service)).not.toMatch(/category \d|undefined/);
  });
});

describe("the names a client reads", () => {
  it("a None option reads None, and an unknown colour category still says what it is", () => {
    expect(clientServiceName({ service: "None", clientName: "No thanks" })).toBe("None");
    expect(colourCategoryName(ColourCat.FullHead)).toBe("Full head colour");
    expect(colourCategoryName(99)).toBe("Colour category 99");
  });
});
