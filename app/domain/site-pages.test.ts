import { describe, expect, it } from "vitest";
import { STATIC_PAGES_4B } from "./site-pages";

describe("STATIC_PAGES_4B", () => {
  it("lists no offer, text-message or notice page: those are rows, listed by the sitemap while they show", () => {
    expect(STATIC_PAGES_4B.some((path) => path.startsWith("/offers/") || path.startsWith("/sms/"))).toBe(false);
    expect(STATIC_PAGES_4B).not.toContain("/reopening");
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
