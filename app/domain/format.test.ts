import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adapterBpFromPercent, fileSize, formatGBP, penceFromPounds, telHref, truncate } from "./format";
import { levelRows, serviceRows } from "./testing/catalogue";

describe("formatGBP", () => {
  it.each([
    { pence: 0, expected: "£0" },
    { pence: -0, expected: "£0" },
    { pence: 5, expected: "£0.05" },
    { pence: 49, expected: "£0.49" },
    { pence: 50, expected: "£0.50" },
    { pence: 100, expected: "£1" },
    { pence: 9800, expected: "£98" },
    { pence: 8650, expected: "£86.50" },
    { pence: 16549, expected: "£165.49" },
    { pence: 6202, expected: "£62.02" },
    { pence: 123449, expected: "£1,234.49" },
    { pence: 123400, expected: "£1,234" },
    { pence: 100_000_000, expected: "£1,000,000" },
    { pence: -1, expected: "-£0.01" },
    { pence: -150, expected: "-£1.50" },
  ])("$pence → $expected", ({ pence, expected }) => {
    expect(formatGBP(pence)).toBe(expected);
  });

  it("writes every amount as en-GB's currency format does, to £10bn either way", () => {
    // The platform's own formatter is the oracle: whole pounds without pence, otherwise two decimals.
    const intl = (places: number) =>
      new Intl.NumberFormat("en-GB", {
        style: "currency",
        currency: "GBP",
        minimumFractionDigits: places,
        maximumFractionDigits: places,
      });
    const [whole, withPence] = [intl(0), intl(2)];
    const amounts = fc.oneof(
      fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }),
      fc.integer({ min: -200_000, max: 200_000 }),
      fc.integer({ min: -10_000, max: 10_000 }).map((pounds) => pounds * 100),
    );
    fc.assert(
      fc.property(amounts, (pence) => {
        const oracle = pence % 100 === 0 ? whole.format(pence / 100 + 0) : withPence.format(pence / 100);
        expect(formatGBP(pence)).toBe(oracle);
      }),
      { numRuns: 5000 },
    );
  });

  it("is exact past what a pound amount in floating point can hold", () => {
    expect(formatGBP(Number.MAX_SAFE_INTEGER)).toBe("£90,071,992,547,409.91");
    expect(formatGBP(-Number.MAX_SAFE_INTEGER)).toBe("-£90,071,992,547,409.91");
    expect(formatGBP(999_999_999_999_999)).toBe("£9,999,999,999,999.99");
  });

  it.each([1.5, 98.8, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    "rejects %s, which is not whole pence",
    (pence) => {
      expect(() => formatGBP(pence)).toThrow(RangeError);
    },
  );
});

describe("truncate", () => {
  it.each([
    { text: "hello", max: 10, expected: "hello" },
    { text: "hello", max: 5, expected: "hello" },
    { text: "hello!", max: 5, expected: "hello…" },
    { text: "hello world", max: 8, expected: "hello…", why: "never half a word" },
    { text: "hello world", max: 5, expected: "hello…", why: "a cut at the word's end keeps it" },
    { text: "one, two three", max: 7, expected: "one…", why: "no comma before the ellipsis" },
    { text: "Evening appointments go quickly", max: 26, expected: "Evening appointments go…" },
    { text: "hello world", max: 6, expected: "hello…", why: "no space before the ellipsis" },
    { text: "Loved it. Harriet is great", max: 12, expected: "Loved it…", why: "no full stop before the ellipsis" },
    { text: "Well... Harriet is great", max: 10, expected: "Well…", why: "no dots typed before the ellipsis" },
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

describe("fileSize", () => {
  it("says kB under a megabyte and MB from one, never an empty-looking 0.0 MB", () => {
    expect(fileSize(34_816)).toBe("34 kB");
    expect(fileSize(200)).toBe("1 kB");
    expect(fileSize(1_023 * 1024)).toBe("1,023 kB");
    expect(fileSize(1024 * 1024)).toBe("1 MB");
    expect(fileSize(2.5 * 1024 * 1024)).toBe("2.5 MB");
    expect(fileSize(1_500 * 1024 * 1024)).toBe("1,500 MB");
  });
});

describe("telHref", () => {
  it("keeps only what a phone dials", () => {
    expect(telHref("01632 960 123")).toBe("tel:01632960123");
    expect(telHref("+44 (0)1632-960123")).toBe("tel:+4401632960123");
  });
});
