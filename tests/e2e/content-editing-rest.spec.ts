/**
 * A manager uploads a blog post's cover and the post serves it like the
 * team's photos; replacing it leaves the old one nowhere to be found. The
 * brand's founding date and group line are edited on one screen and read
 * on the home and about pages. An offer never sent can be deleted; one
 * already quoted can only be ended.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { yearsActive } from "../../app/domain/dates";
import { expectAccessible, expectOneH1 } from "./helpers";
import { createFirstOwner, freshPage, inviteAndSignIn, type StaffSite, startStaffSite } from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let staff: StaffSite;
let manager: Page;
let owner: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  staff = await startStaffSite();
  owner = await freshPage(browser);
  await createFirstOwner(owner, staff, "Olivia Owner", "olivia@example.com");
  manager = await inviteAndSignIn(owner, browser, staff, {
    name: "Manon Manager",
    email: "manon@example.com",
    role: "manager",
  });
});

test.afterAll(async () => {
  await staff?.close();
});

/** A landscape photo as a phone takes it, in one colour so two uploads are told apart. */
function landscapePhoto(background: string): Promise<Buffer> {
  return sharp({ create: { width: 1500, height: 1000, channels: 3, background } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The public pages follow a save at once; a reload covers the moment the caches take to hear of it. */
async function eventually(page: Page, url: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(url);
    await check();
  }).toPass({ timeout: 15_000 });
}

async function visitorPage(browser: Browser): Promise<Page> {
  const page = await freshPage(browser);
  await page.setViewportSize({ width: 360, height: 800 });
  return page;
}

const POST_TITLE = "How to keep your blonde bright between appointments";
const POST_PATH = "/blog/keeping-your-blonde-bright";

test("a manager uploads a blog cover: the post and its card serve it as AVIF with a srcset, and a replaced cover is gone", async ({
  browser,
}) => {
  await manager.setViewportSize({ width: 360, height: 800 });
  await manager.goto(`${staff.url}/staff/content/blog`);
  await manager.getByRole("link", { name: POST_TITLE }).click();
  await expect(manager.getByRole("heading", { level: 1 })).toHaveText(`Edit “${POST_TITLE}”`);
  await expectOneH1(manager);
  await expectAccessible(manager);

  const cover = manager.getByRole("group", { name: "Cover picture" });
  await expect(cover.getByRole("img", { name: "Now: the demo illustration" })).toBeVisible();
  // No description: refused, and what was typed stays.
  await manager.getByRole("textbox", { name: "Author" }).fill("Camille A.");
  await cover.getByLabel("New photo (optional)").setInputFiles({
    name: "IMG_0001.jpg",
    mimeType: "image/jpeg",
    buffer: await landscapePhoto("#c9a27e"),
  });
  await manager.getByRole("button", { name: "Save the post" }).click();
  await expect(cover.getByText("Please describe the picture for people who cannot see it.")).toBeVisible();
  await expect(manager.getByRole("textbox", { name: "Author" })).toHaveValue("Camille A.");
  await expectAccessible(manager);

  await cover.getByLabel("New photo (optional)").setInputFiles({
    name: "IMG_0001.jpg",
    mimeType: "image/jpeg",
    buffer: await landscapePhoto("#c9a27e"),
  });
  await cover.getByLabel("Description of the new photo").fill("Freshly toned blonde under the salon lights");
  await manager.getByRole("button", { name: "Save the post" }).click();
  await expect(manager.getByText("Saved. The post is on the blog.")).toBeVisible({ timeout: 60_000 });
  await expect(cover.getByRole("img", { name: "Now: Freshly toned blonde under the salon lights" })).toBeVisible();

  const visitor = await visitorPage(browser);
  await eventually(visitor, `${staff.url}${POST_PATH}`, async () => {
    await expect(visitor.locator('picture source[type="image/avif"]')).toHaveCount(1, { timeout: 1000 });
  });
  await expect(visitor.getByText("Camille A.").first()).toBeVisible();
  const source = visitor.locator('picture source[type="image/avif"]');
  const srcset = (await source.getAttribute("srcset")) ?? "";
  expect(srcset).toMatch(
    /^\/pictures\/[A-Za-z0-9]{16}-320\.avif 320w, \S+-640\.avif 640w, \S+-960\.avif 960w, \S+-1280\.avif 1280w$/,
  );
  expect(await source.getAttribute("sizes")).toBeTruthy();
  const img = visitor.getByRole("img", { name: "Freshly toned blonde under the salon lights" });
  expect(await img.getAttribute("width")).toBe("1500");
  expect(await img.getAttribute("height")).toBe("1000");
  await expect(img).toHaveJSProperty("complete", true);
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.avif$/);
  await expectAccessible(visitor);
  const first = srcset.split(" ")[0] as string;
  const avif = await visitor.request.get(`${staff.url}${first}`);
  expect(avif.status()).toBe(200);
  expect(avif.headers()["content-type"]).toBe("image/avif");

  // The card on the list of posts serves it too.
  await visitor.goto(`${staff.url}/blog-info`);
  const card = visitor.getByRole("article").filter({ hasText: POST_TITLE });
  await expect(card.locator('picture source[type="image/avif"]')).toHaveAttribute("srcset", srcset);

  // A second cover replaces the first, whose files are then gone.
  await cover.getByLabel("New photo (optional)").setInputFiles({
    name: "IMG_0002.jpg",
    mimeType: "image/jpeg",
    buffer: await landscapePhoto("#6d4c3d"),
  });
  await cover.getByLabel("Description of the new photo").fill("Blonde balayage drying by the window");
  await manager.getByRole("button", { name: "Save the post" }).click();
  await expect(cover.getByRole("img", { name: "Now: Blonde balayage drying by the window" })).toBeVisible({
    timeout: 60_000,
  });
  expect((await visitor.request.get(`${staff.url}${first}`)).status()).toBe(404);
  let second = "";
  await eventually(visitor, `${staff.url}${POST_PATH}`, async () => {
    second = ((await source.getAttribute("srcset", { timeout: 1000 })) ?? "").split(" ")[0] as string;
    expect(second).not.toBe(first);
  });
  expect((await visitor.request.get(`${staff.url}${second}`)).status()).toBe(200);

  // Back to the illustration: the uploaded cover goes, and the page shows the drawing.
  await manager.getByRole("checkbox", { name: "Remove the uploaded photo" }).check();
  await manager.getByRole("button", { name: "Save the post" }).click();
  await expect(cover.getByRole("img", { name: "Now: the demo illustration" })).toBeVisible();
  expect((await visitor.request.get(`${staff.url}${second}`)).status()).toBe(404);
  await eventually(visitor, `${staff.url}${POST_PATH}`, async () => {
    await expect(visitor.locator("picture")).toHaveCount(0, { timeout: 1000 });
  });
  await expect(visitor.locator('img[src="/images/blog/keeping-your-blonde-bright.svg"]')).toHaveAttribute(
    "width",
    "1200",
  );
  await visitor.context().close();
});

