import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { until } from "./delivery-harness";
import { expectAccessible, expectOneH1 } from "./helpers";
import {
  createFirstOwner,
  freshPage,
  postJson,
  type StaffSite,
  saveQuoteByApi,
  saveQuoteInBrowser,
  startStaffSite,
} from "./staff-helpers";

test.describe.configure({ mode: "serial" });

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

let staff: StaffSite;
let owner: StorageState;
const OWNER = { name: "Orla Owner", email: "orla@example.com" };
/** More quotes of one name than a page holds, to see a search paged. */
const NAMESAKES = 27;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  // A site of its own: the lists hold exactly what these tests create. Scheduled jobs (the digest) are checked every second,
  // so its test waits for the time the owner sets, not for the next minute's check.
  staff = await startStaffSite({ RATE_LIMITS: "off", SCHEDULE_CHECK_SECONDS: "1" });
  const page = await freshPage(browser);
  await createFirstOwner(page, staff, OWNER.name, OWNER.email);
  owner = await page.context().storageState();
  await page.context().close();
  await saveQuoteByApi(staff, { name: "Ada Lovelace", mobile: "07700 900301", referral: "Google", salon: "1" });
  await saveQuoteByApi(staff, { name: "Ada Byron", mobile: "07700 900302", referral: "Social Media", salon: "2" });
  for (let i = 0; i < NAMESAKES; i++)
    await saveQuoteByApi(staff, {
      name: `Nia Namesake ${String(i).padStart(2, "0")}`,
      mobile: `07700 9004${String(i).padStart(2, "0")}`,
      // Addresses of their own: the outbox caps what one address is sent.
      email: `nia.${i}@example.com`,
      referral: "Google",
      salon: "1",
    });
  const job = await postJson(staff, "/api/joinus", {
    name: "Eve Applicant",
    mobile: "07700 900305",
    email: "eve@example.com",
    role: "Stylist",
    position: "1 - 3 years",
    about: "Colour work, mostly balayage.",
    why_hair: "I love it.",
    why_us: "Your training.",
  });
  expect(job.status, await job.clone().text()).toBe(201);
  expect(
    (await postJson(staff, "/api/models", { name: "Fay Model", mobile: "07700 900306", info: "Long red hair" })).status,
  ).toBe(201);
});
test.afterAll(async () => {
  await staff.close();
});

async function ownerPage(browser: Browser, options: { javaScriptEnabled?: boolean; width?: number } = {}) {
  const context = await browser.newContext({
    storageState: owner,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: options.width ?? 1280, height: 900 },
  });
  return context.newPage();
}

/** A list's rows: a table from 1024 px, as these pages are seen; the messages stay cards. */
const cards = (page: Page, list: string) =>
  list === "Messages"
    ? page.getByRole("list", { name: list }).getByRole("listitem")
    : page.getByRole("table", { name: list }).locator("tbody tr");

