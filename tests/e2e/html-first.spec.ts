import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { trackConsoleErrors } from "./helpers";

/**
 * Decisions 006, 018 and 062: public pages are server-rendered HTML; a page
 * loads a script only for the islands it shows, and a page with none loads
 * no JavaScript at all.
 */

const scriptsOf = async (page: { text(): Promise<string> }) => {
  const html = await page.text();
  return {
    react: /entry\.client-[\w-]+\.js/.test(html),
    // Every script the page loads or preloads, by name without its hash.
    scripts: [
      ...html.matchAll(
        /<(?:script[^>]* src|link[^>]* rel="modulepreload"[^>]* href)="\/assets\/([\w-]+?)-[\w-]{8}\.js"/g,
      ),
    ]
      .map((m) => m[1]!)
      .filter((name) => name.startsWith("island-"))
      .sort(),
    speculation: /<script type="speculationrules"/.test(html),
  };
};

test("a content page loads no script at all: no script file, no module preload", async ({ page }) => {
  for (const path of ["/about", "/corona", "/prices"]) {
    const requested: string[] = [];
    const onRequest = (r: { resourceType(): string; url(): string }) => {
      if (r.resourceType() === "script") requested.push(r.url());
    };
    page.on("request", onRequest);
    await page.goto(path);
    await page.waitForLoadState("load");
    page.off("request", onRequest);
    expect(await page.locator("script[src]").count(), path).toBe(0);
    expect(await page.locator('link[rel="modulepreload"]').count(), path).toBe(0);
    expect(requested, path).toEqual([]);
    // The speculation rules (a JSON block, no code) stay.
    await expect(page.locator('script[type="speculationrules"]'), path).toHaveCount(1);
  }
});

test("the privacy notice loads React only when the visitor reaches its funnel switch", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const errors = trackConsoleErrors(page);
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname.replace(/-[\w-]{8}\.js$/, ""));
  });
  await page.goto("/privacy");
  await page.waitForLoadState("load");
  // The switch is far down the notice: only the small watcher has loaded, and the switch reads as it does without it.
  expect(scripts).toEqual(["/assets/when-visible-script"]);
  const status = page.locator("#funnel-opt-out-status");
  await expect(status).toContainText("Without JavaScript");
  await status.scrollIntoViewIfNeeded();
  await expect(status).toContainText("are counted");
  expect(scripts).toContain("/assets/island-funnel-opt-out-script");
  expect(errors).toEqual([]);
  await context.close();
});

test("a form page loads its form's island and no framework", async ({ request }) => {
  const forms: Array<[string, string]> = [
    ["/recruitment/stylist", "island-job-form-script"],
    ["/recruitment/apprentice", "island-job-form-script"],
    ["/recruitment/saturday", "island-job-form-script"],
    ["/models-info", "island-model-form-script"],
    ["/feedback", "island-feedback-form-script"],
  ];
  for (const [path, island] of forms) {
    const found = await scriptsOf(await request.get(path));
    expect(found.react, path).toBe(false);
    expect(found.scripts, path).toEqual([island]);
    expect(found.speculation, path).toBe(true);
  }
});

test("the calculator, whose island answers its links in place, asks Chrome to fetch nothing ahead", async ({
  request,
}) => {
  // Each tap there is answered without a request; a prefetch would be one uncached page from the server a tap.
  const calculator = await (await request.get("/prices/calculator?type=colour&mode=level")).text();
  expect(calculator).toContain('data-island="calculator"');
  expect(calculator).not.toContain('<script type="speculationrules"');
  // The review filter is a form: its pages of reviews are plain links, fetched ahead as on any page.
  const reviews = await (await request.get("/reviews")).text();
  expect(reviews).toContain('data-island="review-filter"');
  expect(reviews).toContain('<script type="speculationrules"');
});

