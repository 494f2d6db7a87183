import type { Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { expect, test } from "./fixtures";
import { answerSkinTestIfAsked, expectAccessible, expectOneH1, scriptsReady, trackConsoleErrors } from "./helpers";
import {
  type ApiService,
  type Catalogue,
  fetchCatalogue,
  gbp,
  linePence,
  serviceNamed,
  stylistNamed,
  totalPence,
} from "./price-list";

/**
 * The second half of the quote calculator, on a phone: the totals screens, the
 * finish form, the saved quote. Every expected price here is worked out
 * independently from /api/services and /api/levels, never read back
 * from the page under test.
 */
test.use({ viewport: { width: 390, height: 844 } });

const QUOTE_SUCCESS = "Great! You'll receive your estimated quote via email and text message very soon!";
const MESSAGES = {
  name: "Your name is required",
  mobile: "Your mobile number is required",
  mobileInvalid: "A valid mobile number is required",
  email: "Email Address is required",
  referral: "How did you hear about us is required",
};

// ---------------------------------------------------------------------------
// Independent pricing from the public API

// ---------------------------------------------------------------------------
// The three flows

type Flow = "colour" | "cutting" | "mens";

/** One complete selection per flow, as calculator URL parameters, named from the price list. */
function selection(catalogue: Catalogue, flow: Flow): Record<string, string> {
  const id = (cat1: number, cat2: number, name: string) => String(serviceNamed(catalogue, cat1, cat2, name).id);
  switch (flow) {
    case "colour":
      return {
        type: "colour",
        cc: "2",
        colour: id(2, 2, "Half Head"),
        addon: id(3, 1, "Complex Toner"),
        plex: id(5, 1, "Olaplex"),
        finish: id(1, 0, "Cut, Dry & Style"),
        finishAddon: id(4, 0, "Curly Blow Add-on"),
      };
    case "cutting":
      return {
        type: "cutting",
        finish: id(1, 1, "Hair Up - Advanced"),
        finishAddon: id(4, 0, "Pin Curls"),
        treatment: id(5, 2, "Olaplex Super Stand Alone"),
      };
    case "mens":
      return { type: "mens", cut: id(6, 0, "Long Hair Cut & Style"), mensColour: id(6, 1, "Fashion Colour Mid") };
  }
}

const SERVICE_PARAMS = ["colour", "addon", "plex", "finish", "finishAddon", "treatment", "cut", "mensColour"];
const idsOf = (params: Record<string, string>) =>
  SERVICE_PARAMS.filter((name) => params[name] !== undefined).map((name) => Number(params[name]));

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function fillDetails(page: Page, details: { name: string; mobile: string; email: string; referral: string }) {
  await page.getByLabel("Your name").fill(details.name);
  await page.getByLabel("Mobile number").fill(details.mobile);
  await page.getByLabel("Email address").fill(details.email);
  await page.getByLabel("How did you hear about us?").selectOption(details.referral);
  await answerSkinTestIfAsked(page);
}

async function storedQuote(
  site: { db: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> } },
  link: string,
) {
  const result = (await site.db.execute(
    sql`select name, mobile, email, regular, selector, level_id, stylist_name, total_pence, lines from quotes where link = ${link}`,
  )) as { rows: Record<string, unknown>[] };
  return result.rows[0];
}

// Level mode: the level, its stylist to choose in the dialog (and the salon asked for).
// Stylist mode: the stylist named from the start (as the calculator's "Next" sends them).
const WALKS: { flow: Flow; mode: "level" | "stylist"; slug: string; level?: number; salon?: string; note?: RegExp }[] =
  [
    { flow: "colour", mode: "level", level: 6, slug: "nadia" },
    { flow: "colour", mode: "stylist", slug: "camille" },
    { flow: "cutting", mode: "level", level: 3, slug: "freya", salon: "1", note: /Freya works at our Kestwick salon/ },
    { flow: "cutting", mode: "stylist", slug: "theo", salon: "1" },
    {
      flow: "mens",
      mode: "level",
      level: 8,
      slug: "elodie",
      note: /Elodie works at The Ivy Academy, our training academy/,
    },
    { flow: "mens", mode: "stylist", slug: "jonah", note: /Jonah works at The Ivy Academy/ },
  ];

