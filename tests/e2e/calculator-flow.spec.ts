/**
 * The first half of the quote calculator on a phone: /prices, the selector,
 * every flow of /prices/calculator in both selector modes up to the totals
 * screens, New Starter restrictions, refresh and back, guards, level up/down,
 * the stylist landing pages, and one walk with JavaScript off.
 *
 * Totals are checked against a small pricing formula written here from spec
 * section 9 and the read API, not against the app's own engine.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectAccessible, expectOneH1, trackConsoleErrors } from "./helpers";
import { type ApiLevel, fetchCatalogue, gbp, levelNamed, linePence, serviceNamed, stylistNamed } from "./price-list";

test.use({ viewport: { width: 390, height: 844 } });

// ---------------------------------------------------------------------------
// An independent price list and formula

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** An accessible name that starts with `text` (option names go on with a description or price). */
const startsWith = (text: string) => new RegExp(`^${escapeRegExp(text)}`);
/** An option's name: "Hair Up" or "Hair Up, £37", not "Hair Up - Advanced, £55". */
const optionName = (text: string) => new RegExp(`^${escapeRegExp(text)}(?:,|$)`);

// ---------------------------------------------------------------------------
// Page helpers

const openStep = (page: Page) => page.locator("#current-step");
const stepList = (page: Page) => page.getByRole("list", { name: "Quote steps" });
const estimate = (page: Page) => page.getByRole("complementary", { name: "Your estimate" });
const totalRow = (page: Page) => estimate(page).getByRole("row", { name: /Estimated total/ });

/** Clicks a link and waits until the URL carries the parameter it sets (null: until the parameter is gone). */
async function chooseLink(page: Page, link: Locator, param: string, value: string | number | null) {
  await link.click();
  await page.waitForURL((url) => url.searchParams.get(param) === (value === null ? null : String(value)));
}

async function choose(page: Page, name: string, param: string, value: string | number) {
  await chooseLink(page, openStep(page).getByRole("link", { name: optionName(name) }), param, value);
}

const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

// ---------------------------------------------------------------------------
// The six walks: three flows × two selector modes

interface Pick {
  param: "colour" | "addon" | "plex" | "finish" | "finishAddon" | "treatment" | "cut" | "mensColour";
  cat1: number;
  cat2: number;
  name: string;
}

interface Walk {
  title: string;
  typeLink: string;
  type: "colour" | "cutting" | "mens";
  who: { mode: "level"; salon: { id: number; name: string } | null; level: string } | { mode: "stylist"; slug: string };
  category?: { name: string; cc: number };
  picks: Pick[];
  /** Steps in the flow once the category is known (for the progress line). */
  steps: number;
  /** The plex step is optional here (no add-on step): the flow passes over it, left as "None". */
  optionalPlex?: boolean;
}