test("a manager changes the founding date and the group's line: home, about and the footer follow", async ({
  browser,
}) => {
  await manager.setViewportSize({ width: 1280, height: 900 });
  await manager.goto(`${staff.url}/staff/content`);
  await manager.getByRole("link", { name: /^About the group/ }).click();
  await expect(manager.getByRole("heading", { level: 1 })).toHaveText("About the group");
  await expect(manager).toHaveTitle(/About the group/);
  await expectAccessible(manager);
  const years = yearsActive(new Date(), new Date(1998, 2, 14));

  const founded = manager.getByRole("region", { name: "Founded" });
  await founded.getByLabel("The day the first salon opened").fill("1998-03-14");
  await founded.getByRole("button", { name: "Save" }).click();
  await expect(manager.getByText("Saved the founding date.")).toBeVisible();
  await expect(manager.getByTestId("brand-years")).toHaveText(`The site says: celebrating ${years} years.`);

  const line = manager.getByRole("region", { name: "The group in a few words" });
  await line
    .getByLabel("How the group describes itself (optional)")
    .fill("three salons, a barbershop and a training academy");
  await line.getByRole("button", { name: "Save" }).click();
  await expect(manager.getByText("Saved the group's line.")).toBeVisible();

  const visitor = await visitorPage(browser);
  await eventually(visitor, `${staff.url}/`, async () => {
    await expect(visitor.getByRole("main")).toContainText(
      `Three salons, a barbershop and a training academy, celebrating ${years} years`,
      { timeout: 1000 },
    );
  });
  await expect(visitor.getByRole("contentinfo")).toContainText("Three salons, a barbershop and a training academy.");
  await visitor.goto(`${staff.url}/about`);
  await expect(visitor.getByRole("main")).toContainText(`For ${years} years we've been doing one thing carefully`);
  await expect(visitor.getByRole("main")).toContainText("is now three salons, a barbershop and a training academy");
  await expect(visitor.locator('meta[name="description"]')).toHaveAttribute("content", /since March 1998:/);
  await visitor.goto(`${staff.url}/about-info`);
  await expect(visitor.getByTestId("years-active")).toHaveText(String(years));
  // The story's founding sentence and first milestone follow the date set, not the demo's 1 November 2002.
  await expect(visitor.getByRole("main")).toContainText("opened its doors in Wrenbridge on 14 March 1998");
  await expect(visitor.getByRole("listitem").filter({ hasText: "Maison Ivy opens on 14 March" })).toContainText("1998");

  // Emptied, the line is counted from the salons again.
  await line.getByLabel("How the group describes itself (optional)").fill("");
  await line.getByRole("button", { name: "Save" }).click();
  await expect(manager.getByTestId("brand-line")).toHaveText("The site says: “two salons and a training academy”.");
  await eventually(visitor, `${staff.url}/about`, async () => {
    await expect(visitor.getByRole("main")).toContainText("is now two salons and a training academy", {
      timeout: 1000,
    });
  });
  await visitor.context().close();
});

