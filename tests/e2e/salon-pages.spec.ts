import type { Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { FOUNDING_STORY } from "../../app/domain/brand";
import { yearsActive } from "../../app/domain/dates";
import { blogPosts, reviews as seedReviews, stylists } from "../../app/server/seed/content";
import { seedNotices } from "../../app/server/seed/notices";
import { seedLevels } from "../../app/server/seed/services";
import { expect, type Site, test } from "./fixtures";
import {
  expectAccessible,
  expectDistinctTitles,
  expectOneH1,
  expectWellFormedPage,
  scriptsReady,
  trackConsoleErrors,
} from "./helpers";

/** The eight stylists with a static profile page: those with an Instagram profile (decision 002). */
const PROFILED = stylists.filter((s) => s.instagram);
const postsNewestFirst = [...blogPosts].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
const LONG_DATE =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}(st|nd|rd|th) \d{4}$/;

const PAGES = [
  "/",
  "/about",
  "/about-info",
  "/team",
  "/team-info",
  ...stylists.map((s) => `/team/${s.slug}`),
  ...PROFILED.map((s) => `/team/${s.slug}-profile`),
  "/blog",
  "/blog-info",
  ...blogPosts.map((p) => `/blog/${p.slug}`),
  "/reviews",
  "/reviews/all",
  ...stylists.map((s) => `/reviews/${s.slug}`),
  "/contact",
  "/contact-info",
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

async function visit(page: Page, path: string, status = 200) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
}

/** The JSON-LD blocks of the page, parsed. */
async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

test.describe("every salon page", () => {
  test("the list covers the eight static profile pages", () => {
    expect(PROFILED).toHaveLength(8);
  });

  for (const path of PAGES) {
    test(`${path}: 200, one h1, its own meta tags, no console error, accessible`, async ({ page }) => {
      const errors = trackConsoleErrors(page);
      await visit(page, path);
      await expect(page).toHaveTitle(/\S/);
      await expectWellFormedPage(page, path);
      expect(errors).toEqual([]);
    });
  }

  test("every page title is its own", async ({ request }) => {
    await expectDistinctTitles(request, PAGES);
  });
});

