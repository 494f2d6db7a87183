/**
 * Managers run the offers and the salons' details from the console: an offer
 * listed with a last day next week shows on the site, and ends by itself once
 * the site's clock passes that day; a salon's new hours reach the contact
 * page, the footer and the structured data; two people saving one offer at
 * once are told, not overwritten.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible, expectOneH1 } from "./helpers";
import {
  createFirstOwner,
  freshPage,
  inviteAndSignIn,
  type StaffSite,
  setSiteClock,
  startStaffSite,
} from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let staff: StaffSite;
let first: Page;
let second: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  staff = await startStaffSite();
  const owner = await freshPage(browser);
  await createFirstOwner(owner, staff, "Olivia Owner", "olivia@example.com");
  first = await inviteAndSignIn(owner, browser, staff, {
    name: "Manon Manager",
    email: "manon@example.com",
    role: "manager",
  });
  second = await inviteAndSignIn(owner, browser, staff, {
    name: "Max Manager",
    email: "max@example.com",
    role: "manager",
  });
});

test.afterAll(async () => {
  await staff?.close();
});

/** A public page, as a visitor with no session sees it. */
async function visit(browser: Browser, path: string): Promise<Page> {
  const page = await freshPage(browser);
  const response = await page.goto(`${staff.url}${path}`);
  expect(response?.status(), path).toBe(200);
  return page;
}

async function openOffer(page: Page, title: string) {
  await page.goto(`${staff.url}/staff/content/offers`);
  await page.getByRole("list", { name: "Offers" }).getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
}

test("an offer listed with a last day next week shows on the site, then ends by itself", async ({ browser }) => {
  // The site's day, fixed so the dates read the same whenever the test runs.
  await setSiteClock(staff, new Date("2027-03-01T10:00:00Z"));

  await openOffer(first, "20% off curls with Isla");
  await first.getByLabel("Last day").fill("2027-03-08");
  await first.getByLabel("Show on the Offers page").check();
  await first.getByRole("button", { name: "Save offer" }).click();
  await expect(first.getByText("Offer saved. The site shows it now.")).toBeVisible();

  // The demo lists other campaigns too: this test follows Isla's card.
  const list = await visit(browser, "/offers");
  const card = list.getByTestId("offer-card").filter({ hasText: "20% off curls with Isla" });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Until March 8th 2027");
  // The first-visit discount every quote promises stays on the page beside the campaigns.
  await expect(list.getByTestId("always-on-offers")).toContainText("QG20");
  const offer = await visit(browser, "/offers/isla");
  await expect(offer.getByTestId("offer-code")).toHaveText("ISLA20");
  await expect(offer.getByText("Valid until March 8th 2027")).toBeVisible();
  await expect(offer.getByTestId("offer-ended")).toHaveCount(0);
  expect(await (await fetch(`${staff.url}/sitemap.xml`)).text()).toContain("/offers/isla</loc>");

  // The last day is over: nobody touches the offer.
  await setSiteClock(staff, new Date("2027-03-09T00:30:00Z"));

  const ended = await visit(browser, "/offers/isla");
  await expect(ended.getByTestId("offer-ended")).toContainText("This offer has ended");
  await expect(ended.getByTestId("offer-ended")).toContainText("March 8th 2027");
  await expect(ended.getByRole("main").getByRole("link", { name: "Book Your FREE Consultation" })).toHaveCount(0);
  const after = await visit(browser, "/offers");
  await expect(after.getByTestId("offer-card").filter({ hasText: "Isla" })).toHaveCount(0);
  await expect(after.getByText("20% off curls with Isla")).toHaveCount(0);
  const always = after.getByTestId("always-on-offers");
  await expect(always).toContainText("QG20");
  await expect(always).toContainText("20% off");
  await expect(always.getByRole("link", { name: "Refer a friend" })).toHaveAttribute("href", "/refer-a-friend");
  expect(await (await fetch(`${staff.url}/sitemap.xml`)).text()).not.toContain("/offers/isla</loc>");

  await first.goto(`${staff.url}/staff/content/offers`);
  await expect(first.getByTestId("offer-status-isla")).toContainText("Ended: ended March 8th 2027");
});

