import type { Locator, Page } from "@playwright/test";
import { newsItems, stylists } from "../../app/server/seed/content";
import { expect, test } from "./fixtures";
import { expectAccessible, scriptsReady, trackConsoleErrors } from "./helpers";

/**
 * What a client meets first on a phone: the bar to book or get a quote, the
 * stylist dialog, news that leads somewhere, a short team page and reviews
 * that show at once.
 */

const PHONES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
];

/** Every page of the sitemap, by path. */
async function sitemapPaths(page: Page): Promise<string[]> {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
}

/** Pages that go without the bar: the link hub is a column of the same links, and the calculator's steps end in their own next step. */
const WITHOUT_BAR = /^\/(links|link-tree)$/;

async function saveQuote(page: Page): Promise<string> {
  const services = (await (await page.request.get("/api/services")).json()) as {
    id: number;
    cat1: number;
    cat2: number;
  }[];
  const first = (cat1: number, cat2: number) => {
    const found = services.find((s) => s.cat1 === cat1 && s.cat2 === cat2);
    if (!found) throw new Error(`no service in ${cat1}/${cat2}`);
    return String(found.id);
  };
  const response = await page.request.post("/api/save-quote-details", {
    data: {
      type: "mens",
      cut: first(6, 0),
      mensColour: first(6, 1),
      mode: "level",
      level: 3,
      regular: false,
      name: "Ada Lovelace",
      mobile: "07700 900123",
      email: "ada@example.com",
      referral: "Google",
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

function quickBar(page: Page): Locator {
  return page.getByRole("navigation", { name: "Book or get a quote" });
}

/** Presses Tab from the top of a freshly loaded page until the focus is in the bar; how many presses it took, or null. */
async function tabsToBar(page: Page, limit: number): Promise<number | null> {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press("Tab");
    const inBar = await page.evaluate(() => document.activeElement?.closest("#quick-actions") != null);
    if (inBar) return presses;
  }
  return null;
}

async function inViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, "on screen").not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const phone of PHONES) {
  test.describe(`on a ${phone.width} px phone`, () => {
    test.use({ viewport: phone, hasTouch: true });

    test("every public page but the link hub has Book and Get a quote on screen, two Tabs after the menu", async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const errors = trackConsoleErrors(page);
      const paths = [...(await sitemapPaths(page)), await saveQuote(page)];
      expect(paths.length).toBeGreaterThan(60);
      const missing: string[] = [];
      for (const path of paths) {
        // The bar is in the HTML: no need to wait for pictures, only for the styles that place it.
        const response = await page.goto(path, { waitUntil: "domcontentloaded" });
        expect(response?.status(), path).toBe(200);
        await page.waitForFunction(() =>
          Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every((link) => link.sheet),
        );
        const bar = quickBar(page);
        if (WITHOUT_BAR.test(path)) {
          await expect(bar, path).toHaveCount(0);
          continue;
        }
        await expect(bar, path).toBeVisible();
        await inViewport(page, bar);
        // A quote's Book goes through its own counted link (the test below); every other page's to a booking site.
        await expect(bar.getByRole("link", { name: /^Book/ }), path).toHaveAttribute(
          "href",
          path.startsWith("/quote/") ? `${path}/book` : /^https:\/\//,
        );
        await expect(bar.getByRole("link", { name: "Get a quote" }), path).toHaveAttribute("href", "/prices");
        // Skip link, wordmark, Menu, then the bar (on pages without the main navigation, sooner).
        const presses = await tabsToBar(page, 4);
        if (presses === null) missing.push(path);
        else await inViewport(page, page.locator(":focus"));
      }
      expect(missing, "pages where Tab does not reach the bar at once").toEqual([]);
      expect(errors).toEqual([]);
    });

    test("the calculator's steps go without the bar, their entry pages keep it", async ({ page }) => {
      await page.goto("/prices");
      await expect(quickBar(page)).toBeVisible();
      await page
        .getByRole("link", { name: /Men's Hairdressing/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/prices\/selector/);
      await expect(quickBar(page)).toHaveCount(0);
    });

    test("the page ends above the bar: the last of the footer can be read", async ({ page }) => {
      for (const path of ["/", "/team-info", "/contact-info"]) {
        await page.goto(path);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const bar = await quickBar(page).boundingBox();
        const last = await page.locator("footer > *").last().boundingBox();
        if (!bar || !last) throw new Error(`${path}: no bar or footer`);
        expect(last.y + last.height, path).toBeLessThanOrEqual(bar.y);
      }
    });

    test("the bar never covers a form field that has the focus", async ({ page }) => {
      test.setTimeout(90_000);
      for (const path of ["/models-info", "/recruitment/stylist", "/feedback", "/reviews"]) {
        await page.goto(path);
        await scriptsReady(page);
        await expect(quickBar(page)).toBeVisible();
        // The fields that bring up the on-screen keyboard or a picker.
        const fields = page
          .getByRole("main")
          .locator("input[type=text], input[type=tel], input[type=email], input:not([type]), textarea, select");
        const count = await fields.count();
        expect(count, path).toBeGreaterThan(0);
        for (let i = 0; i < count; i++) {
          const field = fields.nth(i);
          if (!(await field.isVisible())) continue;
          await field.focus();
          await field.scrollIntoViewIfNeeded();
          const fieldBox = await field.boundingBox();
          const barBox = (await quickBar(page).isVisible()) ? await quickBar(page).boundingBox() : null;
          if (fieldBox && barBox) expect(overlaps(fieldBox, barBox), `${path}: field ${i} under the bar`).toBe(false);
        }
        // A text field brings up the keyboard: the bar steps aside until the field lets go of the focus.
        await page.getByRole("main").locator("textarea, input[type=text], input[type=tel], select").first().focus();
        await expect(quickBar(page)).toBeHidden();
        await page.locator("h1").click();
        await expect(quickBar(page)).toBeVisible();
      }
    });

    test("the stylist dialog keeps its close button and choices on screen and the focus inside", async ({ page }) => {
      const services = (await (await page.request.get("/api/services")).json()) as {
        id: number;
        cat1: number;
        cat2: number;
      }[];
      const id = (cat1: number, cat2: number) => services.find((s) => s.cat1 === cat1 && s.cat2 === cat2)?.id;
      await page.goto(`/prices/total-by-level?type=mens&mode=level&level=6&cut=${id(6, 0)}&mensColour=${id(6, 1)}`);
      await scriptsReady(page);
      const card = page.locator('[data-island="stylist-dialog"] a[aria-haspopup="dialog"]').first();
      const name = (await card.locator(".font-display").textContent())?.trim() ?? "";
      await card.click();
      const dialog = page.getByRole("dialog", { name });
      await expect(dialog).toBeVisible();
      const close = dialog.getByRole("button", { name: "Close" });
      const choose = dialog.getByRole("link", { name: /^Choose / });
      const another = dialog.getByRole("button", { name: "Pick another" });
      for (const control of [close, choose, another]) await inViewport(page, control);
      const closeBox = await close.boundingBox();
      const chooseBox = await choose.boundingBox();
      expect(closeBox && chooseBox && closeBox.y < chooseBox.y, "the close button is at the top").toBe(true);

      // Round and round the dialog's own controls, either way.
      for (const key of ["Tab", "Shift+Tab"]) {
        for (let i = 0; i < 6; i++) {
          await page.keyboard.press(key);
          expect(await page.evaluate(() => document.activeElement?.closest("dialog[open]") != null), key).toBe(true);
        }
      }
      await close.click();
      await expect(dialog).toBeHidden();
      await expect(card).toBeFocused();

      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(card).toBeFocused();
      await card.click();
      await expectAccessible(page);
    });

    test("team-info is shorter than three screens for every four stylists", async ({ page }) => {
      await page.goto("/team-info");
      await expect(page.getByRole("main").getByRole("article")).toHaveCount(stylists.length);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeLessThan((stylists.length / 4) * 3 * phone.height);
      for (const card of await page.getByRole("main").getByRole("article").all()) {
        const box = await card.boundingBox();
        expect(box?.height ?? Infinity).toBeLessThan(phone.height / 3);
      }
    });
  });
}

/** A phone of the narrowest width served, and the one Lighthouse's mobile run emulates. */
const FIRST_SCREENS = [PHONES[0] as { width: number; height: number }, { width: 412, height: 823 }];

test.describe("on a phone, the bar's Book on a page about one salon or stylist", () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true });

  test("books where the page's own button books: a Kestwick stylist, the Kestwick page, a quote's counted link", async ({
    page,
  }) => {
    const barBook = () => quickBar(page).getByRole("link", { name: /^Book/ });
    await page.goto("/");
    const mainSalon = await barBook().getAttribute("href");
    await expect(barBook()).toHaveAccessibleName("Book at Maison Ivy Wrenbridge");

    await page.goto("/team/camille");
    const camille = await page
      .getByRole("main")
      .getByRole("link", { name: "Book with Camille" })
      .first()
      .getAttribute("href");
    expect(camille).not.toBe(mainSalon);
    await expect(barBook()).toHaveAttribute("href", camille ?? "");
    await expect(barBook()).toHaveAccessibleName("Book with Camille");

    await page.goto("/salons/kestwick");
    const kestwick = await page
      .getByRole("main")
      .getByRole("link", { name: "Book online at Maison Ivy Kestwick" })
      .getAttribute("href");
    expect(kestwick).not.toBe(mainSalon);
    await expect(barBook()).toHaveAttribute("href", kestwick ?? "");

    // A quote's Book is counted as the quote's booking click before it leaves for the salon's booking site.
    const quote = await saveQuote(page);
    await page.goto(quote);
    await expect(barBook()).toHaveAttribute("href", `${quote}/book`);
    await expect(barBook()).toHaveAccessibleName(/^Book at Maison Ivy /);
  });
});

