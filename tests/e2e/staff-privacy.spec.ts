/**
 * The owner's privacy page in the staff console: a rights request found,
 * exported and erased, consent state shown, retention periods changed, and
 * every step in the audit log under the request's reference; then what an
 * erased person's records look like to staff and to whoever holds the link.
 */
import { readFile } from "node:fs/promises";
import { type BrowserContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { expectAccessible } from "./helpers";
import { type Catalogue, fetchCatalogue, serviceNamed } from "./price-list";
import { createFirstOwner, mailTo, type StaffSite, startStaffSite } from "./staff-helpers";

test.describe.configure({ mode: "serial" });

let staff: StaffSite;
/** The owner's signed-in browser state, for the tests after the first. */
let ownerState: Awaited<ReturnType<BrowserContext["storageState"]>>;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  staff = await startStaffSite();
});
test.afterAll(async () => {
  await staff?.close();
});

const client = { name: "Cora Client", mobile: "07700 900777", email: "Cora.Client@example.com" };
const bystander = { name: "Bea Bystander", mobile: "07700 900888", email: "bea@example.com" };

/** A quote the calculator could have saved, for any person. */
function quoteFor(catalogue: Catalogue) {
  const id = (cat1: number, cat2: number, name: string) => serviceNamed(catalogue, cat1, cat2, name).id;
  return {
    type: "cutting",
    mode: "level",
    level: 4,
    finish: id(1, 1, "Hair Up - Advanced"),
    finishAddon: id(4, 0, "Pin Curls"),
    treatment: id(5, 2, "Olaplex Super Stand Alone"),
    regular: "no",
    referral: "Google",
  };
}

