import { describe, expect, it } from "vitest";
import { stylists } from "~/server/seed/content";
import {
  DEFAULT_SHARED_END_DATE,
  discountLabel,
  NOT_COMBINABLE,
  OFFER_FLAGS,
  OFFERS,
  type Offer,
  offerBySlug,
  offerCards,
  offerEndDate,
  offerHasEnded,
  SMS_CAMPAIGNS,
  smsCampaignBySlug,
} from "./offers";

const firstNameOf = (slug: string) => stylists.find((stylist) => stylist.slug === slug)?.firstName;

function offer(slug: string): Offer {
  const found = offerBySlug(slug);
  if (!found) throw new Error(`no offer ${slug}`);
  return found;
}

describe("flags", () => {
  it("are sixteen and unique", () => {
    expect(OFFER_FLAGS).toHaveLength(16);
    expect(new Set(OFFER_FLAGS).size).toBe(16);
  });

  it("each belongs to exactly one offer, named after its slug", () => {
    for (const flag of OFFER_FLAGS) {
      const flagged = OFFERS.filter((candidate) => candidate.flag === flag);
      expect(flagged, flag).toHaveLength(1);
      expect(flag).toBe(`offer_${flagged[0]?.slug.replaceAll("-", "_")}`);
    }
  });

  it("cover the spec's cards: general, 9 stylists, 2 joint, birthday, new year, spring, keratin", () => {
    const flagged = OFFERS.filter((candidate) => candidate.flag !== null);
    const individual = flagged.filter((candidate) => candidate.stylistSlugs.length === 1);
    const joint = flagged.filter((candidate) => candidate.stylistSlugs.length === 2);
    expect(individual).toHaveLength(9);
    expect(joint).toHaveLength(2);
    expect(flagged.map((candidate) => candidate.slug)).toEqual(
      expect.arrayContaining(["general", "birthday", "newyear", "spring", "keratin"]),
    );
  });

  it("the stylist on a closed column (Harriet) has no new-client card", () => {
    expect(OFFERS.some((candidate) => candidate.stylistSlugs.includes("harriet"))).toBe(false);
  });
});