test("without JavaScript, a search combines with the filters, stays in the URL, and pages", async ({ browser }) => {
  const page = await ownerPage(browser, { javaScriptEnabled: false });
  await page.goto(`${staff.url}/staff/leads`);
  await page.getByRole("searchbox", { name: "Search" }).fill("  ada ");
  // The filters fold away until one is set, so a phone shows the first rows on its first screen.
  await expect(page.getByRole("combobox", { name: "Heard about us" })).toBeHidden();
  await page.getByText("Filters", { exact: true }).click();
  await page.getByRole("combobox", { name: "Heard about us" }).selectOption("Google");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/referral=Google/);
  await expect(page.getByText("Filters (1 in use)")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Heard about us" })).toHaveValue("Google");
  expect(new URL(page.url()).searchParams.get("q"), "the search as typed").toBe("  ada ");
  await expect(cards(page, "Quotes")).toHaveCount(1);
  await expect(cards(page, "Quotes")).toContainText("Ada Lovelace");
  // The box shows the search as understood, and the download carries it.
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("ada");
  const download = new URL(
    (await page.getByRole("link", { name: "Download as CSV" }).getAttribute("href")) ?? "",
    staff.url,
  );
  expect(download.searchParams.get("q")?.trim()).toBe("ada");
  expect(download.searchParams.get("referral")).toBe("Google");

  // A mobile number as people type it.
  await page.goto(`${staff.url}/staff/leads?q=${encodeURIComponent("+44 7700 900302")}`);
  await expect(cards(page, "Quotes")).toHaveCount(1);
  await expect(cards(page, "Quotes")).toContainText("Ada Byron");

  // More matches than a page: 25, then the rest, the search kept by the pager.
  await page.goto(`${staff.url}/staff/leads`);
  await page.getByRole("searchbox", { name: "Search" }).fill("namesake");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(cards(page, "Quotes")).toHaveCount(25);
  await expect(cards(page, "Quotes").first()).toContainText(`Nia Namesake ${NAMESAKES - 1}`);
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/q=namesake/);
  await expect(page).toHaveURL(/page=2/);
  await expect(cards(page, "Quotes")).toHaveCount(NAMESAKES - 25);
  await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);

  // Wildcards are letters like any other: nobody's name has a % in it.
  await page.goto(`${staff.url}/staff/leads?q=%25`);
  await expect(page.getByRole("status")).toHaveText("No quotes match. Nothing matches “%”.");
  await page.getByRole("link", { name: "Clear search and filters" }).click();
  await expect(page).toHaveURL(`${staff.url}/staff/leads`);
  await expect(cards(page, "Quotes")).toHaveCount(25);
});

test("a list's tabs keep its search, and its search keeps the tab", async ({ browser }) => {
  const page = await ownerPage(browser, { javaScriptEnabled: false });
  await page.goto(`${staff.url}/staff/applications?status=all`);
  await page.getByRole("searchbox", { name: "Search" }).fill("balayage");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/status=all&q=balayage/);
  await expect(cards(page, "Job applications")).toHaveCount(1);
  await expect(cards(page, "Job applications")).toContainText("Eve Applicant");
  await page.getByRole("link", { name: "Archived" }).click();
  await expect(page).toHaveURL(/status=archived/);
  await expect(page).toHaveURL(/q=balayage/);
  await expect(page.getByRole("status")).toHaveText("No applications here. Nothing matches “balayage”.");

  // Staff notes are searched too.
  await page.goto(`${staff.url}/staff/applications?q=interview`);
  await expect(cards(page, "Job applications")).toHaveCount(0);
  await page.goto(`${staff.url}/staff/applications/1`);
  await page.getByLabel("Add a note").fill("Second interview on Friday");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("region", { name: "Follow-up" })).toContainText("Second interview on Friday");
  await page.goto(`${staff.url}/staff/applications?q=interview`);
  await expect(cards(page, "Job applications")).toHaveCount(1);

  await page.goto(`${staff.url}/staff/models?q=red`);
  await expect(cards(page, "Model applications")).toHaveCount(1);
  await expect(cards(page, "Model applications")).toContainText("Fay Model");

  // The quotes went to their clients: the outbox is searched by recipient.
  await expect(async () => {
    await page.goto(`${staff.url}/staff/messages?show=sent&q=nia.`);
    await expect(cards(page, "Messages")).toHaveCount(25, { timeout: 1000 });
  }).toPass();
  for (const card of await cards(page, "Messages").all()) await expect(card).toContainText(/to nia\.\d+@example\.com/);
  await expect(page.getByRole("link", { name: "Waiting" })).toHaveAttribute(
    "href",
    /show=pending.*q=nia|q=nia.*show=pending/,
  );

  // The audit log records each search, and finds it again by its words.
  await page.goto(`${staff.url}/staff/audit?q=namesake`);
  const rows = page.getByRole("table", { name: "Audit entries" }).locator("tbody tr");
  await expect(rows.first()).toContainText("looked through the quotes");
  await expect(rows.first()).toContainText("q=namesake");
  await expect(rows.first()).toContainText(OWNER.name);
});

