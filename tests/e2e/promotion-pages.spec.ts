import type { Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { PROMOTION_PAGES } from "../../app/domain/site-pages";
import { seedNotices } from "../../app/server/seed/notices";
import { seedOffers } from "../../app/server/seed/offers";
import { expect, type Site, test } from "./fixtures";
import {
  expectAccessible,
  expectDistinctTitles,
  expectOneH1,
  expectWellFormedPage,
  scriptsReady,
  trackConsoleErrors,
} from "./helpers";

/** The seeded main salon's booking page and phone (app/server/seed/content.ts). */
const MAIN_BOOKING_URL = "https://booking.example/maison-ivy-wrenbridge";
const KESTWICK_BOOKING_URL = "https://booking.example/maison-ivy-kestwick";

/**
 * Changes settings rows for the length of `run`, then puts back what was there.
 * Each worker has its own database and runs one test at a time, so this never
 * leaks into another test.
 */
async function withSettings(site: Site, values: Record<string, string>, run: () => Promise<void>) {
  const keys = Object.keys(values);
  const before = await site.db.execute<{ key: string; value: string }>(
    sql`select key, value from site_settings where key in ${keys}`,
  );
  expect(before.rows, "every setting to change exists").toHaveLength(keys.length);
  try {
    for (const [key, value] of Object.entries(values))
      await site.db.execute(sql`update site_settings set value = ${value} where key = ${key}`);
    await run();
  } finally {
    for (const row of before.rows)
      await site.db.execute(sql`update site_settings set value = ${row.value} where key = ${row.key}`);
  }
}

/**
 * Lists exactly the named offers (gives them a card on /offers while they
 * run, and takes the others off) for the length of `run`, then puts back
 * what was listed: the demo's own listing, which later tests see as seeded.
 */
async function withListed(site: Site, slugs: readonly string[], run: () => Promise<void>) {
  const before = await site.db.execute<{ slug: string }>(sql`select slug from offers where listed`);
  try {
    await site.db.execute(sql`update offers set listed = (slug in ${slugs.length > 0 ? slugs : [""]})`);
    await run();
  } finally {
    const listed = before.rows.map((row) => row.slug);
    await site.db.execute(sql`update offers set listed = (slug in ${listed.length > 0 ? listed : [""]})`);
  }
}

/** Changes offers' dates for the length of `run`, then puts back what was there. */
async function withDates(
  site: Site,
  dates: Record<string, { start: string | null; end: string | null }>,
  run: () => Promise<void>,
) {
  const slugs = Object.keys(dates);
  const before = await site.db.execute<{ slug: string; start_date: string | null; end_date: string | null }>(
    sql`select slug, start_date::text, end_date::text from offers where slug in ${slugs}`,
  );
  try {
    for (const [slug, { start, end }] of Object.entries(dates))
      await site.db.execute(sql`update offers set start_date = ${start}, end_date = ${end} where slug = ${slug}`);
    await run();
  } finally {
    for (const row of before.rows)
      await site.db.execute(
        sql`update offers set start_date = ${row.start_date}, end_date = ${row.end_date} where slug = ${row.slug}`,
      );
  }
}

/** Every seeded offer's page, and the text-message pages of those sent by text. */
const OFFER_PAGES = [
  ...seedOffers.map((offer) => `/offers/${offer.slug}`),
  ...seedOffers.filter((offer) => offer.smsHeadline).map((offer) => `/sms/${offer.slug}`),
];

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  return response;
}

/**
 * A row changed straight in the database reaches the site's caches through a
 * notification a moment later; loads the page until it `shows` the change.
 */
async function visitUntil(page: Page, path: string, shows: () => Promise<void>) {
  await expect(async () => {
    await visit(page, path);
    await shows();
  }).toPass({ timeout: 10_000 });
}

/** A short wait for one check inside `visitUntil`, which retries the whole load. */
const soon = { timeout: 1_000 };

/** This half's pages: the static ones and the notices the demo seeds (rows with their own addresses). */
const PAGES = [...PROMOTION_PAGES, ...seedNotices.map((notice) => notice.path)];

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test.describe("every promotion page", () => {
  for (const path of [...PAGES, ...OFFER_PAGES]) {
    test(`${path}: 200, one h1, its own meta tags, no console error, accessible`, async ({ page }) => {
      const errors = trackConsoleErrors(page);
      await visit(page, path);
      await expect(page).toHaveTitle(/^.+ \| Maison Ivy$/);
      await expectWellFormedPage(page, path);
      expect(errors).toEqual([]);
    });
  }

  test("every page title is its own", async ({ request }) => {
    await expectDistinctTitles(
      request,
      [...PAGES, ...OFFER_PAGES].filter((p) => !p.startsWith("/sms/") && p !== "/link-tree"),
    );
  });
});

