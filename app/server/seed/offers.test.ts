import { describe, expect, it } from "vitest";
import { discountLabel, NOT_COMBINABLE, type Offer, offerFormValues, offerSchema } from "~/domain/offers";
import { stylists } from "./content";
import { type SeedOffer, seedOffers } from "./offers";

const firstNameOf = (slug: string) => stylists.find((stylist) => stylist.slug === slug)?.firstName;

function offer(slug: string): SeedOffer {
  const found = seedOffers.find((candidate) => candidate.slug === slug);
  if (!found) throw new Error(`no offer ${slug}`);
  return found;
}

describe("the seeded offers", () => {
  it("have the sixteen cards that could be switched on before offers were rows, in card order", () => {
    const flagged = seedOffers.filter((candidate) => candidate.flagged);
    expect(flagged.map((o) => o.slug)).toEqual([
      "general",
      "camille",
      "isla",
      "elodie",
      "nadia",
      "theo",
      "priya",
      "freya",
      "jonah",
      "rosa",
      "nadia-and-freya",
      "theo-and-priya",
      "birthday",
      "newyear",
      "spring",
      "keratin",
    ]);
    const orders = seedOffers.map((o) => o.displayOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it("the stylist on a closed column (Harriet) has no new-client offer", () => {
    expect(seedOffers.some((candidate) => candidate.stylistSlugs.includes("harriet"))).toBe(false);
  });

  it("slugs are unique and URL-safe", () => {
    const slugs = seedOffers.map((candidate) => candidate.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("a stylist's own code is FIRSTNAME + percentage", () => {
    for (const candidate of seedOffers.filter((o) => o.flagged && o.stylistSlugs.length === 1)) {
      const [slug] = candidate.stylistSlugs;
      expect(candidate.code).toBe(`${slug?.toUpperCase()}${candidate.percent}`);
    }
  });

  it("SK25: 25% for clients new to either stylist, until 9 May 2024", () => {
    expect(offer("nadia-and-freya")).toMatchObject({ code: "SK25", percent: 25, endDate: "2024-05-09" });
  });

  it("seasonal offers are £20 off a haircut with colour, for new clients", () => {
    for (const slug of ["newyear", "spring"]) {
      expect(offer(slug)).toMatchObject({ amountOffPence: 2000, percent: null, audience: "new" });
      expect(discountLabel(offer(slug))).toBe("£20 off");
    }
  });

  it("the level price page carries its table", () => {
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

  it("five are sent by text: a stylist offer, welcome-back, a colour offer, new year and spring", () => {
    const sent = seedOffers.filter((o) => o.smsHeadline !== null);
    expect(sent.map((o) => o.slug).sort()).toEqual(["blondme", "newyear", "spring", "theo", "welcome-back"]);
    for (const o of sent) {
      expect(`${o.smsHeadline} ${o.smsLead}`).toContain(discountLabel(o).replace(/ off$/, ""));
      for (const stylist of o.stylistSlugs) expect(o.smsLead).toContain(firstNameOf(stylist));
    }
  });

  it.each(seedOffers.map((candidate) => [candidate.slug, candidate] as const))(
    "%s is complete, and the console's form would accept it as it is",
    (slug, candidate) => {
      expect(candidate.image).toBe(`/images/offers/${slug}.svg`);
      const card = `${candidate.title} ${candidate.summary}`;
      expect(card).toContain(discountLabel(candidate));
      for (const stylist of candidate.stylistSlugs) expect(card).toContain(firstNameOf(stylist));
      expect(candidate.body.length).toBeGreaterThanOrEqual(2);
      for (const paragraph of candidate.body) expect(paragraph).toMatch(/^[A-Z"“‘'0-9£].{20,}[.!?)”’]$/s);
      expect([candidate.percent, candidate.amountOffPence].filter((value) => value !== null)).toHaveLength(1);
      expect(candidate.smallPrint).toContain(NOT_COMBINABLE);
      expect(candidate.smallPrint.join(" ")).toContain(candidate.code);
      for (const stylist of candidate.stylistSlugs)
        expect(firstNameOf(stylist), `${stylist} is on the team`).toBeDefined();

      // Opened in the console and saved untouched, an offer is unchanged.
      const row: Offer = { ...candidate, id: 1, listed: false, version: 1, picture: null };
      const saved = offerSchema.parse(offerFormValues(row));
      expect(saved).toEqual({
        title: row.title,
        summary: row.summary,
        body: row.body,
        audience: row.audience,
        code: row.code,
        stylistSlugs: row.stylistSlugs,
        startDate: row.startDate,
        endDate: row.endDate,
        smallPrint: row.smallPrint,
        image: row.image,
        listed: false,
        removePicture: false,
        smsHeadline: row.smsHeadline,
        smsLead: row.smsLead,
        percent: row.percent,
        amountOffPence: row.amountOffPence,
      });
    },
  );
});
