/**
 * Privacy as visitors meet it: the notice, the marketing tick boxes on the
 * quote and feedback forms, the one-click unsubscribe a mail client uses,
 * the STOP text Twilio forwards, and a site that sets no cookie anywhere.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { twilioSignature } from "../../app/server/privacy/twilio-signature.server";
import { E2E_TWILIO_AUTH_TOKEN, expect, type Site, test } from "./fixtures";
import {
  answerSkinTestIfAsked,
  expectAccessible,
  expectWellFormedPage,
  scriptsReady,
  trackConsoleErrors,
} from "./helpers";
import { fetchCatalogue, serviceNamed } from "./price-list";

const EMAIL_WORDING =
  "Yes, e-mail me Maison Ivy's news and offers (about one a month). I can unsubscribe at any time with the link in every e-mail.";
const SMS_WORDING =
  "Yes, text me Maison Ivy's news and offers (no more than two a month). I can reply STOP to any text to stop them.";

interface ConsentRow {
  subject: string;
  channel: string;
  granted: boolean;
  wording: string;
  source: string;
  source_ref: string | null;
}

async function consentsOf(site: Site, subject: string): Promise<ConsentRow[]> {
  const result = await site.db.execute(
    sql`select subject, channel, granted, wording, source, source_ref from consents where subject = ${subject} order by id`,
  );
  return result.rows as unknown as ConsentRow[];
}

/** A mobile nobody else in the run uses. */
const uniqueMobile = () => `07700 9${String(randomBytes(2).readUInt16BE() % 100000).padStart(5, "0")}`;
const e164 = (mobile: string) => `+44${mobile.replace(/\s/g, "").slice(1)}`;

