/**
 * Instant alerts of new leads, end to end: the owner gives a salon a
 * front-desk address on the salons screen, a visitor saves a quote on the
 * site, and the salon's alert arrives at the SMTP stand-in beside the
 * client's own e-mail, each once. The console home then lists the leads
 * still New, oldest first.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, expectOneH1 } from "./helpers";
import {
  createFirstOwner,
  freshPage,
  mailTo,
  type StaffSite,
  saveQuoteByApi,
  saveQuoteInBrowser,
  setSiteClock,
  startStaffSite,
} from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 120_000 });

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

test("a quote saved on the site alerts its salon's front desk at once, once", async ({ browser }) => {
  await owner.goto(`${staff.url}/staff/content/salons`);
  const kestwick = owner.getByRole("region", { name: "Maison Ivy Kestwick" });
  await kestwick.getByLabel("Front-desk e-mail for alerts").fill("Desk@Kestwick.example");
  await kestwick.getByRole("button", { name: "Save salon: Maison Ivy Kestwick" }).click();
  await expect(owner.getByText("Maison Ivy Kestwick saved.")).toBeVisible();
  await owner.reload();
  await expect(
    owner.getByRole("region", { name: "Maison Ivy Kestwick" }).getByLabel("Front-desk e-mail for alerts"),
  ).toHaveValue("desk@kestwick.example");

  const since = staff.smtp.mails.length;
  const visitor = await freshPage(browser);
  // A level quote with no salon chosen is for Kestwick, the calculator's default salon.
  await saveQuoteInBrowser(visitor, staff, {
    name: "Grace Hopper",
    mobile: "07700 900555",
    email: "grace@example.com",
    referral: "Google",
  });
  await visitor.context().close();

  const alert = await mailTo(staff.smtp, "desk@kestwick.example", /New quote for Maison Ivy Kestwick: Grace/, since);
  expect(alert.text).toMatch(/Grace saved a quote on the website for Maison Ivy Kestwick: £\d+(\.\d\d)? with /);
  const lead = /(http:\/\/localhost:\d+\/staff\/leads\/\d+)/.exec(alert.text)?.[1];
  expect(lead).toBeDefined();
  // Nothing to reach the client by: that is in the console.
  expect(alert.text).not.toContain("grace@example.com");
  expect(alert.text).not.toContain("Hopper");
  expect(alert.text).not.toMatch(/900\s?555/);

  // The client's own e-mail came as before, once; the alert once, a little later still once.
  await mailTo(staff.smtp, "grace@example.com", /quote/i, since);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const received = staff.smtp.mails.slice(since);
  expect(received.filter((m) => m.to === "grace@example.com")).toHaveLength(1);
  expect(received.filter((m) => m.to === "desk@kestwick.example")).toHaveLength(1);

  // The link opens the lead in the console.
  await owner.goto(lead as string);
  await expect(owner.getByRole("heading", { level: 1 })).toContainText("Grace");
});

test("the owner sets quiet hours for alerts on the settings page, and clears them", async () => {
  await owner.goto(`${staff.url}/staff/settings`);
  const alerts = owner.getByRole("region", { name: "Alerts of new leads" });
  await alerts.getByLabel("Quiet from").fill("20:00");
  await alerts.getByLabel("Quiet until").fill("08:00");
  await alerts.getByRole("button", { name: "Save alerts" }).click();
  await expect(owner.getByText("Alerts of new leads now wait from 20:00 until 08:00.")).toBeVisible();
  await owner.reload();
  await expect(owner.getByRole("region", { name: "Alerts of new leads" }).getByLabel("Quiet from")).toHaveValue(
    "20:00",
  );
  const again = owner.getByRole("region", { name: "Alerts of new leads" });
  await again.getByLabel("Quiet until").fill("");
  await again.getByRole("button", { name: "Save alerts" }).click();
  await expect(owner.getByText(/Give both times as hours and minutes/)).toBeVisible();
  await again.getByLabel("Quiet from").fill("");
  await again.getByRole("button", { name: "Save alerts" }).click();
  await expect(owner.getByText("Alerts of new leads now go at any hour.")).toBeVisible();

  // How long a lead may stay New before the managers are told.
  const hours = owner.getByRole("region", { name: "Alerts of new leads" }).getByLabel("Hours before managers are told");
  await expect(hours).toHaveValue("2");
  await hours.fill("3");
  await owner.getByRole("button", { name: "Save hours" }).click();
  await expect(owner.getByText("Managers are now told of a lead still New after 3 opening hours.")).toBeVisible();
  await owner.reload();
  await expect(
    owner.getByRole("region", { name: "Alerts of new leads" }).getByLabel("Hours before managers are told"),
  ).toHaveValue("3");
});

test("the console home opens on the New leads, oldest first, with their age and salon", async () => {
  // Grace saved hers in the first test; Hana saves one a little later, with a stylist-free quote at Wrenbridge.
  const saved = Date.now();
  await saveQuoteByApi(staff, { name: "Hana Ito", mobile: "07700 900556", referral: "Google", salon: "1" });
  await setSiteClock(staff, new Date(saved + (2 * 60 + 10) * 60_000 + 30_000));

  await owner.goto(`${staff.url}/staff`);
  await expectOneH1(owner);
  const waiting = owner.getByRole("region", { name: "Needs a reply" });
  const items = waiting.getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText("Grace");
  await expect(items.nth(0)).toContainText("Maison Ivy Kestwick");
  await expect(items.nth(0)).toContainText(/waiting 2 h 1\d min/);
  await expect(items.nth(1)).toContainText("Hana");
  await expect(items.nth(1)).toContainText("Maison Ivy Wrenbridge");
  await expect(items.nth(1)).toContainText("waiting 2 h 10 min");
  for (const width of [360, 1280]) {
    await owner.setViewportSize({ width, height: 800 });
    await expectAccessible(owner);
  }

  // The name opens the lead; once its status changes from New it leaves the list.
  await items.nth(1).getByRole("link", { name: "Hana" }).click();
  await expect(owner).toHaveURL(/\/staff\/leads\/\d+$/);
  await expect(owner.getByRole("heading", { level: 1 })).toContainText("Hana");
  await owner.getByLabel("Change status").selectOption("contacted");
  await owner.getByRole("button", { name: "Save status" }).click();
  await expect(owner.getByText("Status saved.")).toBeVisible();
  await owner.goto(`${staff.url}/staff`);
  await expect(owner.getByRole("region", { name: "Needs a reply" }).getByRole("listitem")).toHaveCount(1);
  await expect(owner.getByRole("region", { name: "Needs a reply" })).not.toContainText("Hana");
});
