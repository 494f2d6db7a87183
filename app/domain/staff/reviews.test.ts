import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";
import { MAX_IMPORT_CHARS } from "./review-import";
import { findStylist, hideSchema, parseReviewsCsv, reviewSchema } from "./reviews";
import { decodeTextFile } from "./text-file";

const team = [
  { slug: "isla", firstName: "Isla", lastName: "Brennan" },
  { slug: "theo", firstName: "Theo", lastName: "Marsh" },
  { slug: "theo-2", firstName: "Theo", lastName: "Quinn" },
];

describe("reading CSV", () => {
  it("reads quoted commas, doubled quotes, line breaks in a field, CRLF and a byte-order mark", () => {
    const text = '\uFEFFa,b\r\n"one, two","say ""hi"""\r\n"line\nbreak",x\n\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["one, two", 'say "hi"'] },
      { line: 3, fields: ["line\nbreak", "x"] },
    ]);
  });

  it("numbers rows by the line they start on, after a field that spans lines", () => {
    expect(parseCsv('h\n"a\nb"\nc')?.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it("answers null for a quote never closed", () => {
    expect(parseCsv('a\n"open')).toBeNull();
  });
});

describe("a reviews file Excel saved on Windows", () => {
  it("imports with its dashes, accents and £ intact", () => {
    const bytes = readFileSync(new URL("../../../tests/corpus/csv/reviews-excel-windows-1252.csv", import.meta.url));
    const { text, encoding } = decodeTextFile(bytes);
    expect(encoding).toBe("windows-1252");
    expect(parseReviewsCsv(text, team)).toEqual({
      ok: true,
      reviews: [
        {
          review: "Lovely welcome — Agnès made me feel at home",
          client: "Zoë B.",
          stylistSlug: "isla",
          rating: 5,
          reviewedOn: "2026-10-01",
          sourceDetail: null,
        },
        {
          review: "Colour spot on, £95 well spent",
          client: "François L.",
          stylistSlug: "theo",
          rating: 4,
          reviewedOn: "2026-10-02",
          sourceDetail: null,
        },
      ],
    });
  });
});

describe("a review as the form posts it", () => {
  it("keeps the text and the client, a rating of 1 to 5 stars or none, and a date or none", () => {
    expect(
      reviewSchema.parse({ review: " Great ", client: "Jo B.", stylistSlug: "isla", rating: "2", reviewedOn: "" }),
    ).toEqual({
      review: "Great",
      client: "Jo B.",
      stylistSlug: "isla",
      rating: 2,
      reviewedOn: null,
      sourceDetail: null,
    });
    expect(reviewSchema.parse({ review: "x", client: "y", stylistSlug: "isla", rating: "" }).rating).toBeNull();
    for (const rating of ["0", "6", "4.5", "five"])
      expect(reviewSchema.safeParse({ review: "x", client: "y", stylistSlug: "isla", rating }).success).toBe(false);
  });

  it("is dated today or earlier, never a day still to come", () => {
    const on = (reviewedOn: string) =>
      reviewSchema.safeParse({ review: "x", client: "y", stylistSlug: "isla", reviewedOn });
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(on("2026-10-01").success).toBe(true);
    expect(on(today).success).toBe(true);
    expect(on(later).error?.issues[0]?.message).toBe("The day of the review can't be in the future.");
  });

  it("cannot be hidden without a reason", () => {
    expect(hideSchema.safeParse({ reason: "   " }).error?.issues[0]?.message).toMatch(/Please say why/);
    expect(hideSchema.safeParse({}).success).toBe(false);
    expect(hideSchema.parse({ reason: " Not a client " })).toEqual({ reason: "Not a client" });
  });
});

describe("finding the stylist a review names", () => {
  it("by slug, full name or a first name only one person has", () => {
    expect(findStylist(team, "isla")?.slug).toBe("isla");
    expect(findStylist(team, "ISLA BRENNAN")?.slug).toBe("isla");
    expect(findStylist(team, "Theo Quinn")?.slug).toBe("theo-2");
    expect(findStylist(team, "theo")?.slug).toBe("theo");
    // Two Theos: a first name alone is not enough when it is not also a slug.
    const twoTheos = [
      { slug: "theo-marsh", firstName: "Theo", lastName: "Marsh" },
      { slug: "theo-quinn", firstName: "Theo", lastName: "Quinn" },
    ];
    expect(findStylist(twoTheos, "Theo")).toBeUndefined();
    expect(findStylist(twoTheos, "theo marsh")?.slug).toBe("theo-marsh");
    expect(findStylist(team, "")).toBeUndefined();
  });
});

describe("importing reviews from CSV", () => {
  const header = "review,client,stylist,rating,date";

  it("reads every row, in any column order, rating and date optional", () => {
    const result = parseReviewsCsv(
      ["stylist,client,review", "Isla,Ann B.,Lovely.", 'isla brennan,Cy D.,"Late, but good."'].join("\n"),
      team,
    );
    expect(result).toEqual({
      ok: true,
      reviews: [
        {
          review: "Lovely.",
          client: "Ann B.",
          stylistSlug: "isla",
          rating: null,
          reviewedOn: null,
          sourceDetail: null,
        },
        {
          review: "Late, but good.",
          client: "Cy D.",
          stylistSlug: "isla",
          rating: null,
          reviewedOn: null,
          sourceDetail: null,
        },
      ],
    });
  });

  it("names every row at fault, as a spreadsheet numbers them, and imports none", () => {
    const result = parseReviewsCsv(
      [
        header,
        "Good.,Ann B.,Isla,5,2026-10-01",
        "Fine.,Bo C.,Nobody,4,2026-10-01",
        "Ok.,Cy D.,Isla,9,2026-10-01",
        "Short row,Isla",
        ",Di E.,Isla,,",
      ].join("\r\n"),
      team,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBe("Nothing was imported: 4 rows need correcting first (row 3, row 4, row 5, row 6).");
    expect(result.problems).toEqual([
      { row: 3, message: 'no one in the team is called "Nobody".' },
      { row: 4, message: "Please give the rating as a whole number of stars from 1 to 5, or leave it empty." },
      { row: 5, message: "has 2 fields where the header has 5." },
      { row: 6, message: "Please enter the review." },
    ]);
  });

  it("refuses a file without the needed columns, without rows, unreadable or too big", () => {
    const error = (text: string) => {
      const result = parseReviewsCsv(text, team);
      return result.ok ? null : result.error;
    };
    expect(error("review,client\nx,y")).toMatch(/lacks stylist/);
    expect(error(header)).toBe("The file has a header row but no reviews.");
    expect(error("")).toMatch(/empty/);
    expect(error(`${header}\n"unclosed,Ann,Isla,,`)).toMatch(/never closed/);
    expect(error(`${header}\n${"x".repeat(MAX_IMPORT_CHARS)}`)).toMatch(/too big/);
    expect(error([header, ...Array.from({ length: 1001 }, () => "a,b,Isla,,")].join("\n"))).toMatch(/at most 1000/);
  });
});
