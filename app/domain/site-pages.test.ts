import { describe, expect, it } from "vitest";
import { PROMOTION_PAGES } from "./site-pages";

describe("PROMOTION_PAGES", () => {
  it("lists no offer, text-message or notice page: those are rows, listed by the sitemap while they show", () => {
    expect(PROMOTION_PAGES.some((path) => path.startsWith("/offers/") || path.startsWith("/sms/"))).toBe(false);
    expect(PROMOTION_PAGES).not.toContain("/reopening");
  });

  it("holds clean, unique paths and leaves out the gift-voucher redirect", () => {
    expect(new Set(PROMOTION_PAGES).size).toBe(PROMOTION_PAGES.length);
    for (const path of PROMOTION_PAGES) expect(path).toMatch(/^\/[a-z0-9-]+(\/[a-z0-9-]+)?$/);
    expect(PROMOTION_PAGES).not.toContain("/gift-voucher");
    expect(PROMOTION_PAGES).toEqual(
      expect.arrayContaining(["/offers", "/offers-info", "/link-tree", "/links", "/your-gift"]),
    );
  });
});
