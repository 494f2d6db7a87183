/**
 * The console as a React app in the browser (decision 061): saves, moves and
 * filters answer without a page load, keeping the scroll and the focus; a
 * chosen photo survives a refused save; unsaved changes are not left behind
 * by accident. The server still decides and records everything: a forged
 * request from a role that may not is refused as before.
 */
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible, scriptsReady } from "./helpers";
import {
  createFirstOwner,
  freshPage,
  inviteAndSignIn,
  pageAs,
  type StaffSite,
  type StorageState,
  saveQuoteByApi,
  startStaffSite,
} from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let staff: StaffSite;
let ownerState: StorageState;
let deskState: StorageState;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  staff = await startStaffSite();
  const owner = await freshPage(browser);
  await createFirstOwner(owner, staff, "Olivia Owner", "olivia@example.com");
  ownerState = await owner.context().storageState();
  const desk = await inviteAndSignIn(owner, browser, staff, {
    name: "Frankie Desk",
    email: "frankie@example.com",
    role: "front-desk",
  });
  deskState = await desk.context().storageState();
  await owner.context().close();
  await desk.context().close();
  await saveQuoteByApi(staff, { name: "Quinn Quote", mobile: "07700 900 111", referral: "Google", salon: "2" });
  await saveQuoteByApi(staff, { name: "Rhea Referral", mobile: "07700 900 112", referral: "Social Media", salon: "1" });
});

test.afterAll(async () => {
  await staff?.close();
});

/** The front desk's phone: these screens are checked at a phone's width unless a test says otherwise. */
const PHONE = { width: 360, height: 800 };

/** Opens a console page once React has taken it over, and marks the document: a page load would lose the mark. */
async function openApp(page: Page, path: string) {
  await page.goto(`${staff.url}${path}`);
  await scriptsReady(page);
  await page.evaluate(() => {
    (window as unknown as { __marker: string }).__marker = "same document";
  });
}

