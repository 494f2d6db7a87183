/**
 * A yearly rise is one form, not an edit per service (decision 080): a
 * manager raises every foils colour by 3% from next Monday, sees each
 * service before and after and the typical quotes, saves once, and the
 * public calculator, which prints each line to the whole pound, changes on
 * that day and not before. The owner sets how lines are rounded.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, expectOneH1 } from "./helpers";
import {
  freshPage,
  ownerAndManager,
  pageAs,
  postJson,
  type StaffSite,
  type StorageState,
  setSiteClock,
  startStaffSite,
} from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 180_000 });

let staff: StaffSite;
let ownerState: StorageState;
let managerState: StorageState;

/** Half head foils, no add-on, Fibre Plex, a cut & blow-dry, at the Senior Stylist level (+12.32%). */
const FOILS = "type=colour&mode=level&level=8&cc=2&colour=12&addon=40&plex=50&finish=1&finishAddon=49";

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  staff = await startStaffSite();
  ({ ownerState, managerState } = await ownerAndManager(browser, staff));
});
test.afterAll(async () => {
  await staff?.close();
});

/** The calculator's itemised lines and total for a selection, as a new visitor sees them. */
async function calculatorAmounts(page: Page, query: string) {
  await page.goto(`${staff.url}/prices/calculator?${query}`);
  const total = (await page.getByTestId("estimate-total").first().textContent()) ?? "";
  const estimate = page.getByRole("table", { name: "Your selection and estimated prices" }).first();
  const lines = await estimate.getByTestId("estimate-line").locator("td").allTextContents();
  return { total, lines };
}

const pence = (text: string) => Math.round(Number(text.replace(/[£,]/g, "")) * 100);

/** The next Monday after today in London (a week on when today is a Monday), and the day before it. */
function nextMonday(): { monday: string; sunday: string } {
  // Noon of London's today, so that adding whole days never crosses a clock change into the wrong date.
  const today = new Date(
    `${new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date())}T12:00:00Z`,
  );
  const ahead = ((8 - today.getUTCDay()) % 7 || 7) * 86_400_000;
  const monday = new Date(today.getTime() + ahead);
  return {
    monday: monday.toISOString().slice(0, 10),
    sunday: new Date(monday.getTime() - 86_400_000).toISOString().slice(0, 10),
  };
}

test("a manager raises foils by 3% from next Monday: previewed, saved once, the calculator follows that day", async ({
  browser,
}) => {
  const visitor = await freshPage(browser);
  // £49.50 × 1.1232 = £55.60 + £24 product = £79.60 → £80; Fibre Plex £5; cut £55.60 → £56; no add-ons.
  const before = await calculatorAmounts(visitor, FOILS);
  expect(before.total).toBe("£141");

  const { monday, sunday } = nextMonday();
  const page = await pageAs(browser, managerState);
  await page.goto(`${staff.url}/staff/content/prices`);
  await expectOneH1(page);
  const bulk = page.getByRole("region", { name: "Change many prices at once" });
  await bulk.getByLabel("Which services").selectOption({ label: "Colour: foils" });
  await bulk.getByLabel("Change by").selectOption("percent");
  // A slip is refused with a message that says what to type.
  await bulk.getByLabel("How much").fill("three");
  await bulk.getByRole("button", { name: "Preview the change" }).click();
  await expect(bulk.getByText("Please enter the percentage as a number, such as 3 or -2.5.")).toBeVisible();
  await bulk.getByLabel("How much").fill("3");
  await bulk.getByLabel("From (optional)").fill(monday);
  await bulk.getByRole("button", { name: "Preview the change" }).click();

  await expect(bulk.getByRole("heading", { name: `Colour: foils +3% from ${monday} (5 services)` })).toBeVisible();
  const table = bulk.getByRole("table", { name: "5 services, list prices" });
  await expect(table.getByRole("row", { name: /^Half head Colour: foils £49.50 £50.99 \+£1.49$/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /^Full head Colour: foils £66 £67.98 \+£1.98$/ })).toBeVisible();
  // Nothing saved yet.
  expect((await calculatorAmounts(visitor, FOILS)).total).toBe("£141");
  await expectAccessible(page);
  await bulk.screenshot({ path: test.info().outputPath("bulk-preview-1280.png") });
  await page.setViewportSize({ width: 360, height: 800 });
  await expectAccessible(page);
  await bulk.screenshot({ path: test.info().outputPath("bulk-preview-360.png") });
  await page.setViewportSize({ width: 1280, height: 900 });

  await bulk.getByRole("button", { name: "Save 5 prices" }).click();
  await expect(page.getByText(`Saved: Colour: foils +3% from ${monday} (5 services).`)).toBeVisible();
  const toCome = page.getByRole("region", { name: "Price changes to come" });
  await expect(toCome.getByRole("listitem").filter({ hasText: "Half head" })).toHaveText(
    `Half head: £50.99 + £24 product from ${monday}`,
  );

  // Not before the day: still £141 late on the Sunday (22:30 UTC is 22:30 or 23:30 in London, winter or summer).
  await setSiteClock(staff, new Date(`${sunday}T22:30:00Z`));
  expect((await calculatorAmounts(visitor, FOILS)).total).toBe("£141");
  // From the day: £50.99 × 1.1232 = £57.27 + £24 = £81.27 → £81; the total £142, and every line a whole pound that adds up.
  await setSiteClock(staff, new Date(`${monday}T08:00:00Z`));
  const after = await calculatorAmounts(visitor, FOILS);
  expect(after.total).toBe("£142");
  expect(after.lines.length).toBeGreaterThan(0);
  for (const line of after.lines) expect(line).toMatch(/^£\d+$/);
  expect(after.lines.reduce((sum, line) => sum + pence(line), 0)).toBe(pence(after.total));

  // One audit row, in words, for the whole change.
  const owner = await pageAs(browser, ownerState);
  await owner.goto(`${staff.url}/staff/audit`);
  await expect(
    owner.getByText(`changed several prices at once: Colour: foils +3% from ${monday} (5 services)`),
  ).toHaveCount(1);
  await owner.context().close();
  await page.context().close();
  await visitor.context().close();
});

