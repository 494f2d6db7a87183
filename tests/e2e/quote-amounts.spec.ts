/**
 * One price everywhere, each line to the whole pound (decision 080), on a phone: every quote screen's lines
 * add up to the total it shows, and the saved quote, its JSON, the e-mail and
 * the text say the same amounts as the calculator; the calculator's phone
 * estimate, the optional plex and the level step's "from" prices.
 * Amounts are checked against the price rule written independently
 * in price-list.ts, not against the app's engine.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Locator, request } from "@playwright/test";
import { smsLength } from "../../app/domain/message-text";
import { freePort, startSiteProcess, startSmtp, startTwilio, until } from "./delivery-harness";
import { expect, test } from "./fixtures";
import { answerSkinTestIfAsked, expectAccessible, scriptsReady, trackConsoleErrors } from "./helpers";
import {
  type ApiLevel,
  type Catalogue,
  fetchCatalogue,
  gbp,
  levelNamed,
  linePence,
  penceOf,
  totalPence,
} from "./price-list";

test.use({ viewport: { width: 390, height: 844 } });

/** The sum of the amounts in these cells, read as a visitor reads them. */
async function sumOf(cells: Locator): Promise<number> {
  const texts = await cells.allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  return texts.reduce((sum, text) => sum + penceOf(text), 0);
}

/** A table's price cells (the last cell of each body row) and the amount in its total cell. */
async function expectLinesAddUp(table: Locator, total: Locator, expectedPence: number) {
  const lines = table.locator("tbody tr").locator("td:last-child");
  expect(await sumOf(lines)).toBe(expectedPence);
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the text as shown, which is what is read
  expect(penceOf(await total.innerText())).toBe(expectedPence);
  await expect(total).toHaveText(gbp(expectedPence));
}

function serviceById(catalogue: Catalogue, id: number) {
  const service = catalogue.services.find((s) => s.id === id);
  if (!service) throw new Error(`no service ${id}`);
  return service;
}

const offerPence = (total: number) => Math.floor((total * 8 + 5) / 10); // total × 0.8, halves up

// The selection whose lines once showed £98 + £11 + £5 + £33 + £15 = £162 beside a total of £163.
const FOILS = {
  type: "colour",
  mode: "level",
  level: "6",
  cc: "2",
  colour: "11",
  addon: "35",
  plex: "50",
  finish: "2",
  finishAddon: "46",
};
const FOILS_IDS = [11, 35, 50, 2, 46];

