import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
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
let manager: Page;

/** The owner sets the console up and invites a manager, who signs in from the e-mailed link. */
async function signInManager(browser: Browser): Promise<Page> {
  const owner = await freshPage(browser);
  await createFirstOwner(owner, staff, "Olivia Owner", "olivia@example.com");
  const page = await inviteAndSignIn(owner, browser, staff, {
    name: "Manon Manager",
    email: "manon@example.com",
    role: "manager",
  });
  await owner.context().close();
  return page;
}

/** A photo as a phone takes it: 3:4, stored sideways with an EXIF orientation, and where it was taken. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: "#b36848" } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: "Phone", Model: "Camera 15" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The public pages follow a save at once; a reload covers the moment the caches take to hear of it. */
async function eventually(page: Page, url: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(url);
    await check();
  }).toPass({ timeout: 15_000 });
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  staff = await startStaffSite();
  manager = await signInManager(browser);
});

test.afterAll(async () => {
  await staff?.close();
});

test("a manager uploads a phone photo for a stylist and the team page serves it as AVIF with a srcset", async ({
  browser,
}) => {
  await manager.setViewportSize({ width: 360, height: 800 });
  await manager.goto(`${staff.url}/staff/content`);
  await manager.getByRole("link", { name: /^Team/ }).click();
  await expect(manager.getByRole("heading", { level: 1 })).toHaveText("Team");
  await expectOneH1(manager);
  await expectAccessible(manager);
  await manager.getByRole("link", { name: "Edit Isla Brennan" }).click();
  await expect(manager.getByRole("heading", { level: 1 })).toHaveText("Edit Isla Brennan");
  await expect(manager).toHaveTitle(/Edit Isla Brennan/);
  await expectAccessible(manager);

  const portrait = manager.getByRole("group", { name: "Portrait" });
  const photo = { name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: await phonePhoto() };

  // No description: refused with a message, and what was typed is still there.
  await manager.getByLabel("Second paragraph").fill("Typed before the refusal.");
  await portrait.getByLabel("New photo (optional)").setInputFiles(photo);
  await manager.getByRole("button", { name: "Save changes" }).click();
  await expect(portrait.getByText("Please describe the picture for people who cannot see it.")).toBeVisible();
  await expect(manager.getByLabel("Second paragraph")).toHaveValue("Typed before the refusal.");
  await expectAccessible(manager);

  // A text file calling itself a JPEG: refused by what it is, not by its name.
  await portrait.getByLabel("New photo (optional)").setInputFiles({
    name: "photo.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("This is not a photo."),
  });
  await portrait.getByLabel("Description of the new photo").fill("Isla smiling at the colour bar");
  await manager.getByRole("button", { name: "Save changes" }).click();
  await expect(portrait.getByText(/not a JPEG, PNG, WebP or HEIC photo, whatever its name says/)).toBeVisible();

  await portrait.getByLabel("New photo (optional)").setInputFiles(photo);
  await expect(portrait.getByLabel("Description of the new photo")).toHaveValue("Isla smiling at the colour bar");
  await manager.getByRole("button", { name: "Save changes" }).click();
  // Resizing into three formats at four widths takes a few seconds on a busy machine.
  await expect(manager.getByText("Saved. The site shows Isla's changes now.")).toBeVisible({ timeout: 60_000 });
  await expect(portrait.getByRole("img", { name: "Now: Isla smiling at the colour bar" })).toBeVisible();

  const visitor = await freshPage(browser);
  await visitor.setViewportSize({ width: 360, height: 800 });
  const card = visitor.getByRole("article").filter({ hasText: "Isla Brennan" });
  await eventually(visitor, `${staff.url}/team-info`, async () => {
    await expect(card.locator('picture source[type="image/avif"]')).toHaveCount(1, { timeout: 1000 });
  });
  // Her price is the calculator's, not typed: at +6.26% roots £53.87 → £54 and a cut & blow-dry £52.60 → £53.
  await expect(card).toContainText("Typical cut & colour £107");
  const source = card.locator('picture source[type="image/avif"]');
  const srcset = (await source.getAttribute("srcset")) ?? "";
  // Upright (stored sideways, so 900 × 1200 now): each standard width below its own, and its own, never wider.
  expect(srcset).toMatch(/^\/pictures\/[A-Za-z0-9]{16}-320\.avif 320w, \S+-640\.avif 640w, \S+-900\.avif 900w$/);
  expect(await source.getAttribute("sizes")).toBeTruthy();
  const img = card.locator("picture img");
  expect(await img.getAttribute("width")).toBe("900");
  expect(await img.getAttribute("height")).toBe("1200");
  expect(await img.getAttribute("srcset")).toContain("-640.jpg 640w");
  await expect(img).toHaveJSProperty("complete", true);
  // Chromium chose the AVIF.
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.avif$/);
  await expectAccessible(visitor);

  const avif = await visitor.request.get(`${staff.url}${srcset.split(" ")[0]}`);
  expect(avif.status()).toBe(200);
  expect(avif.headers()["content-type"]).toBe("image/avif");
  expect(avif.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const served = await sharp(await avif.body()).metadata();
  expect([served.width, served.height, served.exif]).toEqual([320, 427, undefined]);

  // The member's own page and the calculator's chooser show the photo too.
  await visitor.goto(`${staff.url}/team/isla-profile`);
  await expect(visitor.getByRole("img", { name: "Isla smiling at the colour bar" })).toBeVisible();
  await visitor.goto(`${staff.url}/prices/calculator?type=colour&mode=stylist`);
  await expect(visitor.locator('picture source[type="image/avif"]').first()).toHaveAttribute("srcset", /-320\.avif/);

  // Wherever Isla's illustration stood beside prices, her photo stands now: her prices page, her offer's page,
  // her quote's total and its finishing form, and a saved quote with her.
  const photoBase = srcset.split(" ")[0]?.replace(/-320\.avif$/, "") as string;
  const link = await saveQuoteByApi(staff, {
    name: "Ada Client",
    mobile: "07700 900555",
    referral: "Google",
    salon: "1",
    stylist: "isla",
  });
  const services: { id: number; service: string; cat1: number; cat2: number }[] = await (
    await fetch(`${staff.url}/api/services`)
  ).json();
  const id = (cat1: number, cat2: number, name: string) =>
    String(services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && s.service === name)?.id);
  const withIsla = new URLSearchParams({
    type: "cutting",
    mode: "stylist",
    stylist: "isla",
    finish: id(1, 0, "Cut, Dry & Style"),
    finishAddon: id(4, 0, "None"),
    treatment: id(5, 2, "None"),
  });
  for (const path of [
    `/prices/isla`,
    `/offers/isla`,
    `/prices/total-by-stylist?${withIsla}`,
    `/prices/finish?${withIsla}&regular=no`,
    `/quote/${link}`,
  ]) {
    await visitor.goto(`${staff.url}${path}`);
    await expect(visitor.locator(`picture source[type="image/avif"][srcset*="${photoBase}-320.avif"]`)).toHaveCount(1);
    await expectAccessible(visitor);
  }
  // The read API gives her photo's address too (its largest JPEG), not the illustration's.
  const fromApi = [
    (await (await fetch(`${staff.url}/api/team/isla`)).json()).image,
    (await (await fetch(`${staff.url}/api/stylists`)).json()).find((s: { slug: string }) => s.slug === "isla")
      ?.remote_image,
  ];
  for (const address of fromApi) expect(address).toMatch(new RegExp(`^${photoBase}-\\d+\\.jpg$`));
  await visitor.context().close();
});

