/**
 * Colour readiness, end to end: a colour quote asks about a skin test (with
 * JavaScript and without); a "no" carries the salon's skin-test link in its
 * e-mail and text (through the SMTP and Twilio stand-ins) and the lead says
 * "Skin test needed"; an imported skin-test appointment turns it "valid
 * until"; a colour booked 24 hours after the test is flagged on the lead,
 * and a colour booked with no test is on the console home's morning list.
 */
import { expect, type Page, test } from "@playwright/test";
import { startTwilio, type TwilioStandIn } from "./delivery-harness";
import { expectAccessible, expectOneH1 } from "./helpers";
import { createFirstOwner, freshPage, inviteAndSignIn, mailTo, type StaffSite, startStaffSite } from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let staff: StaffSite;
let twilio: TwilioStandIn;
let owner: Page;
let manager: Page;

const SKIN_TEST_REQUIRED = "Please tell us whether you've had a skin test with us in the last 6 months";
const SKIN_TEST_URL = "https://bookings.example.com/maison-ivy/skin-test";

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  twilio = await startTwilio();
  staff = await startStaffSite({
    TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
    TWILIO_AUTH_TOKEN: "test-token",
    TWILIO_FROM: "+447700900999",
    TWILIO_API_BASE: twilio.url,
  });
  owner = await freshPage(browser);
  await createFirstOwner(owner, staff, "Olivia Owner", "olivia@example.com");
  manager = await inviteAndSignIn(owner, browser, staff, {
    name: "Manon",
    email: "manon@example.com",
    role: "manager",
  });
});

test.afterAll(async () => {
  await staff?.close();
  await twilio?.close();
});

/** The finish page of a classic colour quote at level 4, Kestwick (no add-on step), from the live price list. */
async function colourFinishUrl(): Promise<string> {
  const services: { id: number; service: string; cat1: number; cat2: number; minLevel?: number }[] = await (
    await fetch(`${staff.url}/api/services`)
  ).json();
  const find = (cat1: number, cat2: number, test: (name: string) => boolean) =>
    String(services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && test(s.service))?.id);
  const params = new URLSearchParams({
    type: "colour",
    mode: "level",
    level: "4",
    cc: "0",
    colour: find(2, 0, (name) => name !== "None"),
    finish: find(1, 0, (name) => name === "Cut, Dry & Style"),
    finishAddon: find(4, 0, (name) => name === "None"),
    regular: "no",
  });
  return `${staff.url}/prices/finish?${params}`;
}

async function fillDetails(page: Page, who: { name: string; mobile: string; email: string }) {
  await page.getByLabel("Your name").fill(who.name);
  await page.getByLabel("Mobile number").fill(who.mobile);
  await page.getByLabel("Email address").fill(who.email);
  await page.getByLabel("How did you hear about us?").selectOption("Google");
}

async function openLead(name: string) {
  await manager.goto(`${staff.url}/staff/leads?q=${encodeURIComponent(name)}`);
  await manager.getByRole("link", { name }).first().click();
  await expect(manager.getByRole("heading", { level: 1 })).toContainText(name.split(" ")[0] as string);
}

/** A Fresha export pasted into the import, as the salon downloads it. */
async function importFresha(lines: readonly string[]) {
  await manager.goto(`${staff.url}/staff/bookings`);
  const section = manager.getByRole("region", { name: "Import appointments" });
  await section.getByLabel("Booking system").selectOption({ label: "Fresha" });
  const header =
    "Ref #,Scheduled Date,Time,Location,Team Member,Service,Price,Client,Client Mobile,Client Email,Status";
  await section.getByLabel("Or paste it here").fill(`${[header, ...lines].join("\r\n")}\r\n`);
  await section.getByRole("button", { name: "Read the columns" }).click();
  await expect(section.getByText("Read as a Fresha export.")).toBeVisible();
  await section.getByRole("button", { name: "Import and match" }).click();
  await expect(manager.getByText(/\d+ appointments? imported/)).toBeVisible();
}

test("the owner sets Kestwick's skin-test link on the booking links screen", async () => {
  await owner.goto(`${staff.url}/staff/booking-links`);
  const field = owner.getByLabel("Skin test at Maison Ivy Kestwick");
  await field.fill(SKIN_TEST_URL);
  await owner.getByRole("button", { name: "Save the skin-test link at Maison Ivy Kestwick" }).click();
  await expect(owner.getByText("Skin-test link saved")).toBeVisible();
  await expect(owner.getByLabel("Skin test at Maison Ivy Kestwick")).toHaveValue(SKIN_TEST_URL);
  await expectAccessible(owner);
});

