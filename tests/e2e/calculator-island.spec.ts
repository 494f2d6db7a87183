/**
 * The calculator as an island: with JavaScript every choice is answered in
 * the page from the catalogue it came with, with no request, while the
 * address, Back, a reload, the focus and the announced total behave as the
 * link-per-choice pages do without it. The server still prices what is saved.
 *
 * Expected totals come from the independent formula in price-list.ts, never
 * from the page under test.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page, Request } from "@playwright/test";
import { sql } from "drizzle-orm";
import pg from "pg";
import { expect, test } from "./fixtures";
import { answerSkinTestIfAsked, expectAccessible, trackConsoleErrors } from "./helpers";
import { type ApiLevel, type Catalogue, fetchCatalogue, gbp, levelNamed, linePence, serviceNamed } from "./price-list";

test.use({ viewport: { width: 390, height: 844 } });

const START = "/prices/calculator?type=colour&mode=level";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** An option's name: "Hair Up" or "Hair Up, £37", not "Hair Up - Advanced, £55". */
const optionName = (text: string) => new RegExp(`^${escapeRegExp(text)}(?:,|$)`);

const openStep = (page: Page) => page.locator("#current-step");
const estimate = (page: Page) => page.getByRole("complementary", { name: "Your estimate" });
const totalRow = (page: Page) => estimate(page).getByRole("row", { name: /Estimated total/ });
/** On a phone the estimate bar is the live region that says the total. */
const phoneLiveRegion = (page: Page) => page.getByTestId("phone-estimate").locator('[aria-live="polite"]');

/** One colour quote by level, choice by choice: what to click, and the price it adds at the level. */
interface Choice {
  /** The link's accessible name, inside the open step. */
  name: RegExp;
  pricePence: number;
}

function colourQuote(catalogue: Catalogue): { level: ApiLevel; choices: Choice[]; totalPence: number } {
  const level = levelNamed(catalogue, "Graduate Stylist");
  const picks = [
    serviceNamed(catalogue, 2, 2, "Half Head"),
    serviceNamed(catalogue, 3, 1, "Toner"),
    serviceNamed(catalogue, 5, 1, "K18"),
    serviceNamed(catalogue, 1, 0, "Cut, Dry & Style"),
    serviceNamed(catalogue, 4, 0, "Curly Blow Add-on"),
  ];
  const choices: Choice[] = [
    { name: optionName(level.name), pricePence: 0 },
    { name: optionName("Foils"), pricePence: 0 },
    ...picks.map((service) => ({ name: optionName(service.client_name), pricePence: linePence(service, level) })),
  ];
  return { level, choices, totalPence: choices.reduce((sum, choice) => sum + choice.pricePence, 0) };
}

/** The island has hydrated: React owns the links inside it, so a click is the island's. */
async function islandReady(page: Page) {
  await page.waitForFunction(() => {
    const link = document.querySelector('[data-island="calculator"] a[href]');
    return link !== null && Object.keys(link).some((key) => key.startsWith("__reactFiber"));
  });
}

/**
 * Every request for a page or data from now on: documents, fetches and XHRs, and the pages Chrome fetches ahead of
 * a tap (speculation rules' prefetches, which Playwright types "other", as it does the site's icon, fetched again
 * at each change of address). Scripts, styles, pictures, fonts and the funnel's beacons are not choices.
 */
function countLoads(page: Page): Request[] {
  const loads: Request[] = [];
  page.on("request", (request) => {
    const asks = ["document", "fetch", "xhr", "other"].includes(request.resourceType());
    if (asks && new URL(request.url()).pathname !== "/favicon.svg") loads.push(request);
  });
  return loads;
}

/** Clicks a link and checks the address became exactly its href, as the page without JavaScript would go. */
async function follow(page: Page, link: Locator) {
  const href = await link.getAttribute("href");
  expect(href, "every choice is a link").toBeTruthy();
  await link.click();
  await expect(page).toHaveURL(new URL(href ?? "", page.url()).href);
  return href ?? "";
}