test("the owner chooses how prices are rounded: 50p, then exact pence, and back to the pound", async ({ browser }) => {
  const owner = await pageAs(browser, ownerState, { width: 360, height: 800 });
  const visitor = await freshPage(browser);
  await owner.goto(`${staff.url}/staff/settings`);
  const rounding = owner.getByRole("region", { name: "Rounding of prices" });
  await expect(rounding.getByLabel("Round each price")).toHaveValue("pound");
  await rounding.getByLabel("Round each price").selectOption("50p");
  await rounding.getByRole("button", { name: "Save rounding" }).click();
  await expect(owner.getByText(/Quotes are now priced to the nearest 50p/)).toBeVisible();
  await expectAccessible(owner);
  await rounding.screenshot({ path: test.info().outputPath("settings-rounding-360.png") });
  // £81.27 → £81.50, £5, £55.60 → £55.50: £142.
  expect((await calculatorAmounts(visitor, FOILS)).total).toBe("£142");
  await rounding.getByLabel("Round each price").selectOption("exact");
  await rounding.getByRole("button", { name: "Save rounding" }).click();
  await expect(owner.getByText(/Quotes are now priced in exact pence/)).toBeVisible();
  // £81.27 + £5 + £55.60 = £141.87.
  expect((await calculatorAmounts(visitor, FOILS)).total).toBe("£141.87");
  await rounding.getByLabel("Round each price").selectOption("pound");
  await rounding.getByRole("button", { name: "Save rounding" }).click();
  await expect(owner.getByText(/Quotes are now priced to the whole pound/)).toBeVisible();
  expect((await calculatorAmounts(visitor, FOILS)).total).toBe("£142");

  // A manager may change prices but not the rounding (a setting is the owner's).
  const manager = await pageAs(browser, managerState);
  const answer = await manager.goto(`${staff.url}/staff/settings`);
  expect(answer?.status()).toBe(403);
  await manager.context().close();
  await owner.context().close();
  await visitor.context().close();
});

