/**
 * Lists that grow with the salon: reviews and blog posts come a page at a
 * time through plain links, the rotating review feeds carry a sample, and
 * the sitemap names each page once. Each test adds rows to the worker's
 * database for its own run and takes them out again.
 */
import { sql } from "drizzle-orm";
import { FEED_REVIEW_COUNT, POSTS_PER_PAGE, REVIEWS_PER_PAGE } from "../../app/domain/pagination";
import { blogPosts as seedPosts, reviews as seedReviews } from "../../app/server/seed/content";
import { expect, test } from "./fixtures";
import { expectWellFormedPage, scriptsReady, trackConsoleErrors } from "./helpers";

const EXTRA_REVIEWS = 60;
const CLIENT = "Growth Check";
const islaSeedReviews = seedReviews.filter((r) => r.stylistSlug === "isla").length;
const allReviews = seedReviews.length + EXTRA_REVIEWS;
const reviewPages = Math.ceil(allReviews / REVIEWS_PER_PAGE);

test.describe("with more reviews than a page holds", () => {
  test.beforeEach(async ({ site }) => {
    await site.db.execute(sql`delete from reviews where client like ${`${CLIENT}%`}`);
    await site.db.execute(sql`
      insert into reviews (review, client, stylist_slug)
      select 'A newer review, number ' || n || ', from a happy client of Isla.', ${CLIENT} || ' ' || n, 'isla'
      from generate_series(1, ${EXTRA_REVIEWS}) as n`);
  });
  test.afterEach(async ({ site }) => {
    await site.db.execute(sql`delete from reviews where client like ${`${CLIENT}%`}`);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("every review is reached through Next and Previous links, newest first", async ({ page }) => {
      // Several pages, each checked in full: more than the default time on a busy machine.
      test.slow();
      const items = page.getByTestId("review-list").getByRole("listitem");
      // Content reads may be cached for a moment after the rows change.
      await expect
        .poll(
          async () => {
            await page.goto("/reviews/all");
            return page.getByRole("status").textContent();
          },
          { timeout: 40_000, intervals: [500] },
        )
        .toBe(`Showing all ${allReviews} reviews, page 1 of ${reviewPages}`);
      await expect(items).toHaveCount(REVIEWS_PER_PAGE);
      await expect(items.first()).toContainText(`${CLIENT} ${EXTRA_REVIEWS}`);
      await expect(page.getByRole("link", { name: "Previous page" })).toHaveCount(0);

      const seen = new Set(await items.locator("figcaption").allTextContents());
      for (let n = 2; n <= reviewPages; n++) {
        await page
          .getByRole("navigation", { name: "Pages of reviews" })
          .getByRole("link", { name: "Next page" })
          .click();
        await expect(page).toHaveURL(new RegExp(`/reviews/all\\?page=${n}$`));
        await expect(page).toHaveTitle(`All reviews (page ${n} of ${reviewPages}) | Maison Ivy`);
        for (const caption of await items.locator("figcaption").allTextContents()) seen.add(caption);
      }
      expect(seen.size, "each review once across the pages").toBe(allReviews);
      await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);

      await page.getByRole("link", { name: "Previous page" }).click();
      await expect(page).toHaveURL(
        reviewPages === 2 ? /\/reviews\/all$/ : new RegExp(`/reviews/all\\?page=${reviewPages - 1}$`),
      );
    });

    test("a stylist's reviews have pages of their own, and the filter form lands on their first", async ({ page }) => {
      // Several pages, each checked in full: more than the default time on a busy machine.
      test.slow();
      await page.goto("/reviews/all");
      await page.getByLabel("Show reviews of").selectOption("isla");
      await page.getByRole("button", { name: "Show reviews" }).click();
      await expect(page).toHaveURL(/\/reviews\/isla$/);
      const isla = islaSeedReviews + EXTRA_REVIEWS;
      const pages = Math.ceil(isla / REVIEWS_PER_PAGE);
      await expect(page.getByRole("status")).toContainText(`Showing ${isla} reviews of Isla`);
      await page.getByRole("link", { name: "Next page" }).click();
      await expect(page).toHaveURL(/\/reviews\/isla\?page=2$/);
      await expect(page.getByTestId("review-list").getByRole("listitem")).toHaveCount(
        Math.min(REVIEWS_PER_PAGE, isla - REVIEWS_PER_PAGE),
      );
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reviews of Isla Brennan");
      await expect(page).toHaveTitle(`Reviews of Isla Brennan (page 2 of ${pages}) | Maison Ivy`);
    });
  });

  test("pages past the end, and page numbers that are not numbers, are not found", async ({ request }) => {
    for (const path of [
      `/reviews/all?page=${reviewPages + 1}`,
      "/reviews/all?page=0",
      "/reviews/all?page=two",
      "/reviews/isla?page=99",
      "/blog-info?page=99",
      "/blog-info?page=-1",
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toMatch(/We couldn(&#x27;|')t find/);
    }
  });

  test("choosing a stylist swaps in their first page in place, with its own page links", async ({ page }) => {
    // Several pages, each checked in full: more than the default time on a busy machine.
    test.slow();
    const errors = trackConsoleErrors(page);
    await expect
      .poll(async () => (await page.goto(`/reviews/all?page=${reviewPages}`))?.status(), {
        timeout: 40_000,
        intervals: [500],
      })
      .toBe(200);
    // A later page is a page of its own: its own title, canonical address, one h1, accessible.
    await expect(page).toHaveTitle(`All reviews (page ${reviewPages} of ${reviewPages}) | Maison Ivy`);
    await expectWellFormedPage(page, `/reviews/all?page=${reviewPages}`);
    await scriptsReady(page);
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(r.url());
    });
    await page.getByLabel("Show reviews of").selectOption("isla");
    await expect(page).toHaveURL(/\/reviews\/isla$/);
    const items = page.getByTestId("review-list").getByRole("listitem");
    await expect(items).toHaveCount(REVIEWS_PER_PAGE);
    for (const caption of await items.locator("figcaption").allTextContents())
      expect(caption).toMatch(/ with Isla(Added by the salon.*|Verified visit on .+)$/);
    await expect(page.getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/reviews/isla?page=2");
    expect(documents, "chosen without leaving the page").toEqual([]);
    expect(errors).toEqual([]);
  });

  test("the home and team pages' review feeds carry a sample, however many reviews there are", async ({ page }) => {
    for (const path of ["/", "/team/isla"]) {
      await expect
        .poll(
          async () => {
            await page.goto(path);
            return page.locator("[data-review-feed] figure[data-review]").count();
          },
          { message: path, timeout: 40_000, intervals: [500] },
        )
        .toBe(FEED_REVIEW_COUNT);
    }
  });

  test("the sitemap names each later page of all reviews once, and none past the end", async ({ request }) => {
    await expect
      .poll(
        async () => (await (await request.get("/sitemap.xml")).text()).includes(`/reviews/all?page=${reviewPages}<`),
        {
          timeout: 40_000,
          intervals: [500],
        },
      )
      .toBe(true);
    const xml = await (await request.get("/sitemap.xml")).text();
    expect(xml).not.toContain(`/reviews/all?page=${reviewPages + 1}<`);
    expect(xml).not.toContain("/reviews/isla?page=");
  });
});

test.describe("with more posts than a page holds", () => {
  const EXTRA_POSTS = POSTS_PER_PAGE;
  const total = seedPosts.length + EXTRA_POSTS;
  const pages = Math.ceil(total / POSTS_PER_PAGE);
  test.beforeEach(async ({ site }) => {
    await site.db.execute(sql`delete from blog_posts where slug like 'growth-check-%'`);
    await site.db.execute(sql`
      insert into blog_posts (slug, title, image, body_html, author, published_at)
      select 'growth-check-' || n, 'Growth check ' || n, '/images/blog/your-skin-test-explained.svg',
             '<p>Words of post ' || n || '.</p>', 'Test Author', date '1990-01-01' + n
      from generate_series(1, ${EXTRA_POSTS}) as n`);
  });
  test.afterEach(async ({ site }) => {
    await site.db.execute(sql`delete from blog_posts where slug like 'growth-check-%'`);
  });

  test("the list of posts comes a page at a time, the oldest last, without JavaScript", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    const posts = page.getByTestId("post-list").getByRole("listitem");
    await expect
      .poll(
        async () => {
          await page.goto("/blog-info");
          return page.getByRole("link", { name: "Next page" }).count();
        },
        { timeout: 40_000, intervals: [500] },
      )
      .toBe(1);
    await expect(posts).toHaveCount(POSTS_PER_PAGE);
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/blog-info\?page=2$/);
    await expect(posts).toHaveCount(total - POSTS_PER_PAGE * (pages - 1));
    await expect(posts.last()).toContainText("Growth check 1");
    await page.goto("/blog");
    await expect(page.getByRole("link", { name: `Read all ${total} posts` })).toBeVisible();
    await context.close();
  });

  test("a later page of posts is a well-formed page of its own", async ({ page }) => {
    await expect
      .poll(async () => (await page.goto("/blog-info?page=2"))?.status(), { timeout: 40_000, intervals: [500] })
      .toBe(200);
    await expect(page).toHaveTitle(`All blog posts (page 2 of ${pages}) | Maison Ivy`);
    await expectWellFormedPage(page, "/blog-info?page=2");
  });
});
