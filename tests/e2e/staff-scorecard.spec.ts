/**
 * The group scorecard: the owner sees each salon's week
 * with its leads, bookings and pounds, the charged value coming from an
 * imported export, and downloads the same figures as a CSV; the front desk
 * has neither the page nor the file.
 */
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { formatGBP } from "../../app/domain/format";
import { parseCsv } from "../../app/domain/staff/csv";
import { weekLabel, weekOf } from "../../app/domain/staff/weeks";
import { expectAccessible, expectOneH1 } from "./helpers";
import {
  createFirstOwner,
  freshPage,
  inviteAndSignIn,
  type StaffSite,
  saveQuoteByApi,
  startStaffSite,
} from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let staff: StaffSite;
let owner: Page;
let desk: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  staff = await startStaffSite();
  owner = await freshPage(browser);
  await createFirstOwner(owner, staff, "Olive Owner", "olive@example.com");
  desk = await inviteAndSignIn(owner, browser, staff, { name: "Dee", email: "dee@example.com", role: "front-desk" });
});

test.afterAll(async () => {
  await staff?.close();
});

/** A quote's total in pence, as the client's own page is given it. */
async function totalOf(link: string): Promise<number> {
  const json = await (await fetch(`${staff.url}/api/get-quote-details/${link}`)).json();
  return Math.round(json.quote.total * 100);
}

async function table(page: Page, caption: RegExp): Promise<Record<string, string>[]> {
  const t = page.getByRole("table", { name: caption });
  const headings = (await t.locator("thead th").allInnerTexts()).map((h) => h.trim());
  const rows = await t
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim() ?? "")));
  return rows.map((cells) => Object.fromEntries(headings.map((h, i) => [h, cells[i] ?? ""])));
}

test("the owner sees each salon's week from the rows and the imported export, and downloads it", async () => {
  const ada = await totalOf(
    await saveQuoteByApi(staff, { name: "Ada Scorer", mobile: "07700 900901", referral: "Google", salon: "2" }),
  );
  const bea = await totalOf(
    await saveQuoteByApi(staff, { name: "Bea Scorer", mobile: "07700 900902", referral: "Google", salon: "2" }),
  );
  // Ada's appointment came to 5% more than her quote: booked, and charged within 10%.
  const charged = Math.round(ada * 1.05);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await owner.goto(`${staff.url}/staff/bookings`);
  const section = owner.getByRole("region", { name: "Import appointments" });
  await section.getByLabel("Booking system").selectOption({ label: "Fresha" });
  await section
    .getByLabel("Or paste it here")
    .fill(
      "Ref #,Scheduled Date,Time,Location,Team Member,Service,Price,Client,Client Mobile,Client Email,Status\r\n" +
        `SC-1,${tomorrow},10:00,Kestwick,Agnes,Cut and finish,${(charged / 100).toFixed(2)},Ada Scorer,07700 900901,,Confirmed\r\n`,
    );
  await section.getByRole("button", { name: "Read the columns" }).click();
  await section.getByRole("button", { name: "Import and match" }).click();
  await expect(owner.getByText("1 matched to quotes")).toBeVisible();

  await owner.goto(`${staff.url}/staff/scorecard`);
  await expectOneH1(owner);
  const thisWeek = `Week of ${weekLabel(weekOf(new Date()))}`;
  const kestwick = (await table(owner, /^Scorecard: .*Kestwick/)).find((r) => r.Week === thisWeek);
  expect(kestwick).toEqual({
    Week: thisWeek,
    Leads: "2",
    "First reply, median": "–",
    "First reply, worst": "–",
    "Replied in target": "0%",
    Booked: "1",
    "£ quoted": formatGBP(ada + bea),
    "£ booked": formatGBP(ada),
    "£ charged": formatGBP(charged),
    "Charged within ±10%": "100%",
  });
  await expectAccessible(owner);

  const [file] = await Promise.all([
    owner.waitForEvent("download"),
    owner.getByRole("link", { name: "Download as CSV" }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^maison-ivy-scorecard-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path()) as string, "utf8");
  const [header, ...lines] = parseCsv(text.slice(1))?.map((r) => r.fields) ?? [];
  const rows = lines.map((cells) => Object.fromEntries((header ?? []).map((h, i) => [h, cells[i] ?? ""])));
  const line = rows.find(
    (r) =>
      r.Breakdown === "Salon and week" &&
      /Kestwick/.test(r.Row ?? "") &&
      r["Week starting (UK, Monday)"] === weekOf(new Date()),
  );
  expect(line).toMatchObject({
    Leads: "2",
    Replied: "0",
    Booked: "1",
    "Quoted (£)": ((ada + bea) / 100).toFixed(2),
    "Booked (£)": (ada / 100).toFixed(2),
    "Charged (£)": (charged / 100).toFixed(2),
    "Booked with a charged value": "1",
    "Charged within 10% of quote": "1",
  });
});

test("the front desk has no scorecard: no link, the page and its file refused", async () => {
  await desk.goto(`${staff.url}/staff`);
  await expect(desk.getByRole("link", { name: "Scorecard" })).toHaveCount(0);
  for (const path of ["/staff/scorecard", "/staff/scorecard.data", "/staff/scorecard/export"]) {
    const answer = await desk.request.get(`${staff.url}${path}`, { maxRedirects: 0 });
    expect([403, 404], path).toContain(answer.status());
    expect(await answer.text(), path).not.toMatch(/Ada Scorer|£ charged|Charged \(£\)/);
  }
});
