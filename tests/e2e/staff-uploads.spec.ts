/**
 * Every console screen with a picture field takes the photos people really
 * send (tests/corpus/photos.ts), with JavaScript (the browser posts to the
 * page's `.data` address) and without it (the browser posts the page
 * itself): the 48-megapixel phone photo and the iPhone's HEIC included. Each
 * saved photo is shown upright on the screen, served from its own address.
 * A file refused (a GIF, or a photo past 15 MB) leaves what was typed in the
 * form and says why beside the file field.
 */
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { MAX_PICTURE_BYTES } from "../../app/domain/pictures";
import {
  ANIMATED_GIF,
  ANIMATED_WEBP,
  CMYK_PHOTO,
  type CorpusPhoto,
  HEIC_PHOTO,
  ORDINARY_PHOTOS,
  oversizedPhoto,
  PHOTO_48_MP,
  PNG_16_BIT,
  ROTATED_PHOTO,
} from "../corpus/photos";
import { createFirstOwner, freshPage, type StaffSite, startStaffSite } from "./staff-helpers";

// Not serial, unlike the console's other files: every test here is a screen and a photo of its own, so both
// workers take a share, each with a site of its own (the hook below runs once in each). The file comes near the
// end of the suite, where run serially it kept one worker busy for minutes after the other had finished.
test.describe.configure({ timeout: 180_000 });

let staff: StaffSite;
let ownerState: Awaited<ReturnType<BrowserContext["storageState"]>>;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  staff = await startStaffSite();
  const owner = await freshPage(browser);
  await createFirstOwner(owner, staff, "Olivia Owner", "olivia@example.com");
  ownerState = await owner.context().storageState();
  await owner.context().close();
});

test.afterAll(async () => {
  await staff?.close();
});

/** A signed-in owner's tab, with JavaScript on (the console as an app) or off (plain forms). */
async function ownerPage(browser: Browser, javaScript: boolean): Promise<Page> {
  const context = await browser.newContext({ storageState: ownerState, javaScriptEnabled: javaScript });
  return context.newPage();
}

/** An upload screen: how to reach its form, and that form's picture field, a text field and its save button. */
interface Screen {
  name: string;
  /** Opens the screen and answers the part of the page holding one form with a picture field. */
  open(page: Page): Promise<Locator>;
  /** The picture field's group (its legend). */
  group: string;
  /** A text field of the same form, typed in before saving. */
  text: string;
  save: RegExp;
}

/** A row of a list of rows (news, shop tiles), its edit form opened (a details element: no script needed). */
async function openRow(page: Page, list: Locator): Promise<Locator> {
  const row = list
    .getByRole("listitem")
    .filter({ has: page.getByText(/^Edit “/) })
    .first();
  const details = row.locator("details");
  if ((await details.getAttribute("open")) === null) await row.getByText(/^Edit “/).click();
  return row;
}