test("a whole colour quote is chosen in the page: no page load, the address, focus and announced total follow each choice", async ({
  page,
  request,
}) => {
  const errors = trackConsoleErrors(page);
  const { choices, totalPence } = colourQuote(await fetchCatalogue(request));
  await page.goto(START);
  await islandReady(page);
  const loads = countLoads(page);

  let running = 0;
  for (const choice of choices) {
    await follow(page, openStep(page).getByRole("link", { name: choice.name }));
    running += choice.pricePence;
    if (running > 0) {
      await expect(totalRow(page)).toContainText(gbp(running));
      await expect(phoneLiveRegion(page)).toContainText(gbp(running));
    }
    if (choice !== choices.at(-1)) {
      // The new step's heading takes the focus, so a keyboard or screen reader carries on from there.
      await expect(openStep(page).getByRole("heading", { level: 2 })).toBeFocused();
    }
  }
  await expect(page.getByText("All 6 steps chosen")).toBeVisible();
  await expect(estimate(page).getByRole("heading", { name: "Your estimate" })).toBeFocused();
  await expect(totalRow(page)).toContainText(gbp(totalPence));
  await expect(
    estimate(page)
      .getByRole("link", { name: /Up a level|Down a level/ })
      .first(),
  ).toBeVisible();

  expect(loads.map((load) => `${load.resourceType()} ${load.url()}`)).toEqual([]);
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test("a choice the keyboard moves to on a phone is never hidden under the estimate bar", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/prices/calculator?type=colour&mode=level&level=6&cc=2&colour=12#current-step");
  await islandReady(page);
  const bar = page.getByTestId("phone-estimate");
  const choices = openStep(page).getByRole("link");
  const last = (await choices.count()) - 1;
  expect(last).toBeGreaterThan(1);
  // The page scrolled so the last choice sits right under the bar, the one before it in view; then Tab moves on.
  await choices
    .nth(last)
    .evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight + 40));
  await choices.nth(last - 1).evaluate((el) => (el as HTMLElement).focus({ preventScroll: true }));
  await page.keyboard.press("Tab");
  await expect(choices.nth(last)).toBeFocused();
  const [choice, barBox] = [await choices.nth(last).boundingBox(), await bar.boundingBox()];
  expect((choice?.y ?? 0) + (choice?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0);
});

test('the phone\'s estimate counts the services chosen, not a "None" choice at £0', async ({ page, request }) => {
  const catalogue = await fetchCatalogue(request);
  const none = serviceNamed(catalogue, 4, 0, "None");
  await page.setViewportSize({ width: 360, height: 800 });
  const chosen = "type=colour&mode=level&level=6&cc=2&colour=11&addon=35&plex=50&finish=2";
  await page.goto(`/prices/calculator?${chosen}&finishAddon=${none.id}`);
  await islandReady(page);
  await expect(phoneLiveRegion(page)).toContainText("· 4 services");
  await page.getByTestId("phone-estimate").getByText("Show lines").click();
  await expect(page.getByTestId("phone-estimate").locator("tbody tr")).toHaveCount(5);
  await expect(page.getByTestId("phone-estimate").locator("tbody")).toContainText("No finish add-on");
});

test("a campaign link to /prices is still the campaign's when the calculator starts, two pages on", async ({
  page,
}) => {
  const beacons: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/funnel") beacons.push(r.postData() ?? "");
  });
  await page.goto("/prices?utm_source=Insta&utm_medium=story&utm_campaign=Spring%20Sale%20%F0%9F%8C%B8&fbclid=x1");
  await page.getByRole("link", { name: "Men's Hairdressing" }).click();
  await page.getByRole("link", { name: "Get a quote based on a stylist level" }).click();
  await expect(page).toHaveURL(/\/prices\/calculator\?/);
  // Only the campaign's own tags travel; another site's click id stays behind.
  expect(new URL(page.url()).searchParams.get("fbclid")).toBeNull();
  await islandReady(page);
  await expect.poll(() => beacons.length).toBeGreaterThan(0);
  expect(JSON.parse(beacons[0] as string)).toMatchObject({
    step: "started",
    utm_source: "Insta",
    utm_medium: "story",
    utm_campaign: "Spring Sale 🌸",
  });
});

test("choices tapped in quick succession each leave one history entry, in order", async ({ page, request }) => {
  const { choices } = colourQuote(await fetchCatalogue(request));
  await page.goto(START);
  await islandReady(page);
  const entries = await page.evaluate(() => history.length);
  // The entries are written once each change is on the screen: three taps, none waiting for the address.
  const hrefs: string[] = [];
  for (const choice of choices.slice(0, 3)) {
    const link = openStep(page).getByRole("link", { name: choice.name });
    hrefs.push((await link.getAttribute("href")) ?? "");
    await link.click();
  }
  await expect(page).toHaveURL(new URL(hrefs[2] ?? "", page.url()).href);
  expect(await page.evaluate(() => history.length)).toBe(entries + 3);
  await page.goBack();
  await expect(page).toHaveURL(new URL(hrefs[1] ?? "", page.url()).href);
  await expect(page.getByText("Step 2 of 6", { exact: true })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new URL(hrefs[0] ?? "", page.url()).href);
});

