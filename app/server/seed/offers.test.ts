import { describe, expect, it } from "vitest";
import { discountLabel, NOT_COMBINABLE, type Offer, offerFormValues, offerSchema } from "~/domain/offers";
import { stylists } from "./content";
import { demoSharedEndDate, nextWindow, type SeedOffer, seedOffers, seedOffersOn } from "./offers";

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

  it("SK25: 25% for clients new to either stylist, from a fortnight before the first start to eight weeks after", () => {
    const [joint] = seedOffersOn(new Date(2026, 10, 26, 21, 0)).filter((o) => o.slug === "nadia-and-freya");
    expect(joint).toMatchObject({ code: "SK25", percent: 25, startDate: "2026-11-12", endDate: "2027-01-21" });
    expect(joint?.smallPrint).toContain("Valid until 21.01.2027.");
    // The page says clients new to either stylist qualify "even if you already know our salon": the small print agrees.
    expect(joint?.body.join(" ")).toContain("If you're new to either of them, even if you already know our salon");
    expect(joint?.smallPrint[0]).toBe(
      "For clients who have not had an appointment with Nadia or with Freya before, even if you know our salons.",
    );
    expect(joint?.smallPrint.join(" ")).not.toMatch(/haven't visited any Maison Ivy salon/);
  });

  it("campaigns tied to months get their next window on the calendar, the running one included", () => {
    const dated = (on: Date, slug: string) => {
      const found = seedOffersOn(on).find((o) => o.slug === slug);
      return found && [found.startDate, found.endDate];
    };
    const november = new Date(2026, 10, 26);
    expect(dated(november, "newyear")).toEqual(["2027-01-01", "2027-02-28"]);
    expect(dated(november, "spring")).toEqual(["2027-03-01", "2027-04-30"]);
    expect(dated(november, "theo-and-priya")).toEqual(["2027-07-01", "2027-07-31"]);
    expect(dated(november, "general-november")).toEqual(["2026-11-01", "2026-11-30"]);
    expect(
      seedOffersOn(november)
        .find((o) => o.slug === "general-november")
        ?.smallPrint.join(" "),
    ).toContain("November 2026");
    expect(dated(new Date(2028, 1, 29, 23, 59), "newyear")).toEqual(["2028-01-01", "2028-02-29"]);
    expect(dated(new Date(2028, 2, 1), "newyear")).toEqual(["2029-01-01", "2029-02-28"]);
    expect(nextWindow(new Date(2026, 6, 31), 7, 7)).toEqual({ startDate: "2026-07-01", endDate: "2026-07-31" });
  });

  it("the shared end date of a new install is the end of the month six months on", () => {
    expect(demoSharedEndDate(new Date(2026, 10, 26))).toBe("2027-05-31");
    expect(demoSharedEndDate(new Date(2026, 7, 31))).toBe("2027-02-28");
  });

  it("small print names the places the group has, never a count that disagrees", () => {
    for (const o of seedOffers) expect(o.smallPrint.join(" ")).not.toMatch(/\b(3|three) salons\b/);
    expect(offer("welcome-back").smallPrint).toContain(
      "Your next visit only, with any stylist at either of our salons or the academy.",
    );
  });

  it("seasonal offers are £20 off a haircut with colour, for new clients", () => {
    for (const slug of ["newyear", "spring"]) {
      expect(offer(slug)).toMatchObject({ amountOffPence: 2000, percent: null, audience: "new" });
      expect(discountLabel(offer(slug))).toBe("£20 off");
    }
  });

  it("the level price page's table prices a typical cut & colour at five levels, 25% off to the penny", () => {
    // Roots colour 3300 + 1880 product and a cut & blow-dry 4950, each line to the whole pound, by hand:
    // Advanced Senior: 3300 × 1.253 = 4134.9 + 1880 = £60, 4950 × 1.253 = 6202.35 = £62; £122, 75% = £91.50.
    // Senior: 3706.56 + 1880 = £56, 5559.84 = £56. Advanced: 3506.58 + 1880 = £54, 5259.87 = £53.
    // Stylist: 5180 = £52, 4950 = £50. Graduate: 2033.46 + 1880 = £39, 3050.19 = £31.
    expect(
      offer("new-clients").levelPrices?.map(({ level, beforePence, afterPence }) => [level, beforePence, afterPence]),
    ).toEqual([
      ["Advanced Senior", 12200, 9150],
      ["Senior Stylist", 11200, 8400],
      ["Advanced Stylist", 10700, 8025],
      ["Stylist", 10200, 7650],
      ["Graduate Stylist", 7000, 5250],
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
