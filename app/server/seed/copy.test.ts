/**
 * The demo's words agree with each other and with the pages: the group is
 * two salons and an academy (counted from the salons, never written as a
 * number that disagrees), and it began the one way the brand's story says.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { beginnings, brandFacts, FOUNDING_STORY, groupLine } from "~/domain/brand";
import { blogPosts, newsItems, reviews, salons, stylists } from "./content";
import { seedNotices } from "./notices";
import { seedOffers } from "./offers";

/** Counts of salons or chairs that would contradict the group's own: "three salons", "a single chair". */
const CONTRADICTIONS = /\b(?:3|three|four|a single|single)\s+(?:salons?|chairs?)\b/gi;

/** Every .ts and .tsx file under `dir`, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("the demo's copy", () => {
  it("counts the group from the salons: two salons and a training academy", () => {
    expect(groupLine(brandFacts(salons, new Date()))).toBe("two salons and a training academy");
  });

  it("never says another number of salons, or another way it began, in posts, news, notices, offers or reviews", () => {
    const text = JSON.stringify([blogPosts, newsItems, seedNotices, seedOffers, reviews, stylists]);
    const found = [...text.matchAll(CONTRADICTIONS)].map((m) => m[0]);
    // The founding story's own words are the one count of chairs allowed.
    expect(found.filter((phrase) => phrase !== FOUNDING_STORY.beganWith)).toEqual([]);
  });

  it("tells one founding story on every page that tells it: the brand's, written nowhere else", () => {
    const app = path.resolve(__dirname, "../..");
    const brand = path.join(app, "domain", "brand.ts");
    const offending = sources(app)
      .filter((file) => file !== brand)
      .flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(CONTRADICTIONS)].map((m) => `${path.relative(app, file)}: ${m[0]}`),
      );
    expect(offending).toEqual([]);
    expect(beginnings()).toBe("three chairs above the florist on Market Row");
  });
});
