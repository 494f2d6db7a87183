import { describe, expect, it } from "vitest";
import { discountedPence, FIRST_VISIT_OFFER, firstNameOf, offerValidUntil } from "./first-visit-offer";

describe("first-visit offer", () => {
  it.each([
    { total: 10000, expected: 8000 },
    { total: 4199, expected: 3359 }, // 3359.2
    { total: 12345, expected: 9876 },
    { total: 1, expected: 1 }, // 0.8
    { total: 2, expected: 2 }, // 1.6
    { total: 3, expected: 2 }, // 2.4
    { total: 0, expected: 0 },
  ])("20% off $total pence is $expected pence", ({ total, expected }) => {
    expect(discountedPence(total, FIRST_VISIT_OFFER.percent)).toBe(expected);
  });

  it("rounds an exact half penny up", () => {
    expect(discountedPence(5, 50)).toBe(3); // 2.5
    expect(discountedPence(7, 50)).toBe(4); // 3.5
  });

  it.each([
    { name: "Ada Lovelace", first: "Ada" },
    { name: "  Ada  ", first: "Ada" },
    { name: "Mary-Jane O'Neil", first: "Mary-Jane" },
    { name: "Cher", first: "Cher" },
  ])("first name of $name is $first", ({ name, first }) => {
    expect(firstNameOf(name)).toBe(first);
  });

  it("runs until four weeks after the quote", () => {
    expect(offerValidUntil(new Date("2026-11-21T10:00:00Z")).toISOString()).toBe("2026-12-19T10:00:00.000Z");
  });
});
