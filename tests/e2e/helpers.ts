import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

/**
 * What the pages are held to: WCAG 2.2 at levels A and AA, every version's rules (target size, which axe leaves off
 * unless asked, among them), and axe's best practices.
 */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * No axe violation of those rules, whatever its impact, on the page as it
 * stands, and the page in standards mode: without its doctype a browser lays
 * it out in quirks mode.
 */
export async function expectAccessible(page: Page) {
  expect(await page.evaluate(() => document.compatMode), `doctype of ${page.url()}`).toBe("CSS1Compat");
  // A control left under the pointer would be measured halfway through its hover transition.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(200);
  // Legacy mode runs axe in the page itself. The default opens a blank tab for every check to merge the results of
  // frames from other origins, which the site's pages do not have; that tab made each check about 40% slower.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).withTags(AXE_TAGS).analyze();
  expect(
    results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    ),
    `axe violations on ${page.url()}`,
  ).toEqual([]);
}

/** Collects console errors and uncaught exceptions while a test runs. */
export function trackConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return errors;
}

export async function expectOneH1(page: Page) {
  await expect(page.locator("h1")).toHaveCount(1);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

/**
 * What every public page owes a visitor and a search engine: one non-empty h1,
 * a real description, its own canonical and Open Graph address, sized images
 * with alt text, no serious axe violation. The caller checks the console.
 */
export async function expectWellFormedPage(page: Page, path: string) {
  await expectOneH1(page);
  await expect(page.locator("h1")).not.toBeEmpty();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`^http://127\\.0\\.0\\.1:\\d+${escapeRegExp(path)}$`),
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Maison Ivy/);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
    "content",
    new RegExp(`${escapeRegExp(path)}$`),
  );
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http/);
  for (const img of await page.locator("main img").all()) {
    await expect(img).toHaveAttribute("width", /^\d+$/);
    await expect(img).toHaveAttribute("height", /^\d+$/);
    await expect(img).toHaveAttribute("alt");
  }
  await expectAccessible(page);
}

/** No two of these pages share a title. */
export async function expectDistinctTitles(request: APIRequestContext, paths: readonly string[]) {
  const titles = new Map<string, string>();
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
    expect(titles.get(title), `${path} shares its title "${title}"`).toBeUndefined();
    titles.set(title, path);
  }
}

/**
 * The page's scripts have run, so clicks get the enhanced behaviour: every
 * island is hydrated and, on a page React Router hydrates (it puts its
 * context in the page), React has attached its handlers too.
 */
export async function scriptsReady(page: Page) {
  const ready = page.waitForFunction(
    () => {
      // Every island on the page has been hydrated (hydrateRoot marks its container). A page
      // that loads no island's script has only riders (the menus), which stay plain HTML there. An island
      // that waits to be seen (data-island-src) counts once it is within a screen's height of the screen,
      // where app/islands/when-visible.ts loads it: further down, it loads when the visitor scrolls to it.
      const near = (island: HTMLElement) => {
        const box = (island.firstElementChild ?? island).getBoundingClientRect();
        return box.bottom >= -window.innerHeight && box.top <= 2 * window.innerHeight;
      };
      const all = [...document.querySelectorAll<HTMLElement>("[data-island]")].filter(
        (island) => island.dataset.islandSrc === undefined || near(island),
      );
      const islands = all.some((island) => island.dataset.island !== "nav-menu") ? all : [];
      // Hydrated, not only begun: islands hydrate as a transition, in slices, so the container is React's before
      // its elements are. React has reached the island's first element once that element carries its fiber.
      const owned = (element: Element | null) =>
        element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber"));
      const hydrated = (island: HTMLElement) =>
        island.firstElementChild === null
          ? Object.keys(island).some((key) => key.startsWith("__reactContainer"))
          : owned(island.firstElementChild);
      if (!islands.every(hydrated)) return false;
      if (!("__reactRouterContext" in window)) return true;
      const main = document.querySelector("main");
      return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
    },
    undefined,
    { timeout: 20_000 },
  );
  await ready.catch(async (error: Error) => {
    // Say which script never ran, and what the server answered for each, rather than only that time ran out.
    const scripts = await page
      .evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.endsWith(".js"))
          .map((entry) => {
            const timing = entry as PerformanceResourceTiming;
            return `${new URL(timing.name).pathname} ${timing.responseStatus} in ${Math.round(timing.duration)} ms`;
          }),
      )
      .catch(() => ["(the page could not be read)"]);
    throw new Error(`${error.message}\nThe page's scripts:\n${scripts.join("\n")}`);
  });
}

/**
 * Answers the finish form's skin-test question when the quote has colour (the form asks it only then, and
 * then requires it), for the tests about something else.
 */
export async function answerSkinTestIfAsked(page: Page, answer: "Yes" | "No" | "Not sure" = "Yes") {
  const question = page.getByRole("radiogroup", { name: /skin test with us/ });
  if ((await question.count()) > 0) await question.getByRole("radio", { name: answer, exact: true }).check();
}