describe("catalogue", () => {
  it("slugs are unique and URL-safe", () => {
    const slugs = OFFERS.map((candidate) => candidate.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("has the non-flagged detail pages", () => {
    for (const slug of ["general-november", "theo-lapsed", "20th-birthday", "welcome-back", "blondme", "new-clients"]) {
      expect(offer(slug).flag, slug).toBeNull();
    }
    expect(offer("theo-lapsed").audience).toBe("lapsed");
    expect(offer("welcome-back").audience).toBe("lapsed");
  });

  it.each([
    "NEWCLIENT25",
    "JULY25",
    "BlondMe25",
    "SK25",
    "BDAY20YRS",
    "THEO25",
    "NADIA25",
    "PRIYA25",
    "FREYA25",
    "IVYNEWYEAR",
    "IVYSPRING",
    "IVYKERATIN",
  ])("code %s is offered", (code) => {
    expect(OFFERS.some((candidate) => candidate.code === code)).toBe(true);
  });

  it("a stylist's own code is FIRSTNAME + percentage", () => {
    for (const candidate of OFFERS.filter((o) => o.flag !== null && o.stylistSlugs.length === 1)) {
      const [slug] = candidate.stylistSlugs;
      expect(candidate.code).toBe(`${slug?.toUpperCase()}${candidate.percent}`);
    }
  });

  it("three individual stylist offers and keratin are 20%, the other stylists 25%", () => {
    const individual = OFFERS.filter((o) => o.flag !== null && o.stylistSlugs.length === 1);
    expect(individual.filter((o) => o.percent === 20)).toHaveLength(3);
    expect(individual.filter((o) => o.percent === 25)).toHaveLength(6);
    expect(offer("keratin").percent).toBe(20);
  });

  it("SK25: 25% for clients new to either stylist, until 9 May 2024", () => {
    const joint = OFFERS.find((candidate) => candidate.code === "SK25");
    expect(joint).toMatchObject({ percent: 25, endDate: "2024-05-09" });
    expect(joint?.stylistSlugs).toHaveLength(2);
  });

  it("seasonal offers are £20 off a haircut with colour, for new clients", () => {
    for (const slug of ["newyear", "spring"]) {
      expect(offer(slug)).toMatchObject({ amountOffPence: 2000, percent: null, audience: "new" });
      expect(discountLabel(offer(slug))).toBe("£20 off");
    }
  });

  it("the level price page carries the spec's table", () => {
    expect(
      offer("new-clients").levelPrices?.map(({ level, beforePence, afterPence }) => [level, beforePence, afterPence]),
    ).toEqual([
      ["Advanced Senior", 17000, 13000],
      ["Senior Stylist", 16000, 12000],
      ["Advanced Stylist", 14000, 10500],
      ["Stylist", 12000, 9000],
      ["Graduate Stylist", 10000, 7500],
    ]);
  });

  it.each(OFFERS.map((candidate) => [candidate.slug, candidate] as const))("%s is complete", (slug, candidate) => {
    expect(candidate.image).toBe(`/images/offers/${slug}.svg`);
    // The card says what the discount is, and with whom.
    const card = `${candidate.title} ${candidate.summary}`;
    expect(card).toContain(discountLabel(candidate));
    for (const stylist of candidate.stylistSlugs) expect(card).toContain(firstNameOf(stylist));
    // The page is written out: whole sentences, and at least two paragraphs.
    expect(candidate.body.length).toBeGreaterThanOrEqual(2);
    for (const paragraph of candidate.body) expect(paragraph).toMatch(/^[A-Z"“‘'0-9£].{20,}[.!?)”’]$/s);
    // Exactly one kind of discount.
    expect([candidate.percent, candidate.amountOffPence].filter((value) => value !== null)).toHaveLength(1);
    expect(candidate.smallPrint).toContain(NOT_COMBINABLE);
    expect(candidate.smallPrint.join(" ")).toContain(candidate.code);
    expect(candidate.endDate === "shared" || /^\d{4}-\d{2}-\d{2}$/.test(candidate.endDate)).toBe(true);
    for (const stylist of candidate.stylistSlugs)
      expect(firstNameOf(stylist), `${stylist} is on the team`).toBeDefined();
  });
});

describe("end dates", () => {
  it("a shared offer ends on the settings endDate", () => {
    expect(offerEndDate(offer("general"), "2025-09-30")).toBe("2025-09-30");
  });

  it.each([null, undefined, "", "  ", "30/06/2025", "2025-02-30", "soon"])(
    "a missing or malformed shared date (%j) falls back to 2025-06-30",
    (shared) => {
      expect(offerEndDate(offer("general"), shared)).toBe(DEFAULT_SHARED_END_DATE);
      expect(DEFAULT_SHARED_END_DATE).toBe("2025-06-30");
    },
  );

  it("an offer with its own date ignores the shared one", () => {
    expect(offerEndDate(offer("nadia-and-freya"), "2030-01-01")).toBe("2024-05-09");
  });

  it("an offer runs to the end of its last day", () => {
    const sk25 = offer("nadia-and-freya");
    expect(offerHasEnded(sk25, null, new Date(2024, 4, 9, 23, 59))).toBe(false);
    expect(offerHasEnded(sk25, null, new Date(2024, 4, 10, 0, 0))).toBe(true);
  });
});

describe("offerCards", () => {
  it("shows nothing while every flag is off (the seeded default)", () => {
    expect(offerCards(() => false)).toEqual([]);
  });

  it("shows the enabled cards in flag order", () => {
    const enabled = new Set(["offer_keratin", "offer_general", "offer_isla"]);
    expect(offerCards((flag) => enabled.has(flag)).map((card) => card.slug)).toEqual(["general", "isla", "keratin"]);
  });
});

describe("SMS campaigns", () => {
  it("are the spec's five: a stylist offer, welcome-back, a colour offer, newyear, spring", () => {
    expect(SMS_CAMPAIGNS.map((campaign) => campaign.slug)).toEqual([
      "theo",
      "welcome-back",
      "blondme",
      "newyear",
      "spring",
    ]);
  });

  it("each adapts an existing offer", () => {
    for (const campaign of SMS_CAMPAIGNS) {
      expect(offerBySlug(campaign.offer.slug)).toBe(campaign.offer);
      // The text's landing page says what the offer is, and with whom.
      expect(`${campaign.headline} ${campaign.lead}`).toContain(discountLabel(campaign.offer).replace(/ off$/, ""));
      for (const stylist of campaign.offer.stylistSlugs) expect(campaign.lead).toContain(firstNameOf(stylist));
    }
    expect(smsCampaignBySlug("welcome-back")?.offer.audience).toBe("lapsed");
    expect(smsCampaignBySlug("nope")).toBeUndefined();
  });
});
