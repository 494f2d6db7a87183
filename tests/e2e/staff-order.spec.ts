/**
 * Content order that follows intent, and a console home that is the day's
 * work (decisions 090 and 091): a manager drags a news item with the mouse
 * or a finger, or chooses its place from the keyboard (with and without
 * JavaScript); a pinned item is first on the public home page whatever is
 * added after; the home shows today's figures and what changed on the site,
 * each role only what it may see.
 */
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { expectAccessible, expectOneH1, scriptsReady } from "./helpers";
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
let manager: Page;

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

/** Where screenshots go when asked for (SHOTS_DIR), to be looked at. */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

const rowOf = (page: Page, title: string) =>
  page.locator("ol > li[id^='row-']").filter({ has: page.getByRole("heading", { name: title }) });

/** The news items' titles as the console lists them, pinned mark left out. */
async function consoleTitles(page: Page): Promise<string[]> {
  const headings = await page.locator("ol > li[id^='row-'] h3").allTextContents();
  return headings.map((h) => h.replace(/^\d+\.\s*/, "").replace(/^Pinned/, ""));
}

/** The titles of the news cards on the public home page, in order. */
async function homeTitles(browser: Browser): Promise<string[]> {
  const visitor = await freshPage(browser);
  await visitor.goto(`${staff.url}/`);
  const titles = await visitor.locator('a[href^="/news/"]').allTextContents();
  await visitor.context().close();
  return titles;
}

async function openNews(page: Page) {
  await page.goto(`${staff.url}/staff/content/news`);
  await scriptsReady(page);
}

/** Drags `from`'s handle with the mouse to just above `onto`'s middle, in small steps as a hand does. */
async function dragAbove(page: Page, from: Locator, onto: Locator) {
  const handle = from.locator("[data-drag-handle]");
  // Both rows on screen at once, as a person sees them when dragging.
  await page.setViewportSize({ width: 1280, height: 1400 });
  await onto.scrollIntoViewIfNeeded();
  const start = await handle.boundingBox();
  const target = await onto.boundingBox();
  if (!start || !target) throw new Error("the rows are not on screen");
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  // A hand holds the row a moment before it moves, and rests on the place before letting go.
  await page.waitForTimeout(100);
  await page.mouse.move(start.x + start.width / 2, target.y + target.height / 2 - 10, { steps: 12 });
  await page.waitForTimeout(100);
  await page.mouse.up();
}

test("a news item dragged with the mouse is stored in its new place and shows so on the home page", async ({
  browser,
}) => {
  await openNews(manager);
  const before = await consoleTitles(manager);
  const moved = before[3] as string;
  await dragAbove(manager, rowOf(manager, moved), rowOf(manager, before[0] as string));
  // The list shows the new order at once, and says when it is stored.
  await expect.poll(async () => (await consoleTitles(manager))[0]).toBe(moved);
  await expect(rowOf(manager, moved).getByRole("status")).toHaveText("Moved the news item to place 1.");
  await manager.reload();
  expect(await consoleTitles(manager)).toEqual([moved, ...before.filter((t) => t !== moved)]);
  expect((await homeTitles(browser))[0]).toContain(moved);
  await shot(manager, "news-1280");
});

test("a finger drags a row on a phone, and every control is a finger's size at 360 px", async ({ browser }) => {
  const context = await browser.newContext({
    storageState: await manager.context().storageState(),
    viewport: { width: 360, height: 800 },
    hasTouch: true,
    isMobile: true,
  });
  const phone = await context.newPage();
  await openNews(phone);
  const row = phone.locator("ol > li[id^='row-']").first();
  for (const control of [
    row.locator("[data-drag-handle]"),
    row.getByRole("button", { name: /^Up/ }),
    row.getByRole("button", { name: /^Down/ }),
    row.getByRole("combobox", { name: /Move to/ }),
    row.getByRole("button", { name: /^Move/ }),
    row.getByRole("button", { name: /^Pin first/ }),
  ]) {
    const box = await control.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  }
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(phone);
  await shot(phone, "news-360");

  // A touch drag of the second row above the first, through Chromium's touch input as a phone sends it.
  const before = await consoleTitles(phone);
  const second = rowOf(phone, before[1] as string);
  // The first row at the top of the screen, the second below it, as a phone shows them.
  await rowOf(phone, before[0] as string).evaluate((row) => row.scrollIntoView({ block: "start" }));
  const handle = await second.locator("[data-drag-handle]").boundingBox();
  const first = await rowOf(phone, before[0] as string).boundingBox();
  if (!handle || !first) throw new Error("the rows are not on screen");
  const cdp = await context.newCDPSession(phone);
  const x = handle.x + handle.width / 2;
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", y: number) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
  await touch("touchStart", handle.y + handle.height / 2);
  for (let y = handle.y + handle.height / 2; y > first.y + 20; y -= 20) await touch("touchMove", y);
  await touch("touchMove", first.y + 10);
  await touch("touchEnd", first.y + 10);
  await expect(rowOf(phone, before[1] as string).getByRole("status")).toHaveText("Moved the news item to place 1.");
  await phone.reload();
  expect((await consoleTitles(phone)).slice(0, 2)).toEqual([before[1], before[0]]);
  await context.close();
});

