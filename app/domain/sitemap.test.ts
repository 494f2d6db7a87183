import { describe, expect, it } from "vitest";
import { isOfferPage, robotsTxt, sitemapEntries, sitemapXml } from "./sitemap";

const ORIGIN = "https://maisonivy.example";
const content = {
  posts: [
    { slug: "older", publishedAt: "2025-03-14" },
    { slug: "newer", publishedAt: "2026-11-10" },
  ],
  team: [
    { slug: "isla", instagram: "https://www.instagram.com/isla/" },
    { slug: "rosa", instagram: null },
  ],
  news: [{ slug: "late-evenings" }],
  notices: [{ path: "/agnes-leaving" }, { path: "/reopening" }],
  runningOffers: [
    { slug: "general", sms: false },
    { slug: "theo", sms: true },
  ],
  hideOffers: false,
};

describe("sitemapEntries", () => {
  const paths = sitemapEntries(content).map((e) => e.path);

  it("lists the static pages of the route table", () => {
    for (const path of [
      "/",
      "/about-info",
      "/team-info",
      "/blog-info",
      "/reviews/all",
      "/contact-info",
      "/offers",
      "/refer-a-friend",
      "/online-shop",
      "/prices",
      "/bookings",
    ]) {
      expect(paths).toContain(path);
    }
  });

  it("lists each salon's own page", () => {
    expect(paths).toEqual(expect.arrayContaining(["/salons/wrenbridge", "/salons/kestwick", "/salons/academy"]));
  });

  it("lists every post, news item, team member, offer, text campaign and notice", () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        "/news/late-evenings",
        "/blog/older",
        "/blog/newer",
        "/team/isla",
        "/team/rosa",
        "/reviews/isla",
        "/prices/rosa",
      ]),
    );
    expect(paths).toEqual(expect.arrayContaining(["/offers/general", "/offers/theo", "/sms/theo"]));
    expect(paths).not.toContain("/sms/general");
    for (const notice of content.notices) expect(paths).toContain(notice.path);
  });

  it("leaves out every offer page while the offers are hidden, and nothing else", () => {
    const hidden = sitemapEntries({ ...content, hideOffers: true }).map((e) => e.path);
    for (const path of ["/offers", "/offers-info"]) expect(hidden).not.toContain(path);
    expect(hidden.some((p) => p.startsWith("/offers/") || p.startsWith("/sms/"))).toBe(false);
    expect(paths.filter(isOfferPage).length).toBe(5);
    expect(hidden).toEqual(paths.filter((p) => !isOfferPage(p)));
    for (const path of ["/", "/refer-a-friend", "/news/late-evenings", "/prices"]) expect(hidden).toContain(path);
  });

  it("has a static profile page only for stylists with an Instagram profile", () => {
    expect(paths).toContain("/team/isla-profile");
    expect(paths).not.toContain("/team/rosa-profile");
  });

  it("leaves out redirects and private pages, and lists nothing twice", () => {
    for (const path of ["/details", "/gift-voucher", "/prices/finish"]) expect(paths).not.toContain(path);
    expect(paths.some((p) => p.startsWith("/quote/") || p.startsWith("/api/"))).toBe(false);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("dates posts, and the blog pages by the newest post", () => {
    const entries = sitemapEntries(content);
    expect(entries.find((e) => e.path === "/blog/older")?.lastModified).toBe("2025-03-14");
    expect(entries.find((e) => e.path === "/blog-info")?.lastModified).toBe("2026-11-10");
  });
});

describe("sitemapXml", () => {
  it("writes absolute, escaped URLs in a sitemaps.org urlset", () => {
    const xml = sitemapXml([{ path: "/" }, { path: "/a?b=1&c=<2>", lastModified: "2026-11-10" }], ORIGIN);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml).toContain(`<url><loc>${ORIGIN}/</loc></url>`);
    expect(xml).toContain(`<loc>${ORIGIN}/a?b=1&amp;c=%3C2%3E</loc><lastmod>2026-11-10</lastmod>`);
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });
});

describe("robotsTxt", () => {
  it("allows the site, keeps crawlers out of the API, quotes, the quote form and unsubscribe links, and names the sitemap", () => {
    const lines = robotsTxt(ORIGIN).split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Allow: /",
        "Disallow: /api/",
        "Disallow: /quote/",
        "Disallow: /prices/finish",
        "Disallow: /unsubscribe/",
        `Sitemap: ${ORIGIN}/sitemap.xml`,
      ]),
    );
  });
});

describe("sitemapEntries for lists longer than a page", () => {
  const posts = Array.from({ length: 25 }, (_, i) => ({ slug: `post-${i}`, publishedAt: "2026-01-01" }));
  const paths = sitemapEntries({ ...content, posts, reviewCount: 101 }).map((e) => e.path);

  it("lists each later page of the blog and of all reviews once, and no page past the end", () => {
    expect(paths.filter((p) => p.startsWith("/blog-info"))).toEqual([
      "/blog-info",
      "/blog-info?page=2",
      "/blog-info?page=3",
    ]);
    expect(paths.filter((p) => p.startsWith("/reviews/all"))).toEqual([
      "/reviews/all",
      "/reviews/all?page=2",
      "/reviews/all?page=3",
    ]);
  });

  it("leaves a stylist's reviews at their first page", () => {
    expect(paths.filter((p) => p.startsWith("/reviews/isla"))).toEqual(["/reviews/isla"]);
  });
});
