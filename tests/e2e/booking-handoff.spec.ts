/**
 * The booking hand-off, end to end: the owner gives a stylist her own
 * booking link on the console's map of booking links; a visitor opens a
 * quote with that stylist and clicks Book; the click is counted on the
 * quote (the lead page shows it) and the visitor lands on the stylist's
 * link, a booking provider stand-in this test runs over https.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, expectOneH1 } from "./helpers";
import { createFirstOwner, freshPage, type StaffSite, saveQuoteByApi, startStaffSite } from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let staff: StaffSite;
let owner: Page;
let provider: Server;
let providerUrl: string;
const asked: string[] = [];

/** A booking provider stand-in over https (booking links must be https), with a certificate made for the test. */
function startProvider(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "booking-provider-"));
  try {
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"],
        ...["-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")],
      ],
      { stdio: "ignore" },
    );
    provider = createServer(
      { key: readFileSync(path.join(dir, "key.pem")), cert: readFileSync(path.join(dir, "cert.pem")) },
      (req, res) => {
        asked.push(`${req.method} ${req.url}`);
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.end(`<!doctype html><title>Book</title><h1>Booking with ${req.url?.slice(1)}</h1>`);
      },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return new Promise((resolve) =>
    provider.listen(0, "127.0.0.1", () => {
      providerUrl = `https://127.0.0.1:${(provider.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  await startProvider();
  // The booking provider's stand-in listens on this machine: the one internal range the site may reach here.
  staff = await startStaffSite({ OUTBOUND_ALLOW_PRIVATE: "127.0.0.1/32" });
  owner = await freshPage(browser);
  await createFirstOwner(owner, staff, "Olivia Owner", "olivia@example.com");
});

test.afterAll(async () => {
  await staff?.close();
  provider?.closeAllConnections();
  provider?.close();
});

test("a Book click on a quote is counted and lands on the stylist's own link", async ({ browser }) => {
  await owner.goto(`${staff.url}/staff/booking-links`);
  await expectOneH1(owner);
  await expect(owner).toHaveTitle(/Booking links/);
  await owner.getByLabel("Isla Brennan's own link").fill("http://book.example/isla");
  await owner.getByRole("button", { name: "Save Isla Brennan's link" }).click();
  await expect(owner.getByText("Give the booking link as a full https:// address")).toBeVisible();
  await owner.getByLabel("Isla Brennan's own link").fill(`${providerUrl}/isla`);
  await owner.getByRole("button", { name: "Save Isla Brennan's link" }).click();
  await expect(owner.getByText("Link saved: the Book buttons use it at once.")).toBeVisible();
  await expect(owner.getByText(`Books at ${providerUrl}/isla (the stylist's link)`)).toBeVisible();
  await expectAccessible(owner);

  const link = await saveQuoteByApi(staff, {
    name: "Ada Client",
    mobile: "07700 900555",
    referral: "Google",
    salon: "1",
    stylist: "isla",
  });
  // A link previewer's HEAD goes on to the same place without counting.
  const head = await fetch(`${staff.url}/quote/${link}/book`, { method: "HEAD", redirect: "manual" });
  expect(head.status).toBe(303);
  expect(head.headers.get("location")).toBe(`${providerUrl}/isla`);
  expect(head.headers.get("cache-control")).toMatch(/no-store/);

  const visitorContext = await browser.newContext({ ignoreHTTPSErrors: true });
  const visitor = await visitorContext.newPage();
  // The "Quote saved" page, where the client is readiest, books through the same counted link.
  await visitor.goto(`${staff.url}/prices/finish/submitted?type=cutting&quote=${link}`);
  await expect(visitor.getByRole("link", { name: "Book a free consultation" })).toHaveAttribute(
    "href",
    `/quote/${link}/book`,
  );
  await visitor.goto(`${staff.url}/quote/${link}`);
  await visitor.getByRole("link", { name: "Book a free consultation" }).click();
  await expect(visitor.getByRole("heading", { name: "Booking with isla" })).toBeVisible();
  expect(visitor.url()).toBe(`${providerUrl}/isla`);
  expect(asked.filter((a) => a !== "GET /favicon.ico")).toEqual(["GET /isla"]);
  await visitorContext.close();

  // Staff see the click on the lead.
  await owner.goto(`${staff.url}/staff/leads`);
  await owner.getByRole("link", { name: "Ada Client" }).first().click();
  await expect(owner.getByTestId("book-clicks")).toHaveText("1 time");
});

test("the owner sets where events go; the secret shows and the change is audited", async () => {
  await owner.goto(`${staff.url}/staff/settings`);
  const events = owner.getByRole("region", { name: "Events to your other tools (webhooks)" });
  await events.getByLabel("Send events to (https://…)").fill("http://tools.example/hooks");
  await events.getByRole("button", { name: "Save address" }).click();
  await expect(owner.getByText("Give the address as a full https:// address")).toBeVisible();
  await events.getByLabel("Send events to (https://…)").fill("https://tools.example/hooks");
  await events.getByRole("button", { name: "Save address" }).click();
  await expect(owner.getByText("Events now go to https://tools.example/hooks.")).toBeVisible();
  const secret = await owner.getByTestId("webhook-secret").textContent();
  expect(secret).toMatch(/^whsec_/);
  await owner.getByRole("button", { name: "Make a new secret" }).click();
  await expect(owner.getByText("New secret made")).toBeVisible();
  await expect(owner.getByTestId("webhook-secret")).not.toHaveText(secret as string);
  await owner.goto(`${staff.url}/staff/audit`);
  await expect(owner.getByText("changed where the site’s events are sent (webhooks)")).toBeVisible();
  await expect(owner.getByText("made a new secret for the site’s webhooks")).toBeVisible();
  await expect(owner.getByText(/set a booking link of/).first()).toBeVisible();
});

test("the booking links screen at a phone's width and a desktop's", async ({ browser }, testInfo) => {
  for (const width of [360, 1280]) {
    const page = await freshPage(browser);
    await page.context().addCookies(await owner.context().cookies());
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${staff.url}/staff/booking-links`);
    await expectOneH1(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`booking-links-${width}.png`), fullPage: true });
    await page.goto(`${staff.url}/staff/settings`);
    await page.getByRole("heading", { name: "Events to your other tools (webhooks)" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`settings-webhooks-${width}.png`), fullPage: false });
    await page.context().close();
  }
});