test("the privacy notice says who, what, why, how long, who else, the rights, and that there are no cookies", async ({
  page,
}) => {
  const errors = trackConsoleErrors(page);
  await page.goto("/privacy");
  await expect(page).toHaveTitle(/Privacy notice/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy notice");
  for (const heading of [
    "Who we are",
    "What we keep, why, and for how long",
    "Who else sees your details",
    "No cookies, no tracking",
    "How we count visits to the price calculator",
    "Your rights, and how to use them",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  const main = page.locator("main");
  await expect(main).toContainText("Maison Ivy Hair Ltd");
  await expect(main).toContainText("erased 12 months after the quote");
  await expect(main).toContainText("Deleted 6 months after we close your application");
  await expect(main).toContainText("erased 30 days after the message is sent");
  await expect(main).toContainText("This website sets no cookies for visitors");
  await expect(main).toContainText("Twilio");
  await expect(main).toContainText(EMAIL_WORDING);
  await expectWellFormedPage(page, "/privacy");
  expect(errors).toEqual([]);
});

test("the privacy notice is in the sitemap and in every page's footer", async ({ page, request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toMatch(/<loc>http:\/\/127\.0\.0\.1:\d+\/privacy<\/loc>/);

  // Reached from every page's footer.
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
});

test("every form links to the notice beside its submit button", async ({ page, request }) => {
  for (const path of [
    "/recruitment/stylist",
    "/recruitment/apprentice",
    "/recruitment/saturday",
    "/models-info",
    "/feedback",
  ]) {
    await page.goto(path);
    // In the form, right under its one submit button.
    const submitArea = page
      .locator("form div")
      .filter({ has: page.locator("button[type=submit]") })
      .last();
    await expect(submitArea.getByRole("link", { name: "How we use your details" }), path).toHaveAttribute(
      "href",
      "/privacy",
    );
  }
  const catalogue = await fetchCatalogue(request);
  await page.goto(`/prices/finish?${finishQuery(catalogue)}`);
  await expect(page.locator("#quote-details").getByRole("link", { name: "How we use your details" })).toHaveAttribute(
    "href",
    "/privacy",
  );
});

function finishQuery(catalogue: Awaited<ReturnType<typeof fetchCatalogue>>): string {
  const id = (cat1: number, cat2: number, name: string) => String(serviceNamed(catalogue, cat1, cat2, name).id);
  return new URLSearchParams({
    type: "cutting",
    finish: id(1, 1, "Hair Up - Advanced"),
    finishAddon: id(4, 0, "Pin Curls"),
    treatment: id(5, 2, "Olaplex Super Stand Alone"),
    mode: "level",
    level: "4",
    regular: "no",
  }).toString();
}

test("the quote form's marketing boxes start unticked; the one ticked is stored with its exact wording", async ({
  page,
  request,
  site,
}) => {
  const catalogue = await fetchCatalogue(request);
  await page.goto(`/prices/finish?${finishQuery(catalogue)}`);
  await scriptsReady(page);
  const byEmail = page.getByRole("checkbox", { name: EMAIL_WORDING });
  const byText = page.getByRole("checkbox", { name: SMS_WORDING });
  await expect(byEmail).not.toBeChecked();
  await expect(byText).not.toBeChecked();

  const mobile = uniqueMobile();
  const email = `Consent.${randomBytes(3).toString("hex")}@Example.com`;
  await page.getByLabel("Your name").fill("Tess Tick");
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("How did you hear about us?").selectOption("Google");
  await byText.check();
  await answerSkinTestIfAsked(page);
  await page.getByRole("button", { name: "Send me my quote" }).click();
  await expect(page).toHaveURL(/\/prices\/finish\/submitted\?/);

  const link = new URL(page.url()).searchParams.get("quote");
  const quote = await site.db.execute(sql`select id from quotes where link = ${link}`);
  const quoteId = (quote.rows[0] as { id: number }).id;
  expect(await consentsOf(site, e164(mobile))).toEqual([
    {
      subject: e164(mobile),
      channel: "sms",
      granted: true,
      wording: SMS_WORDING,
      source: "quote-form",
      source_ref: `quotes/${quoteId}`,
    },
  ]);
  // The unticked box recorded nothing: silence is not consent.
  expect(await consentsOf(site, email.toLowerCase())).toEqual([]);
});

test("the feedback survey's marketing boxes start unticked; e-mail consent asks for an address and is stored", async ({
  page,
  site,
}) => {
  await page.goto("/feedback");
  await scriptsReady(page);
  const byEmail = page.getByRole("checkbox", { name: EMAIL_WORDING });
  await expect(byEmail).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: SMS_WORDING })).not.toBeChecked();

  const mobile = uniqueMobile();
  await page.getByLabel("Full Name").fill("Fran Feedback");
  await page.getByLabel("Mobile number").fill(mobile);
  for (const group of await page.getByRole("radiogroup").all()) await group.getByRole("radio").first().check();
  await page.getByLabel("What has stopped you coming back to see us?").fill("Nothing at all.");
  await byEmail.check();
  await page.getByRole("button", { name: "Send my feedback" }).click();
  await expect(
    page.getByText("Add your email address so we can send you our news, or untick the email box").first(),
  ).toBeVisible();

  const email = `fran.${randomBytes(3).toString("hex")}@example.com`;
  await page.getByRole("textbox", { name: /Email address/ }).fill(email);
  await page.getByRole("button", { name: "Send my feedback" }).click();
  await expect(page.getByText("Thanks for your feedback! We really appreciate it.")).toBeVisible();

  const stored = await consentsOf(site, email);
  expect(stored).toEqual([
    expect.objectContaining({ channel: "email", granted: true, wording: EMAIL_WORDING, source: "feedback-form" }),
  ]);
  expect(stored[0]?.source_ref).toMatch(/^feedback\/\d+$/);
  expect(await consentsOf(site, e164(mobile))).toEqual([]);
});

/** A person who agreed to e-mails, and the token their marketing e-mails would carry. */
async function subscriber(site: Site): Promise<{ email: string; token: string }> {
  const email = `sub.${randomBytes(4).toString("hex")}@example.com`;
  const token = randomBytes(16).toString("base64url");
  await site.db.execute(sql`insert into consents (subject, channel, granted, wording, source, source_ref)
    values (${email}, 'email', true, ${EMAIL_WORDING}, 'quote-form', 'quotes/1')`);
  await site.db.execute(sql`insert into unsubscribe_tokens (token, email) values (${token}, ${email})`);
  return { email, token };
}

test("a mail client's one-click unsubscribe (RFC 8058 POST, no cookies) records the opt-out", async ({
  playwright,
  site,
}) => {
  const { email, token } = await subscriber(site);
  // A fresh client with nothing stored, sending exactly what a mail provider sends.
  const mailClient = await playwright.request.newContext({ baseURL: site.url });
  const response = await mailClient.post(`/unsubscribe/${token}`, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(response.status()).toBe(200);
  expect(response.headers()["set-cookie"]).toBeUndefined();
  expect(await consentsOf(site, email)).toEqual([
    expect.objectContaining({ granted: true }),
    expect.objectContaining({ granted: false, channel: "email", source: "unsubscribe-link" }),
  ]);

  const unknown = await mailClient.post(`/unsubscribe/${"x".repeat(22)}`, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(unknown.status()).toBe(404);
  await mailClient.dispose();
});

test("opening the unsubscribe link only asks; pressing the button unsubscribes", async ({ page, site }) => {
  const { email, token } = await subscriber(site);
  await page.goto(`/unsubscribe/${token}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from our e-mails");
  await expectAccessible(page);
  expect(await consentsOf(site, email)).toHaveLength(1);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");
  expect((await consentsOf(site, email)).map((c) => c.granted)).toEqual([true, false]);
});

test.describe("texts to our number", () => {
  async function inbound(
    request: import("@playwright/test").APIRequestContext,
    fields: Record<string, string>,
    signature: string | null,
  ) {
    return request.post("/api/sms/inbound", {
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(signature === null ? {} : { "X-Twilio-Signature": signature }),
      },
      data: new URLSearchParams(fields).toString(),
    });
  }
  const fieldsFrom = (from: string, body: string) => ({
    MessageSid: `SM${randomBytes(16).toString("hex")}`,
    AccountSid: "AC00000000000000000000000000000000",
    From: from,
    To: "+447700900000",
    Body: body,
    NumMedia: "0",
  });
  const signed = (site: Site, fields: Record<string, string>) =>
    twilioSignature(E2E_TWILIO_AUTH_TOKEN, `${site.url}/api/sms/inbound`, Object.entries(fields));

  test("a STOP signed by Twilio records the opt-out", async ({ request, site }) => {
    const mobile = e164(uniqueMobile());
    const fields = fieldsFrom(mobile, "Stop");
    const response = await inbound(request, fields, signed(site, fields));
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/xml/);
    expect(await response.text()).toContain("<Response></Response>");
    expect(await consentsOf(site, mobile)).toEqual([
      expect.objectContaining({ channel: "sms", granted: false, source: "sms-stop" }),
    ]);
  });

  test("a forged or unsigned STOP is refused and records nothing", async ({ request, site }) => {
    const mobile = e164(uniqueMobile());
    const fields = fieldsFrom(mobile, "STOP");
    const forged = twilioSignature("not-our-token", `${site.url}/api/sms/inbound`, Object.entries(fields));
    expect((await inbound(request, fields, forged)).status()).toBe(403);
    expect((await inbound(request, fields, null)).status()).toBe(403);
    // Signed, then changed on the way: the signature no longer fits.
    const tampered = { ...fields, From: e164(uniqueMobile()) };
    expect((await inbound(request, tampered, signed(site, fields))).status()).toBe(403);
    expect(await consentsOf(site, mobile)).toEqual([]);
  });

  test("START only lifts Twilio's block: it is not consent to marketing", async ({ request, site }) => {
    const mobile = e164(uniqueMobile());
    const fields = fieldsFrom(mobile, "START");
    expect((await inbound(request, fields, signed(site, fields))).status()).toBe(200);
    expect(await consentsOf(site, mobile)).toEqual([]);
  });
});

test("no public page, form answer, unsubscribe or webhook sets a cookie", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
  expect(paths.length).toBeGreaterThan(40);
  const extra = ["/prices/calculator?type=colour", `/unsubscribe/${"x".repeat(22)}`, "/api/services", "/no-such-page"];
  for (const path of [...paths, ...extra]) {
    const answer = await request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBeLessThan(500);
    expect(answer.headers()["set-cookie"], path).toBeUndefined();
  }
  for (const [path, form] of [
    ["/feedback", { name: "" }],
    ["/recruitment/stylist", { name: "" }],
    ["/models-info", { name: "" }],
    ["/api/sms/inbound", { Body: "STOP" }],
  ] as const) {
    const answer = await request.post(path, { form });
    expect(answer.status(), path).toBeLessThan(500);
    expect(answer.headers()["set-cookie"], path).toBeUndefined();
  }
  // The calculator's beacon (decision 076): counted with no cookie, and answered with nothing to keep.
  const beacon = await request.post("/api/funnel", {
    data: JSON.stringify({ step: "started", utm_source: "cookie-check" }),
    headers: { "content-type": "text/plain;charset=UTF-8" },
  });
  expect(beacon.status()).toBe(204);
  expect(beacon.headers()["set-cookie"]).toBeUndefined();
});