const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __marker?: string }).__marker === "same document");

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test("the front desk saves a status and a note scrolled down: no page load, scroll and focus kept, audited", async ({
  browser,
}) => {
  const desk = await pageAs(browser, deskState, PHONE);
  await desk.goto(`${staff.url}/staff/leads?q=quinn`);
  const href = (await desk.getByRole("link", { name: "Quinn Quote" }).getAttribute("href")) ?? "";
  const leadPath = new URL(href, `${staff.url}/staff/leads`).pathname;
  await openApp(desk, leadPath);

  const status = desk.getByLabel("Change status");
  await status.scrollIntoViewIfNeeded();
  await desk.evaluate(() => window.scrollBy(0, 40));
  const before = await scrollY(desk);
  expect(before, "the page is scrolled down").toBeGreaterThan(200);
  await status.selectOption("contacted");
  const save = desk.getByRole("button", { name: "Save status" });
  await save.focus();
  await desk.keyboard.press("Enter");
  const work = desk.getByRole("region", { name: "Follow-up" });
  await expect(work.getByRole("status").filter({ hasText: "Status saved." })).toBeVisible();
  await expect(work.getByText("Contacted", { exact: true }).first()).toBeVisible();
  expect(await sameDocument(desk), "no page load").toBe(true);
  expect(Math.abs((await scrollY(desk)) - before), "the scroll stays").toBeLessThanOrEqual(5);
  await expect(save, "the focus stays on the button pressed").toBeFocused();

  await desk.getByLabel("Add a note").fill("Rang back: booking on Friday.");
  const beforeNote = await scrollY(desk);
  await desk.getByRole("button", { name: "Add note" }).click();
  await expect(work.getByRole("status").filter({ hasText: "Note added." })).toBeVisible();
  await expect(work.getByText("Rang back: booking on Friday.")).toBeVisible();
  await expect(desk.getByLabel("Add a note"), "the box is empty for the next note").toHaveValue("");
  expect(await sameDocument(desk)).toBe(true);
  expect(Math.abs((await scrollY(desk)) - beforeNote)).toBeLessThanOrEqual(5);
  await expectAccessible(desk);

  // Recorded as before, by whom.
  const owner = await pageAs(browser, ownerState);
  await owner.goto(`${staff.url}/staff/audit?subject=quote`);
  const rows = owner.getByRole("table", { name: "Audit entries" }).getByRole("row");
  await expect(rows.filter({ hasText: "Frankie Desk changed Quinn Quote’s quote to Contacted" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Frankie Desk added a note to Quinn Quote’s quote" })).toContainText("Rang back");
  await owner.context().close();
  await desk.context().close();
});

test("a forged request from the front desk to what it may not do is still refused with 403", async ({ browser }) => {
  const desk = await pageAs(browser, deskState, PHONE);
  await openApp(desk, "/staff/leads");
  // With the browser's own cookies, as a script on the page would send it: the plain address and React Router's data one.
  const answers = await desk.evaluate(async () => {
    const body = () => {
      const form = new FormData();
      form.set("intent", "move");
      form.set("id", "1");
      form.set("direction", "down");
      return form;
    };
    const plain = await fetch("/staff/content/news", { method: "POST", body: body(), redirect: "manual" });
    const data = await fetch("/staff/content/news.data", { method: "POST", body: body(), redirect: "manual" });
    return [plain.status, data.status];
  });
  expect(answers).toEqual([403, 403]);
  const forged = await desk.request.post(`${staff.url}/staff/content/news`, {
    form: { intent: "move", id: "1", direction: "down" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  await desk.context().close();
});

test("filters and the search apply as they change, without a page load, and the address says what is shown", async ({
  browser,
}) => {
  const owner = await pageAs(browser, ownerState, PHONE);
  await openApp(owner, "/staff/leads");
  const quotes = owner.getByRole("list", { name: "Quotes" }).getByRole("listitem");
  await expect(quotes).toHaveCount(2);
  await owner.getByText("Filters", { exact: true }).click();
  await owner.getByRole("combobox", { name: "Heard about us" }).selectOption("Social Media");
  await expect(owner).toHaveURL(/referral=Social\+Media/);
  await expect(quotes).toHaveCount(1);
  await expect(quotes).toContainText("Rhea Referral");
  await owner.getByRole("combobox", { name: "Heard about us" }).selectOption("");
  await expect(quotes).toHaveCount(2);
  const search = owner.getByRole("searchbox", { name: "Search" });
  await search.pressSequentially("quinn", { delay: 30 });
  await expect(owner).toHaveURL(/q=quinn/);
  await expect(quotes).toHaveCount(1);
  await expect(quotes).toContainText("Quinn Quote");
  await expect(search, "the typing goes on where it was").toBeFocused();
  expect(await sameDocument(owner), "no page load").toBe(true);
  // The address works on its own, as a link shared.
  const shared = await pageAs(browser, ownerState, PHONE);
  await shared.goto(owner.url());
  await expect(shared.getByRole("list", { name: "Quotes" }).getByRole("listitem")).toHaveCount(1);
  await shared.context().close();
  await owner.context().close();
});

test("a search sent with its button at once is asked for once: the typing's pause does not send it again", async ({
  browser,
}) => {
  const owner = await pageAs(browser, ownerState, PHONE);
  await openApp(owner, "/staff/leads");
  const asked: string[] = [];
  owner.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/staff/leads") && url.searchParams.has("q")) asked.push(url.search);
  });
  // The page's clock stands still between the typing and the click, however busy the machine: "at once" is at once.
  // Installed, it still runs with the real one (a busy machine once let the pause send the search before the click):
  // paused, only runFor moves it.
  await owner.clock.install();
  await owner.clock.pauseAt(Date.now() + 2000);
  await owner.getByRole("searchbox", { name: "Search" }).fill("quinn");
  await owner.getByRole("button", { name: "Search" }).click();
  await expect(owner.getByRole("list", { name: "Quotes" }).getByRole("listitem")).toHaveCount(1);
  // Longer than the pause the typing waits before it sends the search by itself.
  await owner.clock.runFor(1_000);
  await owner.waitForTimeout(500);
  expect(asked).toHaveLength(1);
  await owner.context().close();
});

test("news moved down three places at once shows the new order at once, keeps the focus and is stored", async ({
  browser,
}) => {
  const owner = await pageAs(browser, ownerState);
  await openApp(owner, "/staff/content/news");
  const titles = () => owner.locator("ol > li h3").allTextContents();
  const names = (await titles()).map((t) => t.replace(/^\d+\. /, ""));
  expect(names.length).toBeGreaterThanOrEqual(4);
  const first = names[0] as string;
  const down = owner.getByRole("button", { name: `move “${first}” down` });
  await down.click();
  await down.click();
  await down.click();
  await expect.poll(async () => (await titles()).map((t) => t.replace(/^\d+\. /, ""))[3]).toBe(first);
  await expect(down).toBeFocused();
  await expect(owner.getByRole("status").filter({ hasText: "Moved the news item down." })).toBeVisible();
  expect(await sameDocument(owner), "no page load").toBe(true);
  await owner.reload();
  expect((await titles()).map((t) => t.replace(/^\d+\. /, ""))).toEqual([
    names[1],
    names[2],
    names[3],
    first,
    ...names.slice(4),
  ]);
  await owner.context().close();
});

/** A photo as a phone might send it. */
const photo = async () => ({
  name: "IMG_0001.jpg",
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 900, height: 1200, channels: 3, background: "#8a5a44" } })
    .jpeg({ quality: 85 })
    .toBuffer(),
});

test("a team photo chosen stays chosen and previewed through a refused save, then saves", async ({ browser }) => {
  const owner = await pageAs(browser, ownerState, PHONE);
  await owner.goto(`${staff.url}/staff/content/team`);
  await owner.getByRole("link", { name: "Edit Isla Brennan" }).click();
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText("Edit Isla Brennan");
  await scriptsReady(owner);
  await owner.evaluate(() => {
    (window as unknown as { __marker: string }).__marker = "same document";
  });
  const portrait = owner.getByRole("group", { name: "Portrait" });
  const file = portrait.getByLabel("New photo (optional)");
  await file.setInputFiles(await photo());
  await expect(portrait.getByRole("img", { name: "Chosen, not saved yet: IMG_0001.jpg" })).toBeVisible();

  // No description: refused, and the focus goes to what says so.
  await owner.getByRole("button", { name: "Save changes" }).click();
  await expect(portrait.getByText("Please describe the picture for people who cannot see it.")).toBeVisible();
  await expect(owner.getByRole("alert").first()).toBeFocused();
  expect(await sameDocument(owner), "no page load").toBe(true);
  expect(await file.evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe("IMG_0001.jpg");
  await expect(portrait.getByRole("img", { name: "Chosen, not saved yet: IMG_0001.jpg" })).toBeVisible();
  await expect
    .poll(() => portrait.getByTestId("photo-preview").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(900);
  await expectAccessible(owner);

  await portrait.getByLabel("Description of the new photo").fill("Isla at the backwash");
  await owner.getByRole("button", { name: "Save changes" }).click();
  await expect(owner.getByText("Saved. The site shows Isla's changes now.")).toBeVisible({ timeout: 60_000 });
  await expect(portrait.getByRole("img", { name: "Now: Isla at the backwash" })).toBeVisible();
  await expect(portrait.getByTestId("photo-preview")).toHaveCount(0);
  expect(await sameDocument(owner)).toBe(true);
  await owner.context().close();
});

test("a photo over the limit is refused as it is chosen", async ({ browser }) => {
  const owner = await pageAs(browser, ownerState, PHONE);
  await openApp(owner, "/staff/content/team/1");
  const portrait = owner.getByRole("group", { name: "Portrait" });
  await portrait.getByLabel("New photo (optional)").setInputFiles({
    name: "huge.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(16 * 1024 * 1024),
  });
  await expect(portrait.getByRole("alert")).toHaveText(/That photo is 16\.0 MB: please choose one of up to 15 MB\./);
  await expect(portrait.getByTestId("photo-preview")).toHaveCount(0);
  await owner.context().close();
});

test("an edit form with changes asks before the console leaves it; without changes it does not", async ({
  browser,
}) => {
  const owner = await pageAs(browser, ownerState);
  await openApp(owner, "/staff/content/team/1");
  await owner.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Site content" }).click();
  await expect(owner).toHaveURL(/\/staff\/content$/);

  await openApp(owner, "/staff/content/team/1");
  await owner.getByLabel("Second paragraph").fill("Changed, not saved.");
  const asked: string[] = [];
  owner.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await owner.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Site content" }).click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toMatch(/not saved/);
  await expect(owner).toHaveURL(/\/staff\/content\/team\/1$/);
  await expect(owner.getByLabel("Second paragraph")).toHaveValue("Changed, not saved.");
  // Closing or reloading the tab: the browser's own question (beforeunload).
  const unload = await owner.evaluate(() => {
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(unload).toBe(true);

  owner.once("dialog", (dialog) => void dialog.accept());
  await owner.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Site content" }).click();
  await expect(owner).toHaveURL(/\/staff\/content$/);
  await owner.context().close();
});

test("a status picked or a note typed while the last one is still saving is kept", async ({ browser }) => {
  await saveQuoteByApi(staff, {
    name: "Siobhán Ní Bhriain",
    mobile: "07700 900 113",
    email: "siobhan@example.com",
    referral: "Google",
    salon: "2",
  });
  const owner = await pageAs(browser, ownerState);
  await owner.goto(`${staff.url}/staff/leads?q=${encodeURIComponent("Ní Bhriain")}`);
  await owner.getByRole("link", { name: "Siobhán Ní Bhriain" }).click();
  const work = owner.getByRole("region", { name: "Follow-up" });
  const list = owner.getByLabel("Change status");
  await expect(list).toBeVisible();
  const record = owner.url();
  // The first save's answer is held back for a second, as on a slow connection at the front desk.
  let held = 0;
  await owner.route(/\/staff\/leads\//, async (route) => {
    if (route.request().method() === "POST" && held++ === 0) await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await list.selectOption("contacted");
  await owner.getByRole("button", { name: "Save status" }).click();
  await expect(work.getByRole("button", { name: "Saving…" })).toBeVisible();
  await list.selectOption("not-booked");
  await expect(work.getByRole("button", { name: "Save status" })).toBeVisible();
  await expect(work.getByRole("status").filter({ hasText: "Status saved." })).toBeVisible();
  await expect(work.getByText("Status: Contacted")).toBeVisible();
  await expect(list, "the pick made while saving is kept").toHaveValue("not-booked");
  await owner.getByRole("button", { name: "Save status" }).click();
  await expect(work.getByText("Status: Not booked")).toBeVisible();
  await expect(work.getByRole("button", { name: "Save status" })).toBeVisible();

  // A note: what is typed into the box while the last note is saving stays there; the box empties only when it
  // still holds the note that was saved.
  held = 0;
  const note = owner.getByLabel("Add a note");
  await note.fill("Rang back: booking on Friday.");
  await owner.getByRole("button", { name: "Add note" }).click();
  await expect(work.getByRole("button", { name: "Saving…" })).toBeVisible();
  await note.fill("Asked about a balayage too.");
  await expect(work.getByRole("status").filter({ hasText: "Note added." })).toBeVisible();
  await expect(work.getByText("Rang back: booking on Friday.")).toBeVisible();
  await expect(note, "what was typed while saving is kept").toHaveValue("Asked about a balayage too.");
  await owner.getByRole("button", { name: "Add note" }).click();
  await expect(work.getByText("Asked about a balayage too.")).toBeVisible();
  await expect(note, "the box is empty for the next note").toHaveValue("");

  await owner.reload();
  await expect(owner.getByRole("region", { name: "Follow-up" }).getByText("Status: Not booked")).toBeVisible();

  // The same in the quotes list, where a row's status is changed without opening it.
  held = 0;
  await owner.goto(`${staff.url}/staff/leads?q=${encodeURIComponent("Ní Bhriain")}`);
  const table = owner.getByRole("table", { name: "Quotes" });
  const row = table.getByRole("combobox", { name: "Status of Siobhán Ní Bhriain" });
  await row.selectOption("booked");
  await table.getByRole("button", { name: "Save status of Siobhán Ní Bhriain" }).click();
  await expect(table.getByRole("button", { name: "Saving…" })).toBeVisible();
  await row.selectOption("contacted");
  await expect(table.getByText("Booked saved")).toBeVisible();
  await expect(row, "the pick made while saving is kept").toHaveValue("contacted");
  await table.getByRole("button", { name: "Save status of Siobhán Ní Bhriain" }).click();
  await expect(table.getByText("Contacted saved")).toBeVisible();
  await owner.reload();
  await expect(row).toHaveValue("contacted");
  await owner.screenshot({ path: test.info().outputPath("quotes-status-1280.png"), fullPage: true });

  // The record as the front desk's phone shows it, with the status and note saved above.
  await owner.setViewportSize({ width: 360, height: 800 });
  await owner.goto(record);
  await expect(list).toHaveValue("contacted");
  await work.scrollIntoViewIfNeeded();
  await owner.screenshot({ path: test.info().outputPath("quote-follow-up-360.png"), fullPage: true });
  await owner.context().close();
});

test("without JavaScript the same forms post as before: a status saved, a news item moved", async ({ browser }) => {
  const context = await browser.newContext({ storageState: ownerState, javaScriptEnabled: false });
  const owner = await context.newPage();
  await owner.goto(`${staff.url}/staff/leads?q=rhea`);
  await owner.getByRole("link", { name: "Rhea Referral" }).click();
  await owner.getByLabel("Change status").selectOption("booked");
  await owner.getByRole("button", { name: "Save status" }).click();
  await expect(owner.getByText("Status saved.")).toBeVisible();
  await expect(
    owner.getByRole("region", { name: "Follow-up" }).getByText("Booked", { exact: true }).first(),
  ).toBeVisible();

  await owner.goto(`${staff.url}/staff/content/news`);
  const second = ((await owner.locator("ol > li h3").allTextContents())[1] ?? "").replace(/^\d+\. /, "");
  await owner.getByRole("button", { name: `move “${second}” up` }).click();
  await expect(owner.getByText("Moved the news item up.")).toBeVisible();
  expect(((await owner.locator("ol > li h3").allTextContents())[0] ?? "").replace(/^\d+\. /, "")).toBe(second);
  await context.close();
});

test("the owner saves a quote's status three times, then reads it in the audit log in words, with links and filters", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const owner = await pageAs(browser, ownerState);
  await owner.goto(`${staff.url}/staff/leads?q=quinn`);
  const href = (await owner.getByRole("link", { name: "Quinn Quote" }).getAttribute("href")) ?? "";
  const leadPath = new URL(href, `${staff.url}/staff/leads`).pathname;
  const quoteId = leadPath.split("/").at(-1) ?? "";
  await openApp(owner, leadPath);
  const work = owner.getByRole("region", { name: "Follow-up" });
  for (const [value, label] of [
    ["booked", "Booked"],
    ["not-booked", "Not booked"],
    ["new", "New"],
  ] as const) {
    await owner.getByLabel("Change status").selectOption(value);
    await owner.getByRole("button", { name: "Save status" }).click();
    // The badge shows the status as it is sent; the button reads "Save status" again once it is stored.
    await expect(work.getByText(label, { exact: true }).first()).toBeVisible();
    await expect(work.getByRole("button", { name: "Save status" })).toBeVisible();
    await expect(work.getByRole("status").filter({ hasText: "Status saved." })).toBeVisible();
  }
  expect(await sameDocument(owner), "no page load").toBe(true);

  // The quote's own history: three changes, one look (the saves' own reloads of the page are not looks of their own).
  await owner.getByRole("link", { name: "This quote’s history in the audit log" }).click();
  await expect(owner).toHaveURL(new RegExp(`/staff/audit\\?subject=quote&id=${quoteId}$`));
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText("Audit log");
  const rows = owner.getByRole("table", { name: "Audit entries" }).locator("tbody tr");
  const mine = rows.filter({ hasText: "Olivia Owner" });
  for (const label of ["Booked", "Not booked", "New"])
    await expect(mine.filter({ hasText: `Olivia Owner changed Quinn Quote’s quote to ${label}` })).toHaveCount(1);
  await expect(mine.filter({ hasText: "Olivia Owner viewed Quinn Quote’s quote" })).toHaveCount(1);
  await expect(mine).toHaveCount(4);
  // Every row is about this quote.
  for (const row of await rows.all()) await expect(row).toContainText("Quinn Quote’s quote");
  // UK time, in plain form.
  await expect(mine.first().locator("td").first()).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);

  // The person who acted, by the Who filter, applied as it changes.
  await owner.getByRole("combobox", { name: "Who" }).selectOption({ label: "Olivia Owner" });
  await expect(owner).toHaveURL(/staff=\d+/);
  await expect(rows).toHaveCount(4);
  expect(await sameDocument(owner), "no page load").toBe(true);
  await expectAccessible(owner);

  // The record and the person are links to their pages.
  const booked = mine.filter({ hasText: "to Booked" });
  await booked.getByRole("link", { name: "Quinn Quote’s quote" }).click();
  await expect(owner).toHaveURL(new RegExp(`${leadPath}$`));
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText("Quote for Quinn Quote");
  await owner.goBack();
  await booked.getByRole("link", { name: "Olivia Owner" }).click();
  await expect(owner).toHaveURL(/\/staff\/team#staff-\d+$/);
  const entry = owner.locator(`[id="${new URL(owner.url()).hash.slice(1)}"]`);
  await expect(entry).toContainText("Olivia Owner");

  // A day with nothing narrows to nothing.
  await owner.goto(`${staff.url}/staff/audit?subject=quote&id=${quoteId}&from=2020-01-01&to=2020-01-02`);
  await expect(owner.getByText("Nothing recorded that matches.")).toBeVisible();
  await owner.context().close();

  // Without JavaScript the filters are a plain GET form, in view on a phone, and narrow the rows the same way.
  const context = await browser.newContext({
    storageState: ownerState,
    javaScriptEnabled: false,
    viewport: { width: 360, height: 800 },
  });
  const plain = await context.newPage();
  await plain.goto(`${staff.url}/staff/audit`);
  const all = await plain.getByRole("table", { name: "Audit entries" }).locator("tbody tr").count();
  await plain.getByRole("combobox", { name: "About" }).selectOption({ label: "Quotes" });
  await plain.getByRole("textbox", { name: "Record number" }).fill(quoteId);
  await expect(plain.getByRole("combobox", { name: "Who" })).toBeVisible();
  await expect(plain.getByLabel("From (day)")).toBeVisible();
  await plain.getByRole("button", { name: "Search" }).click();
  await expect(plain).toHaveURL(new RegExp(`subject=quote&id=${quoteId}`));
  const narrowed = plain.getByRole("table", { name: "Audit entries" }).locator("tbody tr");
  await expect(narrowed.filter({ hasText: "Olivia Owner changed Quinn Quote’s quote" })).toHaveCount(3);
  expect(await narrowed.count()).toBeLessThan(all);
  for (const row of await narrowed.all()) await expect(row).toContainText("Quinn Quote’s quote");
  const narrowedUrl = plain.url();
  await context.close();
  // The same page on a phone passes axe (which needs scripts to run).
  const phone = await pageAs(browser, ownerState, PHONE);
  await phone.goto(narrowedUrl);
  await expect(phone.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expectAccessible(phone);
  await phone.context().close();
});
