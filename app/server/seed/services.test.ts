import { describe, expect, it } from "vitest";
import { seedLevels, seedServices } from "./services";

// The figures are a real salon's price list (shared/data/*.csv). CI cannot rely
// on that folder, so these checks pin the copy instead of re-reading the CSV.

describe("seedLevels", () => {
  it("has the nine levels in order with exact adapters", () => {
    expect(seedLevels.map((l) => l.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(seedLevels.map((l) => l.adapterBp)).toEqual([-8141, -6505, -5172, -3838, -2000, 0, 626, 1232, 2530]);
    expect(seedLevels[0]!.name).toBe("New Starter");
    expect(seedLevels[8]!.name).toBe("Advanced Senior");
  });
});

describe("seedServices", () => {
  it("has one row per CSV line (65)", () => {
    expect(seedServices).toHaveLength(65);
  });

  it("has unique, consecutive ids from 1 and sorts in id order", () => {
    seedServices.forEach((s, i) => {
      expect(s.id).toBe(i + 1);
      expect(s.sortOrder).toBe(i + 1);
    });
  });

  it("holds every price as a non-negative integer number of pence", () => {
    for (const s of seedServices) {
      expect(Number.isInteger(s.pricePence) && s.pricePence >= 0, s.service).toBe(true);
      expect(Number.isInteger(s.productPricePence) && s.productPricePence >= 0, s.service).toBe(true);
    }
  });

  it("uses only known categories and level bounds", () => {
    for (const s of seedServices) {
      expect([1, 2, 3, 4, 5, 6]).toContain(s.cat1);
      expect(s.cat2).toBeGreaterThanOrEqual(0);
      expect(s.cat2).toBeLessThanOrEqual(6);
      expect([1, 2]).toContain(s.minLevel);
      expect(s.groupName.length).toBeGreaterThan(0);
    }
  });

  it.each([
    {
      id: 1,
      service: "Cut, Dry & Style",
      pricePence: 4950,
      productPricePence: 0,
      cat1: 1,
      cat2: 0,
      groupName: "Cut/style",
      minLevel: 1,
    },
    {
      id: 20,
      service: "On coloured hair - below collar bone",
      pricePence: 8140,
      productPricePence: 4625,
      cat1: 2,
      cat2: 3,
      groupName: "Balayage (includes toner)",
      minLevel: 2,
    },
    {
      id: 23,
      service: "Mid (Above Shoulders)",
      pricePence: 5625,
      productPricePence: 2400,
      cat1: 2,
      cat2: 4,
      groupName: "Full Head Bleach",
      minLevel: 2,
    },
    {
      id: 50,
      service: "Fibre Plex",
      pricePence: 500,
      productPricePence: 0,
      cat1: 5,
      cat2: 1,
      groupName: "Plex Treatments",
      minLevel: 1,
    },
    {
      id: 64,
      service: "Full Head Colour Long",
      pricePence: 6600,
      productPricePence: 3760,
      cat1: 6,
      cat2: 1,
      groupName: "Mens",
      minLevel: 1,
    },
  ])("copies row $id exactly", (expected) => {
    const { clientName: _clientsOwnWords, ...row } = seedServices[expected.id - 1]!;
    expect(row).toEqual({ ...expected, sortOrder: expected.id });
  });

  it("gives every service a client's name, written for a menu rather than the till", () => {
    for (const s of seedServices) {
      expect(s.clientName.trim(), `service ${s.id}`).toBe(s.clientName);
      expect(s.clientName.length, `service ${s.id}`).toBeGreaterThan(0);
      // "None" rows stay "None" (the pages say "No finish add-on"); every other name is the client's own.
      expect(s.clientName === "None", `service ${s.id}`).toBe(s.service === "None");
      expect(s.clientName, `service ${s.id}`).not.toMatch(/\bCol\b|Stand Alone|\bwk\b|Add-on|collar bone/);
      expect(s.clientName.charAt(0), `service ${s.id}`).toBe(s.clientName.charAt(0).toUpperCase());
    }
  });

  it("names no two services of one step alike", () => {
    const byGroup = new Map<string, string[]>();
    for (const s of seedServices)
      byGroup.set(`${s.cat1}/${s.cat2}`, [...(byGroup.get(`${s.cat1}/${s.cat2}`) ?? []), s.clientName]);
    for (const [group, names] of byGroup) {
      expect(new Set(names).size, group).toBe(names.length);
      // An option reads "Name, £12": no name may be another's with a comma after it ("Hair up, advanced").
      for (const name of names)
        expect(
          names.filter((other) => other.startsWith(`${name},`)),
          name,
        ).toEqual([]);
    }
  });

  it.each([
    { id: 37, till: "Root Col Between Foils", client: "Root colour between the foils" },
    { id: 54, till: "Olaplex Super Stand Alone", client: "Olaplex intensive treatment" },
    { id: 16, till: "Uncoloured hair - above collar bone", client: "Natural hair, above the collarbone" },
  ])("calls $till “$client”", ({ id, till, client }) => {
    expect(seedServices[id - 1]).toMatchObject({ service: till, clientName: client });
  });

  it("keeps New Starters off advanced colour, ids 10 and 14 and men's cuts", () => {
    const restricted = seedServices.filter((s) => s.minLevel === 2).map((s) => s.id);
    const expected = seedServices
      .filter(
        (s) =>
          (s.cat1 === 2 && [3, 4, 5, 6].includes(s.cat2) && s.service !== "None") ||
          s.id === 10 ||
          s.id === 14 ||
          (s.cat1 === 6 && s.cat2 === 0),
      )
      .map((s) => s.id);
    expect(restricted).toEqual(expected);
    expect(restricted).toHaveLength(23);
    // "None" rows are the way out of a step: every level must be able to pick them.
    expect(seedServices.filter((s) => s.service === "None").every((s) => s.minLevel === 1)).toBe(true);
  });
});