test.describe("unknown subjects get a helpful 404 page", () => {
  for (const { path, heading, link } of [
    { path: "/team/nobody", heading: "We couldn't find that stylist", link: "Meet the team" },
    { path: "/team/jonah-profile", heading: "We couldn't find that stylist", link: "Meet the team" },
    { path: "/team/nobody-profile", heading: "We couldn't find that stylist", link: "Meet the team" },
    { path: "/blog/no-such-post", heading: "We couldn't find that post", link: "See all posts" },
    { path: "/reviews/nobody", heading: "We couldn't find that stylist", link: "Read all reviews" },
  ]) {
    test(path, async ({ page, request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(404);
      await page.goto(path);
      await expectOneH1(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      // Inside the site: the navigation is there, and so is a way on.
      await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
      await expect(page.getByRole("main").getByRole("link", { name: link })).toBeVisible();
      await expectAccessible(page);
    });
  }
});

test("about-info counts the years from 1 November 2002 and claims 700+ 5 star reviews", async ({ page }) => {
  await visit(page, "/about-info");
  await expect(page.getByTestId("years-active")).toHaveText(String(yearsActive(new Date())));
  await expect(page.getByRole("main")).toContainText("700+ 5 star reviews");
  await page.getByRole("main").getByRole("link", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.getByRole("link", { name: "Read our story" }).click();
  await expect(page).toHaveURL(/\/about-info$/);
});

test("/about and /about-info tell the same founding story and the same count of salons", async ({ page }) => {
  const story = `${FOUNDING_STORY.beganWith} ${FOUNDING_STORY.where}`;
  await visit(page, "/about");
  await expect(page.getByRole("main")).toContainText(`What began as ${story} is now two salons and a training academy`);
  await visit(page, "/about-info");
  await expect(page.getByRole("main")).toContainText(`with ${story}, ${FOUNDING_STORY.town}`);
  await expect(page.getByRole("main")).toContainText(`began with ${FOUNDING_STORY.beganWith},`);
  for (const path of ["/about", "/about-info"]) {
    await visit(page, path);
    await expect(page.getByRole("main")).not.toContainText(/single chair|three salons/i);
  }
});

/**
 * A stylist's typical cut & colour worked out in SQL from the price list, as
 * a second reading of the rule (decision 080): roots colour (service 6) and a
 * cut & blow-dry (service 1) at their level, each labour to the penny, the
 * roots' product added, each line to the whole pound, then summed.
 */
const TYPICAL_PRICE = sql`(
  round((round(r.price_pence * (10000 + l.adapter_bp) / 10000.0) + r.product_price_pence) / 100.0)
  + round(round(c.price_pence * (10000 + l.adapter_bp) / 10000.0) / 100.0))::int`;

async function typicalPounds(site: Site, slug: string) {
  const found = await site.db.execute<{ price: number }>(
    sql`select ${TYPICAL_PRICE} as price from stylists s join levels l on l.id = s.level_id
        join services r on r.id = 6 join services c on c.id = 1 where s.slug = ${slug}`,
  );
  return Number(found.rows[0]?.price);
}

test("team-info says how many we are and has a card per member linking to the profile", async ({ page, site }) => {
  const team = await site.db.execute<{
    slug: string;
    first_name: string;
    last_name: string;
    level: string;
    para_1: string;
    price: number;
  }>(
    sql`select s.slug, s.first_name, s.last_name, l.name as level, s.para_1, ${TYPICAL_PRICE} as price
        from stylists s join levels l on l.id = s.level_id join services r on r.id = 6 join services c on c.id = 1
        order by s.display_order, s.id`,
  );
  await visit(page, "/team-info");
  await expect(page.getByTestId("team-count")).toContainText(`We're a team of ${team.rows.length}`);
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(team.rows.length);
  for (const [i, m] of team.rows.entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole("heading", { name: `${m.first_name} ${m.last_name}` })).toBeVisible();
    await expect(card.getByRole("link")).toHaveAttribute("href", `/team/${m.slug}`);
    await expect(card).toContainText(m.level);
    await expect(card).toContainText(m.para_1);
    await expect(card).toContainText(`Typical cut & colour £${m.price}`);
    await expect(card.locator("img")).toHaveAttribute("src", /\/images\/team\//);
  }
  await cards.first().click({ position: { x: 40, y: 40 } }); // on the portrait: the whole card is the link
  await expect(page).toHaveURL(new RegExp(`/team/${team.rows[0]!.slug}$`));
});

test("a team member page has the montage, level, paragraphs, price, their reviews, quote, share and back", async ({
  page,
  context,
  baseURL,
  site,
}) => {
  // A desktop without the Web Share API: the link is copied instead.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const errors = trackConsoleErrors(page);
  await visit(page, "/team/isla");
  const main = page.getByRole("main");
  await expect(main.locator('img[src="/images/team/isla-montage.svg"]')).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Isla Brennan");
  const isla = stylists.find((s) => s.slug === "isla")!;
  await expect(main.locator(".eyebrow").first()).toHaveText(seedLevels.find((l) => l.id === isla.levelId)!.name);
  for (const para of [isla.para1, isla.para2, isla.para3!]) await expect(main.getByText(para)).toBeVisible();
  await expect(page.getByTestId("typical-price")).toContainText(
    `Typical cut & colour £${await typicalPounds(site, "isla")}`,
  );

  const feed = main.getByRole("region", { name: "What Isla's clients say" });
  await expect(feed).toBeVisible();
  const islaReviews = seedReviews.filter((r) => r.stylistSlug === "isla").map((r) => r.client);
  const clientOf = (caption: string) => caption.replace(/ on Isla$/, "").trim();
  expect(islaReviews).toContain(clientOf((await feed.locator("figcaption:visible").textContent())!));
  for (const caption of await feed.locator("figcaption").allTextContents())
    expect(islaReviews).toContain(clientOf(caption));

  await expect(main.getByRole("link", { name: "Get a quote with Isla" })).toHaveAttribute("href", "/prices/isla");
  await expect(main.getByRole("link", { name: "Back to the team" })).toHaveAttribute("href", "/team-info");

  await main.getByRole("link", { name: /Share/ }).click();
  await expect(main.getByRole("status")).toHaveText(/Link copied/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/team/isla`);
  await expect(page).toHaveURL(/\/team\/isla$/);
  expect(errors).toEqual([]);
});

test("a team member without a third paragraph shows two", async ({ page, site }) => {
  await visit(page, "/team/theo");
  const theo = stylists.find((s) => s.slug === "theo")!;
  expect(theo.para3).toBeNull();
  await expect(page.getByRole("main").getByText(theo.para2)).toBeVisible();
  await expect(page.getByTestId("typical-price")).toContainText(
    `Typical cut & colour £${await typicalPounds(site, "theo")}`,
  );
});

test("Harriet's page says she isn't taking new clients", async ({ page }) => {
  await visit(page, "/team/harriet");
  await expect(page.getByRole("main")).toContainText("Harriet isn't taking new clients at the moment");
});

test.describe("the eight static profile pages", () => {
  for (const s of PROFILED) {
    test(`/team/${s.slug}-profile has photos, bio, Instagram, quote and back`, async ({ page }) => {
      await visit(page, `/team/${s.slug}-profile`);
      const main = page.getByRole("main");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${s.firstName} ${s.lastName}`);
      await expect(main.locator(`img[src="${s.image}"]`)).toBeVisible();
      await expect(main.locator(`img[src="${s.montageImage}"]`)).toBeAttached();
      await expect(main.getByText(s.para1)).toBeVisible();
      await expect(main.getByRole("link", { name: `Follow ${s.firstName} on Instagram` })).toHaveAttribute(
        "href",
        s.instagram!,
      );
      // A stylist not taking new clients says so before any quote link, and offers no quote with them.
      const quoteName = s.acceptingNewClients ? `Get a quote with ${s.firstName}` : "Find a stylist taking new clients";
      await expect(main.getByRole("link", { name: quoteName })).toHaveAttribute("href", `/prices/${s.slug}`);
      if (!s.acceptingNewClients) {
        const note = main.getByText(`${s.firstName} isn't taking new clients at the moment`);
        await expect(note).toBeVisible();
        const noteFirst = await note.evaluate(
          (el, link) => Boolean(link && el.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING),
          await main.getByRole("link", { name: quoteName }).elementHandle(),
        );
        expect(noteFirst).toBe(true);
        await expect(main.getByRole("link", { name: /Get a quote with/ })).toHaveCount(0);
      }
      await expect(main.getByRole("link", { name: "Back to the team" })).toHaveAttribute("href", "/team-info");
    });
  }
});