test("colour at one level rises 3% from next Monday: that level's calculator that day, no other level, no saved quote", async ({
  browser,
}) => {
  const { monday, sunday } = nextMonday();
  const visitor = await freshPage(browser);
  const STYLIST = FOILS.replace("level=8", "level=6");
  // The foils rise of the first test is in force on the Monday: £142 at Senior Stylist.
  await setSiteClock(staff, new Date(`${monday}T08:00:00Z`));
  expect((await calculatorAmounts(visitor, FOILS)).total).toBe("£142");
  const stylistOnMonday = (await calculatorAmounts(visitor, STYLIST)).total;

  // A client saves this selection on the Sunday, at £141.
  await setSiteClock(staff, new Date(`${sunday}T12:00:00Z`));
  const saved = await postJson(staff, "/api/save-quote-details", {
    ...Object.fromEntries(new URLSearchParams(FOILS)),
    salon: "1",
    regular: "no",
    name: "Grace Hopper",
    mobile: "07700 900125",
    email: "grace@example.com",
    referral: "Google",
  });
  expect(saved.status, await saved.clone().text()).toBe(201);
  const link = (await saved.json()).link as string;
  await visitor.goto(`${staff.url}/quote/${link}`);
  await expect(visitor.getByTestId("quote-total").first()).toHaveText("£141");

  const page = await pageAs(browser, managerState, { width: 1024, height: 900 });
  await page.goto(`${staff.url}/staff/content/prices`);
  const bulk = page.getByRole("region", { name: "Change many prices at once" });
  await bulk.getByLabel("Which services").selectOption({ label: "All colour" });
  await bulk.getByLabel("At which level").selectOption({ label: "Senior Stylist" });
  await bulk.getByLabel("How much").fill("3");
  await bulk.getByLabel("From (optional)").fill(monday);
  await bulk.getByRole("button", { name: "Preview the change" }).click();
  const heading = bulk.getByRole("heading", { name: new RegExp(`^Senior Stylist: All colour \\+3% from ${monday}`) });
  await expect(heading).toBeVisible();
  const count = /\((\d+) services\)/.exec((await heading.textContent()) ?? "")?.[1] as string;
  const table = bulk.getByRole("table", { name: `${count} services, Senior Stylist prices before product` });
  // Half head foils at Senior Stylist on the Monday: £50.99 × 1.1232 = £57.27; +3% = £58.99.
  await expect(table.getByRole("row", { name: /^Half head Colour: foils £57.27 £58.99 \+£1.72$/ })).toBeVisible();
  await expectAccessible(page);
  await bulk.screenshot({ path: test.info().outputPath("bulk-level-preview-1024.png") });
  await bulk.getByRole("button", { name: `Save ${count} prices` }).click();
  await expect(
    page.getByText(`Saved: Senior Stylist: All colour +3% from ${monday} (${count} services).`),
  ).toBeVisible();
  const levelChanges = page.getByRole("region", { name: "Changes for one level" });
  await expect(levelChanges.getByRole("listitem")).toHaveText([
    new RegExp(`^Senior Stylist: All colour \\+3% from ${monday}\\s*Cancel`),
  ]);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectAccessible(page);
  await levelChanges.screenshot({ path: test.info().outputPath("level-changes-360.png") });

  // Not before the day; from the day £58.99 + £24 → £83 for the colour, £144 in all; the Stylist level unmoved.
  expect((await calculatorAmounts(visitor, FOILS)).total).toBe("£141");
  await setSiteClock(staff, new Date(`${monday}T08:00:00Z`));
  const after = await calculatorAmounts(visitor, FOILS);
  expect(after.total).toBe("£144");
  expect(after.lines.reduce((sum, line) => sum + pence(line), 0)).toBe(pence(after.total));
  expect((await calculatorAmounts(visitor, STYLIST)).total).toBe(stylistOnMonday);
  // The Sunday's quote keeps its price.
  await visitor.goto(`${staff.url}/quote/${link}`);
  await expect(visitor.getByTestId("quote-total").first()).toHaveText("£141");

  // Stopped, the level's prices go back at once; audited in words.
  await page.reload();
  await levelChanges.getByRole("button", { name: /^Stop: Senior Stylist: All colour \+3%$/ }).click();
  await expect(page.getByText("The level's price change is taken back.")).toBeVisible();
  await expect(levelChanges).toHaveCount(0);
  expect((await calculatorAmounts(visitor, FOILS)).total).toBe("£142");
  const owner = await pageAs(browser, ownerState);
  await owner.goto(`${staff.url}/staff/audit`);
  await expect(
    owner.getByText(
      `changed several prices at once: Senior Stylist: All colour +3% from ${monday} (${count} services)`,
    ),
  ).toHaveCount(1);
  await expect(
    owner.getByText(`took back a price change for the level Senior Stylist: All colour +3% from ${monday}`),
  ).toHaveCount(1);
  await owner.context().close();
  await page.context().close();
  await visitor.context().close();
});