test("an offer's uploaded picture shows on its page and its share card", async ({ browser }) => {
  await openOffer(first, "20% off curls with Isla");
  await expect(first.getByRole("textbox", { name: "Illustration" })).toHaveValue(/^\/images\/offers\//);
  const picture = first.getByRole("group", { name: "Picture" });
  await picture.getByLabel("New photo (optional)").setInputFiles({
    name: "curls.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({ create: { width: 1500, height: 1000, channels: 3, background: "#8a5a44" } })
      .jpeg()
      .toBuffer(),
  });
  await picture.getByLabel("Description of the new photo").fill("Defined curls, just cut by Isla");
  await first.getByRole("button", { name: "Save offer" }).click();
  await expect(first.getByText("Offer saved. The site shows it now.")).toBeVisible({ timeout: 60_000 });
  await expect(picture.getByRole("img", { name: "Now: Defined curls, just cut by Isla" })).toBeVisible();
  await expectAccessible(first);

  const page = await visit(browser, "/offers/isla");
  const source = page.locator('main picture source[type="image/avif"]').first();
  await expect(source).toHaveAttribute("srcset", /^\/pictures\/[A-Za-z0-9]{16}-320\.avif 320w, .*-1280\.avif 1280w$/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/pictures\/\w{16}-1280\.jpg$/);
  await expectAccessible(page);
  await page.context().close();
});

test("a salon's new hours show on the contact page, in the footer and to search engines", async ({ browser }) => {
  await first.goto(`${staff.url}/staff/content/salons`);
  const wrenbridge = first.getByRole("region", { name: "Maison Ivy Wrenbridge" });
  await wrenbridge.getByLabel("Monday opens").fill("10:00");
  await wrenbridge.getByLabel("Monday closes").fill("16:00");
  await wrenbridge.getByLabel("Telephone").fill("01632 960999");
  await wrenbridge.getByRole("button", { name: "Save salon: Maison Ivy Wrenbridge" }).click();
  await expect(first.getByText("Maison Ivy Wrenbridge saved.")).toBeVisible();

  const contact = await visit(browser, "/contact");
  const hours = contact.getByRole("region", { name: "Opening hours" });
  await expect(hours).toContainText("Mon");
  await expect(hours).toContainText("10am – 4pm");
  await expect(contact.getByRole("main")).toContainText("01632 960999");

  const about = await visit(browser, "/about");
  const footer = about.getByRole("contentinfo");
  await expect(footer.getByRole("region", { name: "Opening hours" })).toContainText("Monday10am – 4pm");
  await expect(footer).toContainText("01632 960999");

  const info = await visit(browser, "/contact-info");
  const ld = JSON.parse((await info.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
  expect(ld.openingHoursSpecification[0]).toMatchObject({
    dayOfWeek: "https://schema.org/Monday",
    opens: "10:00",
    closes: "16:00",
  });
  // The other salons keep their hours, so the page now gives each its own list.
  const weeks = info.locator("#opening-hours");
  await expect(weeks.getByRole("heading", { name: "Maison Ivy Kestwick", level: 3 })).toBeVisible();
  await expect(weeks).toContainText("10am – 4pm");
});

test("the main salon's uploaded photo shows on the About page", async ({ browser }) => {
  await first.goto(`${staff.url}/staff/content/salons`);
  const wrenbridge = first.getByRole("region", { name: "Maison Ivy Wrenbridge" });
  await wrenbridge.getByLabel("New photo (optional)").setInputFiles({
    name: "salon.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({ create: { width: 1800, height: 1200, channels: 3, background: "#c9b8a6" } })
      .jpeg()
      .toBuffer(),
  });
  await wrenbridge.getByLabel("Description of the new photo").fill("The Wrenbridge salon floor on a quiet morning");
  await wrenbridge.getByRole("button", { name: "Save salon: Maison Ivy Wrenbridge" }).click();
  await expect(first.getByText("Maison Ivy Wrenbridge saved.")).toBeVisible({ timeout: 60_000 });

  const about = await visit(browser, "/about");
  const photo = about.getByRole("img", { name: "The Wrenbridge salon floor on a quiet morning" });
  await expect(photo).toHaveAttribute("srcset", /-1280\.jpg 1280w$/);
  await expect(about.locator('picture source[type="image/avif"]')).toHaveAttribute("srcset", /-320\.avif 320w/);
  await expectAccessible(about);
  await about.context().close();
});

test("hours that make no sense are refused by the field, with what was typed kept", async () => {
  await first.goto(`${staff.url}/staff/content/salons`);
  const kestwick = first.getByRole("region", { name: "Maison Ivy Kestwick" });
  await kestwick.getByLabel("Tuesday closes").fill("08:00");
  await kestwick.getByLabel("Name").fill("Maison Ivy Kestwick Abbey");
  await kestwick.getByRole("button", { name: "Save salon: Maison Ivy Kestwick" }).click();
  await expect(first.getByRole("alert")).toContainText("needs another look");
  const again = first.getByRole("region", { name: "Maison Ivy Kestwick" });
  await expect(again.getByText("Tuesday must close after it opens.")).toBeVisible();
  await expect(again.getByLabel("Name")).toHaveValue("Maison Ivy Kestwick Abbey");
  await expect(again.getByLabel("Tuesday closes")).toHaveValue("08:00");
});

test("two managers saving one offer: the second is told and sees the first one's version", async () => {
  await openOffer(first, "20% off keratin smoothing");
  await openOffer(second, "20% off keratin smoothing");

  await first.getByLabel("Title").fill("20% off keratin smoothing this spring");
  await first.getByRole("button", { name: "Save offer" }).click();
  await expect(first.getByText("Offer saved. The site shows it now.")).toBeVisible();

  await second.getByLabel("Title").fill("20% off your first keratin treatment");
  await second.getByRole("button", { name: "Save offer" }).click();
  await expect(second.getByRole("alert")).toContainText("Someone else saved a change to this while you had it open");
  await expect(second.getByLabel("Title")).toHaveValue("20% off your first keratin treatment");
  await expect(second.getByText("Their version: 20% off keratin smoothing this spring")).toBeVisible();

  // Saved again, knowingly, the second version wins.
  await second.getByRole("button", { name: "Save offer" }).click();
  await expect(second.getByText("Offer saved. The site shows it now.")).toBeVisible();
  await expect(second.getByRole("heading", { level: 1 })).toHaveText("20% off your first keratin treatment");
});

test("a discount that is not one is refused with a message, and nothing typed is lost", async () => {
  await openOffer(second, "25% off with Priya");
  await second.getByLabel("Discount", { exact: true }).fill("lots");
  await second.getByLabel("Card text").fill("Changed card text, kept.");
  await second.getByRole("button", { name: "Save offer" }).click();
  await expect(second.getByText("Please enter the percentage as a whole number from 1 to 100.")).toBeVisible();
  await expect(second.getByLabel("Card text")).toHaveValue("Changed card text, kept.");
});

async function fillNewOffer(page: Page) {
  await page.getByLabel("Page address").fill("spring-gloss");
  await page.getByLabel("Title").fill("15% off a spring gloss");
  await page.getByLabel("Card text").fill("A glossing treatment for spring: 15% off for everyone.");
  await page
    .getByLabel("Page text")
    .fill("Spring light is kind to shiny hair.\n\nBook a gloss with any stylist and take 15% off.");
  await page.getByLabel("Who it is for").selectOption("all");
  await page.getByLabel("Discount", { exact: true }).fill("15");
  await page.getByLabel("Code to quote").fill("GLOSS15");
  await page
    .getByLabel("Small print")
    .fill("Quote code GLOSS15 when you book.\nThis offer cannot be combined with any other offer.");
  await page.getByLabel("First day").fill("2027-03-12");
  await page.getByLabel("Last day").fill("2027-04-30");
  await page.getByLabel("Show on the Offers page").check();
}

test("a new offer gets its page at once and its card only when listed and running", async ({ browser }) => {
  await setSiteClock(staff, new Date("2027-03-10T10:00:00Z"));
  await first.goto(`${staff.url}/staff/content/offers`);
  await first.getByRole("link", { name: "New offer" }).click();
  await fillNewOffer(first);
  await first.getByRole("button", { name: "Create offer" }).click();
  await expect(first.getByRole("heading", { level: 1 })).toHaveText("15% off a spring gloss");
  // Said where the page opens, wherever the Create button left it, and read out.
  const created = first.getByRole("status").filter({ hasText: "Offer created." });
  await expect(created).toBeFocused();
  await expect(created).toBeInViewport();
  // Saved again, the save's own notice replaces it.
  await first.getByRole("button", { name: "Save offer" }).click();
  await expect(first.getByText("Offer saved. The site shows it now.")).toBeVisible();
  await expect(created).toHaveCount(0);

  const upcoming = await visit(browser, "/offers/spring-gloss");
  await expect(upcoming.getByTestId("offer-upcoming")).toContainText("This offer starts on March 12th 2027");
  const glossCard = (page: Page) => page.getByTestId("offer-card").filter({ hasText: "15% off a spring gloss" });
  await expect(glossCard(await visit(browser, "/offers"))).toHaveCount(0);

  await setSiteClock(staff, new Date("2027-03-12T09:00:00Z"));
  await expect(glossCard(await visit(browser, "/offers"))).toHaveCount(1);

  // The same address again is refused by the field.
  await first.goto(`${staff.url}/staff/content/offers/new`);
  await fillNewOffer(first);
  await first.getByRole("button", { name: "Create offer" }).click();
  await expect(first.getByText("There is already an offer at /offers/spring-gloss")).toBeVisible();
});

test("a listed offer can be taken off the Offers page from the list", async ({ browser }) => {
  await first.goto(`${staff.url}/staff/content/offers`);
  await first.getByRole("button", { name: "Take off the Offers page: 15% off a spring gloss" }).click();
  await expect(first.getByText("Taken off the Offers page.")).toBeVisible();
  const list = await visit(browser, "/offers");
  await expect(list.getByTestId("offer-card").filter({ hasText: "15% off a spring gloss" })).toHaveCount(0);
  await expect(list.getByTestId("always-on-offers")).toBeVisible();
});

test("the offers and salons screens: one h1, keyboard-reachable, no axe violations on a phone and wide", async () => {
  const screens = ["/staff/content/offers", "/staff/content/offers/new", "/staff/content/salons", "/staff/content"];
  await first.goto(`${staff.url}/staff/content/offers`);
  const edit = await first.getByRole("list", { name: "Offers" }).getByRole("link").first().getAttribute("href");
  for (const width of [360, 1280]) {
    await first.setViewportSize({ width, height: 800 });
    for (const path of [...screens, edit as string]) {
      await first.goto(`${staff.url}${path}`);
      await expectOneH1(first);
      await expect(first).toHaveTitle(/ \| Maison Ivy staff$/);
      const overflow = await first.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow, `${path} fits ${width}px`).toBe(false);
      await expectAccessible(first);
    }
  }
  await first.goto(`${staff.url}/staff/content`);
  await expect(first.getByRole("link", { name: /Offers/ })).toHaveAttribute("href", "/staff/content/offers");
  await expect(first.getByRole("link", { name: /Salons and opening hours/ })).toHaveAttribute(
    "href",
    "/staff/content/salons",
  );
});
