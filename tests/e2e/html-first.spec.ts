import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { trackConsoleErrors } from "./helpers";

/** Decisions 006 and 018: public pages, the forms included, are HTML with one small script and no framework. */

const scriptsOf = async (page: { text(): Promise<string> }) => {
  const html = await page.text();
  return {
    react: /entry\.client-[\w-]+\.js/.test(html),
    pageScript: /<script type="module" src="\/assets\/page-script-[\w-]+\.js"/.test(html),
    // The forms' element: only the pages that show a form load it.
    formScript: /<script src="\/assets\/form-script-[\w-]+\.js" type="module"/.test(html),
    speculation: /<script type="speculationrules"/.test(html),
  };
};

test("content pages, the calculator's screens, the saved quote and the forms load no framework", async ({
  request,
}) => {
  const withoutForm = [
    "/",
    "/team-info",
    "/online-shop",
    "/corona-info",
    "/reviews/all",
    "/prices",
    "/prices/selector?type=colour",
    "/prices/total-by-level",
  ];
  const withForm = [
    "/recruitment/stylist",
    "/recruitment/apprentice",
    "/recruitment/saturday",
    "/models-info",
    "/feedback",
  ];
  for (const path of [...withoutForm, ...withForm]) {
    expect(await scriptsOf(await request.get(path)), path).toEqual({
      react: false,
      pageScript: true,
      formScript: withForm.includes(path),
      speculation: true,
    });
  }
});

test("a page with a form loads the forms' element; one without loads none of it", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/team-info");
  await page.waitForLoadState("load");
  expect(scripts.some((s) => s.includes("page-script-"))).toBe(true);
  expect(scripts.filter((s) => /form-(script|element)-/.test(s))).toEqual([]);
  expect(await page.evaluate(() => customElements.get("submission-form") === undefined)).toBe(true);

  await page.goto("/feedback");
  await expect.poll(() => page.evaluate(() => customElements.get("submission-form") !== undefined)).toBe(true);
});

test("the page script and the chunk it imports are preloaded together, hashed and cached for good", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const src = /<script type="module" src="(\/assets\/page-script-[\w-]+\.js)"/.exec(html)?.[1];
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[\w-]+\.js)"/g)].map((m) => m[1]!);
  expect(src).toBeTruthy();
  expect(preloads.length).toBeGreaterThan(0);
  const script = await request.get(src!);
  const code = await script.text();
  for (const chunk of preloads) {
    expect(code, `${src} imports ${chunk}`).toContain(`./${chunk.slice("/assets/".length)}`);
  }
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
