import { parseISO } from "date-fns";
import { describe, expect, it } from "vitest";
import {
  FOUNDED,
  adapterBpFromPercent,
  formatGBP,
  formatGBPExact,
  formatLongDate,
  penceFromPounds,
  truncate,
  yearsActive,
} from "./format";
import { levelRows, serviceRows } from "./test-catalogue";

describe("formatGBP", () => {
  it.each([
    { pence: 0, expected: "£0" },
    { pence: 49, expected: "£0" },
    { pence: 50, expected: "£1" },
    { pence: 149, expected: "£1" },
    { pence: 150, expected: "£2" },
    { pence: 250, expected: "£3" },
    { pence: 6202, expected: "£62" },
    { pence: 2493, expected: "£25" },
    { pence: 123449, expected: "£1,234" },
    { pence: 123450, expected: "£1,235" },
    { pence: 100_000_000, expected: "£1,000,000" },
    { pence: 98.8, expected: "£1" },
    { pence: 199.2, expected: "£2" },
    { pence: -40, expected: "£0" },
    { pence: -150, expected: "-£1" },
    { pence: -151, expected: "-£2" },
  ])("$pence → $expected", ({ pence, expected }) => {
    expect(formatGBP(pence)).toBe(expected);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])("rejects %s", (pence) => {
    expect(() => formatGBP(pence)).toThrow(RangeError);
  });
});

describe("formatGBPExact", () => {
  it.each([
    { pence: 0, expected: "£0.00" },
    { pence: -0, expected: "£0.00" },
    { pence: 5, expected: "£0.05" },
    { pence: 50, expected: "£0.50" },
    { pence: 1234, expected: "£12.34" },
    { pence: 6202, expected: "£62.02" },
    { pence: 123456, expected: "£1,234.56" },
    { pence: -1, expected: "-£0.01" },
  ])("$pence → $expected", ({ pence, expected }) => {
    expect(formatGBPExact(pence)).toBe(expected);
  });

  it.each([1.5, Number.NaN, 2 ** 53])("rejects %s", (pence) => {
    expect(() => formatGBPExact(pence)).toThrow(RangeError);
  });
});

describe("truncate", () => {
  it.each([
    { text: "hello", max: 10, expected: "hello" },
    { text: "hello", max: 5, expected: "hello" },
    { text: "hello!", max: 5, expected: "hello…" },
    { text: "hello world", max: 8, expected: "hello wo…" },
    { text: "hello world", max: 6, expected: "hello…", why: "no space before the ellipsis" },
    { text: "", max: 0, expected: "" },
    { text: "abc", max: 0, expected: "…" },
    { text: "a😀b", max: 2, expected: "a😀…", why: "an emoji counts as one character" },
    { text: "😀😀😀", max: 1, expected: "😀…" },
    { text: "😀😀", max: 2, expected: "😀😀" },
    { text: "x".repeat(121), max: 120, expected: `${"x".repeat(120)}…`, why: "news body" },
    { text: "x".repeat(120), max: 120, expected: "x".repeat(120) },
  ])("($text, $max) → $expected", ({ text, max, expected }) => {
    expect(truncate(text, max)).toBe(expected);
  });

  it("never leaves a lone surrogate", () => {
    const cut = truncate("ab😀😀😀", 3);
    expect(cut).toBe("ab😀…");
    expect(() => encodeURIComponent(cut)).not.toThrow(); // throws URIError on a lone surrogate
  });

  it.each([-1, 1.5, Number.NaN])("rejects max %s", (max) => {
    expect(() => truncate("abc", max)).toThrow(RangeError);
  });
});

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

describe("penceFromPounds", () => {
  it.each([
    { text: "49.50", expected: 4950 },
    { text: "18.8", expected: 1880 },
    { text: "46.25", expected: 4625 },
    { text: "112.20", expected: 11220 },
    { text: "5", expected: 500 },
    { text: "0", expected: 0 },
    { text: "0.01", expected: 1 },
    { text: "0.29", expected: 29, why: "0.29 × 100 is 28.999… in floats" },
    { text: "1.15", expected: 115, why: "1.15 × 100 is 114.999… in floats" },
    { text: "007.5", expected: 750 },
  ])("$text → $expected", ({ text, expected }) => {
    expect(penceFromPounds(text)).toBe(expected);
  });

  it.each(serviceRows)("reads the price list row $service ($price / $productPrice)", (row) => {
    expect(penceFromPounds(row.price)).toBe(row.pricePence);
    expect(penceFromPounds(row.productPrice)).toBe(row.productPricePence);
  });

  it.each(["", "abc", "1.234", "-1", "1.", ".5", " 1", "1 ", "1,000", "1e3", "£5", "+5", "99999999999999999"])(
    "rejects %j",
    (text) => {
      expect(() => penceFromPounds(text)).toThrow(RangeError);
    },
  );
});

describe("adapterBpFromPercent", () => {
  it.each(levelRows)("reads level $id ($adapter%)", (row) => {
    expect(adapterBpFromPercent(row.adapter)).toBe(row.adapterBp);
  });

  it("reads -0 as +0", () => {
    expect(Object.is(adapterBpFromPercent("-0"), 0)).toBe(true);
  });

  it.each(["", "-", "12.345", "--1", "1%", "+1"])("rejects %j", (text) => {
    expect(() => adapterBpFromPercent(text)).toThrow(RangeError);
  });
});