test("a colour quote answered no carries the skin-test link in its e-mail and text; the lead says needed", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(await colourFinishUrl());
  await expectOneH1(page);
  const question = page.getByRole("radiogroup", { name: /skin test with us in the last 6 months/ });
  await expect(question).toBeVisible();
  // Usable at 360 px: nothing runs off the side of the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await question.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/skin-test-step-360.png", fullPage: true });
  await expectAccessible(page);

  // Sent empty, the form names every missing answer at once, the skin test's with the others.
  await page.getByRole("button", { name: "Send me my quote" }).click();
  await expect(page.getByText("Your name is required").first()).toBeVisible();
  await expect(page.getByText(SKIN_TEST_REQUIRED).first()).toBeVisible();

  await fillDetails(page, { name: "Nora Colour", mobile: "07700 900601", email: "nora@example.com" });
  await question.getByRole("radio", { name: "No", exact: true }).check();
  await page.getByRole("button", { name: "Send me my quote" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Your quote is on its way/);

  const mail = await mailTo(staff.smtp, "nora@example.com", /Your quote from Maison Ivy/);
  expect(mail.text).toContain("Skin test with us in the last 6 months: No");
  expect(mail.text).toContain("at least 48 hours before your appointment");
  const link = /(http:\/\/localhost:\d+\/quote\/[A-Za-z0-9_-]{16}\/skin-test)/.exec(mail.text)?.[1];
  expect(link).toBeDefined();
  const onward = await fetch(link as string, { redirect: "manual" });
  expect(onward.status).toBe(303);
  expect(onward.headers.get("location")).toBe(SKIN_TEST_URL);

  // The quote's own page says what the e-mail said, with the same link to book the test.
  await page.goto((link as string).replace(/\/skin-test$/, ""));
  await expect(page.getByRole("heading", { name: "Skin test with us in the last 6 months: No" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Book your skin test" })).toHaveAttribute(
    "href",
    new URL(link as string).pathname,
  );
  await page.screenshot({ path: "test-results/skin-test-quote-page-360.png", fullPage: true });
  await expectAccessible(page);

  await expect.poll(() => twilio.texts.find((t) => t.to === "+447700900601")?.body ?? "").toContain(link as string);
  // The answer and the 48 hours in whichever wording fits two segments, with the link never dropped.
  const text = twilio.texts.find((t) => t.to === "+447700900601")?.body ?? "";
  expect(text).toMatch(/Skin test[^:]*: No\./);
  expect(text).toMatch(/48 ?h/);

  await openLead("Nora Colour");
  await expect(manager.getByTestId("skin-test-status")).toHaveText("Skin test needed");
  await expect(manager.getByText('"skin test with us in the last 6 months": No.')).toBeVisible();
});

test("an imported skin test turns the lead valid until; a colour 24 hours after it is flagged", async () => {
  // 15 January 2027 is GMT: Fresha's 10:00 is 10:00 UTC. Six months on is 15 July 2027.
  await importFresha(["FR-901,15/01/2027,10:00,Kestwick,Jo,Skin test,0.00,Nora Colour,07700 900601,,Confirmed"]);
  await openLead("Nora Colour");
  await expect(manager.getByTestId("skin-test-status")).toHaveText(
    "Skin test on 15 January 2027, valid until 15 July 2027",
  );
  // The skin test books nothing: the quote is still New, with no booking on the lead.
  await expect(manager.getByText("Booked in the booking system")).toHaveCount(0);

  await importFresha([
    "FR-902,16/01/2027,10:00,Kestwick,Jo,Full head colour,85.00,Nora Colour,07700 900601,,Confirmed",
  ]);
  await openLead("Nora Colour");
  await expect(manager.getByText("Booked in the booking system")).toBeVisible();
  await expect(manager.getByTestId("skin-test-flag")).toHaveText(
    "Colour booked for 16 January 2027 at 10:00, only 24 hours after the skin test (48 needed).",
  );
  await expectAccessible(manager);
});

test("without JavaScript the question must be answered, and a colour booked with no test is on the morning list", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(await colourFinishUrl());
  // Sent empty, the server's answer names every missing answer at once.
  await page.getByRole("button", { name: "Send me my quote" }).click();
  await expect(page.getByText("Email Address is required").first()).toBeVisible();
  await expect(page.getByText(SKIN_TEST_REQUIRED).first()).toBeVisible();
  await fillDetails(page, { name: "Tess Later", mobile: "07700 900602", email: "tess@example.com" });
  await page.getByRole("button", { name: "Send me my quote" }).click();
  await expect(page.getByText(SKIN_TEST_REQUIRED).first()).toBeVisible();
  await page.getByRole("radio", { name: "Not sure" }).check();
  await page.getByRole("button", { name: "Send me my quote" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Your quote is on its way/);
  const mail = await mailTo(staff.smtp, "tess@example.com", /Your quote from Maison Ivy/);
  expect(mail.text).toContain("Skin test with us in the last 6 months: Not sure");
  expect(mail.text).toMatch(/\/quote\/[A-Za-z0-9_-]{16}\/skin-test/);
  await context.close();

  // Her colour is tomorrow, London's date, with no skin test on record.
  const tomorrow = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London" }).format(
    new Date(Date.now() + 86_400_000),
  );
  await importFresha([
    `FR-903,${tomorrow},15:00,Kestwick,Jo,Full head colour,85.00,Tess Later,07700 900602,,Confirmed`,
  ]);
  await manager.goto(`${staff.url}/staff`);
  const list = manager.getByRole("region", { name: "Skin tests to sort out" });
  await expect(list.getByRole("link", { name: "Tess" })).toBeVisible();
  await expect(list).toContainText("at 15:00 with no skin test on record");
  await expect(list.getByRole("link", { name: "Nora" })).toHaveCount(0);
});