test("the blog list is newest first, dated like 'November 10th 2026', and Read More opens the post", async ({
  page,
}) => {
  await visit(page, "/blog-info");
  const list = page.getByTestId("post-list");
  await expect(list.getByRole("heading", { level: 2 })).toHaveText(postsNewestFirst.map((p) => p.title));
  const dates = await list.locator("time").all();
  expect(dates).toHaveLength(blogPosts.length);
  for (const [i, time] of dates.entries()) {
    await expect(time).toHaveText(LONG_DATE);
    await expect(time).toHaveAttribute("datetime", postsNewestFirst[i]!.publishedAt);
  }
  await expect(dates[0]!).toHaveText("November 10th 2026");
  await expect(list.getByRole("article").first()).toContainText(postsNewestFirst[0]!.author);

  const readMore = list
    .getByRole("article")
    .first()
    .getByRole("link", { name: /^Read More/ });
  await expect(readMore).toHaveAccessibleName(new RegExp(`${escapeRegExp(postsNewestFirst[0]!.title)}$`));
  await readMore.click();
  await expect(page).toHaveURL(new RegExp(`/blog/${postsNewestFirst[0]!.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(postsNewestFirst[0]!.title);
  await expect(page.getByRole("main").locator("time")).toHaveText("November 10th 2026");
  await expect(
    page.getByTestId("post-body").getByRole("heading", { name: "Wash less, and wash cooler" }),
  ).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Back to the blog" }).first().click();
  await expect(page).toHaveURL(/\/blog-info$/);
});

test("a blog post carries BlogPosting structured data", async ({ page }) => {
  const post = blogPosts.find((p) => p.slug === "your-skin-test-explained")!;
  await visit(page, `/blog/${post.slug}`);
  const [ld, ...more] = await structuredData(page);
  expect(more).toEqual([]);
  expect(ld).toMatchObject({
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    datePublished: post.publishedAt,
    author: { "@type": "Person", name: post.author },
  });
  expect(String(ld!.url)).toMatch(new RegExp(`/blog/${post.slug}$`));
  expect(String(ld!.image)).toMatch(/^http.*\.svg$/);
});

test("a blog body from the database is sanitised before it is rendered", async ({ page, site }) => {
  const slug = "sanitiser-check";
  const body =
    '<p id="first" onclick="window.__clicked = true">Safe words</p><script>window.__pwned = true</script>' +
    '<img src="x" onerror="window.__pwned = true"><a href="javascript:window.__pwned = true">bad link</a>' +
    '<a href="https://elsewhere.example/">outside</a><iframe src="https://evil.example"></iframe>';
  await site.db.execute(sql`delete from blog_posts where slug = ${slug}`);
  await site.db.execute(
    sql`insert into blog_posts (slug, title, image, body_html, author, published_at)
        values (${slug}, 'Sanitiser check', '/images/blog/your-skin-test-explained.svg', ${body}, 'Test Author', '2001-01-01')`,
  );
  try {
    const errors = trackConsoleErrors(page);
    // Content reads may be cached for a moment; a new post is there as soon as the cache lets go of the old list.
    await expect
      .poll(async () => (await page.goto(`/blog/${slug}`))?.status(), { timeout: 40_000, intervals: [500] })
      .toBe(200);
    const bodyEl = page.getByTestId("post-body");
    await expect(bodyEl).toContainText("Safe words");
    await expect(bodyEl.locator("script, img, iframe")).toHaveCount(0);
    expect(await bodyEl.innerHTML()).not.toMatch(/\son\w+=|javascript:|id="first"/i);
    await expect(bodyEl.getByRole("link", { name: "outside" })).toHaveAttribute("rel", "noopener");
    // The refused link's words stay, as words: nothing that looks like a link and goes nowhere.
    await expect(bodyEl.getByText("bad link")).toBeVisible();
    await expect(bodyEl.locator("a:not([href])")).toHaveCount(0);
    await bodyEl.getByText("Safe words").click();
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { __pwned?: boolean; __clicked?: boolean }).__pwned ??
          (window as unknown as { __clicked?: boolean }).__clicked ??
          false,
      ),
    ).toBe(false);
    expect(errors).toEqual([]);
  } finally {
    await site.db.execute(sql`delete from blog_posts where slug = ${slug}`);
  }
});

test("the review filter applies in place at /reviews/{slug}, and that page loads the stylist's reviews afresh", async ({
  page,
}) => {
  const errors = trackConsoleErrors(page);
  await visit(page, "/reviews/all");
  await scriptsReady(page);
  const items = page.getByTestId("review-list").getByRole("listitem");
  await expect(items).toHaveCount(seedReviews.length);

  const filter = page.getByRole("search", { name: "Filter reviews by stylist" });
  const reloads: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") reloads.push(new URL(r.url()).pathname);
  });
  await filter.getByLabel("Show reviews of").selectOption({ label: "Isla Brennan" });
  await expect(page).toHaveURL(/\/reviews\/isla$/);
  const isla = seedReviews.filter((r) => r.stylistSlug === "isla");
  await expect(items).toHaveCount(isla.length);
  for (const caption of await items.locator("figcaption").allTextContents())
    expect(caption).toMatch(/ with Isla(Added by the salon.*|Verified visit on .+)$/);
  expect(reloads, "chosen without leaving the page").toEqual([]);

  // The address is the stylist's page: loaded again, it is rendered for Isla from fresh data.
  const islaLoad = page.waitForResponse((r) => new URL(r.url()).pathname === "/reviews/isla" && r.status() === 200);
  await page.reload();
  await islaLoad;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reviews of Isla Brennan");
  await expect(items).toHaveCount(isla.length);
  await expect(filter.getByLabel("Show reviews of")).toHaveValue("isla");
  expect(errors).toEqual([]);
});

test("without JavaScript the review filter's GET form lands on the stylist's page", async ({ request }) => {
  const response = await request.get("/reviews/all?stylist=camille", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/reviews/camille");
  const fromTeaser = await request.get("/reviews?stylist=all", { maxRedirects: 0 });
  expect(fromTeaser.headers().location).toBe("/reviews/all");
  const unknown = await request.get("/reviews/all?stylist=nobody");
  expect(unknown.status()).toBe(404);
});

test("the contact teaser has the essentials and leads to the contact page", async ({ page }) => {
  await visit(page, "/contact");
  const main = page.getByRole("main");
  await expect(main).toContainText("14 Market Row");
  await expect(main.getByRole("link", { name: /01632 960214/ })).toHaveAttribute("href", "tel:01632960214");
  await expect(main).toContainText("Tue & Fri");
  await expect(main).toContainText("Mon & Sun");
  await main.getByRole("link", { name: "All salons and opening hours" }).click();
  await expect(page).toHaveURL(/\/contact-info$/);
});

test("the contact page has each salon's address, phone and booking link, the hours, the app note and Back to contact", async ({
  page,
}) => {
  await visit(page, "/contact-info");
  const main = page.getByRole("main");
  for (const [name, street, tel, booking] of [
    ["Maison Ivy Wrenbridge", "14 Market Row", "01632960214", "https://booking.example/maison-ivy-wrenbridge"],
    ["Maison Ivy Kestwick", "3 Abbey Walk", "01632960587", "https://booking.example/maison-ivy-kestwick"],
    ["The Ivy Academy", "The Old Tannery, Mill Lane", "01632960730", "https://booking.example/ivy-academy"],
  ] as const) {
    const card = main.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(card).toContainText(street);
    await expect(card.locator(`a[href="tel:${tel}"]`)).toBeVisible();
    await expect(card.getByRole("link", { name: `Book online at ${name}` })).toHaveAttribute("href", booking);
  }
  const hours = main.locator("#opening-hours");
  for (const [day, label] of [
    ["Monday", "Closed"],
    ["Tuesday", "9am – 5pm"],
    ["Wednesday", "11am – 8pm"],
    ["Thursday", "11am – 8pm"],
    ["Friday", "9am – 5pm"],
    ["Saturday", "8:30am – 4:30pm"],
  ]) {
    await expect(hours.locator("dt", { hasText: day }).locator("+ dd")).toHaveText(label!);
  }
  await expect(main.getByRole("heading", { name: "Book and manage appointments in the booking app" })).toBeVisible();
  await main.getByRole("link", { name: "Back to contact" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

for (const path of ["/contact-info", "/"]) {
  test(`${path} describes each salon as a HairSalon with its opening hours`, async ({ page }) => {
    await visit(page, path);
    const salons = await structuredData(page);
    expect(salons.map((s) => s.name)).toEqual(["Maison Ivy Wrenbridge", "Maison Ivy Kestwick", "The Ivy Academy"]);
    for (const salon of salons) {
      expect(salon["@context"]).toBe("https://schema.org");
      expect(salon["@type"]).toBe("HairSalon");
      expect(salon.address).toMatchObject({ "@type": "PostalAddress", addressCountry: "GB" });
      expect(salon.telephone).toMatch(/^\+44 1632 960\d{3}$/);
      const hours = salon.openingHoursSpecification as { dayOfWeek: string; opens: string; closes: string }[];
      const day = (name: string) => hours.find((h) => h.dayOfWeek === `https://schema.org/${name}`);
      expect(day("Monday")).toMatchObject({ opens: "00:00", closes: "00:00" }); // closed all day
      expect(day("Tuesday")).toMatchObject({ opens: "09:00", closes: "17:00" });
      expect(day("Wednesday")).toMatchObject({ opens: "11:00", closes: "20:00" });
      expect(day("Saturday")).toMatchObject({ opens: "08:30", closes: "16:30" });
    }
    expect(salons[0]!.address).toMatchObject({
      streetAddress: "14 Market Row",
      postalCode: "WB1 2MR",
      addressLocality: "Wrenbridge",
    });
  });
}

