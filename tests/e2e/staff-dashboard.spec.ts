import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, expectOneH1 } from "./helpers";
import { createFirstOwner, freshPage, type StaffSite, signInWithCode, startStaffSite } from "./staff-helpers";

test.describe.configure({ mode: "serial" });

let staff: StaffSite;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  // A site of its own, with an empty database: the dashboard's counts are exactly what these tests create.
  staff = await startStaffSite(Number(process.env.E2E_PORT ?? 3000) + 11);
});
test.afterAll(async () => {
  await staff.close();
});

const OWNER = "orla.owner@example.com";

async function post(path: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${staff.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: staff.url },
    body: JSON.stringify(body),
  });
}

/** A cutting quote from the live price list, at a level or with a named stylist. */
async function saveQuote(contact: {
  name: string;
  mobile: string;
  referral: string;
  salon: string;
  stylist?: string;
}): Promise<string> {
  const services: { id: number; service: string; cat1: number; cat2: number }[] = await (
    await fetch(`${staff.url}/api/services`)
  ).json();
  const id = (cat1: number, cat2: number, name: string) =>
    String(services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && s.service === name)?.id);
  const response = await post("/api/save-quote-details", {
    type: "cutting",
    ...(contact.stylist ? { mode: "stylist", stylist: contact.stylist } : { mode: "level", level: "6" }),
    salon: contact.salon,
    finish: id(1, 0, "Cut, Dry & Style"),
    finishAddon: id(4, 0, "None"),
    treatment: id(5, 2, "None"),
    regular: "no",
    name: contact.name,
    mobile: contact.mobile,
    email: `${contact.name.split(" ")[0]?.toLowerCase()}@example.com`,
    referral: contact.referral,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).link as string;
}

function feedbackReply(name: string, mobile: string, rating: number) {
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
    comments: "",
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

const lastWeek = <T>(rows: T[]) => rows.at(-1) as T;

test("the dashboard counts the quotes, feedback and applications the public site took", async ({ page }) => {
  test.setTimeout(90_000);
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
  // The client opens one quote's link twice.
  for (let i = 0; i < 2; i++) expect((await fetch(`${staff.url}/quote/${links[0]}`)).status).toBe(200);
  // Cat saw Camille (her quote names her) and scores every question 4; a client with no quote scores 2.
  expect((await post("/api/feedback", feedbackReply("Cat Quote", "07700 900203", 4))).status).toBe(201);
  expect((await post("/api/feedback", feedbackReply("Dan Nobody", "07700 900204", 2))).status).toBe(201);
  const job = await post("/api/joinus", {
    name: "Eve Applicant",
    mobile: "07700 900205",
    email: "eve@example.com",
    role: "Stylist",
    position: "1 - 3 years",
    about: "Five years behind the chair.",
    why_hair: "I love it.",
    why_us: "Your training.",
  });
  expect(job.status, await job.clone().text()).toBe(201);
  expect((await post("/api/models", { name: "Fay Model", mobile: "07700 900206", info: "Bob cut" })).status).toBe(201);

  await createFirstOwner(page, staff, "Orla Owner", OWNER);
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
  expect(lastWeek(byReferral)).toMatchObject({ Google: "2", "Social Media": "1", All: "3" });

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
    { Kind: "Job applications", New: "1", Maybe: "0", Definitely: "0", All: "1" },
    { Kind: "Model applications", New: "1", Maybe: "0", Definitely: "0", All: "1" },
  ]);
});

test("the dashboard reads well and passes axe on a phone and a wide screen", async ({ browser }) => {
  const page = await freshPage(browser);
  await signInWithCode(page, staff, OWNER);
  for (const [width, height] of [
    [360, 800],
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${staff.url}/staff/dashboard`);
    await expectAccessible(page);
    for (const summary of await page.locator("summary").all()) await summary.click();
    await expectAccessible(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    if (width !== 360) {
      await page.reload();
      await page.screenshot({ path: test.info().outputPath(`dashboard-${width}.png`), fullPage: true });
    }
  }
});
