import { expect, type Page, test } from "@playwright/test";
import { STAFF_ROUTES, type StaffRouteDef, staffPath } from "../../app/domain/staff/routes";
import { expectAccessible, expectOneH1 } from "./helpers";
import { createFirstOwner, freshPage, postOneOfEachRecord, type StaffSite, startStaffSite } from "./staff-helpers";

// A file and a site of its own, apart from the console's other tests: some sixty pages checked by axe at two widths
// take minutes, and alone they run beside the rest of the suite rather than after it.
test.describe.configure({ mode: "serial" });

type StorageState = Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>;

let staff: StaffSite;
let owner: StorageState;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  staff = await startStaffSite();
  const page = await freshPage(browser);
  await createFirstOwner(page, staff, "Olivia Owner", "olivia@example.com");
  owner = await page.context().storageState();
  await page.context().close();
  await postOneOfEachRecord(staff);
});
test.afterAll(async () => {
  await staff?.close();
});

/** Not indexed, yet described (browsers and link previews show it): the page's own name opens its description. */
async function expectDescribed(page: Page) {
  const name = (await page.title()).replace(/ \| Maison Ivy staff$/, "");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    `${name}: Maison Ivy's staff console, where the salons' team works the site's quotes, applications and content.`,
  );
}

// Every page of the route table (record pages as their first record), signed in as the owner, who sees them all.
const PAGES = Object.values(STAFF_ROUTES as Record<string, StaffRouteDef>)
  .filter((route) => route.page !== null && route.page !== "public" && route.file.endsWith(".tsx"))
  .map((route) => staffPath(route.path.replace(":id", "1")));

for (const viewport of [
  { width: 360, height: 800 },
  { width: 1280, height: 900 },
]) {
  test(`every console page is accessible at ${viewport.width} px`, async ({ browser }) => {
    // Some sixty pages, each hydrated and checked by axe: on a busy two-core machine that takes minutes.
    test.setTimeout(900_000);
    const page = await (await browser.newContext({ storageState: owner, viewport })).newPage();
    for (const path of PAGES) {
      await page.goto(`${staff.url}${path}`);
      await expectOneH1(page);
      await expect(page).toHaveTitle(/\| Maison Ivy staff$/);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expectDescribed(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${viewport.width} px scrolls sideways`).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    }
  });
}

test("the sign-in page is accessible on a 360 px phone", async ({ browser }) => {
  const signIn = await freshPage(browser);
  await signIn.setViewportSize({ width: 360, height: 800 });
  await signIn.goto(`${staff.url}/staff/sign-in`);
  await expectDescribed(signIn);
  await expectAccessible(signIn);
});
