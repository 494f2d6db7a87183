import { readFile } from "node:fs/promises";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { expectAccessible, expectOneH1 } from "./helpers";
import {
  createFirstOwner,
  freshPage,
  inviteAndSignIn,
  postJson,
  type QuoteContact,
  type StaffSite,
  saveQuoteByApi,
  startStaffSite,
} from "./staff-helpers";

test.describe.configure({ mode: "serial" });

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

let staff: StaffSite;
const OWNER = { name: "Orla Owner", email: "orla.owner@example.com" };
const MANAGER = { name: "Mina Manager", email: "mina.manager@example.com" };
const FRONT_DESK = { name: "Fern Desk", email: "fern.desk@example.com" };
const signedIn: Record<"owner" | "manager" | "front-desk", StorageState> = {} as never;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  // A site of its own, with an empty database: the dashboard's counts are exactly what these tests create.
  staff = await startStaffSite();
  await createPublicData(browser);
  const owner = await freshPage(browser);
  await createFirstOwner(owner, staff, OWNER.name, OWNER.email);
  signedIn.owner = await owner.context().storageState();
  signedIn.manager = await invite(browser, owner, MANAGER, "manager");
  signedIn["front-desk"] = await invite(browser, owner, FRONT_DESK, "front-desk");
});
test.afterAll(async () => {
  await staff.close();
});

/** Someone the owner invites, signed in on a device of their own: what their browser keeps. */
async function invite(
  browser: Browser,
  owner: Page,
  person: { name: string; email: string },
  role: "manager" | "front-desk",
) {
  const page = await inviteAndSignIn(owner, browser, staff, { ...person, role });
  const state = await page.context().storageState();
  await page.context().close();
  return state;
}

async function as(browser: Browser, role: keyof typeof signedIn): Promise<Page> {
  return (await browser.newContext({ storageState: signedIn[role] })).newPage();
}

const post = (path: string, body: Record<string, unknown>) => postJson(staff, path, body);
const saveQuote = (contact: QuoteContact) => saveQuoteByApi(staff, contact);

function feedbackReply(name: string, mobile: string, rating: number, comments = "") {
  const r = String(rating);
  return {
    name,
    mobile,
    intro: r,
    consultation: r,
    cleanliness: r,
    appearance: r,
    products: r,
    styling: r,
    value: r,
    experience: r,
    result: r,
    return: "Nothing, I'll be back",
    repeat: "Yes",
    comments,
  };
}

/** Opens a chart's numbers and reads its table: one object per row, keyed by the column headings. */
async function numbers(page: Page, chart: string, caption: string): Promise<Record<string, string>[]> {
  await page.getByText(`The numbers: ${chart}`, { exact: true }).click();
  const table = page.getByRole("table", { name: caption });
  await expect(table).toBeVisible();
  const headings = (await table.locator("thead th").allInnerTexts()).map((h) => h.trim());
  const rows = await table
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim() ?? "")));
  return rows.map((cells) => Object.fromEntries(headings.map((h, i) => [h, cells[i] ?? ""])));
}

/** What visitors sent through the public site before anyone at the salon looked. */
async function createPublicData(browser: Browser) {
  const links = [
    await saveQuote({ name: "Ada Quote", mobile: "07700 900201", referral: "Google", salon: "1" }),
    await saveQuote({ name: "Ben Quote", mobile: "07700 900202", referral: "Google", salon: "2" }),
    await saveQuote({
      name: "Cat Quote",
      mobile: "07700 900203",
      referral: "Social Media",
      salon: "2",
      stylist: "camille",
    }),
  ];
  // The client opens one quote's link twice, in a browser (link previewers and crawlers are not counted).
  const client = await freshPage(browser);
  for (let i = 0; i < 2; i++) {
    await client.goto(`${staff.url}/quote/${links[0]}`);
    await expect(client.getByRole("heading", { level: 1 })).toContainText("Ada");
  }
  await client.context().close();
  // Cat saw Camille (her quote names her) and scores every question 4; a client with no quote scores 2.
  expect((await post("/api/feedback", feedbackReply("Cat Quote", "07700 900203", 4))).status).toBe(201);
  expect(
    (await post("/api/feedback", feedbackReply("Dan Nobody", "07700 900204", 2, "=1+1 is what I'd give it"))).status,
  ).toBe(201);
  const job = await post("/api/joinus", {
    name: "Eve Applicant",
    mobile: "07700 900205",
    email: "eve@example.com",
    role: "Stylist",
    position: "1 - 3 years",
    about: 'Five years, "senior" stylist.\nBalayage mostly.',
    why_hair: "I love it.",
    why_us: "Your training.",
  });
  expect(job.status, await job.clone().text()).toBe(201);
  expect((await post("/api/models", { name: "Fay Model", mobile: "07700 900206", info: "Bob cut" })).status).toBe(201);
}