const WALKS: Walk[] = [
  {
    title: "colour with an add-on, by level",
    typeLink: "Colour/Cutting/Styling",
    type: "colour",
    who: { mode: "level", salon: { id: 1, name: "Maison Ivy Wrenbridge" }, level: "Graduate Stylist" },
    category: { name: "Foils", cc: 2 },
    picks: [
      { param: "colour", cat1: 2, cat2: 2, name: "Half Head" },
      { param: "addon", cat1: 3, cat2: 1, name: "Toner" },
      { param: "plex", cat1: 5, cat2: 1, name: "K18" },
      { param: "finish", cat1: 1, cat2: 0, name: "Cut, Dry & Style" },
      { param: "finishAddon", cat1: 4, cat2: 0, name: "Curly Blow Add-on" },
    ],
    steps: 6,
  },
  {
    title: "colour that skips the add-on, by stylist",
    typeLink: "Colour/Cutting/Styling",
    type: "colour",
    who: { mode: "stylist", slug: "camille" },
    category: { name: "Balayage", cc: 3 },
    picks: [
      { param: "colour", cat1: 2, cat2: 3, name: "On coloured hair - above collar bone" },
      { param: "finish", cat1: 1, cat2: 1, name: "Hair Up - Advanced" },
      { param: "finishAddon", cat1: 4, cat2: 0, name: "None" },
    ],
    steps: 5,
    optionalPlex: true,
  },
  {
    title: "cutting, by level",
    typeLink: "Cutting/Styling only",
    type: "cutting",
    who: { mode: "level", salon: null, level: "New Stylist" },
    picks: [
      { param: "finish", cat1: 1, cat2: 0, name: "Dry & Style" },
      { param: "finishAddon", cat1: 4, cat2: 0, name: "Pin Curls" },
      { param: "treatment", cat1: 5, cat2: 2, name: "Scalp Clinix" },
    ],
    steps: 4,
  },
  {
    title: "cutting, by stylist",
    typeLink: "Cutting/Styling only",
    type: "cutting",
    who: { mode: "stylist", slug: "nadia" },
    picks: [
      { param: "finish", cat1: 1, cat2: 0, name: "Cut, Dry & Style" },
      { param: "finishAddon", cat1: 4, cat2: 0, name: "None" },
      { param: "treatment", cat1: 5, cat2: 2, name: "None" },
    ],
    steps: 4,
  },
  {
    title: "men's, by level",
    typeLink: "Men's Hairdressing",
    type: "mens",
    who: { mode: "level", salon: { id: 3, name: "The Ivy Academy" }, level: "Apprentice" },
    picks: [
      { param: "cut", cat1: 6, cat2: 0, name: "Express Cut" },
      { param: "mensColour", cat1: 6, cat2: 1, name: "Fashion Colour Mid" },
    ],
    steps: 3,
  },
  {
    title: "men's, by stylist",
    typeLink: "Men's Hairdressing",
    type: "mens",
    who: { mode: "stylist", slug: "theo" },
    picks: [
      { param: "cut", cat1: 6, cat2: 0, name: "Long Hair Cut & Style" },
      { param: "mensColour", cat1: 6, cat2: 1, name: "None" },
    ],
    steps: 3,
  },
];

