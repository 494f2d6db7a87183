/**
 * Each salon's own page (/salons/{slug}): what it says, today's hours marked
 * by the site's clock in UK time, its structured data, how it fits a phone,
 * the helpful 404, and the sitemap and contact page leading to it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { salons as seedSalons, stylists as seedStylists } from "../../app/server/seed/content";
import { freePort, type SiteProcess, startSiteProcess } from "./delivery-harness";
import { expectAccessible, expectOneH1, trackConsoleErrors } from "./helpers";
import { setSiteClock } from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 90_000 });

/** Written out, not read from the code under test. */
const PAGES = [
  { slug: "wrenbridge", name: "Maison Ivy Wrenbridge", tel: "tel:01632960214", notices: ["We're back!"] },
  { slug: "kestwick", name: "Maison Ivy Kestwick", tel: "tel:01632960587", notices: ["We're back!"] },
  { slug: "academy", name: "The Ivy Academy", tel: "tel:01632960730", notices: ["We're back!"] },
] as const;

let site: SiteProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "salon-pages-"));
  site = await startSiteProcess(await freePort(), { DATA_DIR: dataDir, TEST_CLOCK: "on" }, 120_000);
});

test.afterAll(async () => {
  await site?.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

/** The JSON-LD blocks of the page, parsed. */
async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

for (const expected of PAGES) {
  test(`/salons/${expected.slug} gives the salon's details, today's hours (UK time), team, map and booking`, async ({
    page,
  }, testInfo) => {
    // 23:30 on Tuesday 2 July 2030 in UTC is 00:30 on Wednesday in London (BST): Wednesday is today.
    await setSiteClock(site, new Date("2030-07-02T23:30:00Z"));
    const errors = trackConsoleErrors(page);
    const seed = seedSalons.find((s) => s.name === expected.name)!;
    const response = await page.goto(`${site.url}/salons/${expected.slug}`);
    expect(response?.status()).toBe(200);
    // Cacheable like the contact page: neither says private or no-store.
    const contact = await fetch(`${site.url}/contact-info`);
    expect(response?.headers()["cache-control"]).toBe(contact.headers.get("cache-control") ?? undefined);
    expect(response?.headers()["cache-control"] ?? "").not.toMatch(/private|no-store/);

    await expectOneH1(page);
    await expect(page.locator("h1")).toHaveText(expected.name);
    await expect(page).toHaveTitle(new RegExp(`^${expected.name}, ${seed.town}`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", new RegExp(seed.address));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${site.url}/salons/${expected.slug}`);
    const main = page.locator("main");
    await expect(main.locator("address").first()).toContainText(seed.address);
    await expect(main.locator("address").first()).toContainText(seed.postcode);
    await expect(main.locator(`a[href="${expected.tel}"]`)).toContainText(seed.telephone);
    await expect(main.getByRole("link", { name: `Book online at ${expected.name}` })).toHaveAttribute(
      "href",
      seed.bookingUrl,
    );
    const map = main.getByRole("link", { name: /Open in maps/ });
    await expect(map).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(decodeURIComponent((await map.getAttribute("href")) ?? "")).toContain(`${seed.address}, ${seed.town}`);
    await expect(page.locator("iframe")).toHaveCount(0);

    // Today, and only today, is marked: Wednesday, 11am to 8pm as seeded.
    const today = main.locator("[data-today]");
    await expect(today).toHaveCount(1);
    await expect(today).toContainText("Wednesday");
    await expect(today).toContainText("(today)");
    await expect(today).toContainText("11am – 8pm");

    // The team: every seeded stylist of this salon, linking to their page, and nobody else's.
    const team = main.getByRole("region", { name: `The team at ${seed.shortName}` });
    const ours = seedStylists.filter((s) => s.salonId === seed.id);
    for (const s of ours)
      await expect(team.getByRole("link", { name: `${s.firstName} ${s.lastName}` })).toHaveAttribute(
        "href",
        `/team/${s.slug}`,
      );
    await expect(team.getByRole("link")).toHaveCount(ours.length);

    // Its opening notice (the seeded reopening names no salon, so it is every salon's), not stylists' news.
    const news = main.getByRole("region", { name: "Opening news" });
    await expect(news.getByRole("link")).toHaveText([...expected.notices]);
    await expect(news.getByRole("link", { name: "We're back!" })).toHaveAttribute("href", "/reopening");
    await expect(main).not.toContainText("Oscar is moving");

    // The structured data names this salon, its address and its week.
    const salonData = (await structuredData(page)).filter((d) => d["@type"] === "HairSalon");
    expect(salonData).toHaveLength(1);
    const ld = salonData[0] as {
      name: string;
      address: { streetAddress: string; postalCode: string };
      openingHoursSpecification: { dayOfWeek: string; opens: string; closes: string }[];
    };
    expect(ld.name).toBe(expected.name);
    expect(ld.address.streetAddress).toBe(seed.address);
    expect(ld.address.postalCode).toBe(seed.postcode);
    expect(ld.openingHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: "https://schema.org/Wednesday",
      opens: "11:00",
      closes: "20:00",
    });

    await expectAccessible(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`${expected.slug}-360.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
    expect(errors).toEqual([]);
  });
}

test("a Monday in London marks Monday, closed", async ({ page }) => {
  // 23:30 on Sunday 13 January 2030 in UTC is 23:30 in London (GMT): still Sunday; an hour on, Monday.
  await setSiteClock(site, new Date("2030-01-13T23:30:00Z"));
  await page.goto(`${site.url}/salons/kestwick`);
  await expect(page.locator("main [data-today]")).toContainText("Sunday");
  await setSiteClock(site, new Date("2030-01-14T00:30:00Z"));
  await page.goto(`${site.url}/salons/kestwick`);
  await expect(page.locator("main [data-today]")).toContainText("Monday");
  await expect(page.locator("main [data-today]")).toContainText("Closed");
});

test("an unknown salon is a helpful 404", async ({ page }) => {
  for (const slug of ["nowhere", "constructor", "Kestwick"]) {
    const response = await page.goto(`${site.url}/salons/${slug}`);
    expect(response?.status(), slug).toBe(404);
    await expectOneH1(page);
    await expect(page.locator("h1")).toHaveText("We couldn't find that salon");
    await expect(page.getByRole("link", { name: "See all our salons" })).toHaveAttribute("href", "/contact-info");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  }
  await expectAccessible(page);
});

test("the sitemap lists each salon's page and the contact page links to each", async ({ page }) => {
  const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
  for (const { slug } of PAGES) expect(sitemap).toContain(`<loc>${site.url}/salons/${slug}</loc>`);
  await page.goto(`${site.url}/contact-info`);
  for (const { slug } of PAGES) await expect(page.locator(`main a[href="/salons/${slug}"]`)).toHaveCount(1);
  await page.locator('main a[href="/salons/academy"]').click();
  await expect(page.locator("h1")).toHaveText("The Ivy Academy");
});