test("Back returns to the previous step, a reload shows the same state, and Change reopens a step", async ({
  page,
  request,
}) => {
  const { choices } = colourQuote(await fetchCatalogue(request));
  await page.goto(START);
  await islandReady(page);
  const hrefs: string[] = [];
  for (const choice of choices.slice(0, 4))
    hrefs.push(await follow(page, openStep(page).getByRole("link", { name: choice.name })));
  const total = await totalRow(page).textContent();

  // Back: the address and the page of the choice before.
  await page.goBack();
  await expect(page).toHaveURL(new URL(hrefs[2] ?? "", page.url()).href);
  await expect(page.getByText("Step 3 of 6", { exact: true })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(new URL(hrefs[3] ?? "", page.url()).href);
  await expect(totalRow(page)).toHaveText(total ?? "");

  // A reload asks the server for the same address, which shows the same state.
  await page.reload();
  await expect(totalRow(page)).toHaveText(total ?? "");
  await expect(page.getByText("Step 4 of 6", { exact: true })).toBeVisible();
  await islandReady(page);

  // A modified click is the browser's: a new tab, not a choice here.
  const before = page.url();
  const changeColour = page.getByRole("link", { name: "Change colour", exact: true });
  const [popup] = await Promise.all([
    page.context().waitForEvent("page"),
    changeColour.click({ modifiers: ["ControlOrMeta"] }),
  ]);
  await popup.close();
  expect(page.url()).toBe(before);
  await follow(page, changeColour);
  await expect(openStep(page).getByRole("heading", { level: 2 })).toHaveText("Choose your colour");
  await expect(openStep(page).getByRole("heading", { level: 2 })).toBeFocused();
});

test("an island whose script runs before the page is parsed still hydrates", async ({ page }) => {
  // The island's script is an async module: from a warm cache (a reload) it can run while the parser is still above
  // the island. Here a script that takes a second to arrive holds the parser just above it.
  await page.route(/\/prices\/calculator\?/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '<div data-island="calculator"',
      '<script src="/parser-pause.js"></script><div data-island="calculator"',
    );
    expect(html).toContain("parser-pause.js");
    await route.fulfill({ response, body: html });
  });
  await page.route("**/parser-pause.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.fulfill({ contentType: "text/javascript", body: "" });
  });
  const islandRan = page.waitForRequest(/island-calculator-script/);
  await page.goto(START);
  await islandRan;
  await islandReady(page);
  const loads = countLoads(page);
  await follow(page, openStep(page).getByRole("link").first());
  expect(loads.map((load) => `${load.resourceType()} ${load.url()}`)).toEqual([]);
});

test("on a wide screen the side panel's total is announced once, by the island's own live region", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { choices } = colourQuote(await fetchCatalogue(request));
  await page.goto(START);
  await islandReady(page);
  let running = 0;
  for (const choice of choices.slice(0, 3)) {
    await follow(page, openStep(page).getByRole("link", { name: choice.name }));
    running += choice.pricePence;
  }
  await expect(page.getByTestId("total-announcement")).toHaveText(`Estimated total ${gbp(running)}`);
  // The phone bar, its live region with it, is not displayed here.
  await expect(page.getByTestId("phone-estimate")).toBeHidden();
  await expectAccessible(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same colour quote is a page per choice and reaches the same total", async ({ page, request }) => {
    const { choices, totalPence } = colourQuote(await fetchCatalogue(request));
    await page.goto(START);
    for (const choice of choices) await follow(page, openStep(page).getByRole("link", { name: choice.name }));
    await expect(page.getByText("All 6 steps chosen")).toBeVisible();
    await expect(totalRow(page)).toContainText(gbp(totalPence));
  });
});