test("the keyboard moves an item many places at once, keeping its focus, and so does a page without script", async ({
  browser,
}) => {
  await openNews(manager);
  const before = await consoleTitles(manager);
  const last = before.at(-1) as string;
  const place = rowOf(manager, last).getByRole("combobox", { name: /Move to/ });
  await place.focus();
  await place.selectOption("2");
  await manager.keyboard.press("Tab");
  await expect(rowOf(manager, last).getByRole("button", { name: /^Move/ })).toBeFocused();
  await manager.keyboard.press("Enter");
  await expect(rowOf(manager, last).getByRole("status")).toHaveText("Moved the news item to place 2.");
  expect((await consoleTitles(manager))[1]).toBe(last);
  // The focus stays in the row that moved, on the button pressed; its place now reads 2.
  await expect(rowOf(manager, last).getByRole("button", { name: /^Move/ })).toBeFocused();
  await expect(rowOf(manager, last).getByRole("combobox", { name: /Move to/ })).toHaveValue("2");

  // Without JavaScript: the same form, answered with the page.
  const context = await browser.newContext({
    storageState: await manager.context().storageState(),
    javaScriptEnabled: false,
  });
  const plain = await context.newPage();
  await plain.goto(`${staff.url}/staff/content/news`);
  await expect(plain.locator("[data-drag-handle]")).toHaveCount(0);
  await rowOf(plain, last)
    .getByRole("combobox", { name: /Move to/ })
    .selectOption(String(before.length));
  await rowOf(plain, last).getByRole("button", { name: /^Move/ }).click();
  await expect(plain.getByText(`Moved the news item to place ${before.length}.`)).toBeVisible();
  expect((await consoleTitles(plain)).at(-1)).toBe(last);
  await context.close();
});

test("a pinned item comes first on the home page and in the console, whatever is added after", async ({ browser }) => {
  await openNews(manager);
  const last = (await consoleTitles(manager)).at(-1) as string;
  await rowOf(manager, last)
    .getByRole("button", { name: /^Pin first/ })
    .click();
  await expect(manager.getByText("Pinned the news item: it comes first.")).toBeVisible();
  const first = manager.locator("ol > li[id^='row-']").first();
  await expect(first.getByRole("heading")).toContainText(`Pinned${last}`);
  // Nothing moves above it: its Up is off, and the next item's Up stops below it.
  await expect(first.getByRole("button", { name: /^Up/ })).toBeDisabled();

  await manager.getByText("Add a news item", { exact: true }).click();
  const form = manager.locator("details").filter({ has: manager.getByRole("button", { name: "Add the news item" }) });
  await form.getByRole("textbox", { name: "Headline" }).fill("Gift cards for the holidays");
  await form.getByRole("textbox", { name: "Address" }).fill("gift-cards");
  await form.getByRole("textbox", { name: "What the illustration shows" }).fill("A gift card on a counter");
  await form.getByRole("textbox", { name: "Text" }).fill("Gift cards in any amount, at both salons.");
  await form.getByRole("button", { name: "Add the news item" }).click();
  await expect(manager.getByText(/Added the news item/)).toBeVisible();
  expect((await consoleTitles(manager)).slice(0, 2)).toEqual([last, "Gift cards for the holidays"]);
  const home = await homeTitles(browser);
  expect(home[0]).toContain(last);
  expect(home[1]).toContain("Gift cards for the holidays");
  await expectAccessible(manager);
});

