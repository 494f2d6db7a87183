import { expect, test } from "./fixtures";
import { expectAccessible, expectOneH1, trackConsoleErrors } from "./helpers";

const NAV_LABELS = [
  "Home",
  "About",
  "Prices",
  "Referrals",
  "Offers",
  "More",
  "Online Shop",
  "Team",
  "Blog",
  "Reviews",
  "Recruitment",
  "Models",
  "Book Now",
  "Contact Us",
];

test("the server sends the home page with the whole navigation in its HTML", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<title>[^<]+<\/title>/);
  expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
  const nav = html.slice(html.indexOf('<nav aria-label="Main"'), html.indexOf("</nav>"));
  for (const label of NAV_LABELS) expect(nav, `nav has ${label}`).toContain(`>${label}`);
  expect(nav).toMatch(/href="https:\/\/[^"]+"[^>]*>Book Now/);
  expect(html).toContain("Opening hours");
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]) expect(html).toContain(day);
});

test("home page shows four news items, the review feed and social links", async ({ page }) => {
  const errors = trackConsoleErrors(page);
  await page.goto("/");
  await expectOneH1(page);
  const news = page.getByRole("region", { name: "News from the salon" }).getByRole("listitem");
  await expect(news).toHaveCount(4);
  for (const text of await news.locator("p").allTextContents()) expect(text.length).toBeLessThanOrEqual(121);
  await expect(page.getByRole("heading", { name: "What our clients say" })).toBeVisible();
  for (const name of ["Instagram", "Facebook", "Twitter", "Pinterest"]) {
    await expect(page.getByRole("main").getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test("the More dropdown opens, is followed and closes by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  // On a screen this size the review feed is within a screen's height, so its script loads with the page and
  // brings the menus' Escape with it; its buttons show once it has run.
  await expect(page.getByRole("button", { name: "Pause reviews" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  const more = nav.locator("summary", { hasText: "More" });
  const team = nav.getByRole("link", { name: "Team", exact: true });
  await expect(team).toBeHidden();

  await more.focus();
  await page.keyboard.press("Enter");
  await expect(team).toBeVisible();
  await expect(nav.getByRole("link", { name: "Models" })).toBeVisible();
  await expectAccessible(page);

  await page.keyboard.press("Escape");
  await expect(team).toBeHidden();
  await expect(more).toBeFocused();

  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Online Shop" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(team).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/team$/);
  await expect(team).toBeHidden();
});

test("on a phone the menu button opens every link", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  const menu = page.getByTestId("phone-menu");
  await menu.locator("summary").click();
  for (const label of [
    "Home",
    "About",
    "Prices",
    "Referrals",
    "Offers",
    "Online Shop",
    "Team",
    "Blog",
    "Reviews",
    "Recruitment",
    "Models",
  ]) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expectAccessible(page);
  // The page has loaded no script (the reviews are far below), so the menu is the browser's own: its button closes it.
  await menu.locator("summary").click();
  await expect(menu.getByRole("link", { name: "Team", exact: true })).toBeHidden();
});

test("unknown paths go to the home page and /details to /contact", async ({ request, page }) => {
  const unknown = await request.get("/no-such-page/at-all", { maxRedirects: 0 });
  expect(unknown.status()).toBe(302);
  expect(unknown.headers().location).toBe("/");
  const details = await request.get("/details", { maxRedirects: 0 });
  expect([301, 302]).toContain(details.status());
  expect(details.headers().location).toBe("/contact");
  await page.goto("/somewhere-else");
  await expect(page).toHaveURL(/\/$/);
});

test("health check answers 200 while the database answers", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});
