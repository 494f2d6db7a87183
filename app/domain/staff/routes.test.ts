import { describe, expect, it } from "vitest";
import { pagePathOf } from "../site-path";
import { staffScreenAt } from "./routes";

/** Every console screen with a picture field, and how many files its form takes: written out by hand. */
const UPLOAD_SCREENS: readonly [string, number][] = [
  ["/staff/content/blog/new", 1],
  ["/staff/content/blog/12", 1],
  ["/staff/content/news", 1],
  ["/staff/content/shop", 1],
  ["/staff/content/offers/new", 1],
  ["/staff/content/offers/7", 1],
  ["/staff/content/salons", 1],
  ["/staff/content/team/new", 2],
  ["/staff/content/team/3", 2],
];

describe("the console screen a request is for", () => {
  it("reads a data request as its page, and the root's as the root", () => {
    expect(pagePathOf("/staff/content/news.data")).toBe("/staff/content/news");
    expect(pagePathOf("/staff.data")).toBe("/staff");
    expect(pagePathOf("/_root.data")).toBe("/");
    expect(pagePathOf("/staff/content/news")).toBe("/staff/content/news");
    expect(pagePathOf("/blog/metadata")).toBe("/blog/metadata");
  });

  it.each(UPLOAD_SCREENS)("knows %s takes %i pictures, asked for as its page or as its data", (path, files) => {
    for (const spelling of [path, `${path}/`, `${path}.data`, path.toUpperCase(), `${path.toUpperCase()}.data`])
      expect(staffScreenAt(spelling)?.upload?.files, spelling).toBe(files);
  });

  it("gives no upload allowance to screens without a picture field, in either spelling", () => {
    for (const path of ["/staff/leads/1", "/staff/content/notices", "/staff/content/team", "/staff/sign-in", "/staff"])
      for (const spelling of [path, `${path}.data`]) expect(staffScreenAt(spelling)?.upload, spelling).toBeUndefined();
    expect(staffScreenAt("/_root.data")).toBeUndefined();
    expect(staffScreenAt("/staff/content/newsdata")).toBeUndefined();
  });

  it("knows a download by its data request too", () => {
    for (const spelling of ["/staff/export/leads", "/staff/export/leads.data", "/staff/funnel/export.data"])
      expect(staffScreenAt(spelling)?.download, spelling).toBe(true);
  });
});