test("sitemap.xml lists every public page with absolute URLs, posts, team members and offers included", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
  const xml = await response.text();
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\s*<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
  );
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  for (const loc of locs) expect(loc.startsWith(`${baseURL}/`), loc).toBe(true);
  const paths = new Set(locs.map((l) => new URL(l).pathname));
  expect(paths.size).toBe(locs.length);
  const expected = [
    ...PAGES,
    ...stylists.map((s) => `/prices/${s.slug}`),
    ...seedNotices.map((n) => n.path),
    "/offers",
    "/refer-a-friend",
    "/online-shop",
    "/recruitment",
  ];
  for (const path of expected) expect(paths, path).toContain(path);
  for (const path of ["/team/jonah-profile", "/details", "/gift-voucher"]) expect(paths).not.toContain(path);
  // The sitemap lists only the offers that run. As seeded, the campaigns are dated from the first start and
  // run; the twentieth birthday (November 2022) has ended.
  for (const slug of ["nadia-and-freya", "keratin", "general"]) expect(paths).toContain(`/offers/${slug}`);
  for (const slug of ["birthday", "20th-birthday"]) expect(paths).not.toContain(`/offers/${slug}`);
});

test("robots.txt allows the site, keeps out the API, quotes and the quote form, and names the sitemap", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const lines = (await response.text()).split("\n");
  for (const line of [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /quote/",
    "Disallow: /prices/finish",
    `Sitemap: ${baseURL}/sitemap.xml`,
  ]) {
    expect(lines).toContain(line);
  }
});

// Each page is whole when it arrives, so the browser's own jump to a link's hash lands on the element at once:
// no script waits for the page to be drawn, as the old site's 500 ms delay did (decision 062).
test.describe("scrolling", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("a link with a hash brings its element into view", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await visit(page, "/contact");
    await page.getByRole("link", { name: "Full opening hours and our other salons" }).click();
    await expect(page).toHaveURL(/\/contact-info#opening-hours$/);
    await page.waitForLoadState("load");
    await expect(page.locator("#opening-hours")).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test("arriving from outside with a hash lands on the element too", async ({ page }) => {
    await visit(page, "/contact-info#opening-hours");
    await expect(page.locator("#opening-hours")).toBeInViewport({ timeout: 3000 });
  });

  test("every other navigation starts at the top", async ({ page }) => {
    await visit(page, "/team-info");
    const last = page.getByRole("main").getByRole("article").last();
    await last.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await last.getByRole("link").click();
    await expect(page).toHaveURL(/\/team\/rosa$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rosa Whitlock");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
