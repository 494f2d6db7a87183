import { describe, expect, it } from "vitest";
import {
  DEFAULT_SHARED_END_DATE,
  discountLabel,
  newOfferSchema,
  type Offer,
  offerCards,
  offerEndDate,
  offerKeepReasons,
  offerSchema,
  offerStatus,
  sharedEndDateSchema,
  smsCampaignOf,
  standardSmallPrint,
} from "./offers";

const base: Offer = {
  id: 1,
  slug: "general",
  title: "25% off your first visit",
  summary: "New to Maison Ivy? 25% off.",
  body: ["One paragraph.", "Another paragraph."],
  percent: 25,
  amountOffPence: null,
  code: "NEWCLIENT25",
  picture: null,
  smallPrint: ["Quote code NEWCLIENT25 when you book."],
  startDate: null,
  endDate: null,
  image: "/images/offers/general.svg",
  stylistSlugs: [],
  audience: "new",
  levelPrices: null,
  listed: true,
  displayOrder: 10,
  smsHeadline: null,
  smsLead: null,
  version: 1,
};

describe("which end date applies", () => {
  it("an offer without its own date ends on the shared setting", () => {
    expect(offerEndDate(base, "2025-09-30")).toBe("2025-09-30");
  });

  it.each([null, undefined, "", "  ", "30/06/2025", "2025-02-30", "soon"])(
    "a missing or malformed shared date (%j) falls back to the default",
    (shared) => {
      expect(offerEndDate(base, shared)).toBe(DEFAULT_SHARED_END_DATE);
    },
  );

  it("an offer with its own date ignores the shared one", () => {
    expect(offerEndDate({ endDate: "2024-05-09" }, "2030-01-01")).toBe("2024-05-09");
  });
});

describe("whether an offer runs on a date", () => {
  const dated = { startDate: "2026-12-01", endDate: "2026-12-07" };

  it("starts at the beginning of its first day and ends after the whole of its last", () => {
    expect(offerStatus(dated, null, new Date(2026, 10, 30, 23, 59))).toBe("upcoming");
    expect(offerStatus(dated, null, new Date(2026, 11, 1, 0, 0))).toBe("running");
    expect(offerStatus(dated, null, new Date(2026, 11, 7, 23, 59))).toBe("running");
    expect(offerStatus(dated, null, new Date(2026, 11, 8, 0, 0))).toBe("ended");
  });

  it("without a first day it runs until its end, the shared one included", () => {
    expect(offerStatus(base, "2026-12-31", new Date(2020, 0, 1))).toBe("running");
    expect(offerStatus(base, "2026-12-31", new Date(2027, 0, 1))).toBe("ended");
  });
});

describe("the cards of the Offers page", () => {
  const at = new Date(2026, 10, 23, 12);
  const offers: Offer[] = [
    { ...base, id: 1, slug: "later", displayOrder: 30 },
    { ...base, id: 2, slug: "first", displayOrder: 10 },
    { ...base, id: 3, slug: "unlisted", listed: false },
    { ...base, id: 4, slug: "ended", endDate: "2026-11-22" },
    { ...base, id: 5, slug: "upcoming", startDate: "2026-11-24" },
  ];

  it("are the listed offers that run today, in their order", () => {
    expect(offerCards(offers, "2026-12-31", at).map((o) => o.slug)).toEqual(["first", "later"]);
  });

  it("are none once the shared end date has passed", () => {
    expect(offerCards(offers, "2026-11-01", at)).toEqual([]);
  });
});

describe("how a discount reads", () => {
  it("as a percentage or whole or part pounds", () => {
    expect(discountLabel(base)).toBe("25% off");
    expect(discountLabel({ ...base, percent: null, amountOffPence: 2000 })).toBe("£20 off");
    expect(discountLabel({ ...base, percent: null, amountOffPence: 1250 })).toBe("£12.50 off");
    expect(() => discountLabel({ ...base, percent: null })).toThrow();
  });
});

describe("the text-message version", () => {
  it("exists only with both a headline and a lead", () => {
    expect(smsCampaignOf(base)).toBeNull();
    expect(smsCampaignOf({ ...base, smsHeadline: "Hi", smsLead: "Tap" })).toMatchObject({ slug: "general" });
  });
});

describe("the standard small print", () => {
  it("says who, the code, the terms, the skin test for colour, cancellation and no combining", () => {
    const lines = standardSmallPrint({ audience: "new", code: "X1", terms: ["Own term."] });
    expect(lines[0]).toMatch(/^New clients only/);
    expect(lines).toContain("Quote code X1 when you book.");
    expect(lines).toContain("Own term.");
    expect(lines.join(" ")).toContain("skin test");
    expect(lines.at(-1)).toBe("This offer cannot be combined with any other offer.");
    expect(standardSmallPrint({ audience: "all", code: "X1", colour: false }).join(" ")).not.toContain("skin test");
  });
});

