/**
 * The funnel in pounds as a visitor and the salon meet it (decision 076): a
 * visit through the calculator from a campaign link, counted without a
 * cookie or another host, the quote keeping its source, the console's
 * figures and CSV, the front desk's view, and a browser that objects.
 */
import { readFile } from "node:fs/promises";
import { type Browser, type BrowserContext, expect, type Page, type Request, test } from "@playwright/test";
import { parseCsv } from "../../app/domain/staff/csv";
import { answerSkinTestIfAsked, expectAccessible, expectOneH1, scriptsReady } from "./helpers";
import { createFirstOwner, freshPage, inviteAndSignIn, type StaffSite, startStaffSite } from "./staff-helpers";

test.describe.configure({ mode: "serial" });

let staff: StaffSite;
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
let ownerState: StorageState;
let deskState: StorageState;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  // A site of its own with an empty database: the funnel counts exactly what these tests do.
  staff = await startStaffSite();
  const owner = await freshPage(browser);
  await createFirstOwner(owner, staff, "Orla Owner", "orla.funnel@example.com");
  ownerState = await owner.context().storageState();
  const desk = await inviteAndSignIn(owner, browser, staff, {
    name: "Fern Desk",
    email: "fern.funnel@example.com",
    role: "front-desk",
  });
  deskState = await desk.context().storageState();
  await desk.context().close();
  await owner.context().close();
});
test.afterAll(async () => {
  await staff.close();
});

/** A cut at level 4 with everything chosen: the calculator shows its summary at once. */
async function cutParams(): Promise<URLSearchParams> {
  const services: { id: number; service: string; cat1: number; cat2: number }[] = await (
    await fetch(`${staff.url}/api/services`)
  ).json();
  const id = (cat1: number, cat2: number, name: string) =>
    String(services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && s.service === name)?.id);
  return new URLSearchParams({
    type: "cutting",
    mode: "level",
    level: "4",
    finish: id(1, 0, "Cut, Dry & Style"),
    finishAddon: id(4, 0, "None"),
    treatment: id(5, 2, "None"),
  });
}

/** Every request the page makes, and every answer that tried to set a cookie. */
function watch(page: Page) {
  const requests: Request[] = [];
  const cookies: string[] = [];
  page.on("request", (r) => requests.push(r));
  page.on("response", async (r) => {
    const set = (await r.allHeaders())["set-cookie"];
    if (set) cookies.push(`${r.url()}: ${set}`);
  });
  return { requests, cookies, beacons: () => requests.filter((r) => new URL(r.url()).pathname === "/api/funnel") };
}

async function signedIn(browser: Browser, state: StorageState): Promise<Page> {
  return (await browser.newContext({ storageState: state })).newPage();
}

/** The step counts as the funnel page lists them. */
async function steps(page: Page): Promise<Record<string, string>> {
  const list = page.getByTestId("funnel-steps");
  const entries = await list
    .locator("[data-step]")
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector("dt")?.textContent?.trim() ?? "",
        row.querySelector("dd")?.textContent?.trim().split(" ")[0] ?? "",
      ]),
    );
  return Object.fromEntries(entries);
}

async function table(page: Page, caption: string): Promise<Record<string, string>[]> {
  const t = page.getByRole("table", { name: caption });
  const headings = (await t.locator("thead th").allInnerTexts()).map((h) => h.trim());
  const rows = await t
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim() ?? "")));
  return rows.map((cells) => Object.fromEntries(headings.map((h, i) => [h, cells[i] ?? ""])));
}

