import { describe, expect, it } from "vitest";
import { Cat1, ColourCat, MensCat } from "./catalogue";
import {
  colourFlagWords,
  colourReadiness,
  isSkinTestService,
  offersConsultation,
  parseSkinTestWords,
  quoteNeedsSkinTest,
  skinTestStatusWords,
  skinTestValidUntil,
  ukDate,
} from "./skin-test";

// Every instant below is written in UTC with the London wall clock beside it: BST is UTC+1 from
// 29 March to 25 October 2026 and from 28 March to 31 October 2027.
const at = (iso: string) => new Date(iso);

describe("a skin test's 6 months", () => {
  it.each([
    // 31 Aug 2026 11:00 BST: February 2027 has 28 days.
    { test: "2026-08-31T10:00:00Z", until: "2027-02-28" },
    // 31 Aug 2027 11:00 BST: 2028 is a leap year.
    { test: "2027-08-31T10:00:00Z", until: "2028-02-29" },
    // 30 Jun 2026 23:30 UTC is already 1 July in London: the London day counts, not UTC's (which would give 30 Dec).
    { test: "2026-06-30T23:30:00Z", until: "2027-01-01" },
    // 31 Mar 2026 09:00 BST: September has 30 days.
    { test: "2026-03-31T08:00:00Z", until: "2026-09-30" },
    { test: "2026-01-15T12:00:00Z", until: "2026-07-15" },
  ])("a test at $test counts until $until", ({ test, until }) => {
    expect(skinTestValidUntil(at(test))).toBe(until);
  });

  it("writes the day as the UK does", () => {
    expect(ukDate("2027-02-28")).toBe("28 February 2027");
    expect(ukDate("2026-07-01")).toBe("1 July 2026");
  });
});

describe("colour readiness", () => {
  const test = at("2026-09-01T09:00:00Z"); // Tuesday 1 Sep 2026, 10:00 BST

  it("is ready exactly 48 hours after the test", () => {
    expect(colourReadiness([test], at("2026-09-03T09:00:00Z"))).toEqual({
      kind: "ready",
      testedAt: test,
      validUntil: "2027-03-01",
    });
  });

  it("is too soon a minute short of 48 hours, and 24 hours after", () => {
    expect(colourReadiness([test], at("2026-09-03T08:59:00Z"))).toEqual({
      kind: "too-soon",
      testedAt: test,
      hoursBefore: 47,
    });
    expect(colourReadiness([test], at("2026-09-02T09:00:00Z"))).toMatchObject({ kind: "too-soon", hoursBefore: 24 });
  });

  it("counts elapsed hours across the clocks going forward (29 March 2026)", () => {
    const friday = at("2026-03-27T10:00:00Z"); // 10:00 GMT
    // Sunday 10:00 BST reads as 48 hours on the wall clock, but only 47 have passed.
    expect(colourReadiness([friday], at("2026-03-29T09:00:00Z"))).toMatchObject({ kind: "too-soon", hoursBefore: 47 });
    expect(colourReadiness([friday], at("2026-03-29T10:00:00Z"))).toMatchObject({ kind: "ready" });
  });

  it("covers a colour on the last valid day, not the day after", () => {
    const august = at("2026-08-31T10:00:00Z");
    // 28 Feb 2027 18:00 GMT: still valid; 1 Mar 2027 09:00 GMT: ran out.
    expect(colourReadiness([august], at("2027-02-28T18:00:00Z"))).toMatchObject({
      kind: "ready",
      validUntil: "2027-02-28",
    });
    expect(colourReadiness([august], at("2027-03-01T09:00:00Z"))).toEqual({
      kind: "expired",
      testedAt: august,
      validUntil: "2027-02-28",
    });
  });

  it("has no test without one, and a test after the colour is too soon", () => {
    expect(colourReadiness([], at("2026-09-03T09:00:00Z"))).toEqual({ kind: "no-test" });
    expect(colourReadiness([test], at("2026-08-30T09:00:00Z"))).toMatchObject({ kind: "too-soon", hoursBefore: -48 });
  });

  it("takes the latest test early enough, whatever the order given", () => {
    const old = at("2026-02-01T10:00:00Z");
    const late = at("2026-09-04T09:00:00Z"); // a day before the colour
    expect(colourReadiness([late, old, test], at("2026-09-05T09:00:00Z"))).toMatchObject({
      kind: "ready",
      testedAt: test,
    });
  });
});

