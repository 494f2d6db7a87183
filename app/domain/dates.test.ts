import { parseISO } from "date-fns";
import { describe, expect, it } from "vitest";
import { FOUNDED, formatLongDate, yearsActive } from "./dates";

describe("formatLongDate", () => {
  it.each([
    { date: new Date(2026, 10, 21), expected: "November 21st 2026" },
    { date: new Date(2026, 0, 1), expected: "January 1st 2026" },
    { date: new Date(2024, 1, 2), expected: "February 2nd 2024" },
    { date: new Date(2024, 2, 3), expected: "March 3rd 2024" },
    { date: new Date(2024, 3, 4), expected: "April 4th 2024" },
    { date: new Date(2024, 4, 11), expected: "May 11th 2024" },
    { date: new Date(2024, 5, 12), expected: "June 12th 2024" },
    { date: new Date(2024, 6, 13), expected: "July 13th 2024" },
    { date: new Date(2024, 7, 22), expected: "August 22nd 2024" },
    { date: new Date(2024, 8, 23), expected: "September 23rd 2024" },
    { date: new Date(2024, 11, 31, 23, 59), expected: "December 31st 2024" },
  ])("$expected", ({ date, expected }) => {
    expect(formatLongDate(date)).toBe(expected);
  });

  it.each([
    { iso: "2026-11-21", expected: "November 21st 2026" },
    { iso: "2026-01-01", expected: "January 1st 2026" },
    { iso: "2025-12-31", expected: "December 31st 2025" },
  ])("reads a stored post date $iso as that calendar day, whatever the time zone", ({ iso, expected }) => {
    // Blog dates are stored as "YYYY-MM-DD"; parseISO reads them as local midnight, so no day shift.
    expect(formatLongDate(parseISO(iso))).toBe(expected);
  });
});

describe("yearsActive", () => {
  it("counts from 1 November 2002", () => {
    expect(FOUNDED).toEqual(new Date(2002, 10, 1));
  });

  it.each([
    { now: new Date(2026, 10, 21), expected: 24 },
    { now: new Date(2026, 10, 1), expected: 24 },
    { now: new Date(2026, 9, 31, 23, 59), expected: 23 },
    { now: new Date(2022, 10, 1), expected: 20 },
    { now: new Date(2002, 10, 1), expected: 0 },
    { now: new Date(2003, 9, 31), expected: 0 },
    { now: new Date(2003, 10, 1), expected: 1 },
  ])("on $now → $expected", ({ now, expected }) => {
    expect(yearsActive(now)).toBe(expected);
  });

  it("takes another founding date", () => {
    expect(yearsActive(new Date(2026, 5, 1), new Date(2016, 5, 2))).toBe(9);
    expect(yearsActive(new Date(2026, 5, 2), new Date(2016, 5, 2))).toBe(10);
  });
});