test("an island's script and the chunks it imports are preloaded together, hashed and cached for good", async ({
  request,
}) => {
  const html = await (await request.get("/models-info")).text();
  const src = /<script[^>]* src="(\/assets\/island-model-form-script-[\w-]+\.js)"/.exec(html)?.[1];
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]* href="(\/assets\/[\w-]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  expect(src).toBeTruthy();
  expect(preloads.length).toBeGreaterThan(0);
  for (const url of [src!, ...preloads]) {
    const answer = await request.get(url);
    expect(answer.status(), url).toBe(200);
    expect(answer.headers()["cache-control"], url).toContain("immutable");
    expect(answer.headers()["content-type"], url).toMatch(/javascript/);
  }
});

function feedParts(page: Page) {
  const feed = page.getByRole("region", { name: "What our clients say" });
  const shown = feed.locator("figure:visible");
  return { feed, shown, live: feed.locator("[data-live]") };
}

test("the review feed's script waits until the visitor scrolls near it, then the feed runs", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const errors = trackConsoleErrors(page);
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/");
  await page.waitForLoadState("load");
  const { feed } = feedParts(page);
  // On a phone the reviews are far below the first screen: only the small watcher has loaded.
  expect(scripts.map((src) => src.replace(/-[\w-]{8}\.js$/, ""))).toEqual(["/assets/when-visible-script"]);
  await expect(feed.getByRole("button")).toHaveCount(0);
  await feed.scrollIntoViewIfNeeded();
  await expect(feed.getByRole("button", { name: "Pause reviews" })).toBeVisible();
  expect(scripts.some((src) => src.startsWith("/assets/island-review-feed-script-"))).toBe(true);
  // The menus came to life with it: Escape closes one.
  await page.evaluate(() => window.scrollTo(0, 0));
  const menu = page.getByTestId("phone-menu");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open", "");
  expect(errors).toEqual([]);
  await context.close();
});

async function captionOf(shown: Locator) {
  await expect(shown).toHaveCount(1);
  return shown.locator("figcaption").textContent();
}

test("the review feed moves on every 7 seconds, holds while hovered or paused, and announces only what the visitor asks for", async ({
  page,
}) => {
  const errors = trackConsoleErrors(page);
  await page.clock.install();
  await page.goto("/");
  const { feed, shown, live } = feedParts(page);
  await feed.scrollIntoViewIfNeeded();
  await expect(feed.getByRole("button", { name: "Pause reviews" })).toBeVisible();
  // Stop the page's clock, then start the feed's timer from a known moment: the pointer passing over it does that.
  await page.clock.pauseAt(Date.now() + 2000);
  await feed.hover();
  await page.mouse.move(0, 0);
  const first = await captionOf(shown);

  await page.clock.runFor(6900);
  expect(await captionOf(shown)).toBe(first);
  await page.clock.runFor(200);
  await expect(shown.locator("figcaption")).not.toHaveText(first!);
  await expect(live).toHaveAttribute("aria-live", "off");
  const second = await captionOf(shown);

  // Hovering holds it.
  await feed.hover();
  await page.clock.runFor(15_000);
  expect(await captionOf(shown)).toBe(second);
  await page.mouse.move(0, 0);

  // Pause holds it too; the visitor's own Next is announced.
  await feed.getByRole("button", { name: "Pause reviews" }).click();
  await expect(feed.getByRole("button", { name: "Play reviews" })).toBeVisible();
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.clock.runFor(15_000);
  expect(await captionOf(shown)).toBe(second);
  await feed.getByRole("button", { name: "Next review" }).click();
  await expect(shown.locator("figcaption")).not.toHaveText(second!);
  await expect(live).toHaveAttribute("aria-live", "polite");
  expect(errors).toEqual([]);
});

test("for a visitor who prefers reduced motion the review feed stands still", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto("/");
  const { feed, shown } = feedParts(page);
  await feed.scrollIntoViewIfNeeded();
  await expect(feed.getByRole("button", { name: "Next review" })).toBeVisible();
  const first = await captionOf(shown);
  await page.clock.runFor(30_000);
  expect(await captionOf(shown)).toBe(first);
  await context.close();
});

test("without JavaScript the feed shows one review and no dead buttons", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  const { feed, shown } = feedParts(page);
  await expect(shown).toHaveCount(1);
  await expect(feed.getByRole("button")).toHaveCount(0);
  await context.close();
});
