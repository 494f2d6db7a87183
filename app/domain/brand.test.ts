import { describe, expect, it } from "vitest";
import { salons } from "~/server/seed/content";
import { anyPlace, brandFacts, DEFAULT_BRAND, everyPlace, founding, groupLine, sentence } from "./brand";

describe("the brand's description of itself", () => {
  it("counts the seeded group as two salons and one academy, open 24 years in November 2026", () => {
    const facts = brandFacts(salons, new Date(2026, 10, 23));
    expect(facts).toEqual({ salons: 2, academies: 1, years: 24, founded: "2002-11-01" });
    expect(sentence(groupLine(facts))).toBe("Two salons and a training academy");
    expect(everyPlace(facts)).toBe("both our salons and the academy");
    expect(anyPlace(facts)).toBe("either of our salons or the academy");
  });

  it("turns a year older on the founding anniversary, not before", () => {
    expect(brandFacts(salons, new Date(2027, 9, 31)).years).toBe(24);
    expect(brandFacts(salons, new Date(2027, 10, 1)).years).toBe(25);
  });

  it("follows the salons as they are kept", () => {
    expect(groupLine({ salons: 3, academies: 0, years: 1, founded: "2002-11-01" })).toBe("three salons");
    expect(everyPlace({ salons: 1, academies: 1, years: 1, founded: "2002-11-01" })).toBe("our salon and the academy");
    expect(groupLine({ salons: 1, academies: 2, years: 1, founded: "2002-11-01" })).toBe(
      "one salon and two training academies",
    );
    expect(anyPlace({ salons: 3, academies: 0, years: 1, founded: "2002-11-01" })).toBe("any of our three salons");
    expect(anyPlace({ salons: 1, academies: 1, years: 1, founded: "2002-11-01" })).toBe("our salon or the academy");
  });

  it("counts the years from the founding day staff keep, and uses their line when they wrote one", () => {
    expect(DEFAULT_BRAND).toEqual({ founded: "2002-11-01", groupLine: "" });
    const facts = brandFacts(salons, new Date(2026, 10, 23), {
      founded: "1998-03-14",
      groupLine: "three salons, a barbershop and a training academy",
    });
    expect(facts.years).toBe(28);
    expect(founding(facts)).toEqual({ day: "14 March 1998", month: "March 1998", dayOfYear: "14 March", year: "1998" });
    expect(groupLine(facts)).toBe("three salons, a barbershop and a training academy");
    // The counts stay the salons' own: "both our salons" still says where one application covers.
    expect(everyPlace(facts)).toBe("both our salons and the academy");
  });
});
