/**
 * The owner's privacy page in the staff console: a rights request found,
 * exported and erased, consent state shown, retention periods changed, and
 * every step in the audit log under the request's reference.
 */
import { readFile } from "node:fs/promises";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { expectAccessible } from "./helpers";
import { fetchCatalogue, serviceNamed } from "./price-list";
import { createFirstOwner, type StaffSite, startStaffSite } from "./staff-helpers";

test.describe.configure({ mode: "serial" });

let staff: StaffSite;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  staff = await startStaffSite();
});
test.afterAll(async () => {
  await staff?.close();
});

const client = { name: "Cora Client", mobile: "07700 900777", email: "Cora.Client@example.com" };
const bystander = { name: "Bea Bystander", mobile: "07700 900888", email: "bea@example.com" };

test("an owner finds, exports and erases one person's data, and sets the retention periods", async ({ page }) => {
  test.setTimeout(90_000);
  // What the person left on the public site: two quotes (one with e-mail consent) and a job application.
  const api = await playwrightRequest.newContext({ baseURL: staff.url });
  const catalogue = await fetchCatalogue(api);
  const id = (cat1: number, cat2: number, name: string) => serviceNamed(catalogue, cat1, cat2, name).id;
  const quote = {
    type: "cutting",
    mode: "level",
    level: 4,
    finish: id(1, 1, "Hair Up - Advanced"),
    finishAddon: id(4, 0, "Pin Curls"),
    treatment: id(5, 2, "Olaplex Super Stand Alone"),
    regular: "no",
    referral: "Google",
  };
  for (const body of [
    { ...quote, ...client, marketing_email: true },
    { ...quote, ...client },
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

  await page.getByLabel("E-mail address or mobile number").fill(" cora.client@EXAMPLE.com ");
  await page.getByRole("button", { name: "Find their data" }).click();
  await expect(page.getByText("Saved quotes: 2")).toBeVisible();
  await expect(page.getByText("Job applications: 1")).toBeVisible();
  await expect(page.getByText(/E-mail: agreed/)).toBeVisible();
  await expect(page.getByText("Bea Bystander")).toHaveCount(0);
  await expectAccessible(page);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download as JSON" }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await readFile(file, "utf8"));
  expect(exported.records.quotes).toHaveLength(2);
  expect(exported.records.jobApplications).toHaveLength(1);
  expect(JSON.stringify(exported)).not.toMatch(/bystander|900888/i);

  await page.getByRole("checkbox", { name: /I have confirmed this request comes from the person/ }).check();
  await page.getByRole("button", { name: /Erase everything held for/ }).click();
  await expect(page.getByText(/Erased \d+ records\. Keep the reference rights-request\/\d+/)).toBeVisible();

  await page.getByLabel("E-mail address or mobile number").fill("07700 900777");
  await page.getByRole("button", { name: "Find their data" }).click();
  await expect(page.getByText("Saved quotes: 0")).toBeVisible();
  await expect(page.getByText("Job applications: 0")).toBeVisible();
  await expect(page.getByText("Text: never asked for marketing")).toBeVisible();

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
});
