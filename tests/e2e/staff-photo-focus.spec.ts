/**
 * Photos that fit: a stylist's uploaded photo takes exactly the box their
 * drawing took, on the team page and beside a quote, at a phone's width and
 * a desktop's (measured); nothing on their pages still shows the drawing;
 * and the manager chooses the photo's focal point in the member form, by
 * tapping the photo, with the arrow keys, or with the range inputs alone
 * without JavaScript, and the public pages crop about it.
 */
import { mkdirSync } from "node:fs";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible, scriptsReady } from "./helpers";
import { createFirstOwner, freshPage, type StaffSite, saveQuoteByApi, startStaffSite } from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 180_000 });

let staff: StaffSite;
let owner: Page;

/** Screenshots to look at, when SHOTS_DIR names a folder for them. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** A photo with a red "face" centred at (x%, y%) on a plain background. */
async function photoWithFace(name: string, width: number, height: number, face: { x: number; y: number }) {
  const size = Math.round(Math.min(width, height) * 0.15);
  const square = await sharp({ create: { width: size, height: size, channels: 3, background: "#e00000" } })
    .png()
    .toBuffer();
  const buffer = await sharp({ create: { width, height, channels: 3, background: "#b8a99a" } })
    .composite([
      {
        input: square,
        left: Math.round((width * face.x) / 100 - size / 2),
        top: Math.round((height * face.y) / 100 - size / 2),
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

/** How many of an element's pixels on screen are the face's red. */
async function redPixels(element: Locator): Promise<number> {
  const { data, info } = await sharp(await element.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  let red = 0;
  for (let i = 0; i < data.length; i += info.channels)
    if ((data[i] as number) > 170 && (data[i + 1] as number) < 90 && (data[i + 2] as number) < 90) red++;
  return red;
}

/** Where, inside `box`, its picture and its name sit, and how big the picture is, in whole CSS pixels. */
function layoutOf(box: Locator, name: string) {
  return box.evaluate((el, nameSelector) => {
    const outer = el.getBoundingClientRect();
    const img = (el.querySelector("img") as HTMLImageElement).getBoundingClientRect();
    const title = (el.querySelector(nameSelector) as HTMLElement).getBoundingClientRect();
    return {
      photo: [img.left - outer.left, img.top - outer.top, img.width, img.height].map(Math.round),
      name: [title.left - outer.left, title.top - outer.top].map(Math.round),
    };
  }, name);
}

const teamCard = (page: Page, name: string) => page.getByRole("article").filter({ hasText: name });

/** Every stylist's picture on the team page, as it lays out at each width, and one stylist's quote. */
async function measure(page: Page, quoteLink: string) {
  const out: Record<string, unknown> = {};
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${staff.url}/team-info`);
    out[`team ${width}`] = await layoutOf(teamCard(page, "Theo Lindqvist"), "h2, h3");
    // A neighbour that keeps its drawing: the same box in the same place (all columns are as wide).
    out[`neighbour ${width}`] = await layoutOf(teamCard(page, "Nadia Okafor"), "h2, h3");
    await page.goto(`${staff.url}/quote/${quoteLink}`);
    out[`quote ${width}`] = await layoutOf(
      page.locator("figure").filter({ hasText: "Theo Lindqvist" }),
      "figcaption > span",
    );
  }
  return out;
}

/** Opens a member's form in the console, its script running. */
async function editMember(page: Page, name: string) {
  await page.goto(`${staff.url}/staff/content/team`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit ${name}`);
  await scriptsReady(page);
  return page.getByRole("group", { name: "Portrait" });
}

async function save(page: Page, firstName: string) {
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(`Saved. The site shows ${firstName}'s changes now.`)).toBeVisible({ timeout: 60_000 });
}

/** The public pages follow a save at once; a reload covers the moment the caches take to hear of it. */
async function eventually(page: Page, url: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(url);
    await check();
  }).toPass({ timeout: 15_000 });
}

async function visitor(browser: Browser, width: number) {
  const page = await freshPage(browser);
  await page.setViewportSize({ width, height: 900 });
  return page;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  staff = await startStaffSite();
  owner = await freshPage(browser);
  await createFirstOwner(owner, staff, "Olivia Owner", "olivia@example.com");
});

test.afterAll(async () => {
  await staff?.close();
});

