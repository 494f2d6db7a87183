import { describe, expect, it } from "vitest";
import { seedLevels, seedServices } from "../server/seed/services";
import { previewQuotes, TYPICAL_QUOTES } from "./price-preview";

const before = { services: seedServices, levels: seedLevels, rounding: "pound" as const };

describe("the preview of a price change", () => {
  it("prices the changed service alone and in the typical quotes with it, at every level, before and after", () => {
    const after = {
      ...before,
      services: seedServices.map((s) => (s.id === 1 ? { ...s, pricePence: 5500 } : s)),
    };
    const previews = previewQuotes({ before, after, serviceId: 1 });
    expect(previews.map((p) => p.label)).toEqual(["Cut & blow-dry on its own", "Roots colour with a cut & blow-dry"]);
    const stylist = previews[0]?.rows.find((row) => row.levelName === "Stylist");
    // £49.50 at the Stylist level is £50 to the whole pound.
    expect(stylist).toMatchObject({ beforePence: 5000, afterPence: 5500 });
    // One rounding per line, to the whole pound: £49.50 × 1.1232 = £55.60 → £56; £55 × 1.1232 = £61.776 → £62.
    expect(previews[0]?.rows.find((row) => row.levelName === "Senior Stylist")).toMatchObject({
      beforePence: 5600,
      afterPence: 6200,
    });
    // Root colour £33 + £18.80 product (£51.80 → £52), with the cut.
    expect(previews[1]?.rows.find((row) => row.levelName === "Stylist")).toMatchObject({
      beforePence: 5200 + 5000,
      afterPence: 5200 + 5500,
    });
    expect(previews[0]?.rows).toHaveLength(9);
  });

  it("shows a level that may not do the selection as no price, not a wrong one", () => {
    const menCut = previewQuotes({ before, after: before, serviceId: 58 })[0];
    expect(menCut?.rows.find((row) => row.levelId === 1)).toMatchObject({ beforePence: null, afterPence: null });
  });

  it("prices every typical quote at the changed level only when a level changes", () => {
    const after = {
      ...before,
      levels: seedLevels.map((l) => (l.id === 8 ? { ...l, adapterBp: 1500 } : l)),
    };
    const previews = previewQuotes({ before, after, levelIds: [8] });
    expect(previews).toHaveLength(TYPICAL_QUOTES.length);
    expect(previews[0]?.rows).toEqual([
      // £49.50 × 1.1232 = £55.60 → £56; × 1.15 = £56.925 → £57.
      { levelId: 8, levelName: "Senior Stylist", beforePence: 5600, afterPence: 5700 },
    ]);
  });
});
