/**
 * The public pages' frame, rendered once per content (site-frame.server.tsx):
 * the navigation marks the page being shown however many pages share a
 * rendering, and the frame follows every change of what it shows, with each
 * visitor-facing text escaped as React escapes it.
 */
import { describe, expect, it, vi } from "vitest";
import { openingDays } from "~/domain/salon-info";
import { SEED_OPENING_HOURS } from "~/server/seed/content";
import { type FrameContent, siteFrame } from "./site-frame.server";

// The islands' built scripts, which the build names (vite/page-script.ts): the frame's menus load none of their own.
vi.mock("virtual:page-script", () => ({ default: {} }));

const content: FrameContent = {
  hideOffers: false,
  bookingUrl: "https://booking.example/maison-ivy",
  places: "Harrogate and Knaresborough",
  salons: [
    {
      id: 1,
      name: "Maison Ivy Harrogate",
      address: "12 Parliament Street",
      town: "Harrogate",
      postcode: "HG1 2QU",
      telephone: "01423 555010",
    },
    {
      id: 2,
      name: "Maison Ivy Knaresborough",
      address: "4 Market Place",
      town: "Knaresborough",
      postcode: "HG5 8AG",
      telephone: "01423 555020",
    },
  ],
  hours: openingDays(SEED_OPENING_HOURS),
  groupLine: "Two salons and a training academy in North Yorkshire",
};

/** The HTML without the comments React puts between neighbouring pieces of text. */
const joined = (html: string) => html.replaceAll("<!-- -->", "");

/** The links the navigation marks as the page being shown, by their text. */
const current = (html: string) =>
  [...html.matchAll(/<a href="([^"]*)" aria-current="page"[^>]*>([^<]*)</g)].map(([, href, text]) => `${href} ${text}`);

describe("the public pages' frame", () => {
  it("marks the page being shown, and the pages below a link's, in both menus", () => {
    expect(current(siteFrame(content, "/blog").nav)).toEqual(["/blog Blog", "/blog Blog"]);
    expect(current(siteFrame(content, "/blog/balayage-or-highlights").nav)).toEqual(["/blog Blog", "/blog Blog"]);
    expect(current(siteFrame(content, "/Team/").nav)).toEqual(["/team Team", "/team Team"]);
    expect(current(siteFrame(content, "/contact").nav)).toEqual(["/contact Contact Us", "/contact Contact Us"]);
    // Home only on the home page itself; a page no link leads to marks none.
    expect(current(siteFrame(content, "/").nav)).toEqual(["/ Home", "/ Home"]);
    expect(current(siteFrame(content, "/about").nav)).toEqual(["/about About", "/about About"]);
    expect(current(siteFrame(content, "/q/8f3kQ2xY7pLm4nRt").nav)).toEqual([]);
  });

  it("follows the content: a salon renamed or moved, offers hidden, the brand's line, a new year", () => {
    const before = siteFrame(content, "/team", new Date("2026-12-02T10:00:00Z"));
    expect(before.footer).toContain("Maison Ivy Knaresborough");
    expect(joined(before.footer)).toContain(
      "© 2026 Maison Ivy Hair: Two salons and a training academy in North Yorkshire.",
    );
    expect(before.nav).toContain('href="/offers"');

    const salons = content.salons.map((salon) =>
      salon.id === 2 ? { ...salon, name: "Maison Ivy Łódź & Zoë's", telephone: "01423 555099" } : salon,
    );
    const after = siteFrame(
      { ...content, salons, hideOffers: true, groupLine: "Salons in Harrogate, Knaresborough and Ripon" },
      "/team",
      new Date("2027-01-01T00:30:00Z"),
    );
    expect(after.footer).not.toContain("Maison Ivy Knaresborough<");
    expect(after.footer).toContain("Maison Ivy Łódź &amp; Zoë&#x27;s");
    expect(after.footer).toContain('href="tel:01423555099"');
    expect(joined(after.footer)).toContain("© 2027 Maison Ivy Hair: Salons in Harrogate, Knaresborough and Ripon.");
    expect(after.nav).not.toContain('href="/offers"');
    // What was asked for before is still served as it was for that content.
    expect(siteFrame(content, "/team", new Date("2026-12-02T10:00:00Z"))).toEqual(before);
  });

  it("leaves the opening hours out of the footer of a page that shows them itself", () => {
    const frame = siteFrame(content, "/contact");
    expect(frame.footer).toContain("Opening hours");
    expect(frame.footer).toContain("8:30am");
    expect(frame.footerWithoutHours).not.toContain("Opening hours");
    expect(frame.footerWithoutHours).toContain("01423 555010");
  });

  it("escapes what staff typed: markup in a salon's name or the brand's line is text", () => {
    const frame = siteFrame(
      {
        ...content,
        places: '<img src=x onerror="alert(1)">',
        salons: [{ ...content.salons[0], name: "</footer><script>alert(1)</script>" } as FrameContent["salons"][0]],
        groupLine: "<b>bold</b>",
      },
      "/",
    );
    expect(frame.footer).not.toContain("<script>");
    expect(frame.footer).toContain("&lt;/footer&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(frame.footer).toContain("&lt;b&gt;bold&lt;/b&gt;");
    expect(frame.nav).not.toContain("<img");
  });
});
