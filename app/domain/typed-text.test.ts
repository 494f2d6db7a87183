import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMAILS, MOBILES, NAMES, NOT_MOBILES, SEARCHES } from "../../tests/corpus/text/typed-text";
import {
  EMAIL_PATTERN,
  foldForSearch,
  internationalMobile,
  nationalMobile,
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

describe("nationalMobile", () => {
  it("writes a UK mobile as it is read out and dialled here, and leaves anything else alone", () => {
    expect(nationalMobile("+447700900123")).toBe("07700 900123");
    expect(nationalMobile("+447624123456")).toBe("07624 123456");
    expect(nationalMobile("+4420794600")).toBe("+4420794600");
    expect(nationalMobile("")).toBe("");
  });
});

describe("internationalMobile", () => {
  it("spaces a UK mobile as people read it, and leaves anything else alone", () => {
    expect(internationalMobile("+447700900123")).toBe("+44 7700 900123");
    expect(internationalMobile("+4420794600")).toBe("+4420794600");
    expect(internationalMobile("")).toBe("");
  });
});

describe("properties", () => {
  /** Invisible characters a paste may carry: format characters of every kind, and the Hangul filler. */
  const invisible = fc.constantFrom(
    "\u200B",
    "\u200C",
    "\u200D",
    "\u200E",
    "\u200F",
    "\u202A",
    "\u202C",
    "\u202D",
    "\u2066",
    "\u2069",
    "\u2060",
    "\uFEFF",
    "\u00AD",
    "\u3164",
  );

  it("a mobile reads the same with invisible characters anywhere in it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MOBILES),
        fc.array(fc.tuple(fc.nat(), invisible), { maxLength: 6 }),
        (mobile, inserts) => {
          let typed = mobile.typed;
          for (const [at, mark] of inserts) {
            const i = at % (typed.length + 1);
            typed = typed.slice(0, i) + mark + typed.slice(i);
          }
          expect(normaliseUkMobile(typed)).toBe(mobile.e164);
        },
      ),
    );
  });

  it("normalising twice changes nothing more", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-composite" }), (text) => {
        const once = normaliseTypedText(text);
        expect(normaliseTypedText(once)).toBe(once);
        const lines = normaliseTypedText(text, "text");
        expect(normaliseTypedText(lines, "text")).toBe(lines);
      }),
    );
  });
});