for (const walk of WALKS) {
  test(`walks ${walk.title} from /prices to the totals screen`, async ({ page, request }) => {
    test.setTimeout(90_000); // a dozen page loads and, on two walks, an axe check of every screen
    const errors = trackConsoleErrors(page);
    const catalogue = await fetchCatalogue(request);
    const checkA11y = walk === WALKS[0] || walk === WALKS[1];

    await page.goto("/prices");
    await page.getByRole("link", { name: walk.typeLink }).click();
    await expect(page).toHaveURL(`/prices/selector?type=${walk.type}`);
    await expectOneH1(page);
    const modeLink =
      walk.who.mode === "level" ? "Get a quote based on a stylist level" : "Get a quote for a specific stylist";
    await page.getByRole("link", { name: modeLink }).click();
    await expect(page).toHaveURL(`/prices/calculator?type=${walk.type}&mode=${walk.who.mode}`);
    await expectOneH1(page);
    await expect(page.getByText(/^Step 1 of \d/).first()).toBeVisible();
    if (checkA11y) await expectAccessible(page);

    // Who: a salon and a level, or a stylist (who brings their own level and salon).
    let level: ApiLevel;
    const expected: Record<string, string> = { type: walk.type, mode: walk.who.mode };
    if (walk.who.mode === "level") {
      if (walk.who.salon) {
        await choose(page, walk.who.salon.name, "salon", walk.who.salon.id);
        expected.salon = String(walk.who.salon.id);
      }
      level = levelNamed(catalogue, walk.who.level);
      await choose(page, level.name, "level", level.id);
    } else {
      const stylist = stylistNamed(catalogue, walk.who.slug);
      level = catalogue.levels.find((l) => l.id === stylist.level)!;
      await choose(page, `${stylist.first_name} ${stylist.last_name}`, "stylist", stylist.slug);
      expect(paramsOf(page.url())).toMatchObject({ level: String(stylist.level) });
      await expect(page.getByText(`${stylist.first_name} ${stylist.last_name} · ${level.name}`)).toBeVisible();
      expected.stylist = stylist.slug;
      if (stylist.salon !== 2) expected.salon = String(stylist.salon);
    }
    expected.level = String(level.id);
    // With JavaScript the page moves on to the next step and focuses its heading.
    await expect(openStep(page).getByRole("heading", { level: 2 })).toBeFocused();

    if (walk.category) {
      if (checkA11y) await expectAccessible(page);
      await choose(page, walk.category.name, "cc", walk.category.cc);
      await expect(openStep(page).getByRole("heading", { name: walk.category.name })).toBeVisible();
      await expect(page.getByText(`Step 2 of ${walk.steps}`, { exact: true })).toBeVisible();
      if (checkA11y) await expectAccessible(page);
      expected.cc = String(walk.category.cc);
    }

    let totalPence = 0;
    for (const [index, pick] of walk.picks.entries()) {
      const service = serviceNamed(catalogue, pick.cat1, pick.cat2, pick.name);
      const price = linePence(service, level);
      // Options read as the menu does: the service's client name, not the till's.
      const option = openStep(page).getByRole("link", { name: optionName(service.client_name) });
      // Each option shows its price at the chosen level.
      await expect(option).toContainText(gbp(price));
      await chooseLink(page, option, pick.param, service.id);
      totalPence += price;
      expected[pick.param] = String(service.id);
      // Totals appear once the first priced choice is made, and add up as the visitor goes.
      await expect(totalRow(page)).toContainText(gbp(totalPence));
      await expect(estimate(page).locator("tbody tr")).toHaveCount(index + 1);
      if (index < walk.picks.length - 1) {
        const next = index + 3 + (walk.optionalPlex ? 1 : 0);
        await expect(page.getByText(`Step ${next} of ${walk.steps}`, { exact: true })).toBeVisible();
      }
    }

    await expect(page.getByText(`All ${walk.steps} steps chosen`)).toBeVisible();
    if (walk.optionalPlex) await expect(stepList(page).getByText("None (optional)")).toBeVisible();
    // Once everything is chosen the page moves on to the estimate and its way on.
    await expect(estimate(page).getByRole("heading", { name: "Your estimate" })).toBeFocused();
    if (checkA11y) await expectAccessible(page);

    const next = estimate(page).getByRole("link", {
      name: walk.who.mode === "level" ? "Show Stylists" : "Next",
      exact: true,
    });
    const target = walk.who.mode === "level" ? "/prices/total-by-level" : "/prices/total-by-stylist";
    if (walk.who.mode === "level") {
      const budget = estimate(page).getByRole("link", { name: "Find stylists within my budget" });
      expect(paramsOf(new URL((await budget.getAttribute("href"))!, page.url()).href)).toEqual(expected);
      await expect(
        estimate(page)
          .getByRole("link", { name: /Up a level|Down a level/ })
          .first(),
      ).toBeVisible();
    } else {
      await expect(estimate(page).getByRole("link", { name: /Up a level|Down a level/ })).toHaveCount(0);
    }
    expect(errors).toEqual([]);

    await next.click();
    await page.waitForURL((url) => url.pathname === target);
    expect(paramsOf(page.url())).toEqual(expected);
  });
}

// ---------------------------------------------------------------------------

