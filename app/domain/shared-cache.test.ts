import { describe, expect, it } from "vitest";
import { pageKind, secondsToLondonMidnight, sharedCacheControl, surrogateKeyHeaders } from "./shared-cache";

describe("what a shared cache may keep", () => {
  it.each([
    ["/", "home"],
    ["/prices/calculator", "prices"],
    ["/prices/total-by-level", "prices"],
    ["/new-prices", "prices"],
    ["/blog", "blog"],
    ["/blog/summer-colour", "blog"],
    ["/team/agnes", "content"],
    ["/reviews", "content"],
    ["/salons/kestwick", "content"],
  ])("%s is a %s page", (path, kind) => {
    expect(pageKind(path)).toBe(kind);
  });

  it("counts to London's midnight in winter (GMT) and in summer (BST)", () => {
    expect(secondsToLondonMidnight(new Date("2026-01-15T23:30:00Z"))).toBe(1800);
    // 23:30 in London is 22:30 UTC in July.
    expect(secondsToLondonMidnight(new Date("2026-07-01T22:30:00Z"))).toBe(1800);
    // The night the clocks go forward (29 March 2026, 01:00 UTC): midnight is still 00:00 UTC.
    expect(secondsToLondonMidnight(new Date("2026-03-28T23:00:00Z"))).toBe(3600);
    // The day the clocks go back (25 October 2026) is 25 hours long: its midnight is 00:00 UTC on the 26th.
    expect(secondsToLondonMidnight(new Date("2026-10-24T22:30:00Z"))).toBe(1800);
    expect(secondsToLondonMidnight(new Date("2026-10-25T00:00:00Z"))).toBe(24 * 3600);
    // Asked again for a day already asked about, at another time of it, and for the day before.
    expect(secondsToLondonMidnight(new Date("2026-10-25T23:59:59Z"))).toBe(1);
    expect(secondsToLondonMidnight(new Date("2026-10-24T12:00:00Z"))).toBe(11 * 3600);
  });

  it("keeps a page no later than London's midnight, when the day's hours and prices turn over", () => {
    expect(sharedCacheControl("prices", new Date("2026-07-01T10:00:00Z"))).toBe(
      "public, max-age=0, s-maxage=3600, stale-while-revalidate=86400",
    );
    expect(sharedCacheControl("prices", new Date("2026-07-01T22:30:00Z"))).toBe(
      "public, max-age=0, s-maxage=1800, stale-while-revalidate=86400",
    );
    expect(sharedCacheControl("home", new Date("2026-07-01T10:00:00Z"))).toBe(
      "public, max-age=0, s-maxage=300, stale-while-revalidate=86400",
    );
  });

  it("keeps a picture a year, in browsers too: a new picture is a new address", () => {
    expect(sharedCacheControl("picture", new Date("2026-07-01T22:59:59Z"))).toBe("public, max-age=31536000, immutable");
  });

  it("names every answer's key first and each table once, in both CDNs' spellings", () => {
    expect(surrogateKeyHeaders(["stylists", "salons", "stylists", "site"])).toEqual({
      "Surrogate-Key": "site salons stylists",
      "Cache-Tag": "site,salons,stylists",
    });
  });
});