test("an owner finds, exports and erases one person's data, and sets the retention periods", async ({ page }) => {
  test.setTimeout(90_000);
  // What the person left on the public site: two quotes (one with e-mail consent) and a job application.
  const api = await playwrightRequest.newContext({ baseURL: staff.url });
  const quote = quoteFor(await fetchCatalogue(api));
  for (const body of [
    { ...quote, ...client, marketing_email: true },
    // The second time she agreed to texts: found and erased from her e-mail address all the same.
    { ...quote, ...client, marketing_sms: true },
    { ...quote, ...bystander },
  ]) {
    expect((await api.post("/api/save-quote-details", { data: body })).status()).toBe(201);
  }
  const application = {
    position: "3 - 5 years",
    about: "Five years in a busy salon.",
    why_hair: "Making people happy.",
    why_us: "Your academy.",
    role: "Stylist",
  };
  expect((await api.post("/api/joinus", { data: { ...application, ...client } })).status()).toBe(201);
  await api.dispose();

  await createFirstOwner(page, staff, "Olivia Owner", "olivia.owner@example.com");
  await page.getByRole("navigation").getByRole("link", { name: "Privacy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy");
  await expectAccessible(page);

  await page.getByLabel("E-mail address, mobile number or name").fill(" cora.client@EXAMPLE.com ");
  await page.getByRole("button", { name: "Find their data" }).click();
  await expect(page.getByText("Saved quotes: 2")).toBeVisible();
  await expect(page.getByText("Job applications: 1")).toBeVisible();
  await expect(page.getByText(/E-mail to cora\.client@example\.com: agreed/)).toBeVisible();
  await expect(page.getByText(/Text to \+447700900777: agreed/)).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "+447700900777" })).toBeVisible();
  await expect(page.getByText("Bea Bystander")).toHaveCount(0);
  await expectAccessible(page);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download as JSON" }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await readFile(file, "utf8"));
  expect(exported.records.quotes).toHaveLength(2);
  expect(exported.records.jobApplications).toHaveLength(1);
  expect(exported.identifiers).toEqual({ emails: ["cora.client@example.com"], mobiles: ["+447700900777"] });
  expect(exported.records.consents.map((c: { channel: string }) => c.channel).sort()).toEqual(["email", "sms"]);
  expect(JSON.stringify(exported)).not.toMatch(/bystander|900888/i);

  await page.getByRole("checkbox", { name: /I have checked the list above is this one person/ }).check();
  await page.getByRole("button", { name: /Erase everything listed for/ }).click();
  await expect(page.getByText(/Erased \d+ records\. Keep the reference rights-request\/\d+/)).toBeVisible();

  await page.getByLabel("E-mail address, mobile number or name").fill("07700 900777");
  await page.getByRole("button", { name: "Find their data" }).click();
  await expect(page.getByText("Saved quotes: 0")).toBeVisible();
  await expect(page.getByText("Job applications: 0")).toBeVisible();
  await expect(page.getByText("Text to +447700900777: never asked for marketing")).toBeVisible();

  // The owner shortens how long quotes keep contact details; the public notice says so at once.
  await page.getByLabel(/Contact details on saved quotes/).fill("6");
  await page.getByRole("button", { name: "Save the periods" }).click();
  await expect(page.getByText("The new periods are saved")).toBeVisible();
  await page.goto(`${staff.url}/privacy`);
  await expect(page.locator("main")).toContainText("erased 6 months after the quote");

  // Nobody signed out gets in.
  const stranger = await playwrightRequest.newContext({ baseURL: staff.url });
  const signedOut = await stranger.get("/staff/privacy", { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers().location).toMatch(/\/staff\/sign-in/);
  const forged = await stranger.post("/staff/privacy/export", {
    form: { intent: "json", identifier: bystander.email },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(302);
  await stranger.dispose();
  ownerState = await page.context().storageState();
});

test("an erased client reads as such to staff, in the audit log, and on the link she was sent", async ({ browser }) => {
  test.setTimeout(90_000);
  const dora = { name: "Dora Dent", mobile: "07700 900999", email: "dora.dent@example.com" };
  const api = await playwrightRequest.newContext({ baseURL: staff.url });
  const saved = await api.post("/api/save-quote-details", {
    data: { ...quoteFor(await fetchCatalogue(api)), ...dora, marketing_email: true, marketing_sms: true },
  });
  expect(saved.status()).toBe(201);
  const { link } = (await saved.json()) as { link: string };
  // The link as her e-mail gave it to her (the text carries the same address).
  const mail = await mailTo(staff.smtp, dora.email, /quote/i);
  const mailed = /https?:\/\/\S+?\/quote\/[\w-]+/.exec(mail.text)?.[0] as string;
  expect(mailed).toContain(`/quote/${link}`);

  const context = await browser.newContext({ storageState: ownerState });
  const page = await context.newPage();
  // Staff look her up by e-mail address and note something on her quote.
  await page.goto(`${staff.url}/staff/leads?q=${encodeURIComponent(dora.email)}`);
  await page.getByRole("link", { name: dora.name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Quote for ${dora.name}`);
  await page.getByLabel("Add a note").fill("Prefers Saturday mornings.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Prefers Saturday mornings.").first()).toBeVisible();
  const leadUrl = page.url();

  // Her name with the day she saved the quote finds her too; a name alone is refused.
  await page.goto(`${staff.url}/staff/privacy`);
  await page.getByLabel("E-mail address, mobile number or name").fill("DORA  dent");
  await page.getByRole("button", { name: "Find their data" }).click();
  await expect(page.getByRole("alert")).toContainText("a name with the day");
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  await page.getByLabel("Day a record was made (for a name)").fill(today);
  await page.getByRole("button", { name: "Find their data" }).click();
  await expect(page.getByRole("heading", { name: `What we hold for DORA dent (records of ${today})` })).toBeVisible();
  await expect(page.getByText("Saved quotes: 1")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: dora.email })).toBeVisible();

  // From her mobile alone, the preview finds her e-mail address, both consents and what staff wrote about her.
  await page.goto(`${staff.url}/staff/privacy`);
  await page.getByLabel("E-mail address, mobile number or name").fill(dora.mobile);
  await page.getByRole("button", { name: "Find their data" }).click();
  await expect(page.getByRole("definition").filter({ hasText: dora.email })).toBeVisible();
  await expect(page.getByText(/E-mail to dora\.dent@example\.com: agreed/)).toBeVisible();
  await expect(page.getByText(/Text to \+447700900999: agreed/)).toBeVisible();
  await expect(page.getByText("Saved quotes: 1")).toBeVisible();
  await expect(page.getByText("Staff notes and replies: 1")).toBeVisible();
  await expect(page.getByText("Audit log entries that name them: 2")).toBeVisible();
  await page.getByRole("checkbox", { name: /I have checked the list above is this one person/ }).check();
  await page.getByRole("button", { name: /Erase everything listed for/ }).click();
  await expect(page.getByText(/Erased \d+ records/)).toBeVisible();

  // The lead: named as erased, no button to call or e-mail nobody, and its row in the list still opens it.
  await page.goto(`${staff.url}/staff/leads`);
  const row = page.getByRole("table", { name: "Quotes" }).getByRole("link", { name: "Erased client" }).first();
  await row.click();
  await expect(page).toHaveURL(leadUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quote for Erased client");
  await expect(page).toHaveTitle(/Quote for Erased client/);
  await expect(page.getByText(/erased .* at their request/)).toBeVisible();
  await expect(page.locator('a[href="tel:"], a[href="mailto:"], a[href="sms:"]')).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^(Call|Text|E-mail)\b/ })).toHaveCount(0);
  await expect(page.locator("main")).not.toContainText(/dora|900999|Saturday/i);
  await expectAccessible(page);

  // The audit log keeps the search and the note, with what they said about her erased.
  await page.goto(`${staff.url}/staff/audit`);
  await expect(page.locator("main")).not.toContainText(/dora|900999|Saturday/i);
  await expect(page.getByText("[erased]").first()).toBeVisible();
  // The erasure's row says what went in words, not the counts' JSON.
  const erasure = page.getByRole("row").filter({ hasText: "erased a person’s details" }).first();
  await expect(erasure).toContainText(/Saved quotes 1/);
  await expect(erasure).not.toContainText("{");
  await context.close();

  // Her link, from the e-mail or typed: the quote was removed at her request, and says so with a 410.
  for (const address of [mailed, `${staff.url}/quote/${link}`]) {
    const stranger = await browser.newContext();
    const visitor = await stranger.newPage();
    const response = await visitor.goto(address);
    expect(response?.status()).toBe(410);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("This quote was removed at your request");
    await expect(visitor).toHaveTitle(/Quote removed at your request/);
    await expect(visitor.locator("main")).not.toContainText(/Dora|Estimated quote for/);
    await expectAccessible(visitor);
    await stranger.close();
  }
  const json = await api.get(`/api/get-quote-details/${link}`);
  expect(json.status()).toBe(410);
  expect(await json.text()).not.toMatch(/dora/i);
  await api.dispose();
});
