/**
 * What real people type and paste, through the built site: a
 * mobile copied from an iPhone's contacts (invisible direction marks around
 * it) saves on the quote form and through the JSON API of each form, an IDN
 * e-mail is accepted, the console finds O’Brien by O'Brien, a 35-letter
 * surname fits a 360 px phone, and no field is under 16 px on a phone.
 */
import { expect, type Page, test } from "@playwright/test";
import { EMAILS, PASTED_MOBILE_IPHONE } from "../corpus/text/typed-text";
import {
  createFirstOwner,
  freshPage,
  postJson,
  type StaffSite,
  saveQuoteByApi,
  saveQuoteInBrowser,
  startStaffSite,
} from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const PHONE = { width: 360, height: 740 };
const LONG_SURNAME = "Wolfeschlegelsteinhausenbergerdorff";

let staff: StaffSite;
let owner: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  staff = await startStaffSite();
  owner = await freshPage(browser);
  await createFirstOwner(owner, staff, "Olivia Owner", "olivia@example.com");
});

test.afterAll(async () => {
  await staff?.close();
});

test("the quote form saves a mobile pasted from an iPhone's contacts", async ({ browser }) => {
  expect(LONG_SURNAME).toHaveLength(35);
  const visitor = await freshPage(browser);
  await visitor.setViewportSize(PHONE);
  await saveQuoteInBrowser(visitor, staff, {
    name: "Siobhán O’Brien",
    mobile: PASTED_MOBILE_IPHONE,
    email: "siobhan@example.com\u200B",
    referral: "Google",
  });
  await owner.setViewportSize({ width: 1280, height: 900 });
  await owner.goto(`${staff.url}/staff/leads?q=${encodeURIComponent("+447700900123")}`);
  await expect(
    owner.getByRole("table", { name: "Quotes" }).getByRole("link", { name: "Siobhán O’Brien" }),
  ).toBeVisible();
});

test("the JSON API of each form takes the pasted mobile, and an IDN e-mail", async () => {
  const idn = EMAILS.find((e) => e.typed === "jo@münchen.de");
  const link = await saveQuoteByApi(staff, {
    name: "Jo Müller",
    mobile: PASTED_MOBILE_IPHONE,
    email: idn?.typed,
    referral: "Google",
    salon: "1",
  });
  const quote = await (await fetch(`${staff.url}/api/get-quote-details/${link}`)).json();
  expect(JSON.stringify(quote)).not.toContain("\u202D");

  const model = await postJson(staff, "/api/models", {
    name: "Mia Stone",
    mobile: PASTED_MOBILE_IPHONE,
    info: "Shoulder-length, natural brown.",
  });
  expect(model.status, await model.clone().text()).toBeLessThan(300);
  const job = await postJson(staff, "/api/joinus", {
    name: "Ada Lovelace",
    mobile: PASTED_MOBILE_IPHONE,
    email: "ada@example.com\u200B",
    position: "3 - 5 years",
    about: "Six years behind the chair.",
    why_hair: "I love making people feel good.",
    why_us: "Your academy.",
    role: "Stylist",
  });
  expect(job.status, await job.clone().text()).toBeLessThan(300);

  // Stored so it delivers: the console shows the domain in its ASCII form.
  await owner.goto(`${staff.url}/staff/leads?q=M%C3%BCller`);
  await owner.getByRole("table", { name: "Quotes" }).getByRole("link", { name: "Jo Müller" }).click();
  await expect(owner.getByRole("main")).toContainText(idn?.stored as string);
});

test("the console's search finds O’Brien by O'Brien", async () => {
  await owner.goto(`${staff.url}/staff/leads?q=${encodeURIComponent("O'Brien")}`);
  await expect(
    owner.getByRole("table", { name: "Quotes" }).getByRole("link", { name: "Siobhán O’Brien" }),
  ).toBeVisible();
});

test("a 35-letter surname fits the lead page and the list on a 360 px phone", async () => {
  await saveQuoteByApi(staff, {
    name: `Ann ${LONG_SURNAME}`,
    mobile: "07700 900 777",
    referral: "Google",
    salon: "1",
  });
  await owner.setViewportSize(PHONE);
  await owner.goto(`${staff.url}/staff/leads?q=${LONG_SURNAME}`);
  const card = owner.locator("a:visible", { hasText: `Ann ${LONG_SURNAME}` });
  await expect(card).toHaveCount(1);
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await card.click();
  await expect(owner.getByRole("heading", { level: 1 })).toContainText(LONG_SURNAME);
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await owner.screenshot({ path: test.info().outputPath("lead-360.png"), fullPage: true });
});

/** Every visible field that takes typing or a choice, with its computed font size in px. */
async function fieldSizes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("input, select, textarea")]
      .filter((field) => {
        const type = field.getAttribute("type") ?? "";
        const box = field.getBoundingClientRect();
        return (
          !["checkbox", "radio", "hidden", "submit", "button", "range", "file"].includes(type) &&
          box.width > 0 &&
          box.height > 0
        );
      })
      .map((field) => ({
        field: field.getAttribute("name") ?? field.id ?? field.tagName,
        px: Number.parseFloat(getComputedStyle(field).fontSize),
      })),
  );
}

test("no field is under 16 px on a 360 px phone: /reviews and the console's forms", async ({ browser }) => {
  const visitor = await freshPage(browser);
  await visitor.setViewportSize(PHONE);
  await visitor.goto(`${staff.url}/reviews`);
  await expect(visitor.getByLabel("Show reviews of")).toBeVisible();
  const reviews = await fieldSizes(visitor);
  expect(reviews.length).toBeGreaterThan(0);
  for (const size of reviews) expect(size.px, size.field).toBeGreaterThanOrEqual(16);

  await owner.setViewportSize(PHONE);
  for (const path of ["/staff/leads", "/staff/applications", "/staff/messages", "/staff/audit"]) {
    await owner.goto(`${staff.url}${path}`);
    const sizes = await fieldSizes(owner);
    expect(sizes.length, path).toBeGreaterThan(0);
    for (const size of sizes) expect(size.px, `${path} ${size.field}`).toBeGreaterThanOrEqual(16);
  }
  await owner.goto(`${staff.url}/staff/leads?q=${LONG_SURNAME}`);
  await owner.locator("a:visible", { hasText: `Ann ${LONG_SURNAME}` }).click();
  const lead = await fieldSizes(owner);
  expect(lead.length).toBeGreaterThan(0);
  for (const size of lead) expect(size.px, `lead ${size.field}`).toBeGreaterThanOrEqual(16);
});