test("a team member dragged to the top, or given a place, is stored in one request", async () => {
  await manager.goto(`${staff.url}/staff/content/team`);
  await scriptsReady(manager);
  const onSite = manager.getByRole("list", { name: "Team on the site" });
  const members = onSite.locator(":scope > li");
  const names = async () =>
    (await members.locator("p.font-semibold").allTextContents()).map((name) => name.replace(/\s+/g, " ").trim());
  const before = await names();
  await dragAbove(manager, members.nth(2), members.nth(0));
  await expect.poll(async () => (await names())[0]).toBe(before[2]);
  // The row says when the order is stored.
  await expect(members.first().getByRole("status")).toHaveText(`${before[2]?.split(" ")[0]} moved to place 1.`);
  await expect(manager.locator("[data-drag-handle]")).toHaveCount(before.length);
  await manager.reload();
  expect((await names()).slice(0, 3)).toEqual([before[2], before[0], before[1]]);

  // From the keyboard: the last member straight to place 2.
  const last = members.last();
  await last.getByRole("combobox", { name: /Move to/ }).selectOption("2");
  await last.getByRole("button", { name: /^Move .* there$/ }).press("Enter");
  await expect(manager.getByText(/moved to place 2\./)).toBeVisible();
  await expect.poll(async () => (await names())[1]).toBe(before.at(-1));
  await manager.reload();
  expect((await names())[1]).toBe(before.at(-1));
  await expectAccessible(manager);
});

test("a pinned blog post comes first on the blog", async ({ browser }) => {
  await manager.goto(`${staff.url}/staff/content/blog`);
  const posts = manager.getByRole("list", { name: "Posts" }).getByRole("listitem");
  const oldest = posts.last();
  const title = (await oldest.getByRole("link").first().textContent()) as string;
  await oldest.getByRole("button", { name: /^Pin first/ }).click();
  await expect(manager.getByText("Pinned the post: it comes first on the blog.")).toBeVisible();
  await expect(posts.first()).toContainText(`Pinned${title}`);
  const visitor = await freshPage(browser);
  await visitor.goto(`${staff.url}/blog-info`);
  await expect(visitor.locator('main a[href^="/blog/"]', { hasText: /\w/ }).first()).toContainText(title);
  await visitor.context().close();
});

test("the home shows today's figures and what changed on the site, each role what it may", async ({ browser }) => {
  await owner.goto(`${staff.url}/staff`);
  const today = owner.getByRole("region", { name: "Today so far" });
  const quotes = today.locator("div").filter({ has: owner.getByRole("link", { name: "Saved quotes" }) });
  const count = Number((await quotes.locator("dd").first().textContent())?.match(/^\d+/)?.[0]);
  await saveQuoteByApi(staff, { name: "Ivy Field", mobile: "07700 900771", referral: "Google", salon: "1" });
  await owner.reload();
  await expect(quotes.locator("dd").first()).toContainText(new RegExp(`^${count + 1}\\s*£`));
  await expect(quotes).toContainText(/Last \w+day by \d\d:\d\d: \d+, £/);

  // A price change shows in plain words, linked to the service.
  await manager.goto(`${staff.url}/staff/content/prices`);
  const service = manager.locator("a[href*='/staff/content/prices/']").first();
  await service.click();
  await manager.getByRole("button", { name: "Save", exact: true }).click();
  await expect(manager.getByText(/^Saved\./)).toBeVisible();
  await owner.reload();
  const changes = owner.getByRole("region", { name: "What changed on the site" });
  const items = changes.getByRole("listitem");
  await expect(items.first()).toContainText("Manon Manager changed the service");
  await expect(items.first().getByRole("link", { name: /the service/ })).toHaveAttribute(
    "href",
    /\/staff\/content\/prices\/\d+$/,
  );
  await expect(changes).toContainText("Manon Manager pinned the blog post");
  await expect(changes.getByRole("link", { name: /news item/ }).first()).toBeVisible();
  expect(await items.count()).toBeLessThanOrEqual(8);
  await expectOneH1(owner);
  for (const width of [360, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await expectAccessible(owner);
    await shot(owner, `home-${width}`);
  }

  // The front desk: quotes, bookings and applications, no feedback and no changes to the site.
  const desk = await inviteAndSignIn(owner, browser, staff, {
    name: "Freya Desk",
    email: "freya@example.com",
    role: "front-desk",
  });
  await desk.goto(`${staff.url}/staff`);
  const deskToday = desk.getByRole("region", { name: "Today so far" });
  await expect(deskToday.getByRole("link", { name: "Saved quotes" })).toBeVisible();
  await expect(deskToday.getByRole("link", { name: "New feedback" })).toHaveCount(0);
  await expect(desk.getByRole("region", { name: "What changed on the site" })).toHaveCount(0);
  await desk.context().close();
});