test("on every public page, the largest thing on a phone's first screen is not left to load once scrolled to", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const lazy: string[] = [];
  for (const viewport of FIRST_SCREENS) {
    await page.setViewportSize(viewport);
    for (const path of await sitemapPaths(page)) {
      await page.goto(path);
      // What the browser counts as the page's largest paint, and whether that was a picture told to wait.
      const largest = await page.evaluate(
        () =>
          new Promise<string | null>((resolve) => {
            new PerformanceObserver((list) => {
              const element = (list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null })?.element;
              resolve(element?.getAttribute("loading") === "lazy" ? element.outerHTML.slice(0, 120) : null);
            }).observe({ type: "largest-contentful-paint", buffered: true });
            setTimeout(() => resolve(null), 2_000);
          }),
      );
      if (largest) lazy.push(`${viewport.width} px, ${path}: ${largest}`);
    }
  }
  expect(lazy).toEqual([]);
});

test("a home news card leads to the item's own page, and the card's text stops between words", async ({ page }) => {
  const errors = trackConsoleErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const cards = page.getByRole("region", { name: "News from the salon" }).getByRole("listitem");
  await expect(cards).toHaveCount(4);
  for (const [i, item] of newsItems.slice(0, 4).entries()) {
    const text = (await cards.nth(i).locator("p").first().textContent()) ?? "";
    if (text.endsWith("…")) {
      const kept = text.slice(0, -1);
      expect(item.body.startsWith(kept), text).toBe(true);
      expect(item.body[kept.length], `"${text}" stops mid-word`).toMatch(/[\s,.;:]/);
    }
  }
  const first = newsItems[0];
  if (!first) throw new Error("no news");
  // The picture is part of the link too.
  await cards.first().click({ position: { x: 40, y: 40 } });
  await expect(page).toHaveURL(new RegExp(`/news/${first.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
  await expect(page.getByTestId("news-body")).toHaveText(first.body);
  await expect(page).toHaveTitle(new RegExp(first.title));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
  await expectAccessible(page);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  for (const item of newsItems) expect(sitemap).toContain(`/news/${item.slug}</loc>`);
  expect((await page.request.get("/news/no-such-item")).status()).toBe(404);
  expect(errors).toEqual([]);
});

test("the header names Maison Ivy in legible text at every width, and the home page shows one logo", async ({
  page,
}) => {
  for (const width of [320, 360, 390, 768, 1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    const brand = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Maison Ivy/ });
    await expect(brand).toBeVisible();
    await expect(brand).toContainText("Wrenbridge");
    const sizes = await brand.evaluate((link) =>
      Array.from(link.querySelectorAll("span"))
        .filter((s) => s.children.length === 0)
        .map((s) => Number.parseFloat(getComputedStyle(s).fontSize)),
    );
    expect(Math.min(...sizes), `${width} px`).toBeGreaterThanOrEqual(11);
    expect(await page.locator("main img[src*='logo']").count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${width} px: nothing sticks out sideways`).toBeLessThanOrEqual(0);
  }
});