describe("the offer form", () => {
  const typed = {
    title: " Winter gloss ",
    summary: "A gloss for winter: 15% off.",
    body: "First paragraph\ncarries on.\n\n  Second paragraph.  \n\n",
    audience: "all",
    kind: "percent",
    discount: "15%",
    code: "GLOSS15",
    stylists: "isla, Theo ,isla",
    startDate: "2026-12-01",
    endDate: "2026-12-31",
    smallPrint: "Quote code GLOSS15 when you book.\n\nNot with other offers.",
    image: "/images/offers/general.svg",
    listed: "on",
    smsHeadline: "",
    smsLead: "",
  };

  it("turns what was typed into a row: paragraphs, lines, stylists and the discount", () => {
    expect(offerSchema.parse(typed)).toEqual({
      title: "Winter gloss",
      summary: "A gloss for winter: 15% off.",
      body: ["First paragraph carries on.", "Second paragraph."],
      audience: "all",
      code: "GLOSS15",
      stylistSlugs: ["isla", "theo"],
      startDate: "2026-12-01",
      endDate: "2026-12-31",
      smallPrint: ["Quote code GLOSS15 when you book.", "Not with other offers."],
      image: "/images/offers/general.svg",
      listed: true,
      removePicture: false,
      smsHeadline: null,
      smsLead: null,
      percent: 15,
      amountOffPence: null,
    });
  });

  it("takes an amount off in pounds, and blank dates as none", () => {
    const parsed = offerSchema.parse({ ...typed, kind: "amount", discount: "£12.50", startDate: "", endDate: " " });
    expect(parsed).toMatchObject({ percent: null, amountOffPence: 1250, startDate: null, endDate: null });
  });

  const problems = (input: Record<string, string>) => {
    const parsed = offerSchema.safeParse(input);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it.each([
    [{ discount: "0" }, "discount", "whole number from 1 to 100"],
    [{ discount: "101" }, "discount", "whole number from 1 to 100"],
    [{ discount: "12.5" }, "discount", "whole number from 1 to 100"],
    [{ kind: "amount", discount: "lots" }, "discount", "amount off in pounds"],
    [{ kind: "amount", discount: "0" }, "discount", "amount off in pounds"],
    [{ kind: "free" }, "kind", "percentage or an amount"],
    [{ audience: "everyone" }, "audience", "who the offer is for"],
    [{ code: "NEW CLIENT" }, "code", "only letters and numbers"],
    [{ title: " " }, "title", "Please enter a title."],
    [{ startDate: "2026-12-10", endDate: "2026-12-01" }, "endDate", "on or after the first day"],
    [{ endDate: "31/12/2026" }, "endDate", "the last day as a"],
    [{ smsHeadline: "Only a headline" }, "smsLead", "both a headline and a lead"],
    [{ smallPrint: "No code here." }, "smallPrint", "which code to quote"],
    [{ image: "https://elsewhere.example/x.png" }, "image", "starting with /images/"],
  ])("refuses %j with a message on %s", (change, field, message) => {
    expect(problems({ ...typed, ...change })[field]).toContain(message);
  });

  it("a new offer's page address is lower-case words and hyphens", () => {
    expect(newOfferSchema.parse({ slug: " Winter-Gloss " })).toEqual({ slug: "winter-gloss" });
    expect(newOfferSchema.safeParse({ slug: "winter gloss" }).success).toBe(false);
    expect(newOfferSchema.safeParse({ slug: "../admin" }).success).toBe(false);
  });

  it("the shared end date must be a real date", () => {
    expect(sharedEndDateSchema.safeParse({ endDate: "2026-02-30" }).success).toBe(false);
    expect(sharedEndDateSchema.parse({ endDate: "2026-12-31" })).toEqual({ endDate: "2026-12-31" });
  });
});

describe("whether an offer may be deleted", () => {
  const never = { everListed: false, noticePaths: [] };
  const today = new Date(2026, 10, 23, 12);

  it("lets an offer go that was never listed, texted or offered by a notice", () => {
    expect(offerKeepReasons(base, never, today)).toEqual([]);
    // A text-message version whose first day has not come: nobody has been sent it yet.
    expect(offerKeepReasons({ ...base, smsHeadline: "Hi", startDate: "2026-12-01" }, never, today)).toEqual([]);
  });

  it("keeps one that was listed, whose text page has been open, or whose code a notice offers, saying each why", () => {
    expect(offerKeepReasons(base, { ...never, everListed: true }, today)).toEqual([
      "It has been listed on the Offers page, so visitors may have its link or its code.",
    ]);
    expect(offerKeepReasons({ ...base, smsHeadline: "Hi", startDate: "2026-11-23" }, never, today)).toEqual([
      "Its text-message page has been open since it started, so clients may have been sent the link.",
    ]);
    expect(offerKeepReasons(base, { everListed: false, noticePaths: ["/agnes-leaving"] }, today)).toEqual([
      "The notice at /agnes-leaving offers its code NEWCLIENT25.",
    ]);
  });
});