const lastWeek = <T>(rows: T[]) => rows.at(-1) as T;

test("the dashboard counts the quotes, feedback and applications the public site took", async ({ browser }) => {
  const page = await as(browser, "manager");
  await page.goto(`${staff.url}/staff/dashboard`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
  await expectOneH1(page);
  await expect(page).toHaveTitle("Dashboard | Maison Ivy staff");

  const bySalon = await numbers(page, "By salon", "Quotes per week by salon");
  expect(bySalon).toHaveLength(12);
  expect(lastWeek(bySalon)).toMatchObject({ All: "3" });
  expect(bySalon.slice(0, -1).every((row) => row.All === "0")).toBe(true);
  const salonCounts = Object.entries(lastWeek(bySalon))
    .filter(([heading]) => heading !== "Week" && heading !== "All")
    .map(([, n]) => n)
    .sort();
  expect(salonCounts).toEqual(["1", "2"]);

  const byReferral = await numbers(page, "By how they heard of us", "Quotes per week by referral source");
  expect(lastWeek(byReferral)).toMatchObject({ Google: "2", "Social media": "1", All: "3" });

  const views = await numbers(page, "Quote links opened", "Quote links opened, by the week the quote was saved");
  expect(lastWeek(views)).toEqual({ Week: lastWeek(views).Week, Saved: "3", Opened: "1", Views: "2" });

  const conversion = await numbers(page, "Quotes followed up and booked", "Quotes by follow-up status and salon");
  expect(conversion.map((row) => [row.Quotes, row.Booked]).sort()).toEqual([
    ["1", "0"],
    ["2", "0"],
  ]);

  const weekly = await numbers(page, "Average score per week", "Average feedback score per week");
  expect(lastWeek(weekly)).toMatchObject({ Replies: "2", Average: "3.0" });
  const perQuestion = await numbers(page, "Per question", "Average feedback score per question and week");
  expect(perQuestion).toHaveLength(9);
  expect(perQuestion.every((row) => row["All weeks"] === "3.0")).toBe(true);
  const perStylist = await numbers(page, "Per stylist", "Average feedback score per stylist");
  expect(perStylist).toEqual([{ Stylist: expect.stringMatching(/^Camille /), Replies: "1", Average: "4.0" }]);

  const open = await numbers(page, "Waiting on the salon", "Open applications by status");
  expect(open).toEqual([
    { Kind: "Job applications", New: "1", Maybe: "0", Definitely: "0", No: "0", All: "1" },
    { Kind: "Model applications", New: "1", Maybe: "0", Definitely: "0", No: "0", All: "1" },
  ]);
});

test("the dashboard reads well and passes axe on a phone and a wide screen", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await as(browser, "manager");
  for (const [width, height] of [
    [360, 800],
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${staff.url}/staff/dashboard`);
    await page.screenshot({ path: test.info().outputPath(`dashboard-${width}.png`), fullPage: true });
    // On the phone with every table of numbers open; on the wide screen as it first shows.
    if (width === 360) for (const summary of await page.locator("summary").all()) await summary.click();
    if (width !== 390) await expectAccessible(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
});

/** RFC 4180: fields split on commas, quoted ones may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  expect(field, "the file ends with CRLF").toBe("");
  return rows;
}

/** Clicks the list's "Download as CSV" and reads the file: BOM checked, one object per row, keyed by the header. */
async function download(page: Page): Promise<Record<string, string>[]> {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download as CSV" }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^maison-ivy-[a-z-]+-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path()) as string, "utf8");
  expect(text.startsWith("\uFEFF"), "a byte-order mark for Excel").toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1));
  return rows.map((cells) => Object.fromEntries((header ?? []).map((h, i) => [h, cells[i] ?? ""])));
}

test("a manager downloads a filtered list as CSV: the list's rows, safely escaped, and the export is audited", async ({
  browser,
}) => {
  const manager = await as(browser, "manager");
  await manager.goto(`${staff.url}/staff/leads`);
  await manager.getByText("Filters", { exact: true }).click();
  await manager.getByRole("combobox", { name: /heard/i }).selectOption("Google");
  await manager.getByRole("button", { name: "Search" }).click();
  await expect(manager).toHaveURL(/referral=Google/);
  const quotes = await download(manager);
  expect(quotes.map((q) => [q.Name, q.Mobile, q["E-mail"], q["Heard of us"]]).sort()).toEqual([
    ["Ada Quote", "+44 7700 900201", "ada@example.com", "Google"],
    ["Ben Quote", "+44 7700 900202", "ben@example.com", "Google"],
  ]);
  expect(quotes.find((q) => q.Name === "Ada Quote")).toMatchObject({ Status: "New", "Link views": "2" });
  // Times as the salon's clock reads them, in a form a spreadsheet takes for a date and time.
  for (const q of quotes) expect(q["Saved (UK time)"]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

  const answer = await manager.request.get(`${staff.url}/staff/export/leads?referral=Google`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(answer.headers()["content-disposition"]).toMatch(/^attachment; filename="maison-ivy-quotes-[\d-]+\.csv"$/);

  await manager.goto(`${staff.url}/staff/applications`);
  const jobs = await download(manager);
  expect(jobs).toHaveLength(1);
  expect(jobs[0]).toMatchObject({ Name: "Eve Applicant", About: 'Five years, "senior" stylist.\nBalayage mostly.' });

  await manager.goto(`${staff.url}/staff/feedback`);
  const replies = await download(manager);
  expect(replies.map((r) => r.Comments).sort()).toEqual(["", "'=1+1 is what I'd give it"]);

  await manager.goto(`${staff.url}/staff/models`);
  expect((await download(manager)).map((m) => m.Name)).toEqual(["Fay Model"]);

  // The owner reads who exported what, with which filters and how many rows.
  const owner = await as(browser, "owner");
  await owner.goto(`${staff.url}/staff/audit`);
  const entry = (summary: string) => owner.getByRole("row").filter({ hasText: summary });
  // Two downloads of the filtered quotes: the click, and the request that read the headers.
  const quoteExports = entry("2 rows; filters: referral=Google");
  await expect(quoteExports).toHaveCount(2);
  for (const row of await quoteExports.all()) {
    await expect(row).toContainText(MANAGER.name);
    await expect(row).toContainText(`${MANAGER.name} downloaded the quotes as a spreadsheet`);
  }
  await expect(
    entry("1 row; filters: status=open").filter({ hasText: "downloaded the job applications as a spreadsheet" }),
  ).toHaveCount(1);
  await expect(
    entry("2 rows; filters: status=open").filter({ hasText: "downloaded the feedback as a spreadsheet" }),
  ).toHaveCount(1);
});

test("the front desk cannot export: no download link, and every export answers 403", async ({ browser }) => {
  const desk = await as(browser, "front-desk");
  await desk.goto(`${staff.url}/staff/leads`);
  await expect(desk.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(desk.getByRole("link", { name: "Download as CSV" })).toHaveCount(0);
  for (const list of ["leads", "jobs", "models", "feedback", "messages"]) {
    const answer = await desk.request.get(`${staff.url}/staff/export/${list}`, { maxRedirects: 0 });
    expect(answer.status(), list).toBe(403);
    expect(await answer.text(), list).not.toContain("Ada Quote");
  }
  expect((await desk.request.get(`${staff.url}/staff/dashboard`, { maxRedirects: 0 })).status()).toBe(403);
});
