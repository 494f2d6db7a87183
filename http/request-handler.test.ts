import { afterEach, describe, expect, it, vi } from "vitest";
import { areaOf, ResponseCache } from "./request-handler";

type Entry = Parameters<ResponseCache["set"]>[1];

function entry(body: string, ttlMs = 10_000): Entry {
  return {
    expires: Date.now() + ttlMs,
    status: 200,
    headers: [],
    csp: "",
    identity: Buffer.from(body),
    encoded: {},
    ready: {},
  };
}

describe("the response cache", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps a page asked for again through a flood of addresses seen once", () => {
    const cache = new ResponseCache();
    cache.set("/", entry("home"));
    expect(cache.get("/")?.identity.toString()).toBe("home");
    for (let i = 0; i < 2_000; i++) cache.set(`/?fbclid=${i}`, entry(`tagged ${i}`));
    expect(cache.get("/")?.identity.toString()).toBe("home");
    // Only the latest of the addresses seen once are still there.
    expect(cache.get("/?fbclid=0")).toBeUndefined();
    expect(cache.get("/?fbclid=1999")?.identity.toString()).toBe("tagged 1999");
  });

  it("drops an address seen once when many others follow it", () => {
    const cache = new ResponseCache();
    cache.set("/team", entry("team"));
    for (let i = 0; i < 100; i++) cache.set(`/blog?page=${i}`, entry("blog"));
    expect(cache.get("/team")).toBeUndefined();
  });

  it("answers nothing once a page has expired, and its new render takes its place", () => {
    vi.useFakeTimers();
    const cache = new ResponseCache();
    cache.set("/", entry("old"));
    expect(cache.get("/")).toBeDefined();
    vi.advanceTimersByTime(10_001);
    expect(cache.get("/")).toBeUndefined();
    cache.set("/", entry("new"));
    // Kept in the main part at once: a flood of new addresses does not push it out.
    for (let i = 0; i < 200; i++) cache.set(`/?utm=${i}`, entry("x"));
    expect(cache.get("/")?.identity.toString()).toBe("new");
  });

  it("forgets everything when content changes", () => {
    const cache = new ResponseCache();
    cache.set("/", entry("home"));
    cache.get("/");
    cache.set("/about", entry("about"));
    cache.clear();
    expect(cache.get("/")).toBeUndefined();
    expect(cache.get("/about")).toBeUndefined();
  });
});

describe("the part of the site an address belongs to", () => {
  it("is found as React Router would match the address: in any case, percent-decoded", () => {
    for (const url of [
      "/staff",
      "/staff/quotes?page=2",
      "/STAFF/quotes",
      "/%73taff/quotes",
      "//staff/x",
      "/staff.data",
    ])
      expect(areaOf(url), url).toBe("staff");
    for (const url of ["/api/services", "/Api/services", "/api"]) expect(areaOf(url), url).toBe("api");
    for (const url of ["/", "/staffing", "/prices/calculator", "/quote/abc", "/?staff=1", "/%E0%A4%A"])
      expect(areaOf(url), url).toBe("site");
  });
});
