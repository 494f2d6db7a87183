import { describe, expect, it } from "vitest";
import { EMAILS, MOBILES, NAMES, NOT_MOBILES, SEARCHES } from "../../tests/corpus/text/typed-text";
import {
  EMAIL_PATTERN,
  foldForSearch,
  internationalMobile,
  normaliseEmailAddress,
  normaliseTypedText,
  normaliseUkMobile,
} from "./typed-text";

describe("normaliseUkMobile over numbers as people paste them", () => {
  it.each(MOBILES)("$source", ({ typed, e164 }) => {
    expect(normaliseUkMobile(typed)).toBe(e164);
  });
  it.each(NOT_MOBILES)("still refuses %j", (typed) => {
    expect(normaliseUkMobile(typed)).toBeNull();
  });
});

describe("normaliseEmailAddress", () => {
  it.each(EMAILS)("$source", ({ typed, stored }) => {
    const address = normaliseEmailAddress(typed);
    expect(address).toBe(stored);
    expect(EMAIL_PATTERN.test(address)).toBe(true);
  });
  it("leaves what cannot be an address for the pattern to refuse", () => {
    for (const typed of ["jo@exa mple.com/x", "jo@@münchen.de", "jo@münchen.de:25", "@münchen.de", "jo@-.de"])
      expect(EMAIL_PATTERN.test(normaliseEmailAddress(typed))).toBe(false);
  });
});

describe("normaliseTypedText over names as people type and paste them", () => {
  it.each(NAMES)("$source", ({ typed, stored }) => {
    expect(normaliseTypedText(typed)).toBe(stored);
  });
  it("keeps the joiner of an emoji sequence and line breaks of a long answer", () => {
    expect(normaliseTypedText("Hi 👩\u200D🔧\u200B", "line")).toBe("Hi 👩\u200D🔧");
    expect(normaliseTypedText(" One\r\ntwo\u2028three\u00A0four\u200E ", "text")).toBe("One\ntwo\nthree four");
    expect(normaliseTypedText("One\r\ntwo", "line")).toBe("One two");
  });
});

describe("foldForSearch", () => {
  it.each(SEARCHES)("$typed finds $finds", ({ typed, finds }) => {
    expect(foldForSearch(finds).toLowerCase()).toContain(foldForSearch(typed).toLowerCase());
  });
});

describe("internationalMobile", () => {
  it("spaces a UK mobile as people read it, and leaves anything else alone", () => {
    expect(internationalMobile("+447700900123")).toBe("+44 7700 900123");
    expect(internationalMobile("+4420794600")).toBe("+4420794600");
    expect(internationalMobile("")).toBe("");
  });
});
