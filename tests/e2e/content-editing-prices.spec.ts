/**
 * A manager edits the price list and the reviews from the console: a price
 * change is previewed on typical quotes, applies to new quotes at once while a
 * quote given before keeps its price, a change for next week waits for its
 * day, a review is hidden only with a reason, and a CSV import with a bad row
 * imports nothing.
 */
import { expect, type Page, test } from "@playwright/test";
import { answerSkinTestIfAsked, expectAccessible, expectOneH1 } from "./helpers";
import {
  freshPage,
  ownerAndManager,
  pageAs,
  type StaffSite,
  type StorageState,
  setSiteClock,
  startStaffSite,
} from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let staff: StaffSite;
let ownerState: StorageState;
let managerState: StorageState;

/** A cut & blow-dry at the Stylist level (no uplift), without add-on or treatment. */
const CUT = "type=cutting&mode=level&level=6&finish=1&finishAddon=49&treatment=57";
/** The same with a dry & style instead. */
const DRY = "type=cutting&mode=level&level=6&finish=2&finishAddon=49&treatment=57";

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  staff = await startStaffSite();
  ({ ownerState, managerState } = await ownerAndManager(browser, staff));
});
test.afterAll(async () => {
  await staff?.close();
});

/** The estimate the calculator shows for a selection, as a new visitor sees it now. */
async function calculatorTotal(page: Page, query: string) {
  await page.goto(`${staff.url}/prices/calculator?${query}`);
  return page.getByTestId("estimate-total").first().textContent();
}

/** Saves a quote as a visitor does, from the finish page; answers its public link. */
async function saveQuoteAsVisitor(page: Page, query: string, name: string): Promise<string> {
  await page.goto(`${staff.url}/prices/finish?${query}&regular=no`);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Mobile number").fill("07700 900 555");
  await page.getByLabel("Email address").fill("price-test@example.com");
  await page.getByLabel("How did you hear about us?").selectOption("Google");
  await answerSkinTestIfAsked(page);
  await page.getByRole("button", { name: "Send me my quote" }).click();
  await expect(page).toHaveURL(/\/prices\/finish\/submitted/);
  return (await page.getByRole("link", { name: "View your quote" }).getAttribute("href")) as string;
}