test("an iPhone's own HEIC photo is taken as it is and served as AVIF", async ({ browser }) => {
  await manager.setViewportSize({ width: 390, height: 844 });
  await manager.goto(`${staff.url}/staff/content/team`);
  await manager.getByRole("link", { name: "Edit Camille Ashdown" }).click();
  const portrait = manager.getByRole("group", { name: "Portrait" });
  await expect(portrait.getByLabel("New photo (optional)")).toHaveAttribute("accept", /image\/heic/);
  await portrait.getByLabel("New photo (optional)").setInputFiles({
    name: "IMG_3107.HEIC",
    mimeType: "image/heic",
    buffer: readFileSync(new URL("../fixtures/iphone-portrait.heic", import.meta.url)),
  });
  await portrait.getByLabel("Description of the new photo").fill("Camille cutting a bob");
  await manager.getByRole("button", { name: "Save changes" }).click();
  await expect(manager.getByText("Saved. The site shows Camille's changes now.")).toBeVisible({ timeout: 60_000 });
  await expect(portrait.getByRole("img", { name: "Now: Camille cutting a bob" })).toBeVisible();

  const visitor = await freshPage(browser);
  const card = visitor.getByRole("article").filter({ hasText: "Camille Ashdown" });
  const source = card.locator('picture source[type="image/avif"]');
  await eventually(visitor, `${staff.url}/team-info`, async () => {
    await expect(source).toHaveAttribute("srcset", /-1008\.avif 1008w$/, { timeout: 1000 });
  });
  const img = card.locator("picture img");
  await img.scrollIntoViewIfNeeded();
  await expect(img).toHaveJSProperty("complete", true);
  expect(await img.evaluate((el: HTMLImageElement) => [el.naturalWidth > 0, el.currentSrc.endsWith(".avif")])).toEqual([
    true,
    true,
  ]);
  await visitor.context().close();
});