const SCREENS: readonly Screen[] = [
  {
    name: "Team",
    async open(page) {
      await page.goto(`${staff.url}/staff/content/team`);
      await page.getByRole("link", { name: "Edit Isla Brennan" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Isla Brennan");
      return page.locator("main");
    },
    group: "Portrait",
    text: "Second paragraph",
    save: /^Save changes$/,
  },
  {
    name: "Blog",
    async open(page) {
      await page.goto(`${staff.url}/staff/content/blog`);
      await page.getByRole("link", { name: "How to keep your blonde bright between appointments" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText("How to keep your blonde bright");
      return page.locator("main");
    },
    group: "Cover picture",
    text: "Author",
    save: /^Save the post$/,
  },
  {
    name: "Offer",
    async open(page) {
      await page.goto(`${staff.url}/staff/content/offers`);
      await page
        .getByRole("list", { name: "Offers" })
        .getByRole("link", { name: "20% off curls with Isla", exact: true })
        .click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("20% off curls with Isla");
      return page.locator("main");
    },
    group: "Picture",
    text: "Title",
    save: /^Save offer$/,
  },
  {
    name: "News",
    async open(page) {
      await page.goto(`${staff.url}/staff/content/news`);
      return openRow(page, page.locator("main"));
    },
    group: "Photo",
    text: "Headline",
    save: /^Save the news item$/,
  },
  {
    name: "Shop",
    async open(page) {
      await page.goto(`${staff.url}/staff/content/shop`);
      return openRow(page, page.getByRole("region", { name: "Brand tiles" }));
    },
    group: "Photo",
    text: "Description",
    save: /^Save the tile$/,
  },
  {
    name: "Salons",
    async open(page) {
      await page.goto(`${staff.url}/staff/content/salons`);
      return page.getByRole("region", { name: "Maison Ivy Wrenbridge" });
    },
    group: "Photo",
    text: "Street address",
    save: /^Save salon/,
  },
];

const screen = (name: string) => SCREENS.find((s) => s.name === name) as Screen;

/**
 * Which photo each screen is sent with JavaScript on and off: every photo of
 * the corpus somewhere, the 48-megapixel one and the HEIC in both ways, and
 * on News, Shop and Salons with JavaScript photos well over 64 kB.
 */
const PLAN: readonly [string, boolean, CorpusPhoto][] = [
  ["Team", true, HEIC_PHOTO],
  ["Team", false, ROTATED_PHOTO],
  ["Blog", true, CMYK_PHOTO],
  ["Blog", false, PHOTO_48_MP],
  ["Offer", true, PNG_16_BIT],
  ["Offer", false, ANIMATED_WEBP],
  ["News", true, ORDINARY_PHOTOS[2] as CorpusPhoto],
  ["News", false, HEIC_PHOTO],
  ["Shop", true, ORDINARY_PHOTOS[1] as CorpusPhoto],
  ["Shop", false, ORDINARY_PHOTOS[0] as CorpusPhoto],
  ["Salons", true, PHOTO_48_MP],
  ["Salons", false, ORDINARY_PHOTOS[2] as CorpusPhoto],
];

async function choose(group: Locator, photo: CorpusPhoto) {
  await group
    .getByLabel("New photo (optional)")
    .setInputFiles({ name: photo.name, mimeType: photo.mimeType, buffer: await photo.bytes() });
}

/** The screen shows the saved photo as its current one, served from its own address, upright. */
async function expectShown(page: Page, alt: string, photo: CorpusPhoto) {
  const now = page.locator(`img[alt="Now: ${alt}"]`);
  // Made into three formats at four widths, on a machine other tests share: a 48-megapixel photo takes a while.
  await expect(now).toHaveCount(1, { timeout: 90_000 });
  await expect(page.getByText(/didn.t work/)).toHaveCount(0);
  const src = (await now.getAttribute("src")) as string;
  expect(src).toMatch(/^\/pictures\/[A-Za-z0-9]{16}-\d+\.jpg$/);
  const served = await fetch(`${staff.url}${src}`);
  expect(served.status).toBe(200);
  const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
  // Upright as the phone showed it, whichever way the file stored it.
  const ratio = (meta.width as number) / (meta.height as number);
  expect(Math.abs(ratio - photo.width / photo.height)).toBeLessThan(0.02);
}

for (const [name, javaScript, photo] of PLAN) {
  test(`${name}, JavaScript ${javaScript ? "on" : "off"}: ${photo.about} (${photo.name}) is saved and shown upright`, async ({
    browser,
  }) => {
    const { open, group: groupName, save } = screen(name);
    const page = await ownerPage(browser, javaScript);
    const form = await open(page);
    const group = form.getByRole("group", { name: groupName }).first();
    const alt = `${photo.about} on ${name}, JavaScript ${javaScript ? "on" : "off"}`;
    await choose(group, photo);
    await group.getByLabel("Description of the new photo").fill(alt);
    await form.getByRole("button", { name: save }).first().click();

    await expectShown(page, alt, photo);
    await page.context().close();
  });
}

test("Team, a new member with JavaScript on: a portrait held upright and a 12-megapixel montage", async ({
  browser,
}) => {
  const page = await ownerPage(browser, true);
  await page.goto(`${staff.url}/staff/content/team/new`);
  await page.getByRole("textbox", { name: "First name" }).fill("Noor");
  await page.getByRole("textbox", { name: "Last name" }).fill("Haddad");
  await page.getByRole("textbox", { name: "First paragraph" }).fill("Noor joined us from a salon in Leeds.");
  await page.getByRole("textbox", { name: "Second paragraph" }).fill("She loves a soft, lived-in blonde.");
  const portrait = page.getByRole("group", { name: "Portrait" });
  const montage = page.getByRole("group", { name: "Montage" });
  await choose(portrait, ROTATED_PHOTO);
  await portrait.getByLabel("Description of the new photo").fill("Noor at her chair, new member");
  await choose(montage, ORDINARY_PHOTOS[2] as CorpusPhoto);
  await montage.getByLabel("Description of the new photo").fill("Noor's work, new member");
  await page.getByRole("button", { name: "Add to the team" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Noor Haddad", { timeout: 90_000 });
  // Opened where the button was pressed: the notice takes the focus, so it is read and in view.
  await expect(page.getByRole("status").filter({ hasText: "Noor Haddad is on the team." })).toBeFocused();
  await expect(page.getByText("Noor Haddad is on the team.")).toBeInViewport();
  await expectShown(page, "Noor at her chair, new member", ROTATED_PHOTO);
  await expectShown(page, "Noor's work, new member", ORDINARY_PHOTOS[2] as CorpusPhoto);
  await page.context().close();
});

test("Offer, a new one with JavaScript off: a 12-megapixel photo", async ({ browser }) => {
  const page = await ownerPage(browser, false);
  await page.goto(`${staff.url}/staff/content/offers/new`);
  await page.getByLabel("Page address").fill("winter-gloss");
  await page.getByLabel("Title").fill("15% off a winter gloss");
  await page.getByLabel("Card text").fill("A glossing treatment for winter: 15% off for everyone.");
  await page.getByLabel("Page text").fill("Winter air dulls hair.\n\nBook a gloss with any stylist and take 15% off.");
  await page.getByLabel("Who it is for").selectOption("all");
  await page.getByLabel("Discount", { exact: true }).fill("15");
  await page.getByLabel("Code to quote").fill("WINTER15");
  await page.getByLabel("Small print").fill("Quote code WINTER15 when you book.");
  const picture = page.getByRole("group", { name: "Picture" });
  const photo = ORDINARY_PHOTOS[2] as CorpusPhoto;
  await choose(picture, photo);
  await picture.getByLabel("Description of the new photo").fill("A glossy brunette, new offer");
  await page.getByRole("button", { name: "Create offer" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("15% off a winter gloss", { timeout: 90_000 });
  // Without JavaScript the new page opens at its top, the notice there; saved again, it gives way to the save's.
  await expect(page.getByText("Offer created.")).toBeInViewport();
  await expectShown(page, "A glossy brunette, new offer", photo);
  await page.getByRole("button", { name: "Save offer" }).click();
  await expect(page.getByText("Offer saved. The site shows it now.")).toBeVisible();
  await expect(page.getByText("Offer created.")).toHaveCount(0);
  await page.context().close();
});

/** A refused file: what was typed stays in the form, and the reason is given beside the file field. */
async function refusedKeepsTyping(page: Page, name: string, photo: CorpusPhoto, reason: RegExp) {
  const { open, group: groupName, save, text } = screen(name);
  const form = await open(page);
  const typed = `Typed before the refusal (${photo.name})`;
  await form.getByRole("textbox", { name: text, exact: true }).first().fill(typed);
  const group = form.getByRole("group", { name: groupName }).first();
  await choose(group, photo);
  await group.getByLabel("Description of the new photo").fill("A photo that will not be taken");
  await form.getByRole("button", { name: save }).first().click();
  // After the answer the form is found afresh: without JavaScript it is a new page.
  const again = page.getByRole("group", { name: groupName }).filter({ hasText: reason }).first();
  await expect(again.getByText(reason)).toBeVisible({ timeout: 30_000 });
  const field = again.getByLabel("New photo (optional)");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(again.getByLabel("Description of the new photo")).toHaveValue("A photo that will not be taken");
  await expect(page.getByRole("textbox", { name: text, exact: true }).first()).toHaveValue(typed);
}

const NOT_A_PHOTO = /not a JPEG, PNG, WebP or HEIC photo/;
const TOO_LARGE = /too large: a photo can be up to 15 MB/;

test("News, JavaScript off: a photo past 15 MB is refused beside its field, and what was typed stays", async ({
  browser,
}) => {
  const page = await ownerPage(browser, false);
  await refusedKeepsTyping(page, "News", await oversizedPhoto(MAX_PICTURE_BYTES), TOO_LARGE);
  await page.context().close();
});

test("Salons, JavaScript off: a GIF is refused beside its field, and what was typed stays", async ({ browser }) => {
  const page = await ownerPage(browser, false);
  await refusedKeepsTyping(page, "Salons", ANIMATED_GIF, NOT_A_PHOTO);
  await page.context().close();
});

test("Shop, JavaScript on: a GIF is refused beside its field, and what was typed stays", async ({ browser }) => {
  const page = await ownerPage(browser, true);
  await refusedKeepsTyping(page, "Shop", ANIMATED_GIF, NOT_A_PHOTO);
  await page.context().close();
});

test("Team, JavaScript on: a photo past 15 MB is refused as it is chosen, and what was typed stays", async ({
  browser,
}) => {
  const page = await ownerPage(browser, true);
  const { open, group: groupName, text } = screen("Team");
  const form = await open(page);
  await form.getByRole("textbox", { name: text, exact: true }).fill("Typed before choosing");
  const group = form.getByRole("group", { name: groupName });
  await choose(group, await oversizedPhoto(MAX_PICTURE_BYTES));
  await expect(group.getByText(/That photo is 16\.0 MB: please choose one of up to 15 MB/)).toBeVisible();
  await expect(group.getByLabel("New photo (optional)")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByRole("textbox", { name: text, exact: true })).toHaveValue("Typed before choosing");
  await page.context().close();
});