test("/gift-voucher leaves for the gift-card shop", async ({ request }) => {
  const response = await request.get("/gift-voucher", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("https://giftcards.example/maison-ivy");
});

test.describe("offers list", () => {
  test("a first start shows live campaign offers beside the first-visit offer, and their pages are live", async ({
    page,
    site,
  }) => {
    // This worker's site was seeded at its first start, moments ago: nothing here is changed first.
    const listed = await site.db.execute<{ n: number }>(sql`select count(*)::int as n from offers where listed`);
    expect(listed.rows[0]?.n).toBeGreaterThan(0);
    await visit(page, "/offers");
    const current = page.getByRole("region", { name: "Current offers" });
    const cards = current.getByTestId("offer-card");
    await expect(cards.first()).toBeVisible();
    await expect(cards.filter({ hasText: "25% off with Nadia or Freya" })).toHaveCount(1);
    // The quote's first-visit discount is on the page too, whatever campaigns run.
    const always = page.getByTestId("always-on-offers");
    await expect(always).toContainText("QG20");
    await expect(always).toContainText("20% off");
    await expect(always).not.toContainText("No seasonal campaign is running");
    const hrefs = await cards.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of new Set(hrefs)) {
      await visit(page, href ?? "");
      await expect(page.getByTestId("offer-ended"), `${href}`).toHaveCount(0);
      await expect(page.getByTestId("offer-upcoming"), `${href}`).toHaveCount(0);
      await expect(page.getByText(/^Valid until \w+ \d+(st|nd|rd|th) \d{4}$/), `${href}`).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Book Your FREE Consultation" })).toBeVisible();
    }
    await expectAccessible(page);
  });

  test("with no campaign listed it presents the first-visit offer and referrals", async ({ page, site }) => {
    await withListed(site, [], async () => {
      await visitUntil(page, "/offers", () => expect(page.getByTestId("offer-card")).toHaveCount(0, soon));
      await expect(page.getByText("No offers right now")).toHaveCount(0);
      const always = page.getByTestId("always-on-offers");
      await expect(always).toContainText("No seasonal campaign is running");
      await expect(always).toContainText("20% off");
      await expect(always).toContainText("QG20");
      await expect(always).toContainText("£20 off");
      const main = page.getByRole("main");
      await expect(always.getByRole("link", { name: "Get a price quote" })).toHaveAttribute("href", "/prices");
      await expect(always.getByRole("link", { name: "Refer a friend" })).toHaveAttribute("href", "/refer-a-friend");
      await expect(main.getByRole("link", { name: "Get a quote" })).toHaveAttribute("href", "/prices");
      await expect(main.getByRole("link", { name: /Share/ })).toHaveAttribute(
        "href",
        /^https:\/\/www\.facebook\.com\/sharer/,
      );
      await expectAccessible(page);
    });
  });

  test("hideOffers takes Offers out of the navigation and the page says Coming soon", async ({ page, site }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await visit(page, "/offers");
    await expect(mainNav(page).getByRole("link", { name: "Offers", exact: true })).toBeVisible();
    await withListed(site, ["general"], async () => {
      await withSettings(site, { hideOffers: "true", endDate: "2099-01-01" }, async () => {
        await visitUntil(page, "/offers", () =>
          expect(page.getByRole("heading", { level: 1, name: "Coming soon..." })).toBeVisible(soon),
        );
        await expect(page.getByText("Some amazing offers for new clients")).toBeVisible();
        await expect(page.getByTestId("offer-card")).toHaveCount(0);
        await expect(mainNav(page).getByRole("link", { name: "Offers", exact: true })).toHaveCount(0);
        await expectAccessible(page);
      });
    });
    await visitUntil(page, "/offers", () =>
      expect(page.getByRole("heading", { level: 1, name: "Coming soon..." })).toHaveCount(0, soon),
    );
  });

  test("the sitemap lists the offers that run, and no offer page while the offers are hidden", async ({
    request,
    site,
  }) => {
    const offerLocs = async () =>
      [
        ...(await (await request.get("/sitemap.xml")).text()).matchAll(
          /<loc>[^<]*\/(offers|offers-info|sms)\b[^<]*<\/loc>/g,
        ),
      ].map((m) => new URL(m[0].replace(/<\/?loc>/g, "")).pathname);
    // As seeded, the offers run (the shared end date is months ahead); the 2022 birthday has ended.
    const seeded = await offerLocs();
    expect(seeded).toEqual(expect.arrayContaining(["/offers", "/offers-info", "/offers/general", "/sms/theo"]));
    expect(seeded).toContain("/offers/nadia-and-freya");
    expect(seeded).not.toContain("/offers/birthday");
    await withSettings(site, { endDate: "2020-01-01" }, async () => {
      // Now every offer without a date of its own has ended; those with a running one of their own (SK25) stay.
      await expect.poll(async () => (await offerLocs()).includes("/offers/general")).toBe(false);
      const running = await offerLocs();
      expect(running).not.toContain("/sms/theo");
      expect(running).toContain("/offers/nadia-and-freya");
      await withSettings(site, { hideOffers: "true" }, async () => {
        await expect.poll(async () => (await offerLocs()).length).toBe(0);
        expect(await (await request.get("/sitemap.xml")).text()).toContain("/refer-a-friend</loc>");
      });
    });
  });

  test("listing one offer shows exactly that card, with its discount and end date", async ({ page, site }) => {
    await withListed(site, ["keratin"], async () => {
      await withSettings(site, { endDate: "2099-03-31" }, async () => {
        const cards = page.getByTestId("offer-card");
        await visitUntil(page, "/offers", () => expect(cards).toHaveCount(1, soon));
        await expect(cards).toContainText("20% off keratin smoothing");
        await expect(cards).toContainText("20% off");
        await expect(cards).toContainText("March 31st 2099");
        // Beside any campaign, the first-visit discount every quote promises.
        await expect(page.getByTestId("always-on-offers")).toContainText("QG20");
        await cards.getByRole("link").click();
        await expect(page).toHaveURL(/\/offers\/keratin$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("20% off keratin smoothing");
      });
    });
  });

  test("a listed offer that has run out is not on the list", async ({ page, site }) => {
    // The 20th birthday offer has its own end date, 30 November 2022.
    await withListed(site, ["birthday", "general"], async () => {
      await withSettings(site, { endDate: "2099-01-01" }, async () => {
        const current = page.getByRole("region", { name: "Current offers" });
        await visitUntil(page, "/offers", () => expect(current.getByTestId("offer-card")).toHaveCount(1, soon));
        await expect(current).toContainText("25% off your first visit");
        await expect(page.getByText("We're 20! Celebrate with 25% off")).toHaveCount(0);
        await expectAccessible(page);
      });
    });
  });

  test("all sixteen once-flagged offers listed and running show sixteen cards in their order", async ({
    page,
    site,
  }) => {
    const flagged = seedOffers.filter((offer) => offer.flagged);
    await withListed(
      site,
      flagged.map((offer) => offer.slug),
      async () => {
        const undated = Object.fromEntries(flagged.map((offer) => [offer.slug, { start: null, end: null }]));
        await withDates(site, undated, async () => {
          await withSettings(site, { endDate: "2099-01-01" }, async () => {
            await visitUntil(page, "/offers", () => expect(page.getByTestId("offer-card")).toHaveCount(16, soon));
            await expect(page.getByTestId("offer-card").first()).toContainText("25% off your first visit");
          });
        });
      },
    );
  });
});

test.describe("offer pages", () => {
  test("a running offer shows its code, end date from the shared setting and both ways to book", async ({
    page,
    site,
  }) => {
    await withSettings(site, { endDate: "2099-06-30" }, async () => {
      await visitUntil(page, "/offers/general", () =>
        expect(page.getByText("Valid until June 30th 2099")).toBeVisible(soon),
      );
      await expect(page.getByTestId("offer-code")).toHaveText("NEWCLIENT25");
      await expect(page.getByTestId("offer-ended")).toHaveCount(0);
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: "Book Your FREE Consultation" })).toHaveAttribute(
        "href",
        MAIN_BOOKING_URL,
      );
      await expect(main.getByRole("link", { name: /^Call / })).toHaveAttribute("href", "tel:01632960214");
      await expect(main.getByRole("heading", { name: "Small print" })).toBeVisible();
      await expect(main).toContainText("This offer cannot be combined with any other offer.");
    });
  });

  test("an offer with a stylist at the sister salon is booked there and links to the stylist", async ({
    page,
    site,
  }) => {
    await withSettings(site, { endDate: "2099-06-30" }, async () => {
      const book = page.getByRole("main").getByRole("link", { name: "Book Your FREE Consultation" });
      await visitUntil(page, "/offers/camille", () => expect(book).toHaveAttribute("href", KESTWICK_BOOKING_URL, soon));
      await expect(page.getByTestId("offer-code")).toHaveText("CAMILLE20");
      await expect(page.getByRole("link", { name: /Camille Ashdown/ })).toHaveAttribute("href", "/team/camille");
    });
  });

  test("an offer past its own end date says it has ended and points to current offers", async ({ page }) => {
    // The demo keeps the salon's 20th birthday, November 2022, as its ended offer.
    await visit(page, "/offers/birthday");
    await expect(page.getByTestId("offer-ended")).toContainText("This offer has ended");
    await expect(page.getByTestId("offer-ended")).toContainText("November 30th 2022");
    await expect(page.getByTestId("offer-code")).toHaveText("BDAY20YRS");
    await expect(page.getByRole("main").getByRole("link", { name: "Book Your FREE Consultation" })).toHaveCount(0);
    await page.getByTestId("offer-ended").getByRole("link", { name: "See current offers" }).click();
    await expect(page).toHaveURL(/\/offers$/);
  });

  test("the new-clients page prices the team pages' typical cut & colour at every level, 25% off", async ({ page }) => {
    // What the team pages say Harriet (the Advanced Senior) and Priya (a Graduate Stylist) charge for it.
    const typical = async (slug: string) => {
      await visit(page, `/team/${slug}`);
      const text = await page
        .getByText(/^Typical cut & colour £/)
        .first()
        .textContent();
      return text?.match(/^Typical cut & colour (£\d+(?:\.\d\d)?)/)?.[1];
    };
    const advancedSenior = await typical("harriet");
    const graduate = await typical("priya");
    expect([advancedSenior, graduate]).toEqual(["£122", "£70"]);
    await visit(page, "/offers/new-clients");
    const table = page.getByRole("table");
    // 75% of £122 is £91.50; of £70, £52.50.
    await expect(table.getByRole("row", { name: /Advanced Senior/ })).toContainText(`${advancedSenior}`);
    await expect(table.getByRole("row", { name: /Advanced Senior/ })).toContainText("£91.50");
    await expect(table.getByRole("row", { name: /Graduate Stylist/ })).toContainText(`${graduate}`);
    await expect(table.getByRole("row", { name: /Graduate Stylist/ })).toContainText("£52.50");
  });

  test("an unknown offer or campaign is a helpful 404 inside the site", async ({ page, request }) => {
    for (const path of ["/offers/no-such-offer", "/sms/no-such-campaign"]) {
      expect((await request.get(path)).status(), path).toBe(404);
      const errors = trackConsoleErrors(page);
      await page.goto(path);
      await expectOneH1(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that offer");
      await expect(page.getByRole("main").getByRole("link", { name: "See current offers" })).toHaveAttribute(
        "href",
        "/offers",
      );
      await expect(mainNav(page)).toBeAttached();
      await expectAccessible(page);
      expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
    }
  });

  test("an SMS page puts the code and the phone call first", async ({ page, site }) => {
    await withSettings(site, { endDate: "2099-06-30" }, async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      const buttons = page.getByRole("main").getByRole("link", { name: /^Call |Book Your FREE Consultation/ });
      await visitUntil(page, "/sms/theo", () => expect(buttons.first()).toHaveAttribute("href", /^tel:/, soon));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("25% off your first cut with Theo");
      await expect(page.getByTestId("offer-code")).toHaveText("THEO25");
      await expect(buttons.nth(1)).toHaveAttribute("href", MAIN_BOOKING_URL);
      await expect(page.getByRole("link", { name: "Read the full offer" })).toHaveAttribute("href", "/offers/theo");
      const box = await page.getByTestId("offer-code").boundingBox();
      expect(box && box.y + box.height, "the code is on the first screen of a phone").toBeLessThan(740);
    });
  });
});