describe("which appointments and quotes", () => {
  it("finds the owner's words in a booking system's service name, in any case", () => {
    const words = ["skin test", "patch test"];
    expect(isSkinTestService("Skin Test (colour clients)", words)).toBe(true);
    expect(isSkinTestService("PATCH TEST", words)).toBe(true);
    expect(isSkinTestService("Full head colour", words)).toBe(false);
    expect(isSkinTestService("Allergy alert test", ["allergy alert"])).toBe(true);
  });

  it("reads the owner's words one per line or comma-separated", () => {
    expect(parseSkinTestWords(" Skin test,\nPatch Test\n\nskin test ")).toEqual(["skin test", "patch test"]);
    expect(parseSkinTestWords(" , \n")).toBeNull();
    expect(parseSkinTestWords("x".repeat(41))).toBeNull();
  });

  const service = (cat1: number, cat2: number, name = "Some service") => ({ cat1, cat2, service: name });

  it("asks about a skin test for colour, colour add-ons and men's colour only", () => {
    expect(quoteNeedsSkinTest([service(Cat1.Colour, ColourCat.Classic)])).toBe(true);
    expect(quoteNeedsSkinTest([service(Cat1.Mens, MensCat.Colour)])).toBe(true);
    expect(quoteNeedsSkinTest([service(Cat1.Finish, 0), service(Cat1.Mens, MensCat.Cut)])).toBe(false);
    expect(quoteNeedsSkinTest([service(Cat1.Mens, MensCat.Colour, "None")])).toBe(false);
  });

  it("offers a consultation for foils, bleach, vivids and correction, not a classic colour or balayage", () => {
    for (const cat of [ColourCat.Foils, ColourCat.Bleach, ColourCat.Vivids, ColourCat.Correction])
      expect(offersConsultation([service(Cat1.Colour, cat)])).toBe(true);
    for (const cat of [ColourCat.Classic, ColourCat.FullHead, ColourCat.Balayage])
      expect(offersConsultation([service(Cat1.Colour, cat)])).toBe(false);
    expect(offersConsultation([service(Cat1.Mens, MensCat.Colour)])).toBe(false);
  });
});

describe("the words on the lead", () => {
  it("says a test is needed until one is on record, then until when it counts", () => {
    expect(skinTestStatusWords(null)).toBe("Skin test needed");
    expect(skinTestStatusWords({ on: "2026-08-31", validUntil: "2027-02-28", current: true })).toBe(
      "Skin test on 31 August 2026, valid until 28 February 2027",
    );
    expect(skinTestStatusWords({ on: "2026-01-10", validUntil: "2026-07-10", current: false })).toMatch(
      /^Skin test needed: the last one, on 10 January 2026/,
    );
  });

  it("flags a colour booked 24 hours after the test, in London time", () => {
    const test = at("2026-09-01T09:00:00Z");
    const colour = at("2026-09-02T09:00:00Z");
    expect(colourFlagWords(colourReadiness([test], colour), colour)).toBe(
      "Colour booked for 2 September 2026 at 10:00, only 24 hours after the skin test (48 needed)",
    );
    expect(colourFlagWords(colourReadiness([], colour), colour)).toBe(
      "Colour booked for 2 September 2026 at 10:00 with no skin test on record",
    );
    const later = at("2026-09-03T09:00:00Z");
    expect(colourFlagWords(colourReadiness([test], later), later)).toBeNull();
  });
});