test("the lists with a search read well and pass axe on a 360 px phone and a wide screen", async ({ browser }) => {
  test.setTimeout(180_000);
  const lists = [
    ["quotes", "/staff/leads?q=ada&referral=Google"],
    ["applications", "/staff/applications?status=all&q=eve"],
    ["models", "/staff/models?q=fay"],
    ["feedback", "/staff/feedback?q=nobody"],
    ["messages", "/staff/messages?show=sent&q=ada"],
    ["audit", "/staff/audit?q=quote.list"],
  ] as const;
  for (const width of [360, 1280]) {
    const page = await ownerPage(browser, { width });
    for (const [name, path] of lists) {
      await page.goto(`${staff.url}${path}`);
      await expectOneH1(page);
      await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(
        new URL(path, staff.url).searchParams.get("q") ?? "",
      );
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    }
    await page.context().close();
  }
});

const DORA = { name: "Dora Digest", mobile: "07700 900399", email: "dora@example.com", referral: "Google" };

/** London's clock now, as the owner reads it, and the next whole minute at least `ahead` ms away. */
function londonMinuteAhead(ahead: number): { time: string; at: number } {
  const at = Math.ceil((Date.now() + ahead) / 60_000) * 60_000;
  const time = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
  return { time, at };
}

test("the owner sets the digest time; a quote saved before it arrives in the digest at that time", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // The set time must fall later today: near midnight, wait for the new day first.
  let target = londonMinuteAhead(30_000);
  while (target.time < "00:03") {
    await new Promise((r) => setTimeout(r, 30_000));
    target = londonMinuteAhead(30_000);
  }
  const page = await ownerPage(browser);
  await page.goto(`${staff.url}/staff/settings`);
  await page.getByLabel("Time", { exact: true }).fill(target.time);
  await page.getByRole("button", { name: "Save time" }).click();
  await expect(page.getByLabel("Time", { exact: true })).toHaveValue(target.time);

  const visitor = await freshPage(browser);
  await saveQuoteInBrowser(visitor, staff, DORA);
  const digest = () =>
    staff.smtp.mails.find(
      (m) => m.to === OWNER.email && /new quotes? on the website/.test(m.subject) && m.text.includes("Dora Digest"),
    );
  expect(digest(), "no digest before its time").toBeUndefined();
  await until(() => digest() !== undefined, "the digest listing Dora's quote", 150_000);
  expect(Date.now(), "the digest came at the time set, not before").toBeGreaterThanOrEqual(target.at - 1000);
  const mail = digest();
  expect(mail?.text).toMatch(/Dora Digest, \w+/);
  expect(mail?.text).toContain(`${staff.url}/staff/leads/`);
});

