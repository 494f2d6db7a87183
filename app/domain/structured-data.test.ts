import { describe, expect, it } from "vitest";
import { SEED_OPENING_HOURS } from "~/server/seed/content";
import { openingDays } from "./salon-info";
import {
  blogPostingJsonLd,
  hairSalonJsonLd,
  internationalUkTelephone,
  jsonLdText,
  openingHoursSpecification,
  type SalonFacts,
} from "./structured-data";

const ORIGIN = "https://maisonivy.example";

const wrenbridge: SalonFacts = {
  id: 1,
  name: "Maison Ivy Wrenbridge",
  address: "14 Market Row",
  town: "Wrenbridge",
  postcode: "WB1 2MR",
  telephone: "01632 960214",
  image: "/images/salons/wrenbridge.svg",
  logo: "/images/salons/wrenbridge-logo.svg",
  websiteUrl: null,
  openingHours: SEED_OPENING_HOURS,
};

describe("openingHoursSpecification", () => {
  const byDay = Object.fromEntries(
    openingHoursSpecification(openingDays(SEED_OPENING_HOURS)).map((s) => [
      s.dayOfWeek.replace("https://schema.org/", ""),
      s,
    ]),
  );

  it.each([
    { day: "Monday", opens: "00:00", closes: "00:00" },
    { day: "Tuesday", opens: "09:00", closes: "17:00" },
    { day: "Wednesday", opens: "11:00", closes: "20:00" },
    { day: "Thursday", opens: "11:00", closes: "20:00" },
    { day: "Friday", opens: "09:00", closes: "17:00" },
    { day: "Saturday", opens: "08:30", closes: "16:30" },
    { day: "Sunday", opens: "00:00", closes: "00:00" },
  ])("$day: $opens–$closes (00:00–00:00 is closed)", ({ day, opens, closes }) => {
    expect(byDay[day]).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: `https://schema.org/${day}`,
      opens,
      closes,
    });
  });

  it("covers each day of the week once", () => {
    expect(Object.keys(byDay)).toHaveLength(7);
  });
});

describe("hairSalonJsonLd", () => {
  it("describes the salon with a postal address, telephone and absolute URLs", () => {
    const ld = hairSalonJsonLd(wrenbridge, ORIGIN);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "HairSalon",
      name: "Maison Ivy Wrenbridge",
      url: `${ORIGIN}/`,
      image: `${ORIGIN}/images/salons/wrenbridge.svg`,
      logo: `${ORIGIN}/images/salons/wrenbridge-logo.svg`,
      telephone: "+44 1632 960214",
      priceRange: "££",
      address: {
        "@type": "PostalAddress",
        streetAddress: "14 Market Row",
        addressLocality: "Wrenbridge",
        postalCode: "WB1 2MR",
        addressCountry: "GB",
      },
    });
    expect(ld.openingHoursSpecification).toEqual(openingHoursSpecification(openingDays(SEED_OPENING_HOURS)));
    expect(ld.sameAs).toContain("https://www.instagram.com/maisonivyhair");
  });

  it("points a sister salon at its own site and gives each salon its own @id", () => {
    const kestwick = {
      ...wrenbridge,
      id: 2,
      name: "Maison Ivy Kestwick",
      websiteUrl: "https://kestwick.maisonivy.example",
    };
    const ld = hairSalonJsonLd(kestwick, ORIGIN);
    expect(ld.url).toBe("https://kestwick.maisonivy.example");
    expect(ld).not.toHaveProperty("sameAs");
    expect(ld["@id"]).not.toBe(hairSalonJsonLd(wrenbridge, ORIGIN)["@id"]);
  });
});

describe("internationalUkTelephone", () => {
  it.each([
    ["01632 960214", "+44 1632 960214"],
    ["  01632 960587 ", "+44 1632 960587"],
    ["+44 1632 960730", "+44 1632 960730"],
    ["999", "999"],
  ])("%j → %j", (input, expected) => {
    expect(internationalUkTelephone(input)).toBe(expected);
  });
});

describe("blogPostingJsonLd", () => {
  it("describes the post with headline, dates, author, image and publisher", () => {
    const ld = blogPostingJsonLd(
      {
        slug: "your-skin-test-explained",
        title: "Your skin test, explained",
        image: "/images/blog/your-skin-test-explained.svg",
        author: "Elodie Fenwick",
        publishedAt: "2026-05-06",
        description: "Before any colour service…",
      },
      ORIGIN,
    );
    expect(ld).toMatchObject({
      "@type": "BlogPosting",
      headline: "Your skin test, explained",
      url: `${ORIGIN}/blog/your-skin-test-explained`,
      mainEntityOfPage: `${ORIGIN}/blog/your-skin-test-explained`,
      image: `${ORIGIN}/images/blog/your-skin-test-explained.svg`,
      datePublished: "2026-05-06",
      description: "Before any colour service…",
      author: { "@type": "Person", name: "Elodie Fenwick" },
      publisher: { "@type": "Organization", name: "Maison Ivy" },
    });
  });
});

describe("jsonLdText", () => {
  it("cannot close its script element or open a comment", () => {
    const text = jsonLdText({ headline: "</script><script>alert(1)</script><!--" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ headline: "</script><script>alert(1)</script><!--" });
  });

  it("is plain JSON otherwise", () => {
    expect(jsonLdText({ a: 1, b: "£20 & more" })).toBe('{"a":1,"b":"£20 & more"}');
  });
});
