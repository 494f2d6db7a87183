/**
 * A fresh install alerts somebody from its first quote: until a salon has a
 * front-desk address its new-lead alerts go to the owner, and the setup page
 * and the console home say so, with the link to change it.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./helpers";
import { freshPage, mailTo, type StaffSite, saveQuoteByApi, setupLinkOf, startStaffSite } from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let staff: StaffSite;
let owner: Page;

const FALLBACK = "New quotes for Maison Ivy Kestwick are e-mailed to you until you set its front-desk address.";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  staff = await startStaffSite();
});

test.afterAll(async () => {
  await staff?.close();
});

test("the setup page says new quotes come to the first owner, who then gets the first quote's alert", async ({
  browser,
}) => {
  owner = await freshPage(browser);
  await owner.goto(await setupLinkOf(staff.site));
  const alerts = owner.getByRole("region", { name: "Where new-lead alerts go" });
  await expect(alerts).toContainText(FALLBACK);
  // Nobody is signed in yet: a link to the Salons screen would only lead to sign-in, so the page says when instead.
  await expect(alerts.getByRole("link")).toHaveCount(0);
  await expect(alerts).toContainText("Once your account is made, you set each salon's front-desk address");
  await expectAccessible(owner);
  await owner.getByLabel("Your name").fill("Olivia Owner");
  await owner.getByLabel("Your e-mail address").fill("olivia@example.com");
  await owner.getByRole("button", { name: "Create my owner account" }).click();
  await expect(owner).toHaveURL(/\/staff\/devices\?welcome=1$/);

  const since = staff.smtp.mails.length;
  await saveQuoteByApi(staff, { name: "Grace Hopper", mobile: "07700 900555", referral: "Google", salon: "2" });
  const alert = await mailTo(staff.smtp, "olivia@example.com", /New quote for Maison Ivy Kestwick: Grace/, since);
  expect(alert.text).toMatch(/\/staff\/leads\/\d+/);
  expect(alert.text).not.toContain("Hopper");
});

test("the console home says where alerts go; once the desk's address is set, the next alert goes there only", async () => {
  await owner.goto(`${staff.url}/staff`);
  const alerts = owner.getByRole("region", { name: "Where new-lead alerts go" });
  await expect(alerts).toContainText(FALLBACK);
  await alerts.getByRole("link", { name: "Set it for Maison Ivy Kestwick on the Salons screen" }).click();
  await expect(owner).toHaveURL(`${staff.url}/staff/content/salons`);
  const kestwick = owner.getByRole("region", { name: "Maison Ivy Kestwick" });
  await kestwick.getByLabel("Front-desk e-mail for alerts").fill("desk@kestwick.example");
  await kestwick.getByRole("button", { name: "Save salon: Maison Ivy Kestwick" }).click();
  await expect(owner.getByText("Maison Ivy Kestwick saved.")).toBeVisible();

  await owner.goto(`${staff.url}/staff`);
  await expect(alerts).toContainText(
    "New quotes for Maison Ivy Kestwick are e-mailed to its front desk, desk@kestwick.example.",
  );
  // The other salons still alert the owner.
  await expect(alerts).toContainText(
    "New quotes for Maison Ivy Wrenbridge are e-mailed to you until you set its front-desk address.",
  );

  const since = staff.smtp.mails.length;
  await saveQuoteByApi(staff, { name: "Ada Byron", mobile: "07700 900556", referral: "Google", salon: "2" });
  await mailTo(staff.smtp, "desk@kestwick.example", /New quote for Maison Ivy Kestwick: Ada/, since);
  await mailTo(staff.smtp, "ada@example.com", /quote/i, since);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const received = staff.smtp.mails.slice(since);
  expect(received.filter((m) => m.to === "desk@kestwick.example")).toHaveLength(1);
  expect(received.filter((m) => m.to === "olivia@example.com")).toHaveLength(0);
});
