/**
 * A manager changes the blog, news, notices and the online shop from the
 * console, and visitors see it: a post scheduled for tomorrow stays hidden
 * until the site's clock passes its time; Markdown is previewed and stored
 * sanitised; an edited news item and notice show on their pages.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { londonLocal } from "../../app/domain/salon-time";
import { expectAccessible, expectOneH1, scriptsReady } from "./helpers";
import {
  createFirstOwner,
  freshPage,
  inviteAndSignIn,
  type StaffSite,
  setSiteClock,
  startStaffSite,
} from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let staff: StaffSite;
let manager: Page;
let managerState: Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  staff = await startStaffSite();
  const owner = await freshPage(browser);
  await createFirstOwner(owner, staff, "Olivia Owner", "olivia@example.com");
  manager = await inviteAndSignIn(owner, browser, staff, {
    name: "Manon Manager",
    email: "manon@example.com",
    role: "manager",
  });
  managerState = await manager.context().storageState();
});

test.afterAll(async () => {
  await staff?.close();
});

const DAY_MS = 86_400_000;

/** Whether a multipart body posted by the blog editor is its live preview's. */
const isPreview = (body: string | null) => /name="intent"\r\n\r\npreview\r\n/.test(body ?? "");

/** A photo as a phone sends it, `width` × `height`. */
const photo = async (name: string, width: number, height: number) => ({
  name,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width, height, channels: 3, background: "#7a4a3a" } })
    .jpeg()
    .toBuffer(),
});

async function publicGet(path: string) {
  const response = await fetch(`${staff.url}${path}`, { redirect: "manual" });
  return { status: response.status, text: await response.text(), location: response.headers.get("location") };
}