for (const [walkIndex, walk] of WALKS.entries()) {
  test(`${walk.flow} flow in ${walk.mode} mode: from the totals to the saved quote, priced as the engine prices it`, async ({
    page,
    request,
    site,
  }) => {
    test.setTimeout(90_000); // a whole visit, with an accessibility scan of every screen
    const errors = trackConsoleErrors(page);
    const catalogue = await fetchCatalogue(request);
    const chosen = stylistNamed(catalogue, walk.slug);
    const params = {
      ...selection(catalogue, walk.flow),
      mode: walk.mode,
      level: String(walk.level ?? chosen.level),
      ...(walk.salon ? { salon: walk.salon } : {}),
      ...(walk.mode === "stylist" ? { stylist: walk.slug } : {}),
    };
    const expected = totalPence(catalogue, idsOf(params), chosen.level);
    const regular = walk.mode === "stylist"; // level walks answer No (first visit), stylist walks Yes

    if (walk.mode === "level") {
      // From the calculator with everything chosen, as the visitor arrives.
      await page.goto(`/prices/calculator?${query(params)}`);
      await page.getByRole("link", { name: "Show Stylists" }).click();
      await expect(page).toHaveURL(/\/prices\/total-by-level\?/);
      await expectOneH1(page);
      await expect(page.getByTestId("quote-total")).toHaveText(gbp(expected));
      await expectAccessible(page);
      await scriptsReady(page);

      const card = page.getByRole("link", { name: new RegExp(`${chosen.first_name} ${chosen.last_name}`) });
      await card.click();
      const dialog = page.getByRole("dialog", { name: `${chosen.first_name} ${chosen.last_name}` });
      await expect(dialog).toBeVisible();
      await expect(
        dialog.getByRole("img", { name: `Portrait of ${chosen.first_name} ${chosen.last_name}` }),
      ).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      // The stylist-dialog island gives the focus back to the card it opened from.
      await expect(card).toBeFocused();
      await card.click();
      await dialog.getByRole("button", { name: "Pick another" }).click();
      await expect(dialog).toBeHidden();
      await expect(card).toBeFocused();
      await card.click();
      await dialog.getByRole("link", { name: `Choose ${chosen.first_name}` }).click();
    } else {
      await page.goto(`/prices/total-by-stylist?${query(params)}`);
    }

    await expect(page).toHaveURL(/\/prices\/total-by-stylist\?/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Your quote with ${chosen.first_name}`);
    await expect(page.getByTestId("quote-total")).toHaveText(gbp(expected));
    await expect(page.getByRole("img", { name: `Portrait of ${chosen.first_name} ${chosen.last_name}` })).toBeVisible();
    if (walk.note) await expect(page.getByText(walk.note)).toBeVisible();
    else await expect(page.getByText(/works at/)).toHaveCount(0);
    await expectAccessible(page);
    await scriptsReady(page);

    await page.getByRole("link", { name: "I'm Happy!" }).click();
    const question = page.getByRole("heading", {
      name: "Have you been to the salon before (within the last 18 months)?",
    });
    await expect(question).toBeVisible();
    await expect(question).toBeFocused();
    await expectAccessible(page);
    await page.getByRole("link", { name: regular ? "Yes" : "No", exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/prices/finish\\?.*regular=${regular ? "yes" : "no"}`));
    await expectOneH1(page);
    await expect(page.getByTestId("quote-total")).toHaveText(gbp(expected));
    await expectAccessible(page);
    await scriptsReady(page);
    const clientName = `Grace${walk.flow}${walk.mode} Hopper`;
    // Each walk has its own contact details: at most three quote messages go to one address a day.
    const mobileDigits = `77009007${walkIndex}${walkIndex}`;
    const email = `grace.${walk.flow}.${walk.mode}@example.com`;
    await fillDetails(page, {
      name: clientName,
      mobile: `0${mobileDigits.slice(0, 4)} ${mobileDigits.slice(4)}`,
      email,
      referral: "Friends-family",
    });
    await page.getByRole("button", { name: "Send me my quote" }).click();

    await expect(page).toHaveURL(/\/prices\/finish\/submitted\?/);
    await expect(page.getByText(QUOTE_SUCCESS)).toBeVisible();
    await expectOneH1(page);
    await expectAccessible(page);
    const quoteHref = await page.getByRole("link", { name: "View your quote" }).getAttribute("href");
    const link = /^\/quote\/([A-Za-z0-9_-]{16})$/.exec(quoteHref ?? "")?.[1];
    expect(link, "a 16-character link (96 bits)").toBeTruthy();

    // The finish form's history entry was replaced: back goes to the stylist's total, not to the filled-in form.
    await page.goBack();
    await expect(page).toHaveURL(/\/prices\/total-by-stylist\?/);
    await page.goForward();
    await expect(page.getByText(QUOTE_SUCCESS)).toBeVisible();

    await page.getByRole("link", { name: "View your quote" }).click();
    await expect(page).toHaveURL(`/quote/${link}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `Estimated quote for Grace${walk.flow}${walk.mode}`,
    );
    await expect(page.locator("tbody tr")).toHaveCount(idsOf(params).length);
    await expect(page.getByTestId("quote-total")).toHaveText(gbp(expected));
    await expect(page.getByRole("img", { name: `Portrait of ${chosen.first_name} ${chosen.last_name}` })).toBeVisible();
    if (regular) {
      await expect(page.getByText("QG20", { exact: true })).toHaveCount(0);
    } else {
      await expect(page.getByText("QG20", { exact: true })).toBeVisible();
      await expect(page.getByTestId("offer-total")).toHaveText(gbp(Math.round((expected * 8) / 10)));
      await expect(page.getByText(/Valid until \w+ \d+(st|nd|rd|th) \d{4}/)).toBeVisible();
    }
    await expect(page.getByText(/skin test at least 48 hours/)).toHaveCount(walk.flow === "cutting" ? 0 : 1);
    // Through the site, which counts the click on the quote and sends on to the booking link (decision 073).
    await expect(page.getByRole("link", { name: "Book a free consultation" })).toHaveAttribute(
      "href",
      /^\/quote\/[A-Za-z0-9_-]{16}\/book$/,
    );
    const html = await page.content();
    for (const secret of [mobileDigits.slice(4), "07700", "+447700", email, "Hopper"])
      expect(html).not.toContain(secret);
    await expectAccessible(page);

    const row = await storedQuote(site, link ?? "");
    expect(row).toMatchObject({
      name: clientName,
      mobile: `+44${mobileDigits}`,
      regular,
      // A level walk picks its stylist from the level's list: still a quote made by level.
      selector: walk.mode === "level" ? "Level" : "Stylist",
      level_id: chosen.level,
      stylist_name: `${chosen.first_name} ${chosen.last_name}`,
      total_pence: expected,
    });
    expect(errors).toEqual([]);
  });
}

test("a refresh in the middle of the flow keeps every choice", async ({ page, request }) => {
  const catalogue = await fetchCatalogue(request);
  const params = { ...selection(catalogue, "colour"), mode: "stylist", stylist: "nadia", level: "6", salon: "1" };
  const expected = totalPence(catalogue, idsOf(params), 6);
  await page.goto(`/prices/total-by-stylist?${query(params)}`);
  await scriptsReady(page);
  await page.getByRole("link", { name: "I'm Happy!" }).click();
  await expect(page.getByRole("heading", { name: /Have you been to the salon before/ })).toBeVisible();
  const before = page.url();
  await page.reload();
  expect(page.url()).toBe(before);
  await expect(page.getByRole("heading", { name: /Have you been to the salon before/ })).toBeVisible();
  await expect(page.getByTestId("quote-total")).toHaveText(gbp(expected));
  await expect(page.getByText("Nadia works at our Kestwick salon")).toBeVisible();
  for (const [name, value] of Object.entries(params)) expect(new URL(page.url()).searchParams.get(name)).toBe(value);

  await page.getByRole("link", { name: "No", exact: true }).click();
  await expect(page).toHaveURL(/\/prices\/finish\?/);
  await page.reload();
  await expect(page.getByTestId("quote-total")).toHaveText(gbp(expected));
  // "Change Choices" goes back to the calculator with the same choices.
  const change = new URL(
    (await page.getByRole("link", { name: "Change Choices" }).getAttribute("href")) ?? "",
    page.url(),
  );
  expect(change.pathname).toBe("/prices/calculator");
  for (const name of SERVICE_PARAMS.filter((n) => n in params))
    expect(change.searchParams.get(name)).toBe(params[name as keyof typeof params]);
});

test("the finish form shows every message after an empty submit and checks the mobile really is one", async ({
  page,
  request,
}) => {
  const catalogue = await fetchCatalogue(request);
  const params = { ...selection(catalogue, "mens"), mode: "stylist", stylist: "isla", level: "7", regular: "no" };
  await page.goto(`/prices/finish?${query(params)}`);
  await scriptsReady(page);
  let posted = 0;
  page.on("request", (r) => {
    if (r.method() === "POST") posted++;
  });
  await page.getByRole("button", { name: "Send me my quote" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Please correct the highlighted fields" });
  await expect(summary).toBeFocused();
  for (const message of [MESSAGES.name, MESSAGES.mobile, MESSAGES.email, MESSAGES.referral]) {
    await expect(summary.getByRole("link", { name: message, exact: true })).toBeVisible();
  }
  const name = page.getByLabel("Your name");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription(MESSAGES.name);
  await expectAccessible(page);
  // The summary's first line takes the visitor to the field.
  await summary.getByRole("link", { name: MESSAGES.name }).click();
  await expect(name).toBeFocused();

  for (const notAMobile of ["12345", "01632 960214", "07700 9001234", "+353 87 123 4567"]) {
    await page.getByLabel("Mobile number").fill(notAMobile);
    await page.getByRole("button", { name: "Send me my quote" }).click();
    // The specification's refusal, then the field's own hint, which says what is taken: an Irish or French mobile
    // is a real number, refused only because the quote's text goes through a UK sender.
    await expect(page.getByLabel("Mobile number")).toHaveAccessibleDescription(
      `${MESSAGES.mobileInvalid} A UK mobile, such as 07700 900123.`,
    );
  }
  // Typing a real one clears its message as the visitor goes.
  await page.getByLabel("Mobile number").fill("07700 900123");
  await expect(page.getByLabel("Mobile number")).not.toHaveAttribute("aria-invalid");
  expect(posted).toBe(0);
});

test("without JavaScript the finish form posts to the page, shows the messages and saves", async ({
  browser,
  site,
  request,
}) => {
  const catalogue = await fetchCatalogue(request);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: site.url,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const params = { ...selection(catalogue, "cutting"), mode: "level", level: "4", regular: "no" };
  await page.goto(`/prices/finish?${query(params)}`);
  await page.getByRole("button", { name: "Send me my quote" }).click();
  // The same summary as with JavaScript, focused as the answer loads, and each field's own message.
  const summary = page.getByRole("alert").filter({ hasText: "Please correct the highlighted fields" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: MESSAGES.referral })).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveAccessibleDescription(MESSAGES.name);
  await expect(page.getByLabel("How did you hear about us?")).toHaveAccessibleDescription(MESSAGES.referral);
  await page.getByLabel("Your name").fill("Noscript Nell");
  await page.getByLabel("Mobile number").fill("07700 900 321");
  await page.getByLabel("Email address").fill("nell@example.com");
  await page.getByLabel("How did you hear about us?").selectOption("Google");
  await answerSkinTestIfAsked(page);
  await page.getByRole("button", { name: "Send me my quote" }).click();
  await expect(page).toHaveURL(/\/prices\/finish\/submitted\?/);
  await expect(page.getByText(QUOTE_SUCCESS)).toBeVisible();
  const href = await page.getByRole("link", { name: "View your quote" }).getAttribute("href");
  const row = await storedQuote(site, href?.replace("/quote/", "") ?? "");
  expect(row).toMatchObject({
    name: "Noscript Nell",
    selector: "Level",
    level_id: 4,
    stylist_name: null,
    total_pence: totalPence(catalogue, idsOf(params), 4),
  });
  await context.close();
});

test("when saving fails the visitor is told and keeps what they typed", async ({ page, request }) => {
  const catalogue = await fetchCatalogue(request);
  const params = { ...selection(catalogue, "colour"), mode: "stylist", stylist: "priya", level: "4", regular: "yes" };
  await page.goto(`/prices/finish?${query(params)}`);
  await scriptsReady(page);
  const details = { name: "Fail Whale", mobile: "07700 900555", email: "whale@example.com", referral: "Social Media" };
  await fillDetails(page, details);
  const send = page.getByRole("button", { name: "Send me my quote" });

  // The form's script posts to the finish page's own address.
  const finish = (url: URL) => url.pathname === "/prices/finish";
  await page.route(finish, (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Oops</h1>" })
      : route.continue(),
  );
  await send.click();
  // The server answered with an error: its fault, not the visitor's connection.
  await expect(page.getByRole("alert")).toContainText("our server couldn't save your form");
  await expect(page.getByRole("alert")).not.toContainText("check your connection");
  await expect(page.getByRole("alert")).toBeFocused();
  await expect(send).toBeEnabled();
  await expect(page.getByLabel("Your name")).toHaveValue(details.name);
  await expect(page.getByLabel("Mobile number")).toHaveValue(details.mobile);
  await expect(page.getByLabel("Email address")).toHaveValue(details.email);
  await expect(page.getByLabel("How did you hear about us?")).toHaveValue(details.referral);
  await expectAccessible(page);

  await page.unroute(finish);
  await page.route(finish, (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
  );
  await send.click();
  await expect(page.getByRole("alert")).toContainText("check your connection");
  await expect(send).toBeEnabled();
  await expect(page.getByLabel("Email address")).toHaveValue(details.email);

  await page.unroute(finish);
  await send.click();
  await expect(page).toHaveURL(/\/prices\/finish\/submitted\?/);
  await expect(page.getByText(QUOTE_SUCCESS)).toBeVisible();
});

test("a POST with invented prices is saved with the server's prices", async ({ request, site }) => {
  const catalogue = await fetchCatalogue(request);
  const params = selection(catalogue, "colour");
  const body = {
    ...params,
    mode: "level",
    level: 2,
    regular: false,
    name: "Sly Client",
    mobile: "+44 7700 900888",
    email: "sly@example.com",
    referral: "other",
    total: 1,
    quote: { services: idsOf(params).map((id) => ({ id, service: "anything", price: 0.01 })), total: 0.01 },
    lines: idsOf(params).map((id) => ({ serviceId: id, pricePence: 1 })),
  };
  const response = await request.post("/api/save-quote-details", { data: body });
  expect(response.status()).toBe(201);
  const { link, url } = await response.json();
  expect(url).toBe(`/quote/${link}`);
  const level = catalogue.levels.find((l) => l.id === 2);
  if (!level) throw new Error("no level 2");
  const row = await storedQuote(site, link);
  expect(row?.total_pence).toBe(totalPence(catalogue, idsOf(params), 2));
  expect(
    ((row?.lines ?? []) as { serviceId: number; pricePence: number }[]).map((line) => [
      line.serviceId,
      line.pricePence,
    ]),
  ).toEqual(
    idsOf(params).map((id) => [id, linePence(catalogue.services.find((s) => s.id === id) as ApiService, level)]),
  );

  const details = await (await request.get(`/api/get-quote-details/${link}`)).json();
  expect(details.name).toBe("Sly");
  expect(details.quote.total).toBe(totalPence(catalogue, idsOf(params), 2) / 100);
  expect(JSON.stringify(details)).not.toMatch(/7700|900888|sly@example\.com/);
});

test("a name of one long word breaks on the quote's heading instead of running off a 360 px phone", async ({
  page,
  request,
}) => {
  const catalogue = await fetchCatalogue(request);
  const params = selection(catalogue, "colour");
  const name = "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft Jr";
  const response = await request.post("/api/save-quote-details", {
    data: {
      ...params,
      mode: "level",
      level: 2,
      regular: false,
      name,
      mobile: "07700 900889",
      email: "w@example.com",
      referral: "other",
    },
  });
  expect(response.status()).toBe(201);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto((await response.json()).url);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(`Estimated quote for ${name.split(" ")[0]}`);
  // Its text within its own box (a clipped heading is as wide as ever, its text wider), and the page not wider.
  expect(await heading.evaluate((h) => h.scrollWidth - h.clientWidth)).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("New Starter restrictions hold on the totals screens and when saving", async ({ page, request }) => {
  const catalogue = await fetchCatalogue(request);
  const balayage = {
    type: "colour",
    mode: "level",
    level: "1",
    cc: "3",
    colour: String(serviceNamed(catalogue, 2, 3, "Uncoloured hair - above collar bone").id),
    plex: String(serviceNamed(catalogue, 5, 1, "K18").id),
    finish: String(serviceNamed(catalogue, 1, 0, "Dry & Style").id),
    finishAddon: String(serviceNamed(catalogue, 4, 0, "None").id),
  };
  const atLevel1 = await request.get(`/prices/total-by-level?${query(balayage)}`, { maxRedirects: 0 });
  expect(atLevel1.status()).toBe(302);
  expect(atLevel1.headers().location).toMatch(/^\/prices\/calculator\?/);
  // Rosa is a New Starter: no balayage with her either.
  const withRosa = await request.get(
    `/prices/total-by-stylist?${query({ ...balayage, mode: "stylist", stylist: "rosa" })}`,
    { maxRedirects: 0 },
  );
  expect(withRosa.status()).toBe(302);

  const contact = { name: "Ann", mobile: "07700900111", email: "ann@example.com", referral: "Google", regular: "no" };
  const refused = await request.post("/api/save-quote-details", { data: { ...balayage, ...contact } });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).fieldErrors.selection.join(" ")).toMatch(/not available at level New Starter/);
  const mens = { ...selection(catalogue, "mens"), mode: "level", level: "1" };
  expect((await request.post("/api/save-quote-details", { data: { ...mens, ...contact } })).status()).toBe(422);
  expect(
    (await request.post("/api/save-quote-details", { data: { ...mens, level: "2", ...contact, name: "" } })).status(),
  ).toBe(422);

  // A budget search leaves the New Starter out of a balayage.
  await page.goto(`/prices/total-by-price?${query({ ...balayage, budget: "10000" })}`);
  await expect(page.getByText("Rosa", { exact: false })).toHaveCount(0);
});

test("stylists within a budget, cheapest first, each at their own level's price", async ({ page, request }) => {
  const catalogue = await fetchCatalogue(request);
  const params = { ...selection(catalogue, "cutting"), mode: "level", level: "6" };
  await page.goto(`/prices/total-by-price?${query(params)}`);
  await expectOneH1(page);
  await scriptsReady(page);

  await page.getByLabel("Your budget").fill("lots");
  await page.getByRole("button", { name: "Find stylists" }).click();
  await expect(page.getByText("Please enter your budget in whole pounds, from £1 to £10,000")).toBeVisible();
  await expect(page.getByLabel("Your budget")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  const offered = catalogue.stylists.filter((s) => s.accepting_new_clients);
  const totals = offered.map((s) => ({
    name: `${s.first_name} ${s.last_name}`,
    total: totalPence(catalogue, idsOf(params), s.level),
  }));
  const sorted = [...totals].sort((a, b) => a.total - b.total);
  const budgetPounds = Math.floor(sorted[Math.floor(sorted.length / 2)]!.total / 100) + 1;
  const fits = sorted.filter((t) => t.total <= budgetPounds * 100);

  await page.getByLabel("Your budget").fill(String(budgetPounds));
  await page.getByRole("button", { name: "Find stylists" }).click();
  await expect(page).toHaveURL(new RegExp(`budget=${budgetPounds}`));
  const shown = page
    .getByRole("heading", { name: /Stylists within/ })
    .locator("xpath=..")
    .getByRole("listitem");
  await expect(shown).toHaveCount(fits.length);
  await expect(page.getByTestId("stylist-total")).toHaveText(fits.map((t) => gbp(t.total)));
  await expectAccessible(page);

  await page.getByLabel("Your budget").fill("1");
  await page.getByRole("button", { name: "Find stylists" }).click();
  await expect(page.getByText("Nobody can do these choices within £1.")).toBeVisible();
  await expect(page.getByText(`The lowest price for them is ${gbp(sorted[0]!.total)}`)).toBeVisible();

  await page.getByLabel("Your budget").fill(String(budgetPounds));
  await page.getByRole("button", { name: "Find stylists" }).click();
  await page.getByRole("link", { name: new RegExp(fits[0]!.name) }).click();
  await expect(page).toHaveURL(/\/prices\/total-by-stylist\?/);
  await expect(page.getByTestId("quote-total")).toHaveText(gbp(fits[0]!.total));
});

test("the guards send the visitor back to /prices or the calculator", async ({ request }) => {
  for (const path of [
    "/prices/total-by-level",
    "/prices/total-by-stylist",
    "/prices/total-by-price",
    "/prices/finish",
    "/prices/finish/submitted",
    "/prices/total-by-level?type=perm",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe("/prices");
  }
  const incomplete = await request.get("/prices/total-by-level?type=mens&mode=level&level=6", { maxRedirects: 0 });
  expect(incomplete.headers().location).toBe("/prices/calculator?type=mens&mode=level&level=6");
  const otherStatus = await request.get("/prices/finish/whatever?type=mens", { maxRedirects: 0 });
  expect(otherStatus.headers().location).toBe("/prices/finish?type=mens");
});

test("an unknown stylist and an unknown quote get helpful 404 pages", async ({ page, request }) => {
  const catalogue = await fetchCatalogue(request);
  const params = { ...selection(catalogue, "mens"), mode: "stylist", stylist: "nobody-here", level: "6" };
  const response = await page.goto(`/prices/total-by-stylist?${query(params)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that stylist");
  await expect(page.getByRole("link", { name: "Choose a stylist or level" })).toHaveAttribute(
    "href",
    /^\/prices\/calculator\?type=mens/,
  );
  await expectAccessible(page);

  const unavailable = await page.goto(`/prices/total-by-stylist?${query({ ...params, stylist: "harriet" })}`);
  expect(unavailable?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Harriet isn't taking new clients at the moment");
  // Harriet is the only Advanced Senior: the way on is the nearest level with someone to book, not an empty list.
  await page.getByRole("link", { name: "See our Senior Stylists" }).click();
  await expect(page).toHaveURL(/\/prices\/total-by-level\?.*level=8/);
  await expect(page.getByText(/None of our .* are taking new clients/)).toHaveCount(0);

  const missing = await page.goto("/quote/AAAAAAAAAAAAAAAA");
  expect(missing?.status()).toBe(404);
  expect(missing?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that quote");
  await expect(page.getByRole("link", { name: "Get a new quote" })).toHaveAttribute("href", "/prices");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expectAccessible(page);
  expect((await request.get("/quote/not-a-link")).status()).toBe(404);
  const api = await request.get("/api/get-quote-details/AAAAAAAAAAAAAAAA");
  expect(api.status()).toBe(404);
  expect(api.headers()["cache-control"]).toBe("private, no-store");
});
