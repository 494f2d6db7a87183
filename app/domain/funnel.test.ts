import { describe, expect, it } from "vitest";
import { attributionOfLanding, cleanAttribution, cleanHost, cleanUtm, describeSource, sourceOf } from "./funnel";

describe("where a visitor came from", () => {
  it("keeps a landing's UTM parameters and another site's host, never its page", () => {
    expect(
      attributionOfLanding(
        "https://maisonivy.example/prices?utm_source=Insta&utm_medium=social&utm_campaign=spring&other=1",
        "https://l.instagram.com/some/page?u=secret",
      ),
    ).toEqual({ utm_source: "Insta", utm_medium: "social", utm_campaign: "spring", ref: "l.instagram.com" });
    // Our own pages are not a source; a landing that names nothing keeps what an earlier one said.
    expect(attributionOfLanding("https://maisonivy.example/prices", "https://maisonivy.example/")).toBeNull();
    expect(attributionOfLanding("not a url", "")).toBeNull();
  });

  it("cuts campaign tags to length and drops control characters and hosts that are not host names", () => {
    expect(cleanUtm(`a\u0000b\nc${"x".repeat(200)}`)).toHaveLength(100);
    expect(cleanUtm("  spring  ")).toBe("spring");
    expect(cleanUtm(42)).toBe("");
    expect(cleanHost("WWW.Google.COM")).toBe("www.google.com");
    expect(cleanHost("https://evil.example/")).toBe("");
    expect(cleanHost("a".repeat(300))).toBe("");
    expect(cleanAttribution({ utm_source: "", utm_term: " hair ", ref: "<x>" })).toEqual({ utm_term: "hair" });
  });

  it("names the source as the database does: the campaign, else the site, else direct", () => {
    expect(sourceOf({ utm_source: "NewsLetter", ref: "www.google.com" })).toBe("newsletter");
    expect(sourceOf({ ref: "www.google.com" })).toBe("www.google.com");
    expect(sourceOf({})).toBe("direct");
    const none = { utmMedium: null, utmCampaign: null, utmContent: null, utmTerm: null };
    expect(describeSource({ ...none, utmSource: "SpringNews", utmMedium: "email", referrerHost: null })).toBe(
      "SpringNews (email)",
    );
    expect(describeSource({ ...none, utmSource: null, referrerHost: "www.google.com" })).toBe("from www.google.com");
    expect(describeSource({ ...none, utmSource: null, referrerHost: null })).toBe("Direct, or not known");
  });
});