test("a quote whose prices were tampered with in the page is saved at the server's prices", async ({
  page,
  request,
  site,
}) => {
  test.setTimeout(60_000);
  const catalogue = await fetchCatalogue(request);
  const level = levelNamed(catalogue, "Senior Stylist");
  const stylist = catalogue.stylists.find((s) => s.level === level.id && s.accepting_new_clients);
  if (!stylist) throw new Error("no Senior Stylist taking new clients");
  const finish = serviceNamed(catalogue, 1, 0, "Cut, Dry & Style");
  const expected = linePence(finish, level);

  // The island's props say every service costs a penny: what the browser shows is the visitor's to change.
  await page.route(
    (url) => url.pathname === "/prices/calculator",
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<script type="application\/json" data-island-props="calculator">)(.*?)(<\/script>)/s,
        (_all, open: string, json: string, close: string) =>
          open +
          json
            .replace(/"pricePence":\d+/g, '"pricePence":1')
            .replace(/"adapterBp":-?\d+/g, '"adapterBp":0')
            // Pennies shown as pennies, or the whole-pound rounding would show the forged total as £0.
            .replace(/"rounding":"[^"]*"/g, '"rounding":"exact"') +
          close,
      );
      await route.fulfill({ response, body: html });
    },
  );
  await page.goto(
    `/prices/calculator?type=cutting&mode=stylist&stylist=${stylist.slug}&level=${level.id}&salon=${stylist.salon}`,
  );
  await islandReady(page);
  await openStep(page)
    .getByRole("link", { name: optionName(finish.client_name) })
    .click();
  await openStep(page)
    .getByRole("link", { name: optionName("None") })
    .click();
  await openStep(page)
    .getByRole("link", { name: optionName("None") })
    .click();
  await expect(page.getByText("All 4 steps chosen")).toBeVisible();
  // The forged price list reached the page: the island shows its own (wrong) total.
  await expect(totalRow(page)).toContainText(/£0\.0\d/);
  await expect(totalRow(page)).not.toContainText(gbp(expected));

  await estimate(page).getByRole("link", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(/\/prices\/total-by-stylist\?/);
  await expect(page.getByTestId("quote-total")).toHaveText(gbp(expected));
  await page.getByRole("link", { name: "I'm Happy!" }).click();
  await page.getByRole("link", { name: "Yes", exact: true }).click();
  await expect(page).toHaveURL(/\/prices\/finish\?/);
  await page.getByLabel("Your name").fill("Tamsin Forger");
  await page.getByLabel("Mobile number").fill("07700 900555");
  await page.getByLabel("Email address").fill("tamsin@example.com");
  await page.getByLabel("How did you hear about us?").selectOption("Friends-family");
  await answerSkinTestIfAsked(page);
  await page.getByRole("button", { name: "Send me my quote" }).click();
  await expect(page).toHaveURL(/\/prices\/finish\/submitted\?/);
  const quoteHref = await page.getByRole("link", { name: "View your quote" }).getAttribute("href");
  const link = /^\/quote\/([A-Za-z0-9_-]{16})$/.exec(quoteHref ?? "")?.[1] ?? "";

  const result = (await site.db.execute(sql`select total_pence from quotes where link = ${link}`)) as {
    rows: { total_pence: number }[];
  };
  expect(result.rows[0]?.total_pence).toBe(expected);
  await page.goto(`/quote/${link}`);
  await expect(page.getByTestId("quote-total")).toHaveText(gbp(expected));
});

// ---------------------------------------------------------------------------
// Development serves what production does

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A fresh database on the PostgreSQL server of the tests, if there is one; else the site's embedded one. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { url: "", drop: async () => {} };
  const name = `salon_dev_island_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function waitForSite(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the dev server stopped:\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the dev server did not start:\n${output()}`);
}

test("`npm run dev` serves the same calculator: choices are answered in the page, without page loads", async ({
  page,
}) => {
  test.setTimeout(180_000); // Vite compiles each module on its first request
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = await freshDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "salon-dev-island-"));
  const { NODE_ENV: _production, ...env } = process.env;
  let output = "";
  const server = spawn(process.execPath, ["server.js", "--dev"], {
    env: {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  server.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  try {
    await waitForSite(url, server, () => output);
    const catalogue = await (async () => {
      const get = async (p: string) => (await fetch(`${url}${p}`)).json();
      return { services: await get("/api/services"), levels: await get("/api/levels"), stylists: [] } as Catalogue;
    })();
    const { choices } = colourQuote(catalogue);

    // Vite prepared every package the browser needs before it answered (vite.config.ts): a package it found only
    // now would reload the page under the visitor, which the loads counted below would show.
    await page.goto(`${url}${START}`, { timeout: 120_000 });
    await islandReady(page);
    const loads = countLoads(page);
    let running = 0;
    for (const choice of choices.slice(0, 4)) {
      await follow(page, openStep(page).getByRole("link", { name: choice.name }));
      running += choice.pricePence;
      // The next step takes the focus after it is painted, which can scroll it; tapping before that (as no one
      // could, but a test can on a slow development server) lands where the page was.
      await expect(openStep(page).getByRole("heading", { level: 2 })).toBeFocused();
    }
    await expect(totalRow(page)).toContainText(gbp(running));
    await page.goBack();
    await expect(page.getByText("Step 3 of 6", { exact: true })).toBeVisible();
    // Vite's own hot-reload client may knock on its server; nothing else is asked for.
    const asked = loads.filter((load) => !new URL(load.url()).pathname.startsWith("/@"));
    expect(asked.map((load) => `${load.resourceType()} ${load.url()}`)).toEqual([]);
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode !== null ? resolve(undefined) : server.once("exit", resolve)));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