test("an offer never listed or sent can be deleted after a confirmation, without JavaScript; one that went out is kept", async ({
  browser,
}) => {
  // The manager's session in a browser with JavaScript off: the confirmation is a link and a form.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await manager.context().storageState(),
  });
  const page = await context.newPage();
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${staff.url}/staff/content/offers`);
  await page.getByRole("link", { name: "New clients: 25% off at every level" }).click();
  const section = page.getByRole("region", { name: "Delete this offer" });
  await expect(section).toContainText("It has never been listed or sent, so it can go.");
  await section.getByRole("link", { name: "Delete this offer…" }).click();
  await expect(section).toContainText("Delete “New clients: 25% off at every level” for good?");
  // The confirmation as the manager's own browser shows it: one h1, nothing axe finds.
  await manager.goto(`${page.url()}`);
  await expectOneH1(manager);
  await expectAccessible(manager);
  // Keeping it changes nothing.
  await section.getByRole("link", { name: "Keep it" }).click();
  await expect(section.getByRole("link", { name: "Delete this offer…" })).toBeVisible();
  await section.getByRole("link", { name: "Delete this offer…" }).click();
  await section.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page).toHaveURL(/\/staff\/content\/offers\?deleted=/);
  await expect(page.getByText("Deleted “New clients: 25% off at every level”.")).toBeVisible();
  await expect(page.getByRole("link", { name: "New clients: 25% off at every level" })).toHaveCount(0);
  expect((await fetch(`${staff.url}/offers/new-clients`)).status).toBe(404);
  // The deletion is news once: the next save on the page answers for itself.
  await page.getByRole("region", { name: "Shared end date" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Shared end date saved.")).toBeVisible();
  await expect(page.getByText("Deleted “New clients: 25% off at every level”.")).toHaveCount(0);

  // A text-message campaign's page has been open since it started: it can only be ended.
  await page.getByRole("link", { name: "Welcome back: 20% off your next visit" }).click();
  await expect(section.getByTestId("offer-kept-because")).toContainText("clients may have been sent the link");
  await expect(section.getByRole("link", { name: "Delete this offer…" })).toHaveCount(0);
  // Asked for anyway (an old tab), the server refuses and says why.
  const offerUrl = page.url();
  const version = await page.locator('input[name="version"]').first().inputValue();
  const refused = await page.request.post(offerUrl, { form: { intent: "delete", version } });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("This offer cannot be deleted");

  // Listed once, even if taken off again, an offer stays.
  await page.goto(`${staff.url}/staff/content/offers`);
  await page.getByRole("button", { name: "List on the Offers page: November: 25% off your first visit" }).click();
  await expect(page.getByText("Listed on the Offers page.")).toBeVisible();
  await page.getByRole("button", { name: "Take off the Offers page: November: 25% off your first visit" }).click();
  await expect(page.getByText("Taken off the Offers page.")).toBeVisible();
  await page.getByRole("link", { name: "November: 25% off your first visit" }).click();
  await expect(section.getByTestId("offer-kept-because")).toContainText("It has been listed on the Offers page");
  await context.close();

  // The deletion is in the audit log, as the owner sees it.
  await owner.goto(`${staff.url}/staff/audit`);
  await expect(owner.getByRole("table", { name: "Audit entries" })).toContainText("deleted an offer");
  await expect(owner.getByRole("table", { name: "Audit entries" })).toContainText(
    "New clients: 25% off at every level",
  );
});