async function writePost(page: Page, post: { title: string; slug: string; markdown: string; publishAt?: string }) {
  await page.goto(`${staff.url}/staff/content/blog`);
  await page.getByRole("link", { name: "Write a new post" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New blog post");
  await page.getByRole("textbox", { name: "Title" }).fill(post.title);
  await page.getByRole("textbox", { name: "Address" }).fill(post.slug);
  await page.getByRole("textbox", { name: "Author" }).fill("Camille Ashdown");
  await page.getByRole("textbox", { name: "Post" }).fill(post.markdown);
  await page.getByRole("combobox", { name: "State" }).selectOption("published");
  if (post.publishAt) await page.getByLabel("Publishing time (UK time)").fill(post.publishAt);
}

test("a post scheduled for tomorrow stays off the site until its time, then shows everywhere", async () => {
  const tomorrow = new Date(Date.now() + DAY_MS);
  await writePost(manager, {
    title: "Winter colour care",
    slug: "winter-colour-care",
    markdown: "## Keep it glossy\n\nA **gloss** every six weeks keeps colour rich.",
    publishAt: londonLocal(tomorrow),
  });
  // The live preview follows the typing, rendered by the server.
  const preview = manager.getByTestId("post-preview");
  await expect(preview.getByRole("heading", { level: 2, name: "Keep it glossy" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("gloss");
  await manager.getByRole("button", { name: "Create the post" }).click();
  await expect(manager.getByText("Post created.")).toBeVisible();
  // The page stays where the Create button was; the notice takes the focus, so it is read and in view.
  await expect(manager.getByRole("status").filter({ hasText: "Post created." })).toBeFocused();
  await expect(manager.getByText("Post created.")).toBeInViewport();
  await expect(manager.getByRole("heading", { level: 1 })).toHaveText("Edit “Winter colour care”");
  await expect(manager.getByText(/Scheduled: it appears on the blog on/)).toBeVisible();
  const editAddress = manager.url();
  await manager.goto(`${staff.url}/staff/content/blog`);
  await expect(manager.getByRole("listitem").filter({ hasText: "Winter colour care" })).toContainText("Scheduled");

  // Not yet: not in the lists, its page is a 404, not in the sitemap or the API.
  expect((await publicGet("/blog-info")).text).not.toContain("Winter colour care");
  expect((await publicGet("/blog")).text).not.toContain("Winter colour care");
  expect((await publicGet("/blog/winter-colour-care")).status).toBe(404);
  expect((await publicGet("/api/blog-post/winter-colour-care")).status).toBe(404);
  expect((await publicGet("/sitemap.xml")).text).not.toContain("/blog/winter-colour-care");

  await setSiteClock(staff, new Date(tomorrow.getTime() + 60 * 60_000));
  try {
    expect((await publicGet("/blog-info")).text).toContain("Winter colour care");
    const page = await publicGet("/blog/winter-colour-care");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h2>Keep it glossy</h2>");
    expect((await publicGet("/sitemap.xml")).text).toContain("/blog/winter-colour-care");

    // On a phone, the post's card on the list opens with the post's own words, and with the new ones once the
    // post is edited (the cards are made once per change to the posts).
    const visitor = await freshPage(manager.context().browser() as Browser);
    await visitor.setViewportSize({ width: 360, height: 800 });
    await visitor.goto(`${staff.url}/blog-info`);
    const card = visitor.getByRole("article", { name: "Winter colour care" });
    await expect(card).toContainText("A gloss every six weeks keeps colour rich.");
    // The excerpt opens on the post's first sentence, not its heading run into it.
    await expect(card).not.toContainText("Keep it glossy");
    await manager.goto(editAddress);
    // Typed once the form's scripts have run, as the edit form is meant to be used.
    await scriptsReady(manager);
    await manager
      .getByRole("textbox", { name: "Post" })
      .fill("## Keep it glossy\n\nZoë’s tip: a **toner** between visits.");
    await manager.getByRole("button", { name: "Save the post" }).click();
    await expect(manager.getByText("Saved. The post is on the blog.")).toBeVisible();
    await expect(async () => {
      await visitor.reload();
      await expect(card).toContainText("Zoë’s tip: a toner between visits.", { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(card).not.toContainText("every six weeks");
    await visitor.context().close();
  } finally {
    await setSiteClock(staff, new Date());
  }
});

test("an address already taken is refused with a clear message and the typing kept", async () => {
  await writePost(manager, { title: "Another winter post", slug: "winter-colour-care", markdown: "Different words." });
  await manager.getByRole("button", { name: "Create the post" }).click();
  await expect(manager.getByText("The address winter-colour-care is taken: please choose another.")).toBeVisible();
  await expect(manager.getByRole("textbox", { name: "Title" })).toHaveValue("Another winter post");
  await expect(manager.getByRole("textbox", { name: "Post" })).toHaveValue("Different words.");
});

test("a script written into the Markdown is stored and shown sanitised", async () => {
  await writePost(manager, {
    title: "Bond builders, again",
    slug: "bond-builders-again",
    markdown:
      'Hello <script>window.pwned = true</script> **world**.\n\n<img src="x" onerror="window.pwned = true">\n\n[Call us](javascript:window.pwned=true)',
  });
  await manager.getByRole("button", { name: "Create the post" }).click();
  await expect(manager.getByText("Post created.")).toBeVisible();
  const stored = (await (await fetch(`${staff.url}/api/blog-post/bond-builders-again`)).json()) as { body: string };
  expect(stored.body).toContain("<strong>world</strong>");
  expect(stored.body).not.toMatch(/script|onerror|javascript:|<img/i);
  // The author's Markdown is kept as written, to edit again.
  await expect(manager.getByRole("textbox", { name: "Post" })).toHaveValue(/<script>window.pwned = true<\/script>/);

  const visitor = await freshPage(manager.context().browser() as Browser);
  await visitor.goto(`${staff.url}/blog/bond-builders-again`);
  await expect(visitor.getByTestId("post-body")).toContainText("Hello");
  await expect(visitor.getByTestId("post-body").locator("strong")).toHaveText("world");
  expect(await visitor.evaluate(() => (window as { pwned?: boolean }).pwned)).toBeUndefined();
  await expect(visitor.getByTestId("post-body").locator("script, img")).toHaveCount(0);
  await visitor.context().close();
});

test("a post created while its live preview is still on its way opens as saved", async () => {
  // The preview is held until the save has been answered, and finding the saved post's page is slow:
  // a preview answered in between must not leave the new post's address showing the empty form.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await manager.route("**/staff/content/blog/new.data", async (route) => {
    if (isPreview(route.request().postData())) await released;
    await route.continue().catch(() => {}); // a preview given up on by the page
  });
  // The saved post's page is slow to load: its data request (a GET of `/staff/content/blog/ID.data`) waits.
  await manager.route(/\/staff\/content\/blog\/\d+\.data/, async (route) => {
    if (route.request().method() === "GET") await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue().catch(() => {});
  });
  try {
    const previewSent = manager.waitForRequest((request) => isPreview(request.postData()));
    await writePost(manager, { title: "Quick words", slug: "quick-words", markdown: "Written **fast**." });
    await previewSent;
    const saved = manager.waitForResponse(
      (response) => response.request().method() === "POST" && !isPreview(response.request().postData()),
    );
    await manager.getByRole("button", { name: "Create the post" }).click();
    await saved;
    release();
    await expect(manager.getByText("Post created.")).toBeVisible();
    await expect(manager.getByRole("heading", { level: 1 })).toHaveText("Edit “Quick words”");
  } finally {
    release();
    await manager.unrouteAll({ behavior: "ignoreErrors" });
  }
});

test("a post created just after its preview is answered, while the page reads its data again, opens as saved", async () => {
  // After a preview the console's own data is read again (a GET of `/staff/content/blog/new.data`); on a slow
  // connection the save is pressed while that read is still on its way. The preview is answered by then, so
  // it is left alone: giving it up there left the save's own redirect never finishing, and the form showing.
  let previewSent = false;
  let rereadBegun = () => {};
  const rereading = new Promise<void>((resolve) => {
    rereadBegun = resolve;
  });
  await manager.route(/\/staff\/content\/blog\/new\.data/, async (route) => {
    const request = route.request();
    if (request.method() === "POST") previewSent ||= isPreview(request.postData());
    else if (previewSent) {
      rereadBegun();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    await route.continue().catch(() => {}); // a read the page no longer waits for
  });
  try {
    await writePost(manager, { title: "Slow signal", slug: "slow-signal", markdown: "Sent from the **desk**." });
    await rereading;
    await expect(manager.getByTestId("post-preview").locator("strong")).toHaveText("desk");
    await manager.getByRole("button", { name: "Create the post" }).click();
    await expect(manager.getByText("Post created.")).toBeVisible();
    await expect(manager.getByRole("heading", { level: 1 })).toHaveText("Edit “Slow signal”");
  } finally {
    await manager.unrouteAll({ behavior: "ignoreErrors" });
  }
  await manager.goto(`${staff.url}/staff/content/blog`);
  await expect(manager.getByRole("listitem").filter({ hasText: "Slow signal" })).toHaveCount(1);
});

test("without JavaScript, the Preview button shows the rendered post and keeps what was typed", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: managerState });
  const page = await context.newPage();
  await writePost(page, {
    title: "Curls in winter",
    slug: "curls-in-winter",
    markdown: "## Seal the ends\n\n- oil\n- silk",
  });
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("post-preview");
  await expect(preview.getByRole("heading", { level: 2, name: "Seal the ends" })).toBeVisible();
  await expect(preview.getByRole("listitem")).toHaveText(["oil", "silk"]);
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("Curls in winter");
  // Previewing saved nothing.
  expect((await publicGet("/blog/curls-in-winter")).status).toBe(404);
  await context.close();
});

test("an edited news item shows on the home page card and on its own page", async () => {
  await manager.goto(`${staff.url}/staff/content/news`);
  const item = manager.getByRole("listitem").filter({ has: manager.getByRole("heading", { name: /Late evenings/ }) });
  await item.getByText("Edit “Late evenings in Wrenbridge and Kestwick”").click();
  await item.getByRole("textbox", { name: "Headline" }).fill("Late nights until nine");
  await item.getByRole("textbox", { name: "Text" }).fill("Both salons now stay open until 9pm on Thursdays.");
  await item.getByRole("button", { name: "Save the news item" }).click();
  await expect(manager.getByText("Saved the news item.")).toBeVisible();

  const visitor = await freshPage(manager.context().browser() as Browser);
  await visitor.goto(`${staff.url}/`);
  await expect(visitor.getByRole("link", { name: /Late nights until nine/ })).toBeVisible();
  await visitor.getByRole("link", { name: /Late nights until nine/ }).click();
  await expect(visitor).toHaveURL(/\/news\/late-evenings$/);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Late nights until nine");
  await expect(visitor.getByTestId("news-body")).toHaveText("Both salons now stay open until 9pm on Thursdays.");

  // Moving the second item up puts it first on the home page.
  await manager.getByRole("button", { name: /move “Models wanted at the Ivy Academy” up/ }).click();
  await expect(manager.getByText("Moved the news item up.")).toBeVisible();
  await visitor.goto(`${staff.url}/`);
  const titles = await visitor.locator('a[href^="/news/"]').allTextContents();
  expect(titles[0]).toContain("Models wanted at the Ivy Academy");
  await visitor.context().close();
});

test("a news item's photo shows on its card and its page; removed, the illustration is back and the photo gone", async () => {
  await manager.goto(`${staff.url}/staff/content/news`);
  const item = manager
    .getByRole("listitem")
    .filter({ has: manager.getByRole("heading", { name: /Camille's blonde/ }) });
  await item.getByText(/^Edit “Camille's blonde/).click();
  await item.getByLabel("New photo (optional)").setInputFiles(await photo("IMG_0112.jpg", 1500, 1000));
  await item.getByRole("textbox", { name: "Description of the new photo" }).fill("Camille toning a client's blonde");
  await item.getByRole("button", { name: "Save the news item" }).click();
  await expect(manager.getByText("Saved the news item.")).toBeVisible({ timeout: 60_000 });

  const home = await publicGet("/");
  const avif =
    /<source type="image\/avif" srcSet="(\/pictures\/[A-Za-z0-9]{16})-320\.avif 320w[^"]*1280\.avif 1280w"/.exec(
      home.text,
    );
  expect(avif, "the home card offers the photo as AVIF at every width").not.toBeNull();
  const base = avif?.[1] as string;
  expect(home.text).toContain('alt="Camille toning a client&#x27;s blonde"');
  const page = await publicGet("/news/blonde-clinic");
  expect(page.text).toContain(`${base}-640.avif 640w`);
  expect(page.text).toMatch(new RegExp(`<meta property="og:image" content="[^"]*${base}-1280\\.jpg"`));
  expect((await fetch(`${staff.url}${base}-320.avif`)).status).toBe(200);

  // Back to the illustration (the saved item's form is still open): the photo is shown nowhere now, so it is
  // deleted with the save.
  await item.getByRole("checkbox", { name: "Remove the uploaded photo" }).check();
  await item.getByRole("button", { name: "Save the news item" }).click();
  await expect(item.getByRole("checkbox", { name: "Remove the uploaded photo" })).toHaveCount(0);
  expect((await publicGet("/news/blonde-clinic")).text).not.toContain(base);
  expect((await fetch(`${staff.url}${base}-320.avif`)).status).toBe(404);
});

test("a news item added with a photo needs no illustration description and is first on the home page", async () => {
  await manager.goto(`${staff.url}/staff/content/news`);
  await manager.getByText("Add a news item", { exact: true }).click();
  const form = manager.locator("details").filter({ has: manager.getByRole("button", { name: "Add the news item" }) });
  await form.getByRole("textbox", { name: "Headline" }).fill("Sunday openings in December");
  await form.getByRole("textbox", { name: "Address" }).fill("sunday-openings");
  await form.getByRole("textbox", { name: "Text" }).fill("Both salons open on the Sundays before Christmas.");

  // Without a photo the item shows its illustration, so its description is asked for, by the console itself.
  await form.getByRole("button", { name: "Add the news item" }).click();
  await expect(form.getByText(/Say what the illustration shows/)).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Headline" })).toHaveValue("Sunday openings in December");

  // With a photo it is not.
  await form.getByLabel("New photo (optional)").setInputFiles(await photo("IMG_0200.jpg", 1500, 1000));
  await form
    .getByRole("textbox", { name: "Description of the new photo" })
    .fill("The Wrenbridge salon dressed for Christmas");
  await form.getByRole("button", { name: "Add the news item" }).click();
  await expect(manager.getByText(/Added the news item\. It is first in the list/)).toBeVisible({ timeout: 60_000 });

  const visitor = await freshPage(manager.context().browser() as Browser);
  await visitor.goto(`${staff.url}/`);
  const titles = await visitor.locator('a[href^="/news/"]').allTextContents();
  expect(titles[0]).toContain("Sunday openings in December");
  await expect(visitor.getByRole("img", { name: "The Wrenbridge salon dressed for Christmas" })).toBeVisible();
  await visitor.context().close();
});

test("an edited notice shows on its page, and goes home once its last day is past", async () => {
  await manager.goto(`${staff.url}/staff/content/notices`);
  const notice = manager
    .getByRole("listitem")
    .filter({ has: manager.getByRole("heading", { name: "Goodbye and good luck, Agnes" }) });
  await notice.getByText("Edit “Goodbye and good luck, Agnes”").click();
  await notice.getByRole("textbox", { name: "Title" }).fill("Farewell, Agnes");
  await notice
    .getByRole("textbox", { name: "Text" })
    .fill("Agnes retires this winter.\n\nIsla and Priya will look after you.");
  await notice.getByRole("textbox", { name: "Thank-you offer: code" }).fill("AG35");
  await notice.getByRole("textbox", { name: "Offer: percent off" }).fill("35");
  await notice.getByRole("button", { name: "Save the notice" }).click();
  await expect(manager.getByText("Saved “Farewell, Agnes”.")).toBeVisible();

  const visitor = await freshPage(manager.context().browser() as Browser);
  await visitor.goto(`${staff.url}/agnes-leaving`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Farewell, Agnes");
  await expect(visitor.getByRole("main")).toContainText("Agnes retires this winter.");
  await expect(visitor.getByTestId("notice-code")).toHaveText("AG35");

  // An unknown stylist is refused by the field, with the typing kept.
  const again = manager
    .getByRole("listitem")
    .filter({ has: manager.getByRole("heading", { name: "Farewell, Agnes" }) });
  // The form stays unfolded after a save.
  await expect(again.locator("details")).toHaveJSProperty("open", true);
  await again.getByRole("textbox", { name: "Stylists suggested instead" }).fill("isla, nobody");
  await again.getByRole("button", { name: "Save the notice" }).click();
  await expect(manager.getByText("Nobody on the team page is called nobody.")).toBeVisible();
  await expect(again.getByRole("textbox", { name: "Stylists suggested instead" })).toHaveValue("isla, nobody");

  const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
  await again.getByRole("textbox", { name: "Stylists suggested instead" }).fill("isla, priya");
  await again.getByLabel("Last day shown").fill(yesterday);
  await again.getByLabel("First day shown").fill("2020-01-01");
  await again.getByRole("button", { name: "Save the notice" }).click();
  await expect(manager.getByText("Saved “Farewell, Agnes”.")).toBeVisible();
  const gone = await publicGet("/agnes-leaving");
  expect(gone.status).toBe(302);
  expect(gone.location).toBe("/");
  expect((await publicGet("/sitemap.xml")).text).not.toContain("/agnes-leaving");
  await visitor.context().close();
});

test("a shop tile added shows on the online shop page, and goes when removed", async () => {
  await manager.goto(`${staff.url}/staff/content/shop`);
  const tiles = manager.getByRole("region", { name: "Brand tiles" });
  await tiles.getByText("Add a tile").click();
  await tiles.getByRole("textbox", { name: "Brand" }).last().fill("Oriel");
  await tiles.getByRole("textbox", { name: "Range" }).last().fill("Gloss Drops");
  await tiles.getByRole("textbox", { name: "Description", exact: true }).last().fill("A weightless shine serum.");
  await tiles.getByRole("combobox", { name: "Illustration" }).last().selectOption({ label: "Oriel" });
  await tiles.getByRole("textbox", { name: "Where it leads" }).last().fill("http://not-https.example");
  await tiles.getByRole("button", { name: "Add the tile" }).click();
  await expect(manager.getByText(/Please enter where the tile leads as a path on this site/)).toBeVisible();
  await tiles.getByRole("textbox", { name: "Where it leads" }).last().fill("https://shop.oriel.example/gloss");
  // A refused form keeps what was typed, but no browser keeps a chosen file: the photo is chosen again.
  await tiles
    .getByLabel("New photo (optional)")
    .last()
    .setInputFiles(await photo("gloss.png", 800, 800));
  await tiles.getByRole("textbox", { name: "Description of the new photo" }).last().fill("Two bottles of Gloss Drops");
  await tiles.getByRole("button", { name: "Add the tile" }).click();
  await expect(manager.getByText(/Added the tile/)).toBeVisible({ timeout: 60_000 });
  const shop = (await publicGet("/online-shop")).text;
  expect(shop).toContain("Gloss Drops");
  const tilePhoto =
    /srcSet="(\/pictures\/[A-Za-z0-9]{16})-320\.avif 320w, \S+-640\.avif 640w, \S+-800\.avif 800w"/.exec(shop);
  expect(tilePhoto, "the tile shows its photo at every width up to its own").not.toBeNull();

  await tiles.getByRole("button", { name: /Remove “Oriel: Gloss Drops”/ }).click();
  await expect(manager.getByText("Removed the tile.")).toBeVisible();
  expect((await publicGet("/online-shop")).text).not.toContain("Gloss Drops");
  // Its photo went with it.
  expect((await fetch(`${staff.url}${tilePhoto?.[1]}-320.avif`)).status).toBe(404);
});

test("the new screens have one h1 and no accessibility violations on a phone", async () => {
  await manager.setViewportSize({ width: 360, height: 800 });
  for (const path of [
    "content",
    "content/blog",
    "content/blog/new",
    "content/blog/1",
    "content/news",
    "content/notices",
    "content/shop",
  ]) {
    await manager.goto(`${staff.url}/staff/${path}`);
    await expectOneH1(manager);
    await expectAccessible(manager);
    const overflow = await manager.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} fits a 360 px screen`).toBeLessThanOrEqual(0);
  }
});