test("a price change is previewed on typical quotes; new quotes use it, a quote given before keeps its price", async ({
  browser,
}) => {
  const visitor = await freshPage(browser);
  // £49.50 on the price list; the calculator prints each line to the whole pound (decision 080).
  expect(await calculatorTotal(visitor, CUT)).toBe("£50");
  const quotePath = await saveQuoteAsVisitor(visitor, CUT, "Paula Before");
  await visitor.goto(`${staff.url}${quotePath}`);
  await expect(visitor.getByText("£50").first()).toBeVisible();

  const page = await pageAs(browser, managerState);
  await page.goto(`${staff.url}/staff/content`);
  await page.getByRole("link", { name: /Price list/ }).click();
  await expectOneH1(page);
  await page.getByRole("link", { name: /Cut & blow-dry/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cut & blow-dry");
  await page.getByLabel("Price (£)", { exact: true }).fill("55");
  await page.getByRole("button", { name: "Preview typical quotes" }).click();

  // The preview prices the same selections at every level, now and after; nothing is saved yet.
  const alone = page.getByRole("table", { name: "Cut & blow-dry on its own" });
  await expect(alone.getByRole("row", { name: /^Stylist £50 £55 \+£5$/ })).toBeVisible();
  // +12.32% on £55 is £61.776, one rounding to the pound: £62; on £49.50 it was £55.60, so £56.
  await expect(alone.getByRole("row", { name: /^Senior Stylist £56 £62 \+£6$/ })).toBeVisible();
  const withRoots = page.getByRole("table", { name: "Roots colour with a cut & blow-dry" });
  // Roots £33 + £18.80 product = £51.80 → £52, plus the cut.
  await expect(withRoots.getByRole("row", { name: /^Stylist £102 £107 \+£5$/ })).toBeVisible();
  expect(await calculatorTotal(visitor, CUT)).toBe("£50");
  await page.setViewportSize({ width: 360, height: 800 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  await expect(page.getByLabel("Price (£)", { exact: true })).toHaveValue("55");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved. The calculator and the price pages use the new prices now.")).toBeVisible();

  // A new quote uses the new price; the quote given before keeps its own, on its page and in the console.
  expect(await calculatorTotal(visitor, CUT)).toBe("£55");
  await visitor.goto(`${staff.url}${quotePath}`);
  await expect(visitor.getByText("£50").first()).toBeVisible();
  await expect(visitor.getByText("£55", { exact: true })).toHaveCount(0);
  const newQuote = await saveQuoteAsVisitor(visitor, CUT, "Paula After");
  await visitor.goto(`${staff.url}${newQuote}`);
  await expect(visitor.getByText("£55").first()).toBeVisible();

  await page.goto(`${staff.url}/staff/leads`);
  await page.getByRole("link", { name: /Paula Before/ }).click();
  // The quote's own table: the draft text to the client, folded away below it, names the total too.
  const quoted = page.getByRole("table", { name: "Services quoted" });
  await expect(quoted.getByRole("row", { name: "Estimated total £50" })).toBeVisible();
  await expect(page.getByText("£55", { exact: true })).toHaveCount(0);
  await page.context().close();
  await visitor.context().close();
});

test("a level's uplift is previewed before it is saved", async ({ browser }) => {
  const page = await pageAs(browser, managerState, { width: 360, height: 800 });
  await page.goto(`${staff.url}/staff/content/levels`);
  await expectOneH1(page);
  const senior = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Level 8" }) });
  await expect(senior.getByLabel("Name")).toHaveValue("Senior Stylist");
  await expect(senior.getByLabel("Uplift (%)")).toHaveValue("12.32");
  await senior.getByLabel("Uplift (%)").fill("200%%");
  await senior.getByRole("button", { name: "Save level 8" }).click();
  await expect(page.getByText("Please enter the uplift as a percentage, such as 12.32 or -20.")).toBeVisible();
  await expect(senior.getByLabel("Uplift (%)")).toHaveValue("200%%");
  await senior.getByLabel("Uplift (%)").fill("15");
  await senior.getByRole("button", { name: "Preview level 8" }).click();
  const cut = page.getByRole("table", { name: "Cut & blow-dry" });
  // £55 (the price saved above) at +12.32% is £61.78, so £62; at +15% £63.25, so £63.
  await expect(cut.getByRole("row", { name: /^Senior Stylist £62 £63 \+£1$/ })).toBeVisible();
  await expectAccessible(page);
  const visitor = await freshPage(browser);
  expect(await calculatorTotal(visitor, CUT.replace("level=6", "level=8"))).toBe("£62");
  await senior.getByRole("button", { name: "Save level 8" }).click();
  await expect(page.getByText("Senior Stylist saved.")).toBeVisible();
  await expect(senior.getByLabel("Uplift (%)")).toHaveValue("15");
  expect(await calculatorTotal(visitor, CUT.replace("level=6", "level=8"))).toBe("£63");
  await visitor.context().close();
  await page.context().close();
});

test("a manager hides a review only with a reason: it leaves the site, the reason is in the console and the audit log", async ({
  browser,
}) => {
  const text = "Best haircut I've ever had. Harriet just gets it.";
  const visitor = await freshPage(browser);
  await visitor.goto(`${staff.url}/reviews`);
  await expect(visitor.getByText(text)).toHaveCount(1);

  const page = await pageAs(browser, managerState, { width: 360, height: 800 });
  await page.goto(`${staff.url}/staff/content/reviews`);
  await expectOneH1(page);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Edit or hide the review by Rebecca T." }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Review by Rebecca T.");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Hide the review" }).click();
  await expect(page.getByText(/Please say why this review is hidden/).first()).toBeVisible();
  await visitor.goto(`${staff.url}/reviews`);
  await expect(visitor.getByText(text)).toHaveCount(1);

  const reason = "Not a client: the same words were posted about three salons";
  await page.getByLabel("Reason for hiding it").fill(reason);
  await page.getByRole("button", { name: "Hide the review" }).click();
  await expect(page.getByText("The review is hidden from the site.")).toBeVisible();
  await expect(page.getByText(`Reason: ${reason}`)).toBeVisible();

  await visitor.goto(`${staff.url}/reviews`);
  await expect(visitor.getByText(text)).toHaveCount(0);
  await visitor.goto(`${staff.url}/reviews/harriet`);
  await expect(visitor.getByText(text)).toHaveCount(0);
  await page.goto(`${staff.url}/staff/content/reviews`);
  await expect(page.getByText(`Hidden: ${reason}`)).toBeVisible();

  const owner = await pageAs(browser, ownerState);
  await owner.goto(`${staff.url}/staff/audit`);
  await expect(owner.getByRole("cell", { name: `Hidden: ${reason}` })).toBeVisible();
  await owner.context().close();
  await page.context().close();
  await visitor.context().close();
});

test("a CSV import with one bad row imports nothing and names the row; a good file imports every row", async ({
  browser,
}) => {
  const page = await pageAs(browser, managerState);
  await page.goto(`${staff.url}/staff/content/reviews`);
  const heading = page.getByRole("heading", { name: /^All reviews \(\d+\)$/ });
  const before = await heading.textContent();
  const good = "Isla,Tilly W.,5,2026-10-01,Isla made my fine hair look twice as thick.";
  const csv = [
    "stylist,client,rating,date,review",
    good,
    'Nobody Here,Sam K.,4,2026-10-02,"Lovely, friendly salon."',
    "Isla,Jo B.,2,2026-10-03,Running late but a good cut in the end.",
  ].join("\n");
  await page.getByLabel("Or paste the CSV here").fill(csv);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText(/Nothing was imported: one row needs correcting first \(row 3\)/)).toBeVisible();
  await expect(page.getByText('Row 3: no one in the team is called "Nobody Here".')).toBeVisible();
  // The reasons are under the box, further down than the notice: the notice's button goes there.
  await page.getByRole("button", { name: "Go to what needs correcting" }).click();
  await expect(page.getByLabel("Or paste the CSV here")).toBeFocused();
  await expect(page.getByLabel("Or paste the CSV here")).toBeInViewport();
  await expect(heading).toHaveText(before as string);
  await expect(page.getByLabel("Or paste the CSV here")).toHaveValue(csv);
  const visitor = await freshPage(browser);
  await visitor.goto(`${staff.url}/reviews`);
  await expect(visitor.getByText("Isla made my fine hair look twice as thick.")).toHaveCount(0);

  // The same file with the row corrected: every review, the two-star one included, is published.
  await page.getByLabel("Or paste the CSV here").fill(csv.replace("Nobody Here", "isla"));
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("3 reviews are imported and published.")).toBeVisible();
  await expect(page.getByLabel("Or paste the CSV here")).toHaveValue("");
  await visitor.goto(`${staff.url}/reviews/isla`);
  await expect(visitor.getByText("Isla made my fine hair look twice as thick.")).toBeVisible();
  await expect(visitor.getByText("Running late but a good cut in the end.")).toBeVisible();
  // The same file again publishes nothing twice.
  await page.getByLabel("Or paste the CSV here").fill(csv.replace("Nobody Here", "isla"));
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(
    page.getByText("Nothing new to import: 3 reviews of the file were already here and left as they were."),
  ).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText("Isla made my fine hair look twice as thick.")).toHaveCount(1);
  await page.context().close();
  await visitor.context().close();
});

test("a price change scheduled for next week does not apply until its day", async ({ browser }) => {
  const visitor = await freshPage(browser);
  expect(await calculatorTotal(visitor, DRY)).toBe("£33");
  const page = await pageAs(browser, managerState, { width: 360, height: 800 });
  await page.goto(`${staff.url}/staff/content/prices`);
  await expectOneH1(page);
  await expectAccessible(page);
  await page.getByRole("link", { name: /^Blow-dry & style/ }).click();
  await expect(page.getByLabel("Price (£)", { exact: true })).toHaveValue("33.00");
  const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Price (£)", { exact: true }).fill("36");
  await page.getByLabel("New prices apply from (optional)").fill(nextWeek);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(`Saved. The new prices apply from ${nextWeek}`)).toBeVisible();
  await expect(page.getByText(`£36 from ${nextWeek}`)).toBeVisible();
  await expectAccessible(page);
  expect(await calculatorTotal(visitor, DRY)).toBe("£33");

  await setSiteClock(staff, new Date(`${nextWeek}T08:00:00Z`));
  expect(await calculatorTotal(visitor, DRY)).toBe("£36");
  await page.context().close();
  await visitor.context().close();
});