test("every quote screen, the saved quote, its JSON, the e-mail and the text show the same amounts, and the lines add up", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const smtp = await startSmtp();
  const twilio = await startTwilio();
  const dataDir = mkdtempSync(path.join(tmpdir(), "salon-amounts-"));
  const site = await startSiteProcess(
    await freePort(),
    {
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
      TWILIO_AUTH_TOKEN: "test-token",
      TWILIO_FROM: "+447700900999",
      TWILIO_API_BASE: twilio.url,
    },
    90_000,
  );
  try {
    const errors = trackConsoleErrors(page);
    const api = await request.newContext({ baseURL: site.url });
    const catalogue = await fetchCatalogue(api);
    await api.dispose();
    const level = levelNamed(catalogue, "Stylist");
    const total = totalPence(catalogue, FOILS_IDS, level.id);
    // £98 + £11.25 + £5 + £33 + £15.40 on the price list; each line to the whole pound (decision 080).
    expect(total).toBe(16200); // £98 + £11 + £5 + £33 + £15
    const lineTexts = FOILS_IDS.map((id) => gbp(linePence(serviceById(catalogue, id), level)));
    expect(lineTexts).toEqual(["£98", "£11", "£5", "£33", "£15"]);

    // The calculator: the side estimate and the phone bar.
    await page.goto(`${site.url}/prices/calculator?${new URLSearchParams(FOILS)}`);
    const estimate = page.getByRole("complementary", { name: "Your estimate" });
    await expectLinesAddUp(estimate.locator("table"), estimate.getByTestId("estimate-total"), total);
    await expect(estimate.locator("tbody tr").first()).toContainText("Foils: Full head");
    const bar = page.getByTestId("phone-estimate");
    await expect(bar).toBeInViewport();
    await expect(bar.getByTestId("phone-estimate-total")).toHaveText("£162");
    await bar.getByText("Show lines").click();
    await expectLinesAddUp(bar.locator("table"), bar.getByTestId("estimate-total"), total);

    // Up and down a level: each link's total is that level's exact total.
    for (const [name, target] of [
      ["Up a level", levelNamed(catalogue, "Advanced Stylist")],
      ["Down a level", levelNamed(catalogue, "New Stylist")],
    ] as [string, ApiLevel][]) {
      const link = estimate.getByRole("link", { name: new RegExp(`^${name}: ${target.name}`) });
      await expect(link).toContainText(gbp(totalPence(catalogue, FOILS_IDS, target.id)));
    }

    // Totals by level.
    await estimate.getByRole("link", { name: "Show Stylists" }).click();
    await page.waitForURL(/\/prices\/total-by-level\?/);
    const selection = page.getByRole("region", { name: "Your Selection" });
    await expectLinesAddUp(selection.locator("table"), page.getByTestId("quote-total"), total);

    // Totals by budget: each stylist's total is the exact total at their level.
    await page.goto(`${site.url}/prices/total-by-price?${new URLSearchParams({ ...FOILS, budget: "1000" })}`);
    const stylistTotals = await page.getByTestId("stylist-total").allInnerTexts();
    expect(stylistTotals.length).toBeGreaterThan(3);
    const possible = new Set(catalogue.levels.map((l) => gbp(totalPence(catalogue, FOILS_IDS, l.id))));
    for (const shown of stylistTotals) expect(possible.has(shown.trim()), shown).toBe(true);
    expect(stylistTotals).toContain("£162"); // Nadia, a Stylist

    // Totals by stylist, then the returning question and the finish page.
    await page.goto(
      `${site.url}/prices/total-by-stylist?${new URLSearchParams({ ...FOILS, mode: "stylist", stylist: "nadia" })}`,
    );
    await expectLinesAddUp(
      page.getByRole("region", { name: "Your Selection" }).locator("table"),
      page.getByTestId("quote-total"),
      total,
    );
    await page.getByRole("link", { name: "I'm Happy!" }).click();
    await page.getByRole("link", { name: "No", exact: true }).click();
    await page.waitForURL(/\/prices\/finish\?/);
    const summary = page.getByRole("complementary", { name: "Your quote" });
    await expectLinesAddUp(summary.locator("table"), page.getByTestId("quote-total"), total);
    await page.getByLabel("Your name").fill("Jane Amounts");
    await page.getByLabel("Mobile number").fill("07700 900321");
    await page.getByLabel("Email address").fill("jane.amounts@example.com");
    await page.getByLabel("How did you hear about us?").selectOption("Google");
    await answerSkinTestIfAsked(page);
    await page.getByRole("button", { name: "Send me my quote" }).click();
    await page.waitForURL(/\/prices\/finish\/submitted\?/);
    const link = new URL(page.url()).searchParams.get("quote") as string;

    // The saved quote page, with its offer and expiry.
    await page.goto(`${site.url}/quote/${link}`);
    await expectLinesAddUp(
      page.getByRole("region", { name: "Your Selection" }).locator("table"),
      page.getByTestId("quote-total"),
      total,
    );
    await expect(page.getByRole("region", { name: "Your Selection" }).locator("tbody tr")).toHaveText(
      FOILS_IDS.map((_, i) => new RegExp(`${lineTexts[i]?.replace(".", "\\.")}$`)),
    );
    await expect(page.getByTestId("offer-total")).toHaveText(gbp(offerPence(total))); // £162 × 0.8 = £129.60
    await expect(page.getByTestId("offer-total")).toHaveText("£129.60");
    await expect(page.getByTestId("quote-valid-until")).toContainText(/valid until \w+ \d+(st|nd|rd|th) \d{4}/);
    await expectAccessible(page);

    // Its JSON: the same amounts, in pounds.
    const json = await (await page.request.get(`${site.url}/api/get-quote-details/${link}`)).json();
    const prices: number[] = json.quote.services.map((s: { price: number }) => Math.round(s.price * 100));
    expect(prices.reduce((a, b) => a + b, 0)).toBe(total);
    expect(Math.round(json.quote.total * 100)).toBe(total);
    expect(Math.round(json.quote.offer.total * 100)).toBe(offerPence(total));
    expect(json.quote.services.map((s: { label: string }) => s.label)[0]).toBe("Foils: Full head");

    // The e-mail: each line as the site names it, the same amounts, adding up, in the plain-text part.
    await until(() => smtp.mails.length >= 1 && twilio.texts.length >= 1, "the e-mail and the text");
    const mail = smtp.mails[0]?.text ?? "";
    const mailLines = [...mail.matchAll(/^(.+) – (£[\d,.]+)$/gm)];
    const items = mailLines.filter(([, label]) => label !== "Estimated total");
    expect(items.map(([, label]) => label)).toEqual([
      "Foils: Full head",
      "Colour add-on: Toner",
      "Plex treatment: Fibreplex",
      "Finish: Blow-dry & style",
      "Finish add-on: Curly blow-dry",
    ]);
    expect(items.map(([, , amount]) => amount)).toEqual(lineTexts);
    expect(items.reduce((sum, [, , amount]) => sum + penceOf(amount ?? ""), 0)).toBe(total);
    expect(mail).toContain("Estimated total – £162");
    expect(mail).toContain("£129.60");
    expect(mail).toContain("QG20");
    expect(mail).toMatch(/skin test at least 48 hours/);
    expect(mail).toContain(`${site.url}/quote/${link}`);
    // Through the site, which counts the click on the quote (decision 073).
    expect(mail).toContain(`Book your free consultation: ${site.url}/quote/${link}/book`);
    expect(mail).toMatch(/Or call Maison Ivy \w+ on \d{5} \d{6}\./);

    // The text: name, salon, total, offer with code and end date, link and phone, in two segments at most.
    const body = twilio.texts[0]?.body ?? "";
    expect(body).toMatch(/^Hi Jane, your quote at Maison Ivy \w+ is £162\./);
    expect(body).toContain("20% off your first visit: £129.60 with code QG20, until ");
    expect(body).toMatch(/until \w+ \d+(st|nd|rd|th) \d{4}\./);
    expect(body).toContain(`${site.url}/quote/${link}`);
    expect(body).toMatch(/Or call \d{5} \d{6}\. /);
    // A colour quote ends with her answer to the skin-test question (decision 111).
    expect(body).toMatch(/Skin test in last 6 months: Yes\.$/);
    expect(smsLength(body).segments).toBeLessThanOrEqual(2);
    expect(errors).toEqual([]);
  } finally {
    await site.kill("SIGTERM");
    await smtp.close();
    await twilio.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("a bare colour in a category without an add-on reaches the totals without a plex, and a plex can still be added", async ({
  page,
  request,
}) => {
  const catalogue = await fetchCatalogue(request);
  const level = levelNamed(catalogue, "Stylist");
  const [roots, rootsPrice] = pick(catalogue, 2, 0, "Roots", level);
  const [blowDry, blowDryPrice] = pick(catalogue, 1, 0, "Dry & Style", level);
  const [none] = pick(catalogue, 4, 0, "None", level);

  // Straight from a link: the totals screen takes it as complete.
  const bare = { type: "colour", mode: "level", level: String(level.id), cc: "0", colour: String(roots.id) };
  const withFinish = { ...bare, finish: String(blowDry.id), finishAddon: String(none.id) };
  await page.goto(`/prices/total-by-level?${new URLSearchParams(withFinish)}`);
  await expect(page).toHaveURL(/\/prices\/total-by-level\?/);
  const table = page.getByRole("region", { name: "Your Selection" }).locator("table");
  await expect(table.locator("tbody tr")).toHaveCount(3);
  await expectLinesAddUp(table, page.getByTestId("quote-total"), rootsPrice + blowDryPrice);

  // Step by step: after the colour the flow goes on to the finish, the plex left as "None (optional)".
  await page.goto(`/prices/calculator?${new URLSearchParams(bare)}`);
  const open = page.locator("#current-step");
  await expect(open.getByRole("heading", { name: "Choose your finish" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Quote steps" }).getByText("None (optional)")).toBeVisible();
  await open.getByRole("link", { name: new RegExp(`^${blowDry.client_name},`) }).click();
  await open.getByRole("link", { name: /^None,/ }).click();
  await page.waitForURL((url) => url.searchParams.get("finishAddon") === String(none.id));
  expect(new URL(page.url()).searchParams.get("plex")).toBeNull();
  const estimate = page.getByRole("complementary", { name: "Your estimate" });
  await expectLinesAddUp(estimate.locator("table"), estimate.getByTestId("estimate-total"), rootsPrice + blowDryPrice);
  await expect(estimate.getByRole("link", { name: "Show Stylists" })).toBeVisible();

  // The client may still add one.
  const [fibreplex, plexPrice] = pick(catalogue, 5, 1, "Fibre Plex", level);
  await page.getByRole("link", { name: "Change plex treatment" }).click();
  await expect(open.getByRole("link", { name: /^None, £0, your choice$/ })).toBeVisible();
  await open.getByRole("link", { name: new RegExp(`^${fibreplex.client_name},`) }).click();
  await page.waitForURL((url) => url.searchParams.get("plex") === String(fibreplex.id));
  await expectLinesAddUp(
    estimate.locator("table"),
    estimate.getByTestId("estimate-total"),
    rootsPrice + plexPrice + blowDryPrice,
  );
  await expectAccessible(page);
});

test("each level on step one shows its from price, and a level where nobody takes new clients says so there", async ({
  page,
  request,
}) => {
  const catalogue = await fetchCatalogue(request);
  for (const type of ["colour", "cutting", "mens"] as const) {
    await page.goto(`/prices/calculator?type=${type}&mode=level`);
    const levels = page.locator("#current-step").getByRole("list", { name: "Stylist levels" });
    for (const level of catalogue.levels) {
      const open = catalogue.stylists.some((s) => s.level === level.id && s.accepting_new_clients);
      const from = cheapestQuote(catalogue, type, level);
      if (!open) {
        const item = levels.getByRole("listitem").filter({ hasText: level.name });
        await expect(item).toContainText("Nobody at this level is taking new clients at the moment");
        await expect(item.getByRole("link")).toHaveCount(0);
        continue;
      }
      const link = levels.getByRole("link", { name: new RegExp(`^${level.name}(,|$)`) });
      if (from === null) await expect(link).not.toContainText("from £");
      else await expect(link).toContainText(`from ${gbp(from)}`);
    }
  }
  // In the salon's team only Advanced Senior has nobody taking new clients.
  await expect(page.getByText("Nobody at this level is taking new clients at the moment")).toHaveCount(1);
  await expectAccessible(page);
});

test("without JavaScript the phone estimate is in the page, announced politely, and opens to the lines", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${baseURL}/prices/calculator?${new URLSearchParams(FOILS)}`);
  const bar = page.getByTestId("phone-estimate");
  await expect(bar).toBeInViewport();
  await expect(bar.locator('[aria-live="polite"]')).toContainText("£162");
  await expect(bar.locator("table")).toBeHidden();
  await bar.getByText("Show lines").click();
  await expect(bar.locator("table")).toBeVisible();
  await expectLinesAddUp(bar.locator("table"), bar.getByTestId("estimate-total"), 16200);
  // On a wide screen the side panel does this job.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(bar).toBeHidden();
  await context.close();
});

test("on a phone Escape or a tap elsewhere closes the estimate bar's lines, Escape back on its button", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${baseURL}/prices/calculator?${new URLSearchParams(FOILS)}`);
  await scriptsReady(page);
  const bar = page.getByTestId("phone-estimate");
  const summary = bar.locator("summary");
  await summary.click();
  await expect(bar.locator("table")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(bar.locator("table")).toBeHidden();
  await expect(summary).toBeFocused();
  await summary.click();
  await expect(bar.locator("table")).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(bar.locator("table")).toBeHidden();
});

test("the selector works without a service type: the mode first, then the service, then the calculator", async ({
  page,
}) => {
  const response = await page.goto("/prices/selector");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL("/prices/selector");
  await page.getByRole("link", { name: "Get a quote based on a stylist level" }).click();
  await expect(page).toHaveURL("/prices/selector?mode=level#service-types");
  await page.getByRole("link", { name: "Men's Hairdressing" }).click();
  await expect(page).toHaveURL("/prices/calculator?type=mens&mode=level");
  await expect(page.getByRole("heading", { name: "Choose a stylist level" })).toBeVisible();
});

test("cutting and men's estimates say nothing of skin tests; a colour one does", async ({ page }) => {
  await page.goto("/prices/calculator?type=cutting&mode=level&level=6&finish=1&finishAddon=49&treatment=57");
  await expect(page.getByText(/skin test/i)).toHaveCount(0);
  await page.goto("/prices/calculator?type=mens&mode=level&level=6&cut=58&mensColour=65");
  await expect(page.getByText(/skin test/i)).toHaveCount(0);
  await page.goto(`/prices/calculator?${new URLSearchParams(FOILS)}`);
  await expect(page.getByRole("complementary", { name: "Your estimate" })).toContainText("skin test");
});

// ---------------------------------------------------------------------------

function pick(catalogue: Catalogue, cat1: number, cat2: number, name: string, level: ApiLevel) {
  const service = catalogue.services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && s.service === name);
  if (!service) throw new Error(`no ${name}`);
  return [service, linePence(service, level)] as const;
}

/**
 * The cheapest complete quote of a type at a level, by trying every
 * combination: the first priced service a real one (not "None"), the plex
 * required only with an add-on step, nothing a level may not do.
 */
function cheapestQuote(catalogue: Catalogue, type: "colour" | "cutting" | "mens", level: ApiLevel): number | null {
  const options = (cat1: number, cat2: number | null, real = false) =>
    catalogue.services
      .filter((s) => s.cat1 === cat1 && (cat2 === null || s.cat2 === cat2) && s.min_level <= level.id)
      .filter((s) => !real || s.service !== "None")
      .map((s) => linePence(s, level));
  const combos = (...slots: number[][]): number[] =>
    slots.reduce<number[]>((sums, prices) => sums.flatMap((sum) => prices.map((p) => sum + p)), [0]);
  let totals: number[] = [];
  if (type === "cutting") totals = combos(options(1, null), options(4, null), options(5, 2));
  if (type === "mens") totals = combos(options(6, 0, true), options(6, 1));
  if (type === "colour") {
    const addOnCat: Record<number, number> = { 1: 3, 2: 1, 4: 2 };
    for (let cc = 0; cc <= 6; cc++) {
      const addOn = addOnCat[cc];
      const slots = [options(2, cc, true)];
      if (addOn !== undefined) slots.push(options(3, addOn), options(5, 1));
      else slots.push([0, ...options(5, 1)]);
      slots.push(options(1, null), options(4, null));
      if (slots.every((prices) => prices.length > 0)) totals.push(...combos(...slots));
    }
  }
  return totals.length > 0 ? Math.min(...totals) : null;
}
