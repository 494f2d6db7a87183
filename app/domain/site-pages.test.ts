import { describe, expect, it } from "vitest";
import { STYLIST_NOTICES } from "./notices";
import { STATIC_PAGES_4B } from "./site-pages";

describe("STATIC_PAGES_4B", () => {
  it("lists every notice, and no offer page (offers are rows: the sitemap lists those that run)", () => {
    expect(STATIC_PAGES_4B.some((path) => path.startsWith("/offers/") || path.startsWith("/sms/"))).toBe(false);
    expect(STATIC_PAGES_4B).toEqual(expect.arrayContaining(STYLIST_NOTICES.map((notice) => notice.path)));
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