test.describe("notices", () => {
  test("Agnes's departure page offers AG30 and suggests stylists by their names in the database", async ({ page }) => {
    await visit(page, "/agnes-leaving");
    await expect(page.getByTestId("notice-code")).toHaveText("AG30");
    const main = page.getByRole("main");
    await expect(main).toContainText("30% off your next visit");
    await expect(main).toContainText("This offer cannot be combined with any other offer.");
    await expect(main.getByRole("link", { name: /Isla Brennan/ })).toHaveAttribute("href", "/team/isla");
    await expect(main.getByRole("link", { name: /Priya Dhillon/ })).toHaveAttribute("href", "/team/priya");
    await expect(main.getByRole("heading", { name: "Maison Ivy Kestwick" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Book at Kestwick" })).toHaveAttribute("href", KESTWICK_BOOKING_URL);
  });

  test("the other notices have no code and each names its own stylists", async ({ page }) => {
    const stylistNotices = seedNotices.filter((n) => n.kind === "transfer" || n.kind === "departure");
    for (const notice of stylistNotices.filter((n) => !n.offerCode)) {
      await visit(page, notice.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(notice.title);
      await expect(page.getByTestId("notice-code")).toHaveCount(0);
      for (const slug of (notice.alternativeStylists ?? "").split(", ")) {
        await expect(page.getByRole("main").locator(`a[href="/team/${slug}"]`)).toHaveCount(1);
      }
    }
  });
});

test.describe("link hub", () => {
  test("/link-tree has no navigation bar, /links has one, both show the first 3 news items", async ({ page, site }) => {
    const news = await site.db.execute<{ title: string }>(
      sql`select title from news_items order by display_order, id limit 3`,
    );
    const titles = news.rows.map((row) => row.title);
    for (const [path, hasNav] of [
      ["/link-tree", false],
      ["/links", true],
    ] as const) {
      await visit(page, path);
      await expect(mainNav(page)).toHaveCount(hasNav ? 1 : 0);
      const items = page.getByTestId("hub-news").getByRole("listitem");
      await expect(items).toHaveCount(3);
      await expect(items.getByRole("heading")).toHaveText(titles);
      const links = page.getByRole("navigation", { name: "Quick links" });
      await expect(links.getByRole("link", { name: "Skin test info" })).toHaveAttribute("href", "/bookings#skin-test");
      for (const href of [
        "/refer-a-friend",
        "/team-info",
        "/bookings",
        "/prices",
        "/recruitment",
        "/models",
        "/online-shop",
      ]) {
        await expect(links.locator(`a[href="${href}"]`)).toHaveCount(1);
      }
      await expect(links.getByRole("link", { name: "Book an appointment" })).toHaveAttribute("href", MAIN_BOOKING_URL);
      for (const name of ["Instagram", "Facebook", "Twitter", "Pinterest"])
        await expect(page.getByRole("link", { name, exact: true }).last()).toBeVisible();
    }
  });
});

test.describe("online shop", () => {
  test("banners use phone and desktop images and the carousel works by keyboard", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await visit(page, "/online-shop");
    const carousel = page.getByTestId("shop-carousel");
    const slides = carousel.getByTestId("shop-slide");
    await expect(slides).toHaveCount(3);
    await expect(slides.first().locator("source")).toHaveAttribute("srcset", /-desktop\.svg$/);
    await expect(slides.first().locator("img")).toHaveAttribute("src", /-mobile\.svg$/);
    await expect(slides.first().getByRole("link")).toHaveAttribute("href", /^https:\/\//);

    const next = carousel.getByRole("button", { name: "Next banner" });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(slides.nth(1)).toHaveAttribute("data-current", "true");
    await expect(carousel.getByText("Banner 2 of 3")).toBeAttached();
    await expect(slides.nth(1)).toBeInViewport({ ratio: 0.9 });
    await page.keyboard.press("Space");
    await expect(slides.nth(2)).toHaveAttribute("data-current", "true");
    await page.keyboard.press("Enter");
    await expect(slides.nth(0)).toHaveAttribute("data-current", "true");
    await expect(next).toBeFocused();

    await page.keyboard.press("Shift+Tab");
    await expect(carousel.getByRole("button", { name: "Previous banner" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(slides.nth(2)).toHaveAttribute("data-current", "true");
    await expect(slides.nth(2)).toBeInViewport({ ratio: 0.9 });
  });

  test("brand tiles link out with SHOP {title}, and collection is from the academy", async ({ page }) => {
    await visit(page, "/online-shop");
    await expect(page.getByRole("link", { name: "SHOP Bond Rescue" })).toHaveAttribute(
      "href",
      "https://shop.aurelle.example/bond-rescue",
    );
    await expect(page.getByRole("main").getByRole("link", { name: /^SHOP / })).toHaveCount(8);
    await expect(page.getByRole("main")).toContainText("The Old Tannery, Mill Lane");
    await expect(page.getByRole("main")).toContainText("Home delivery");
  });

  test("without JavaScript the banners are a scrollable list", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/online-shop");
    const track = page.getByTestId("shop-carousel").getByRole("list");
    await expect(track).toHaveCSS("overflow-x", "auto");
    await expect(track).toHaveCSS("scroll-snap-type", /x mandatory/);
    expect(await track.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await context.close();
  });
});

test.describe("other pages", () => {
  test("the COVID guidelines' Back goes one step back in history, or to the teaser", async ({ page, request }) => {
    const html = await (await request.get("/corona-info")).text();
    expect(html, "the no-JavaScript Back is a link to the teaser").toMatch(/<a[^>]*href="\/corona"[^>]*>.*?Back<\/a>/s);

    await visit(page, "/reopening");
    await page.getByRole("main").getByRole("link", { name: "How we keep you safe" }).click();
    await expect(page).toHaveURL(/\/corona$/);
    await page.getByRole("main").getByRole("link", { name: "Read our safety guidelines" }).click();
    await expect(page).toHaveURL(/\/corona-info$/);
    await scriptsReady(page);
    await page.getByRole("main").getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/corona$/);
    // Back went one step back in the history: the step before it is still the reopening page.
    await page.goBack();
    await expect(page).toHaveURL(/\/reopening$/);

    // Arrived from elsewhere, there is no page of ours to go back to: the link leads to the teaser.
    await visit(page, "/corona-info");
    await scriptsReady(page);
    await page.getByRole("main").getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/corona$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/corona-info$/);
  });

  test("refer a friend states both rewards and the booking-provider account", async ({ page }) => {
    await visit(page, "/refer-a-friend");
    const main = page.getByRole("main");
    await expect(main).toContainText("£20 off their first visit to any of our salons, valid for 8 weeks");
    await expect(main).toContainText(
      "A £20 voucher for your next appointment once your friend becomes a client, valid for 12 weeks",
    );
    await expect(main).toContainText("An online account at our booking provider is needed");
    await expect(main.getByRole("link", { name: "Go to your account" }).first()).toHaveAttribute(
      "href",
      MAIN_BOOKING_URL,
    );
  });

  test("recruitment links to the three application forms", async ({ page }) => {
    await visit(page, "/recruitment");
    const main = page.getByRole("main");
    for (const [title, href] of [
      ["Stylist", "/recruitment/stylist"],
      ["Apprentice", "/recruitment/apprentice"],
      ["Saturday / Evening work", "/recruitment/saturday"],
    ]) {
      await expect(main.getByRole("heading", { name: title, exact: true })).toBeVisible();
      await expect(main.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
  });

  test("models teaser links to the application and the academy website", async ({ page }) => {
    await visit(page, "/models");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Models Wanted");
    await expect(main.locator('a[href="/models-info"]').first()).toBeVisible();
    await expect(main.getByRole("link", { name: "The Ivy Academy website" })).toHaveAttribute(
      "href",
      "https://academy.maisonivy.example",
    );
  });

  test("the booking guide covers new and existing clients, colour and cutting, and links to the provider", async ({
    page,
  }) => {
    await visit(page, "/bookings");
    const main = page.getByRole("main");
    for (const heading of ["New clients", "Existing clients", "Colour", "Cutting and styling"]) {
      await expect(main.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    }
    await expect(main.locator("#skin-test")).toContainText("48 hours");
    await expect(main.locator("#skin-test")).toContainText("free consultation");
    await expect(main.getByRole("link", { name: "Book online" }).first()).toHaveAttribute("href", MAIN_BOOKING_URL);
  });

  test("the price notice explains the April change and its reasons", async ({ page }) => {
    await visit(page, "/new-prices");
    const main = page.getByRole("main");
    for (const reason of ["April", "minimum wage", "employer insurance", "stock", "energy"])
      await expect(main).toContainText(reason);
  });
});