test("a visit from a campaign link is counted at each step, without a cookie or another host, and the lead keeps its source", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const visitor = await freshPage(browser);
  const seen = watch(visitor);
  const params = await cutParams();
  const campaign = "utm_source=SpringNews&utm_medium=email&utm_campaign=spring-2026";

  await visitor.goto(`${staff.url}/prices/calculator?${params}&${campaign}`);
  await scriptsReady(visitor);
  await expect.poll(() => seen.beacons().length).toBe(2);
  const sent = seen.beacons().map((b) => JSON.parse(b.postData() ?? "{}"));
  expect(sent.map((b) => b.step).sort()).toEqual(["started", "summary"]);
  expect(sent[0]).toMatchObject({ utm_source: "SpringNews", utm_campaign: "spring-2026", level: 4 });
  expect(seen.beacons().every((b) => (b.postData() ?? "").length < 512)).toBe(true);

  // The campaign is no longer in the address: the tab carries it to the finish form.
  params.set("regular", "yes");
  await visitor.goto(`${staff.url}/prices/finish?${params}`);
  await scriptsReady(visitor);
  await visitor.getByLabel("Your name").fill("Hana Campaign");
  await visitor.getByLabel("Mobile number").fill("07700 900311");
  await visitor.getByLabel("Email address").fill("hana.campaign@example.com");
  await visitor.getByLabel("How did you hear about us?").selectOption("Social Media");
  await answerSkinTestIfAsked(visitor);
  await visitor.getByRole("button", { name: "Send me my quote" }).click();
  await visitor.getByRole("link", { name: "View your quote" }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Hana");
  // A reload of the calculator the same day sends nothing new: the tab has sent both steps already.
  await visitor.goto(`${staff.url}/prices/calculator?${await cutParams()}`);
  await scriptsReady(visitor);
  expect(seen.beacons()).toHaveLength(2);

  const origin = new URL(staff.url).origin;
  expect(seen.requests.map((r) => new URL(r.url()).origin).filter((o) => o !== origin)).toEqual([]);
  expect(seen.cookies).toEqual([]);
  expect(await visitor.context().cookies()).toEqual([]);
  await visitor.context().close();

  const owner = await signedIn(browser, ownerState);
  await owner.goto(`${staff.url}/staff/funnel`);
  await expectOneH1(owner);
  await expect(owner).toHaveTitle(/Funnel/);
  expect(await steps(owner)).toEqual({
    "Calculator started": "1",
    "Summary reached": "1",
    "Quote saved": "1",
    "Link opened": "1",
    "Book clicked": "0",
    Booked: "0",
  });
  const bySource = await table(owner, "Funnel by source");
  const spring = bySource.find((r) => r.Source === "springnews");
  expect(spring).toMatchObject({ "Calculator started": "1", "Summary reached": "1", "Quote saved": "1" });
  expect(spring?.["£ quoted"]).toMatch(/^£\d/);
  await expectAccessible(owner);

  // The CSV holds the same figures, one line per week and key.
  const [file] = await Promise.all([
    owner.waitForEvent("download"),
    owner.getByRole("link", { name: "Download as CSV" }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^maison-ivy-funnel-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path()) as string, "utf8");
  const [header, ...lines] = parseCsv(text.slice(1))?.map((r) => r.fields) ?? [];
  const rows = lines.map((cells) => Object.fromEntries((header ?? []).map((h, i) => [h, cells[i] ?? ""])));
  const saved = rows.filter((r) => r.Source === "springnews").reduce((n, r) => n + Number(r["Quote saved"]), 0);
  expect(saved).toBe(1);

  // The lead says where it came from.
  await owner.goto(`${staff.url}/staff/leads`);
  await owner.getByRole("link", { name: /Hana Campaign/ }).click();
  await expect(owner.getByTestId("lead-source")).toHaveText("SpringNews (email, spring-2026)");

  // Both looks at the funnel and the download are in the audit log.
  await owner.goto(`${staff.url}/staff/audit`);
  await expect(owner.getByText("Orla Owner looked at the funnel").first()).toBeVisible();
  await expect(owner.getByText("Orla Owner downloaded the funnel as a spreadsheet").first()).toBeVisible();
  await owner.context().close();
});

test("the front desk sees the funnel (accounts carry no salon yet, so every salon's)", async ({ browser }) => {
  const desk = await signedIn(browser, deskState);
  await desk.goto(`${staff.url}/staff/funnel`);
  await expect(desk.getByRole("heading", { level: 1 })).toHaveText("Funnel");
  expect((await steps(desk))["Quote saved"]).toBe("1");
  expect((await desk.request.get(`${staff.url}/staff/funnel/export`, { maxRedirects: 0 })).status()).toBe(200);
  await desk.context().close();
});

test("a browser that objects sends nothing: Global Privacy Control, or the switch on /privacy", async ({ browser }) => {
  // Three browsers, two calculator visits and the switch's island loaded twice: on a busy machine over 45 s.
  test.setTimeout(120_000);
  // Global Privacy Control, as a browser with it switched on shows it to scripts and in its requests.
  const gpcContext = await browser.newContext({ extraHTTPHeaders: { "Sec-GPC": "1" } });
  await gpcContext.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true });
  });
  const gpc = await gpcContext.newPage();
  const gpcSeen = watch(gpc);
  await gpc.goto(`${staff.url}/prices/calculator?${await cutParams()}&utm_source=gpc`);
  await scriptsReady(gpc);
  await gpc.waitForTimeout(500);
  expect(gpcSeen.beacons()).toEqual([]);
  await gpc.goto(`${staff.url}/privacy`);
  // The switch is an island that loads once the visitor scrolls to it.
  await gpc.locator("#funnel-opt-out-status").scrollIntoViewIfNeeded();
  await expect(gpc.locator("#funnel-opt-out-status")).toContainText("Global Privacy Control");
  // The browser already says no: there is nothing for the switch to do.
  await expect(gpc.locator("#funnel-opt-out")).toBeHidden();
  await gpcContext.close();

  // The switch on /privacy: kept in localStorage, no cookie, and the calculator sends nothing after it.
  const page = await freshPage(browser);
  const seen = watch(page);
  await page.goto(`${staff.url}/privacy`);
  const status = page.locator("#funnel-opt-out-status");
  await status.scrollIntoViewIfNeeded();
  await expect(status).toContainText("are counted");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Don’t count my visits" }).click();
  await expect(status).toContainText("You asked us not to count");
  expect(await page.evaluate(() => localStorage.getItem("funnel-opt-out"))).toBe("1");
  await page.reload();
  await status.scrollIntoViewIfNeeded();
  await expect(page.getByRole("button", { name: "Count my visits again" })).toBeVisible();
  // The switch goes both ways, and says so.
  await page.getByRole("button", { name: "Count my visits again" }).click();
  await expect(status).toContainText("are counted");
  expect(await page.evaluate(() => localStorage.getItem("funnel-opt-out"))).toBeNull();
  await page.getByRole("button", { name: "Don’t count my visits" }).click();
  await expect(status).toContainText("You asked us not to count");
  await page.goto(`${staff.url}/prices/calculator?${await cutParams()}`);
  await scriptsReady(page);
  await page.waitForTimeout(500);
  expect(seen.beacons()).toEqual([]);
  expect(await page.context().cookies()).toEqual([]);
  await page.context().close();

  // Nothing was counted from either browser.
  const owner = await signedIn(browser, ownerState);
  await owner.goto(`${staff.url}/staff/funnel`);
  expect((await steps(owner))["Calculator started"]).toBe("1");
  await owner.context().close();
});

test("the funnel reads well at 360 px, on a tablet and at 1280 px", async ({ browser }) => {
  const owner = await signedIn(browser, ownerState);
  for (const width of [360, 768, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await owner.goto(`${staff.url}/staff/funnel`);
    await owner.screenshot({ path: test.info().outputPath(`funnel-${width}.png`), fullPage: true });
    const overflow = await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // A table wider than its box scrolls sideways inside it, and the box shades the edge with more beyond.
    const uncued = await owner.evaluate(() =>
      [...document.querySelectorAll("main section")]
        .filter((box) => box.scrollWidth > box.clientWidth)
        .filter((box) => !getComputedStyle(box).backgroundAttachment.includes("local"))
        .map((box) => box.getAttribute("aria-label")),
    );
    expect(uncued).toEqual([]);
    await expectAccessible(owner);
  }
  await owner.context().close();
});
