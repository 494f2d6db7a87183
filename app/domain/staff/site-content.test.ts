import { describe, expect, it } from "vitest";
import { isPostPublic, postState } from "../blog";
import { fromLondonLocal, londonLocal } from "../salon-time";
import {
  blogPostSchema,
  brandFoundedSchema,
  brandLineSchema,
  newsItemSchema,
  noticeSchema,
  noticeShows,
  paragraphsOf,
  shopTileSchema,
} from "./site-content";

const post = {
  title: "Winter colour care",
  slug: "winter-colour-care",
  author: "Camille Ashdown",
  image: "/images/blog/keeping-your-blonde-bright.svg",
  markdown: "## Gloss\n\nEvery six weeks.",
  status: "published",
  publishAt: "2026-11-24T09:30",
};

describe("a blog post's form", () => {
  it("reads the publishing time as London's wall clock", () => {
    const parsed = blogPostSchema.parse(post);
    expect(parsed.publishAt?.toISOString()).toBe("2026-11-24T09:30:00.000Z");
    const summer = blogPostSchema.parse({ ...post, publishAt: "2026-07-01T09:30" });
    expect(summer.publishAt?.toISOString()).toBe("2026-07-01T08:30:00.000Z");
    expect(blogPostSchema.parse({ ...post, publishAt: "" }).publishAt).toBeNull();
  });

  it("refuses a bad address, a picture from elsewhere, an unknown state and a time that is not one", () => {
    const result = blogPostSchema.safeParse({
      ...post,
      slug: "Winter Colour!",
      image: "https://evil.example/x.png",
      status: "live",
      publishAt: "2026-02-30T09:00",
    });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(expect.arrayContaining(["slug", "image", "status", "publishAt"]));
  });
});

describe("a post's state", () => {
  const at = new Date("2026-11-23T12:00:00Z");
  it("is draft, scheduled until its time, then published", () => {
    expect(postState({ status: "draft", publishAt: null }, at)).toBe("draft");
    expect(postState({ status: "published", publishAt: new Date("2026-11-24T09:00:00Z") }, at)).toBe("scheduled");
    expect(postState({ status: "published", publishAt: "2026-11-23T11:59:00Z" }, at)).toBe("published");
    expect(isPostPublic({ status: "published", publishAt: null }, at)).toBe(true);
    expect(isPostPublic({ status: "draft", publishAt: "2020-01-01T00:00:00Z" }, at)).toBe(false);
  });
});

describe("London's clock", () => {
  it("goes both ways across the clock changes", () => {
    expect(londonLocal(new Date("2026-07-01T08:30:00Z"))).toBe("2026-07-01T09:30");
    expect(fromLondonLocal("2026-10-25T01:30")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(fromLondonLocal("2026-03-29T01:30")?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(fromLondonLocal("not a time")).toBeNull();
  });
});

describe("news, shop and notice forms", () => {
  it("keep a news item's fields and refuse a taken-looking address shape", () => {
    const item = {
      title: "Late nights",
      slug: "late-nights",
      image: "/images/news/late-evenings.svg",
      alt: "A chair",
      body: "Open till nine.",
    };
    // An unticked box is absent from the form: the photo stays.
    expect(newsItemSchema.parse(item)).toEqual({ ...item, removePicture: false });
    expect(newsItemSchema.parse({ ...item, removePicture: "on" }).removePicture).toBe(true);
    expect(newsItemSchema.safeParse({ ...item, slug: "-late" }).success).toBe(false);
  });

  it("refuse a shop tile leading to a plain http address", () => {
    const tile = {
      image: "/images/shop/brands/oriel.svg",
      brand: "Oriel",
      title: "Gloss",
      description: "Shine.",
      url: "http://shop.example",
    };
    expect(shopTileSchema.safeParse(tile).success).toBe(false);
    expect(shopTileSchema.safeParse({ ...tile, url: "https://shop.example" }).success).toBe(true);
  });

  it("read a notice's lists, offer and dates, and refuse an offer without its discount or dates out of order", () => {
    const notice = noticeSchema.parse({
      title: "Farewell",
      body: "One.\n\nTwo.",
      alternativeStylists: "Isla, priya",
      offerCode: "ag30",
      offerPercent: "30%",
      offerText: "30% off",
      publishFrom: "",
      publishUntil: "2026-12-31",
    });
    expect(notice).toMatchObject({
      alternativeStylists: ["isla", "priya"],
      offerCode: "AG30",
      offerPercent: 30,
      publishFrom: null,
      publishUntil: "2026-12-31",
    });
    const noDiscount = noticeSchema.safeParse({ title: "x", body: "y", offerCode: "AG30", offerText: "off" });
    expect(noDiscount.error?.issues[0]?.path).toEqual(["offerPercent"]);
    const backwards = noticeSchema.safeParse({
      title: "x",
      body: "y",
      publishFrom: "2026-12-02",
      publishUntil: "2026-12-01",
    });
    expect(backwards.error?.issues[0]?.path).toEqual(["publishUntil"]);
  });

  it("shows a notice between its days, both included", () => {
    const window = { publishFrom: "2026-11-01", publishUntil: "2026-11-30" };
    expect(noticeShows(window, "2026-11-01")).toBe(true);
    expect(noticeShows(window, "2026-11-30")).toBe(true);
    expect(noticeShows(window, "2026-12-01")).toBe(false);
    expect(noticeShows({ publishFrom: null, publishUntil: null }, "1999-01-01")).toBe(true);
  });

  it("splits text into paragraphs at blank lines", () => {
    expect(paragraphsOf("One\nline.\n\n\nTwo.\r\n\r\n  ")).toEqual(["One line.", "Two."]);
  });
});

describe("the brand screen's forms", () => {
  it("takes a founding day and a line, empty meaning counted from the salons", () => {
    expect(brandFoundedSchema.parse({ founded: " 1998-03-14 " })).toEqual({ founded: "1998-03-14" });
    expect(brandLineSchema.parse({ groupLine: "  three salons and an academy " })).toEqual({
      groupLine: "three salons and an academy",
    });
    expect(brandLineSchema.parse({ groupLine: "" })).toEqual({ groupLine: "" });
    expect(brandLineSchema.parse({})).toEqual({ groupLine: "" });
  });

  it("refuses a day the calendar lacks and a line too long to read", () => {
    expect(brandFoundedSchema.safeParse({ founded: "1998-02-30" }).success).toBe(false);
    expect(brandFoundedSchema.safeParse({ founded: "" }).success).toBe(false);
    expect(brandLineSchema.safeParse({ groupLine: "x".repeat(121) }).success).toBe(false);
  });

  it("takes the remove-cover box of the post form", () => {
    expect(blogPostSchema.parse({ ...post, removeCover: "on" }).removeCover).toBe(true);
    expect(blogPostSchema.parse(post).removeCover).toBe(false);
  });
});