test("a day the calendar lacks, or a year out of range, is refused with the field named, on a list, the audit log and a download", async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  for (const path of [
    "/staff/leads?from=2026-02-30",
    "/staff/audit?to=2026-13-01",
    "/staff/export/leads?from=2026-02-30",
    // A year PostgreSQL has no day for: once a 500, and a download cut after its header.
    "/staff/leads?from=0000-01-01",
    "/staff/export/leads?from=0000-01-01",
  ]) {
    const answer = await page.request.get(`${staff.url}${path}`, { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(answer.status(), path).toBe(400);
  }
  await page.goto(`${staff.url}/staff/leads?from=2026-02-30`);
  await expectOneH1(page);
  await expect(page.getByText('The "from" date, 2026-02-30, is not a real date')).toBeVisible();
  await page.goto(`${staff.url}/staff/leads?from=2026-02-28&to=2099-12-31`);
  await expect(cards(page, "Quotes").first()).toBeVisible();
  await page.context().close();
});

test("a download another site asks a signed-in browser for is refused; the console's own link works", async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  const from = (site: string) =>
    page.request.get(`${staff.url}/staff/export/leads`, { headers: { "Sec-Fetch-Site": site } });
  expect((await from("cross-site")).status()).toBe(403);
  expect((await from("same-site")).status()).toBe(403);
  expect((await from("same-origin")).status()).toBe(200);
  // A real click from the list: the browser marks it same-origin itself.
  await page.goto(`${staff.url}/staff/leads`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download as CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  await page.context().close();
});

test("the quotes table sorts, works on the ticked rows and in a row, remembers its filters; a phone's card opens whole", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await ownerPage(browser);
  await page.goto(`${staff.url}/staff/leads?referral=Google`);
  const table = page.getByRole("table", { name: "Quotes" });

  // Sorted by total from its column's heading, highest first, and said so to a screen reader.
  await table.getByRole("link", { name: /^Total/ }).click();
  await expect(page).toHaveURL(/sort=total-high/);
  await expect(table.getByRole("columnheader", { name: /^Total/ })).toHaveAttribute("aria-sort", "descending");
  const totals = (await table.locator("tbody tr td:nth-child(6)").allTextContents()).map((t) =>
    Number(t.replace(/[£,]/g, "")),
  );
  expect(totals.length).toBeGreaterThan(1);
  expect(totals).toEqual([...totals].sort((a, b) => b - a));

  // Back to the list from the menu: it is as it was left, filter and order.
  await page.goto(`${staff.url}/staff`);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Quotes" }).click();
  await expect(page).toHaveURL(/referral=Google/);
  await expect(page).toHaveURL(/sort=total-high/);
  await page.getByRole("link", { name: "Clear search and filters" }).click();
  await expect(page).toHaveURL(`${staff.url}/staff/leads`);
  await expect(cards(page, "Quotes")).toHaveCount(25);

  // Two ticked, marked Contacted at once, and downloaded as they are.
  await page.getByRole("searchbox", { name: "Search" }).fill("Nia Namesake 0");
  await page.getByRole("button", { name: "Search" }).click();
  await table.getByRole("checkbox", { name: "Tick Nia Namesake 01" }).check();
  await table.getByRole("checkbox", { name: "Tick Nia Namesake 02" }).check();
  await expect(page.getByText("2 ticked.")).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the ticked as CSV" }).click();
  const csv = await (await downloading).createReadStream().then(
    (stream) =>
      new Promise<string>((resolve) => {
        let text = "";
        stream.on("data", (chunk) => {
          text += chunk;
        });
        stream.on("end", () => resolve(text));
      }),
  );
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).join("\n")).toMatch(/Nia Namesake 02[\s\S]*Nia Namesake 01/);
  await page.getByRole("button", { name: "Mark the ticked Contacted" }).click();
  await expect(page.getByText("2 quotes marked Contacted.")).toBeVisible();
  for (const name of ["Nia Namesake 01", "Nia Namesake 02"])
    await expect(table.getByRole("combobox", { name: `Status of ${name}` })).toHaveValue("contacted");
  await expect(table.getByRole("combobox", { name: "Status of Nia Namesake 03" })).toHaveValue("new");

  // One status changed in its row, without opening the quote: stored, and in the quote's history.
  await table.getByRole("combobox", { name: "Status of Nia Namesake 03" }).selectOption("booked");
  await table.getByRole("button", { name: "Save status of Nia Namesake 03" }).click();
  await expect(table.getByText("Booked saved")).toBeVisible();
  await page.reload();
  await expect(table.getByRole("combobox", { name: "Status of Nia Namesake 03" })).toHaveValue("booked");
  await table.getByRole("link", { name: "Nia Namesake 03" }).click();
  await expect(page.getByRole("region", { name: "Follow-up" })).toContainText("Booked");
  await expectAccessible(page);
  await page.context().close();

  // On a phone the rows are cards, and a tap anywhere on one opens its quote.
  const phone = await ownerPage(browser, { width: 360 });
  await phone.goto(`${staff.url}/staff/leads?q=Ada+Lovelace`);
  const card = phone.getByRole("list", { name: "Quotes" }).getByRole("listitem").first();
  const box = await card.boundingBox();
  if (!box) throw new Error("no card");
  await phone.mouse.click(box.x + box.width - 12, box.y + box.height - 12);
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Quote for Ada Lovelace");
  await phone.context().close();
});