test("an upload larger than any form's photos could make is refused at once, before its body is read", async () => {
  const cookies = await manager.context().cookies();
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const url = new URL(`${staff.url}/staff/content/team/3`);
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          cookie,
          origin: staff.url,
          accept: "text/html",
          "content-type": "multipart/form-data; boundary=x",
          // Two photos of 15 MB, as much again and the text: a form's most (uploadBodyBytes). Past it, unread.
          "content-length": String(61 * 1024 * 1024),
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    // Only the start of the 61 MB is ever sent: the answer comes first.
    req.write("--x\r\n");
  });
  expect(answer.status).toBe(413);
  expect(answer.body).toContain("a photo can be up to 15 MB");
});

test("a manager reorders the team and retires a member, who leaves the team pages but keeps their reviews", async ({
  browser,
}) => {
  await manager.setViewportSize({ width: 1280, height: 900 });
  await manager.goto(`${staff.url}/staff/content/team`);
  const onSite = manager.getByRole("list", { name: "Team on the site" });
  await expect(onSite.getByRole("listitem").first()).toContainText("Harriet Vale");
  await manager.getByRole("button", { name: "Move up Camille Ashdown" }).click();
  await expect(manager.getByText("Camille moved up.")).toBeVisible();
  await expect(onSite.getByRole("listitem").first()).toContainText("Camille Ashdown");

  const visitor = await freshPage(browser);
  const names = visitor.getByRole("article").getByRole("heading");
  await eventually(visitor, `${staff.url}/team-info`, async () => {
    await expect(names.first()).toHaveText("Camille Ashdown", { timeout: 1000 });
  });
  await expect(names.nth(1)).toHaveText("Harriet Vale");

  await manager.getByRole("button", { name: "Retire Jonah Mensah" }).click();
  await expect(manager.getByText(/Jonah is retired/)).toBeVisible();
  await expect(manager.getByRole("list", { name: "Retired" })).toContainText("Jonah Mensah");
  await expectAccessible(manager);

  await eventually(visitor, `${staff.url}/team-info`, async () => {
    await expect(visitor.getByText("Jonah Mensah")).toHaveCount(0, { timeout: 1000 });
  });
  await expect(visitor.getByTestId("team-count")).toContainText("We're a team of 9");
  expect((await visitor.goto(`${staff.url}/team/jonah`))?.status()).toBe(404);
  // His reviews are still published, under his name.
  expect((await visitor.goto(`${staff.url}/reviews/jonah`))?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Jonah");

  await manager.getByRole("button", { name: "Bring back Jonah Mensah" }).click();
  await expect(manager.getByText("Jonah is back on the site.")).toBeVisible();
  await eventually(visitor, `${staff.url}/team-info`, async () => {
    await expect(visitor.getByText("Jonah Mensah")).toHaveCount(1, { timeout: 1000 });
  });
  await visitor.context().close();
});
