import { describe, expect, it } from "vitest";
import { levelSchema, percentText, poundsText, scheduleProblem, serviceSchema } from "./price-list";

const typed = {
  clientName: " Cut & blow-dry ",
  service: "Cut, Dry & Style",
  price: "£49.50",
  productPrice: "0",
  category: "1-0",
  groupName: "Cut/style",
  minLevel: "1",
  sortOrder: "1",
  from: "",
};

describe("a service as the form posts it", () => {
  it("becomes whole pence, its category and whole numbers, applying now when no day is given", () => {
    expect(serviceSchema.parse(typed)).toEqual({
      clientName: "Cut & blow-dry",
      service: "Cut, Dry & Style",
      price: 4950,
      productPrice: 0,
      cat1: 1,
      cat2: 0,
      groupName: "Cut/style",
      minLevel: 1,
      sortOrder: 1,
      from: null,
    });
    expect(serviceSchema.parse({ ...typed, price: "1,045.5", from: "2026-12-01" })).toMatchObject({
      price: 104_550,
      from: "2026-12-01",
    });
  });

  it("refuses each bad field with its own message", () => {
    const result = serviceSchema.safeParse({
      ...typed,
      clientName: " ",
      price: "49.505",
      productPrice: "-1",
      category: "9-9",
      minLevel: "one",
      from: "01/12/2026",
    });
    expect(result.success).toBe(false);
    // The first message of each field, as the form shows it.
    const messages: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message;
    expect(messages).toEqual({
      clientName: "Please enter the name clients read.",
      price: "Please enter the price in pounds, such as 45 or 45.50.",
      productPrice: "Please enter the product price in pounds, such as 45 or 45.50.",
      category: "Please choose a category.",
      minLevel: "Please enter the lowest level as a whole number.",
      from: "Please enter the day the prices apply from as a date.",
    });
  });

  it("refuses a price over £10,000 as a slip", () => {
    expect(serviceSchema.safeParse({ ...typed, price: "49500" }).error?.issues[0]?.message).toBe(
      "Please keep the price to £10,000 or less.",
    );
  });

  it("schedules only for a later day than today", () => {
    expect(scheduleProblem("2026-12-02", "2026-12-01")).toBeNull();
    expect(scheduleProblem("2026-12-01", "2026-12-01")).toMatch(/after today/);
    expect(scheduleProblem("2026-11-01", "2026-12-01")).toMatch(/after today/);
  });
});

describe("a level as the form posts it", () => {
  it("turns the uplift into hundredths of a percent, with or without a sign or %", () => {
    expect(levelSchema.parse({ name: "Senior Stylist", uplift: "12.32" })).toEqual({
      name: "Senior Stylist",
      uplift: 1232,
    });
    expect(levelSchema.parse({ name: "x", uplift: "+6.26%" }).uplift).toBe(626);
    expect(levelSchema.parse({ name: "x", uplift: "-81.41" }).uplift).toBe(-8141);
    // Copied from a spreadsheet or a web page: a zero-width space, a no-break space before the sign.
    expect(levelSchema.parse({ name: "x", uplift: "\u200B12.32\u00A0%" }).uplift).toBe(1232);
  });

  it("refuses what is not a percentage, -100% or less, and more than 500%", () => {
    const message = (uplift: string) => levelSchema.safeParse({ name: "x", uplift }).error?.issues[0]?.message;
    expect(message("12.345")).toMatch(/as a percentage/);
    expect(message("ten")).toMatch(/as a percentage/);
    expect(message("-100")).toBe("Please enter an uplift above -100% and at most 500%.");
    expect(message("500.01")).toBe("Please enter an uplift above -100% and at most 500%.");
    expect(levelSchema.safeParse({ name: "", uplift: "0" }).error?.issues[0]?.message).toBe(
      "Please enter the level's name.",
    );
  });

  it("shows stored values back as the form typed them", () => {
    expect([1232, -8141, -2000, 0, 2530, 5].map(percentText)).toEqual(["12.32", "-81.41", "-20", "0", "25.3", "0.05"]);
    expect([4950, 0, 1880, 104_550].map(poundsText)).toEqual(["49.50", "0.00", "18.80", "1045.50"]);
  });
});