test("the service types and the selector are accessible, with one h1 each", async ({ page }) => {
  const errors = trackConsoleErrors(page);
  await page.goto("/prices");
  await expectOneH1(page);
  for (const name of ["Colour/Cutting/Styling", "Cutting/Styling only", "Men's Hairdressing"]) {
    await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute(
      "href",
      /^\/prices\/selector\?type=(colour|cutting|mens)$/,
    );
  }
  await expectAccessible(page);
  await page.goto("/prices/selector?type=cutting");
  await expectOneH1(page);
  await expect(page.getByRole("link", { name: "Get a quote for a specific stylist" })).toHaveAttribute(
    "href",
    "/prices/calculator?type=cutting&mode=stylist",
  );
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test("choosing a service type starts a fresh quote", async ({ page }) => {
  await page.goto("/prices/calculator?type=colour&mode=level&level=4&cc=2&colour=12");
  await page.getByRole("link", { name: "Choose a different service" }).click();
  await page.getByRole("link", { name: "Men's Hairdressing" }).click();
  await expect(page).toHaveURL("/prices/selector?type=mens");
});

test("New Starter level: restricted colours are faded and not selectable, and men's cuts say New Starters may not do them", async ({
  page,
}) => {
  test.setTimeout(60_000); // a dozen page loads and two accessibility scans
  const errors = trackConsoleErrors(page);
  await page.goto("/prices/calculator?type=colour&mode=level");
  await choose(page, "New Starter", "level", 1);

  const step = openStep(page);
  for (const name of ["Balayage", "Full head bleach", "Vivids", "Colour correction"]) {
    await expect(step.getByRole("link", { name: startsWith(name) })).toHaveCount(0);
    const faded = step.locator('[aria-disabled="true"]', { hasText: name });
    await expect(faded).toContainText("Not available at New Starter level");
    await faded.click(); // not a link: nothing happens
    expect(paramsOf(page.url())).toEqual({ type: "colour", mode: "level", level: "1" });
  }
  for (const name of ["Classic", "Full head colour", "Foils"]) {
    await expect(step.getByRole("link", { name: startsWith(name) })).toBeVisible();
  }
  await expectAccessible(page);

  // Individual services the data restricts: face-frame foils and a long full head colour.
  await choose(page, "Foils", "cc", 2);
  await expect(step.getByRole("link", { name: startsWith("Face frame") })).toHaveCount(0);
  await expect(step.locator('[aria-disabled="true"]', { hasText: "Face frame" })).toContainText(
    "Not available at New Starter level",
  );
  await expect(step.getByRole("link", { name: startsWith("Half head") })).toBeVisible();
  await chooseLink(page, step.getByRole("link", { name: "Click to go back to the categories" }), "cc", null);
  expect(paramsOf(page.url())).toEqual({ type: "colour", mode: "level", level: "1" });
  await choose(page, "Full head colour", "cc", 1);
  await expect(step.locator('[aria-disabled="true"]', { hasText: "Long, past the shoulders" })).toBeVisible();

  await page.goto("/prices/calculator?type=mens&mode=level");
  await choose(page, "New Starter", "level", 1);
  await expect(openStep(page).getByRole("heading", { name: "Choose your men's cut" })).toBeVisible();
  await expect(
    openStep(page).getByText(
      "New Starters are not qualified to carry out this service. Please select a different level or stylist",
      { exact: true },
    ),
  ).toBeVisible();
  for (const name of ["Wash, cut & style", "Longer hair cut & style", "Express cut"]) {
    await expect(openStep(page).getByRole("link", { name: startsWith(name) })).toHaveCount(0);
  }
  await expectAccessible(page);
  await chooseLink(page, openStep(page).getByRole("link", { name: "Choose a different level" }), "edit", "level");
  await choose(page, "Apprentice", "level", 2);
  await expect(openStep(page).getByRole("link", { name: startsWith("Express cut") })).toBeVisible();

  // A hand-made link cannot sneak a men's cut past the New Starter rule.
  await page.goto("/prices/calculator?type=mens&mode=level&level=1&cut=58&mensColour=65");
  await expect(page.getByRole("link", { name: "Show Stylists" })).toHaveCount(0);
  await expect(page.getByRole("status")).toContainText(
    "At New Starter level we don't offer Men's cut: Wash, cut & style",
  );
  expect(errors).toEqual([]);
});

test("a refresh in the middle of a flow keeps every choice, and back returns to the previous step", async ({
  page,
  request,
}) => {
  const catalogue = await fetchCatalogue(request);
  const level = levelNamed(catalogue, "Stylist");
  await page.goto("/prices/calculator?type=colour&mode=level");
  await choose(page, "Maison Ivy Wrenbridge", "salon", 1);
  await choose(page, level.name, "level", level.id);
  await choose(page, "Full head colour", "cc", 1);
  const colour = serviceNamed(catalogue, 2, 1, "Mid (Above shoulders)");
  const addOn = serviceNamed(catalogue, 3, 3, "Scattered Foils");
  await choose(page, colour.client_name, "colour", colour.id);
  await choose(page, addOn.client_name, "addon", addOn.id);
  const total = gbp(linePence(colour, level) + linePence(addOn, level));
  await expect(totalRow(page)).toContainText(total);
  const before = page.url();

  await page.reload();
  expect(page.url()).toBe(before);
  await expect(openStep(page).getByRole("heading", { name: "Choose a bond-building plex treatment" })).toBeVisible();
  await expect(stepList(page).getByText("Stylist · Maison Ivy Wrenbridge")).toBeVisible();
  await expect(stepList(page).getByText("Full head colour: Mid-length, above the shoulders")).toBeVisible();
  await expect(stepList(page).getByText("Scattered foils")).toBeVisible();
  await expect(totalRow(page)).toContainText(total);
  await expect(page.getByText("Step 4 of 6", { exact: true })).toBeVisible();

  await page.goBack();
  await expect(openStep(page).getByRole("heading", { name: "Choose a colour add-on" })).toBeVisible();
  await page.goForward();
  await expect(openStep(page).getByRole("heading", { name: "Choose a bond-building plex treatment" })).toBeVisible();
  await expect(totalRow(page)).toContainText(total);
});

test("a finished step can be changed without losing the others", async ({ page, request }) => {
  const catalogue = await fetchCatalogue(request);
  const level = levelNamed(catalogue, "Senior Stylist");
  await page.goto(`/prices/calculator?type=cutting&mode=level&level=${level.id}&finish=1&finishAddon=49&treatment=57`);
  await expect(page.getByRole("link", { name: "Show Stylists" })).toBeVisible();
  await chooseLink(page, page.getByRole("link", { name: "Change finish", exact: true }), "edit", "finish");
  const current = openStep(page).getByRole("link", { name: startsWith("Cut & blow-dry") });
  await expect(current).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("link", { name: "Show Stylists" })).toBeVisible();
  const hairUp = serviceNamed(catalogue, 1, 1, "Hair Up");
  await choose(page, hairUp.client_name, "finish", hairUp.id);
  expect(paramsOf(page.url())).toEqual({
    type: "cutting",
    mode: "level",
    level: String(level.id),
    finish: String(hairUp.id),
    finishAddon: "49",
    treatment: "57",
  });
  await expect(totalRow(page)).toContainText(gbp(linePence(hairUp, level)));
});

test("the guards send a visitor without a calculator type back to /prices", async ({ page, request }) => {
  for (const path of ["/prices/calculator", "/prices/calculator?mode=level&level=3"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe("/prices");
  }
  await page.goto("/prices/calculator?level=4&finish=1");
  await expect(page).toHaveURL("/prices");
  // An unknown salon falls back to the default one.
  await page.goto("/prices/calculator?type=mens&mode=level&salon=77");
  expect(paramsOf(page.url())).toEqual({ type: "mens", mode: "level" });
  await expect(openStep(page).getByRole("link", { name: "Maison Ivy Kestwick" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  // A type without a selector mode goes to the selector, keeping what was chosen.
  await page.goto("/prices/calculator?type=mens&level=4");
  await expect(page).toHaveURL("/prices/selector?type=mens&level=4");
});

test("level up and down keep every choice, re-price the quote and warn about a choice the new level cannot do", async ({
  page,
  request,
}) => {
  const errors = trackConsoleErrors(page);
  const catalogue = await fetchCatalogue(request);
  const picks = [
    serviceNamed(catalogue, 1, 0, "Cut, Dry & Style"),
    serviceNamed(catalogue, 4, 0, "Pin Curls"),
    serviceNamed(catalogue, 5, 2, "K18 Stand Alone"),
  ];
  const totalAt = (levelId: number) =>
    gbp(picks.reduce((sum, s) => sum + linePence(s, catalogue.levels.find((l) => l.id === levelId)!), 0));
  const query = `type=cutting&mode=level&level=5&finish=${picks[0]!.id}&finishAddon=${picks[1]!.id}&treatment=${picks[2]!.id}`;
  await page.goto(`/prices/calculator?${query}`);
  await expect(totalRow(page)).toContainText(totalAt(5));

  const up = estimate(page).getByRole("link", { name: /^Up a level: Stylist/ });
  await expect(up).toContainText(totalAt(6));
  await chooseLink(page, up, "level", 6);
  await expect(totalRow(page)).toContainText(totalAt(6));
  expect(paramsOf(page.url())).toEqual({ ...paramsOf(`http://x/?${query}`), level: "6" });

  await chooseLink(page, estimate(page).getByRole("link", { name: /^Down a level: New Stylist/ }), "level", 5);
  await chooseLink(page, estimate(page).getByRole("link", { name: /^Down a level: Graduate Stylist/ }), "level", 4);
  await expect(totalRow(page)).toContainText(totalAt(4));

  await page.goto(`/prices/calculator?${query.replace("level=5", "level=9")}`);
  await expect(estimate(page).getByRole("link", { name: /^Up a level/ })).toHaveCount(0);
  await expect(estimate(page).getByRole("link", { name: /^Down a level: Senior Stylist/ })).toBeVisible();

  // Balayage at Apprentice: one level down is New Starter, who may not do it.
  await page.goto("/prices/calculator?type=colour&mode=level&level=2&cc=3&colour=16&plex=50&finish=2&finishAddon=49");
  const down = estimate(page).getByRole("link", { name: /^Down a level: New Starter/ });
  await expect(down).toContainText("not offered at this level");
  await chooseLink(page, down, "level", 1);
  expect(paramsOf(page.url())).toMatchObject({ cc: "3", colour: "16", plex: "50", finish: "2", finishAddon: "49" });
  await expect(page.getByRole("status")).toContainText(
    "At New Starter level we don't offer Balayage: Natural hair, above the collarbone",
  );
  await expect(page.getByRole("link", { name: "Show Stylists" })).toHaveCount(0);
  await expectAccessible(page);
  await chooseLink(page, page.getByRole("status").getByRole("link", { name: "go up to Apprentice" }), "level", 2);
  await expect(page.getByRole("link", { name: "Show Stylists" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("stylist mode: a stylist not taking new clients cannot be chosen, and a stale link is corrected", async ({
  page,
}) => {
  const errors = trackConsoleErrors(page);
  await page.goto("/prices/calculator?type=cutting&mode=stylist");
  const harriet = openStep(page).locator('[aria-disabled="true"]', { hasText: "Harriet" });
  await expect(harriet).toContainText("Not taking new clients");
  await expect(openStep(page).getByRole("link", { name: startsWith("Harriet") })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto("/prices/calculator?type=cutting&mode=stylist&stylist=harriet&level=9&salon=1");
  await expect(page.getByRole("status")).toContainText("Harriet isn't taking new clients");
  await expect(openStep(page).getByRole("heading", { name: "Choose your stylist" })).toBeVisible();

  // Choosing a stylist sets their level and salon, whatever the link said.
  await page.goto("/prices/calculator?type=mens&mode=stylist&stylist=isla&level=2");
  expect(paramsOf(page.url())).toEqual({ type: "mens", mode: "stylist", stylist: "isla", level: "7", salon: "1" });
  await expect(openStep(page).getByRole("heading", { name: "Choose your men's cut" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the stylist landing page preselects the stylist and their level", async ({ page, request }) => {
  const errors = trackConsoleErrors(page);
  const isla = stylistNamed(await fetchCatalogue(request), "isla");
  await page.goto("/prices/isla");
  await expectOneH1(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${isla.first_name} ${isla.last_name}`);
  await expect(page.getByRole("img", { name: `Portrait of ${isla.first_name} ${isla.last_name}` })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Men's Hairdressing" }).click();
  await page.waitForURL((url) => url.pathname === "/prices/calculator");
  expect(paramsOf(page.url())).toEqual({
    type: "mens",
    mode: "stylist",
    stylist: "isla",
    level: String(isla.level),
    salon: String(isla.salon),
  });
  await expect(page.getByText(`${isla.first_name} ${isla.last_name} · Advanced Stylist`)).toBeVisible();
  await expect(openStep(page).getByRole("heading", { name: "Choose your men's cut" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("an unknown stylist gets a helpful 404 page", async ({ page }) => {
  const response = await page.goto("/prices/no-such-stylist");
  expect(response?.status()).toBe(404);
  await expectOneH1(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that stylist");
  await expect(page.getByRole("main").getByRole("link", { name: "Meet the team" })).toHaveAttribute(
    "href",
    "/team-info",
  );
  await expect(page.getByRole("main").getByRole("link", { name: "Get a price quote" })).toHaveAttribute(
    "href",
    "/prices",
  );
  await expectAccessible(page);
});

test("a stylist not taking new clients says so and suggests others", async ({ page }) => {
  const errors = trackConsoleErrors(page);
  await page.goto("/prices/harriet");
  await expectOneH1(page);
  await expect(page.getByRole("heading", { name: "Harriet isn't taking new clients at the moment" })).toBeVisible();
  for (const name of ["Colour/Cutting/Styling", "Cutting/Styling only", "Men's Hairdressing"]) {
    await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
  }
  const suggestions = page.getByRole("main").locator('a[href^="/prices/"]');
  expect(await suggestions.count()).toBeGreaterThan(0);
  for (const href of await suggestions.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
    expect(href).not.toBe("/prices/harriet");
  }
  await expectAccessible(page);
  await suggestions.first().click();
  await expect(page.getByRole("link", { name: "Cutting/Styling only", exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a cutting quote by level is built with plain links", async ({ page, request }) => {
    const catalogue = await fetchCatalogue(request);
    const level = levelNamed(catalogue, "Junior Stylist");
    const picks = [
      serviceNamed(catalogue, 1, 0, "Cut, Dry & Style"),
      serviceNamed(catalogue, 4, 0, "Extra Styling Add-on"),
      serviceNamed(catalogue, 5, 2, "Fibre Clinix"),
    ];

    await page.goto("/prices");
    await page.getByRole("link", { name: "Cutting/Styling only" }).click();
    await page.getByRole("link", { name: "Get a quote based on a stylist level" }).click();
    await expect(page).toHaveURL("/prices/calculator?type=cutting&mode=level");
    await choose(page, "The Ivy Academy", "salon", 3);
    await choose(page, level.name, "level", level.id);
    await choose(page, picks[0]!.client_name, "finish", picks[0]!.id);
    await choose(page, picks[1]!.client_name, "finishAddon", picks[1]!.id);
    await choose(page, picks[2]!.client_name, "treatment", picks[2]!.id);
    await expect(totalRow(page)).toContainText(gbp(picks.reduce((sum, s) => sum + linePence(s, level), 0)));

    await page.getByRole("link", { name: "Show Stylists" }).click();
    await page.waitForURL((url) => url.pathname === "/prices/total-by-level");
    expect(paramsOf(page.url())).toEqual({
      type: "cutting",
      mode: "level",
      level: String(level.id),
      salon: "3",
      finish: String(picks[0]!.id),
      finishAddon: String(picks[1]!.id),
      treatment: String(picks[2]!.id),
    });
  });
});