test("reviews show at once and the stylist filter applies as it is chosen", async ({ page }) => {
  const errors = trackConsoleErrors(page);
  await page.goto("/reviews");
  await scriptsReady(page);
  const list = page.getByTestId("review-list").getByRole("listitem");
  const total = await list.count();
  expect(total).toBeGreaterThan(10);
  await expect(page.getByRole("button", { name: "Show reviews" })).toBeHidden();
  const isla = stylists.find((s) => s.slug === "isla");
  if (!isla) throw new Error("no Isla");
  await page.getByLabel("Show reviews of").selectOption("isla");
  await expect(page).toHaveURL(/\/reviews\/isla$/);
  const shown = await list.count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(total);
  for (const caption of await list.locator("figcaption").allTextContents())
    expect(caption).toMatch(/ with Isla(Added by the salon.*|Verified visit on .+)$/);
  await expect(page.getByRole("status")).toHaveText(`Showing ${shown} reviews of Isla ${isla.lastName}`);
  await page.getByLabel("Show reviews of").selectOption("all");
  await expect(list).toHaveCount(total);
  await expect(page).toHaveURL(/\/reviews\/all$/);
  await page.reload();
  await expect(list).toHaveCount(total);
  expect(errors).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the review filter still works with its Show reviews button", async ({ page }) => {
    await page.goto("/reviews");
    await page.getByLabel("Show reviews of").selectOption("isla");
    await page.getByRole("button", { name: "Show reviews" }).click();
    await expect(page).toHaveURL(/\/reviews\/isla$/);
    for (const caption of await page
      .getByTestId("review-list")
      .getByRole("listitem")
      .locator("figcaption")
      .allTextContents())
      expect(caption).toMatch(/ with Isla(Added by the salon.*|Verified visit on .+)$/);
  });
});

test("contact pages show the opening hours once, and teasers say where their buttons go", async ({ page }) => {
  for (const path of ["/contact", "/contact-info", "/reopening"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Opening hours", exact: true }), path).toHaveCount(1);
  }
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "Opening hours", exact: true })).toHaveCount(1);
  for (const path of ["/about", "/team", "/blog", "/contact", "/corona", "/models"]) {
    await page.goto(path);
    await expect(page.getByRole("link", { name: /More info/ }), path).toHaveCount(0);
  }
});