test("a portrait or a landscape photo takes exactly the drawing's box, on the team page and the quote", async ({
  browser,
}) => {
  const quoteLink = await saveQuoteByApi(staff, {
    name: "Ada Client",
    mobile: "07700 900555",
    referral: "Google",
    salon: "1",
    stylist: "theo",
  });
  const page = await visitor(browser, 360);
  const drawn = await measure(page, quoteLink);
  expect(drawn["team 360"]).toEqual(drawn["neighbour 360"]);
  expect(drawn["team 1280"]).toEqual(drawn["neighbour 1280"]);

  for (const photo of [
    await photoWithFace("portrait.jpg", 900, 1200, { x: 50, y: 20 }),
    await photoWithFace("landscape.jpg", 1600, 900, { x: 30, y: 50 }),
  ]) {
    const portrait = await editMember(owner, "Theo Lindqvist");
    await portrait.getByLabel("New photo (optional)").setInputFiles(photo);
    await portrait.getByLabel("Description of the new photo").fill(`Theo at his chair (${photo.name})`);
    await save(owner, "Theo");
    await eventually(page, `${staff.url}/team-info`, async () => {
      await expect(teamCard(page, "Theo Lindqvist").locator("picture img")).toHaveAttribute("alt", "", {
        timeout: 1000,
      });
      await expect(teamCard(page, "Theo Lindqvist").locator("picture img")).toHaveAttribute(
        "width",
        photo.name === "portrait.jpg" ? "900" : "1600",
        { timeout: 1000 },
      );
    });
    const shown = await measure(page, quoteLink);
    expect(shown, `${photo.name}: every box as it was with the drawing`).toEqual(drawn);
    if (photo.name === "portrait.jpg") {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${staff.url}/team-info`);
        await teamCard(page, "Theo Lindqvist").scrollIntoViewIfNeeded();
        await shot(page, `team-one-photo-${width}`);
      }
    }
  }

  // Nothing on Theo's pages shows his drawing now: not the portrait, not the drawn montage, not the share card.
  for (const path of ["/team/theo", "/team/theo-profile"]) {
    await page.goto(`${staff.url}${path}`);
    await expect(page.locator('img[src^="/images/team/theo"]')).toHaveCount(0);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/pictures\//);
    await expect(page.locator("picture img").first()).toHaveAttribute("alt", /Theo at his chair/);
    await shot(page, `stylist${path.replaceAll("/", "-")}-${page.viewportSize()?.width}`);
  }
  await expectAccessible(page);
  await page.context().close();
});

test("the manager taps the face on the photo, sees each crop, and the team card keeps the face in view", async ({
  browser,
}) => {
  // Wide: on a card the face, 12% from the left, is cut off when the photo is cropped about its middle.
  const photo = await photoWithFace("IMG_3001.jpg", 1600, 900, { x: 12, y: 50 });
  const portrait = await editMember(owner, "Isla Brennan");
  await expect(portrait.getByText("Focal point: 50% across, 50% down")).toBeVisible();
  await portrait.getByLabel("New photo (optional)").setInputFiles(photo);
  const chooser = portrait.getByRole("button", { name: "Focal point on the photo" });
  await expect(chooser).toBeVisible();
  const whole = chooser.getByTestId("focus-photo");
  await expect.poll(() => whole.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
  const box = (await whole.boundingBox()) as { width: number; height: number };
  await whole.click({ position: { x: box.width * 0.12, y: box.height * 0.5 } });
  // Where the tap landed, to the percent (the photo's box on screen is a fraction of a pixel off whole numbers).
  const across = Number(await portrait.getByLabel("Across, from the left (%)").inputValue());
  const down = Number(await portrait.getByLabel("Down, from the top (%)").inputValue());
  expect(Math.abs(across - 12)).toBeLessThanOrEqual(1);
  expect(Math.abs(down - 50)).toBeLessThanOrEqual(1);
  const point = `${across}% ${down}%`;
  const said = `Focal point: ${across}% across, ${down}% down`;
  await expect(portrait.getByText(said)).toBeVisible();
  // Each preview crops about the point, as the pages will.
  const previews = portrait.getByTestId("focus-preview");
  await expect(previews).toHaveCount(5);
  for (const preview of await previews.all()) await expect(preview).toHaveCSS("object-position", point);
  expect(await redPixels(previews.first())).toBeGreaterThan(50);
  await expectAccessible(owner);
  for (const width of [360, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await portrait.scrollIntoViewIfNeeded();
    await shot(owner, `focus-chooser-${width}`);
  }
  await owner.setViewportSize({ width: 1280, height: 900 });

  await portrait.getByLabel("Description of the new photo").fill("Isla by the window");
  await save(owner, "Isla");
  await expect(portrait.getByText(said)).toBeVisible();

  const page = await visitor(browser, 360);
  const img = teamCard(page, "Isla Brennan").locator("picture img");
  await eventually(page, `${staff.url}/team-info`, async () => {
    await expect(img).toHaveCSS("object-position", point, { timeout: 1000 });
  });
  await img.scrollIntoViewIfNeeded();
  await expect(img).toHaveJSProperty("complete", true);
  expect(await redPixels(img), "the face on the card").toBeGreaterThan(20);
  // Cropped about its middle, the same card would have lost the face.
  await img.evaluate((el: HTMLImageElement) => {
    el.style.objectPosition = "50% 50%";
  });
  expect(await redPixels(img)).toBe(0);
  await page.context().close();
});

test("the arrow keys move the point of the photo already there, with no new upload", async ({ browser }) => {
  const portrait = await editMember(owner, "Isla Brennan");
  const chooser = portrait.getByRole("button", { name: "Focal point on the photo" });
  await chooser.focus();
  await owner.keyboard.press("Home");
  await expect(portrait.getByText("Focal point: 50% across, 50% down")).toBeVisible();
  for (let i = 0; i < 3; i++) await owner.keyboard.press("Shift+ArrowLeft");
  await owner.keyboard.press("ArrowRight");
  await owner.keyboard.press("ArrowRight");
  await owner.keyboard.press("Shift+ArrowUp");
  await expect(portrait.getByText("Focal point: 22% across, 40% down")).toBeVisible();
  await expect(portrait.getByLabel("Across, from the left (%)")).toHaveValue("22");
  await expect(portrait.getByLabel("Down, from the top (%)")).toHaveValue("40");
  await expect(chooser.getByTestId("focus-marker")).toHaveAttribute("style", /left: 22%; top: 40%/);
  // Enter on the button sets nothing at the corner.
  await owner.keyboard.press("Enter");
  await expect(portrait.getByText("Focal point: 22% across, 40% down")).toBeVisible();
  await save(owner, "Isla");

  const page = await visitor(browser, 1280);
  await eventually(page, `${staff.url}/team-info`, async () => {
    await expect(teamCard(page, "Isla Brennan").locator("picture img")).toHaveCSS("object-position", "22% 40%", {
      timeout: 1000,
    });
  });
  // Her own page crops about it too: the profile's portrait and the top of her page.
  await page.goto(`${staff.url}/team/isla-profile`);
  await expect(page.getByRole("img", { name: "Isla by the window" }).first()).toHaveCSS("object-position", "22% 40%");
  await page.context().close();

  // The change is in the audit log with the rest of the edit.
  await owner.goto(`${staff.url}/staff/audit`);
  await expect(owner.getByText(/focal point 22% across, 40% down/).first()).toBeVisible();
});

test("without JavaScript the two range inputs post the point", async ({ browser }) => {
  const context = await browser.newContext({
    storageState: await owner.context().storageState(),
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto(`${staff.url}/staff/content/team`);
  await page.getByRole("link", { name: "Edit Isla Brennan" }).click();
  const portrait = page.getByRole("group", { name: "Portrait" });
  await expect(portrait.getByLabel("Across, from the left (%)")).toHaveValue("22");
  await portrait.getByLabel("Across, from the left (%)").fill("70");
  await portrait.getByLabel("Down, from the top (%)").fill("15");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved. The site shows Isla's changes now.")).toBeVisible();
  await expect(page.getByRole("group", { name: "Portrait" }).getByLabel("Down, from the top (%)")).toHaveValue("15");
  await context.close();

  const visit = await visitor(browser, 360);
  await eventually(visit, `${staff.url}/team-info`, async () => {
    await expect(teamCard(visit, "Isla Brennan").locator("picture img")).toHaveCSS("object-position", "70% 15%", {
      timeout: 1000,
    });
  });
  await visit.context().close();
});
