import { describe, expect, it } from "vitest";
import { OFFERS, SMS_CAMPAIGNS } from "./offers";
import { STATIC_PAGES_4B } from "./site-pages";

describe("STATIC_PAGES_4B", () => {
  it("lists every offer page, flagged or not, and every SMS campaign", () => {
    expect(STATIC_PAGES_4B).toEqual(expect.arrayContaining(OFFERS.map((offer) => `/offers/${offer.slug}`)));
    expect(STATIC_PAGES_4B).toEqual(expect.arrayContaining(SMS_CAMPAIGNS.map((campaign) => `/sms/${campaign.slug}`)));
  });

  it("holds clean, unique paths and leaves out the gift-voucher redirect", () => {
    expect(new Set(STATIC_PAGES_4B).size).toBe(STATIC_PAGES_4B.length);
    for (const path of STATIC_PAGES_4B) expect(path).toMatch(/^\/[a-z0-9-]+(\/[a-z0-9-]+)?$/);
    expect(STATIC_PAGES_4B).not.toContain("/gift-voucher");
    expect(STATIC_PAGES_4B).toEqual(
      expect.arrayContaining(["/offers", "/offers-info", "/link-tree", "/links", "/your-gift"]),
    );
  });
});
