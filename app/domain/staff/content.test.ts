import { describe, expect, it } from "vitest";
import { pounds } from "./content";

describe("pounds", () => {
  const price = pounds("the price");
  const read = (typed: string) => {
    const parsed = price.safeParse(typed);
    return parsed.success ? parsed.data : parsed.error.issues[0]?.message;
  };

  it("reads an amount as staff type it, to whole pence", () => {
    expect(read("45")).toBe(4500);
    expect(read("45.5")).toBe(4550);
    expect(read(" £49.99 ")).toBe(4999);
    expect(read("£ 12")).toBe(1200);
    expect(read("1,250")).toBe(125_000);
    expect(read("£1,250.50")).toBe(125_050);
  });

  it("reads a price pasted with the invisible characters a web page or spreadsheet carries", () => {
    // A zero-width space from a web page's price, a no-break space after the pound sign (Word, Excel's currency
    // format), the direction marks a phone's copy adds, a word joiner and a byte-order mark.
    expect(read("\u200B45.00")).toBe(4500);
    expect(read("£\u00A045.50")).toBe(4550);
    expect(read("\u202D33.50\u202C")).toBe(3350);
    expect(read("1,250\u2060.00\uFEFF")).toBe(125_000);
    expect(read("\u200B")).toBe("Please enter the price in pounds, such as 45 or 45.50.");
  });

  it("refuses a decimal comma instead of reading it as a hundred times the price", () => {
    // As a phone set to French, German or Polish types £33.50.
    for (const typed of ["33,50", "49,99", "12,5", "0,50", "1,25,000", "1,2500"])
      expect(read(typed), typed).toBe("Please enter the price with a point before the pence, such as 33.50.");
  });

  it("refuses what is not an amount", () => {
    for (const typed of ["", "forty", "45p", "4.555", "-5"])
      expect(read(typed), typed).toMatch(/^Please enter the price/);
  });
});
