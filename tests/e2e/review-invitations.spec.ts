/**
 * Reviews from real visits (decision 112), end to end: appointments matched
 * by the booking webhook, in the past, make one invitation per client who
 * consented to that channel, through the SMTP and Twilio stand-ins, none
 * without consent and none on a second pass of the job; the link opens the
 * form once, names the stylist, service and day, and a forged or used link is
 * refused with a page that says so; a verified review shows its visit's day,
 * one the salon added its source. And the accessibility statement.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { bookingSignature } from "../../app/server/bookings/webhook-signature.server";
import { startEmbeddedPostgres } from "../../app/server/embedded-postgres.server";
import {
  freePort,
  type SiteProcess,
  type SmtpStandIn,
  startSiteProcess,
  startSmtp,
  startTwilio,
  type TwilioStandIn,
  until,
} from "./delivery-harness";
import { expectAccessible, expectOneH1 } from "./helpers";
import { createFirstOwner, freshPage, saveQuoteByApi } from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 180_000 });

let smtp: SmtpStandIn;
let twilio: TwilioStandIn;
let site: SiteProcess;
let dataDir: string;
let port: number;
let url: string;
let owner: Page;

function env(): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
    TWILIO_AUTH_TOKEN: "test-token",
    TWILIO_FROM: "+447700900999",
    TWILIO_API_BASE: twilio.url,
    OUTBOX_RETRY_SECONDS: "1",
    SCHEDULE_CHECK_SECONDS: "1",
  };
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  smtp = await startSmtp();
  twilio = await startTwilio();
  dataDir = mkdtempSync(path.join(tmpdir(), "salon-reviews-"));
  port = await freePort();
  url = `http://localhost:${port}`;
  site = await startSiteProcess(port, env(), 120_000);
  owner = await freshPage(browser);
  await createFirstOwner(
    owner,
    { url, dataDir, site, smtp, close: async () => {} },
    "Olivia Owner",
    "olivia@example.com",
  );
});

test.afterAll(async () => {
  await site?.kill("SIGTERM");
  await smtp?.close();
  await twilio?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Reads the site's own database while the site is stopped (one process per folder). */
async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const database = await startEmbeddedPostgres(dataDir);
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end();
    await database.stop();
  }
}

/**
 * Makes the invitations' job due now and lets a fresh process run it: the site is stopped, the job's schedule
 * forgotten (so it is due at once, as on a first start), and the site started again. The job runs every five
 * minutes by itself, which a test does not wait for.
 */
async function runInvitationJob() {
  await site.kill("SIGTERM");
  await withDatabase((client) => client.query("delete from scheduled_jobs where name = 'review-invitations'"));
  site = await startSiteProcess(port, env(), 120_000);
}

const CLIENTS = {
  wanda: { name: "Wanda Webb", mobile: "07700 900701", email: "wanda@example.com", e164: "+447700900701" },
  tess: { name: "Tess Tran", mobile: "07700 900702", email: "tess@example.com", e164: "+447700900702" },
  nora: { name: "Nora Nash", mobile: "07700 900703", email: "nora@example.com", e164: "+447700900703" },
} as const;

/** Four hours ago: a visit that is over. */
const visitStart = new Date(Date.now() - 4 * 3_600_000);
const visitDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "long",
  year: "numeric",
}).format(visitStart);
let reviewLink = "";

test("a matched visit in the past invites each client once, by the channel she agreed to, and nobody else", async () => {
  await owner.goto(`${url}/staff/bookings`);
  await owner.getByRole("button", { name: "Set a secret" }).click();
  const secret = ((await owner.getByTestId("webhook-secret").textContent()) ?? "").trim();
  expect(secret).toMatch(/^whsec_/);

  await saveQuoteByApi({ url } as never, { ...CLIENTS.wanda, referral: "Google", salon: "2", marketingEmail: true });
  await saveQuoteByApi({ url } as never, { ...CLIENTS.tess, referral: "Google", salon: "2", marketingSms: true });
  await saveQuoteByApi({ url } as never, { ...CLIENTS.nora, referral: "Google", salon: "2" });

  for (const [key, client] of Object.entries(CLIENTS)) {
    const body = JSON.stringify({
      event: "appointment.created",
      appointment: {
        id: `VISIT-${key}`,
        start: visitStart.toISOString(),
        salon: "Kestwick",
        stylist: "Isla",
        service: "Cut and finish",
        price: "65.00",
        client: { name: client.name, mobile: client.e164, email: client.email },
      },
    });
    const stamp = String(Math.floor(Date.now() / 1000));
    const answer = await fetch(`${url}/api/bookings/webhook`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Booking-Timestamp": stamp,
        "X-Booking-Signature": bookingSignature(secret, stamp, body),
      },
      body,
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ matched: true });
  }

  await runInvitationJob();
  const invitationsTo = (to: string) => smtp.mails.filter((m) => m.to === to && /How was your visit/.test(m.subject));
  const textsTo = (to: string) => twilio.texts.filter((t) => t.to === to && /review/i.test(t.body));
  await until(() => invitationsTo(CLIENTS.wanda.email).length > 0, "Wanda's invitation", 60_000);
  await until(() => textsTo(CLIENTS.tess.e164).length > 0, "Tess's text", 60_000);
  // A few more passes of the scheduler's look (every second): nothing more goes.
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  expect(invitationsTo(CLIENTS.wanda.email)).toHaveLength(1);
  expect(textsTo(CLIENTS.tess.e164)).toHaveLength(1);
  expect(textsTo(CLIENTS.wanda.e164)).toHaveLength(0);
  expect(invitationsTo(CLIENTS.tess.email)).toHaveLength(0);
  expect(smtp.mails.filter((m) => m.to === CLIENTS.nora.email && /visit/.test(m.subject))).toHaveLength(0);
  expect(textsTo(CLIENTS.nora.e164)).toHaveLength(0);

  const mail = invitationsTo(CLIENTS.wanda.email)[0]!;
  expect(mail.text).toContain(`your Cut and finish with Isla on ${visitDay}`);
  expect(textsTo(CLIENTS.tess.e164)[0]?.body).toMatch(/Isla.*Reply STOP|STOP/s);
  reviewLink = /(http:\/\/localhost:\d+\/review\/[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? "";
  expect(reviewLink).not.toBe("");
  // Her way out: a link at the foot, and the one-click header her mail app shows as its own Unsubscribe button
  // (the POST it sends is tested in privacy.spec.ts).
  const headers = mail.text.replace(/\r?\n(?=[ \t])/g, "");
  const stop = /^List-Unsubscribe: <(http:\/\/localhost:\d+\/unsubscribe\/[A-Za-z0-9_-]{22})>\r?$/m.exec(headers)?.[1];
  expect(stop).toBeDefined();
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  expect(mail.text).toContain(`To stop our e-mails: ${stop}`);
  expect((await fetch(stop!)).status).toBe(200);
});

test("the link opens the form once; a forged or used link is refused with a page that says so", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const forged = `${reviewLink.slice(0, -2)}${reviewLink.endsWith("xx") ? "yy" : "xx"}`;
  const refused = await page.goto(forged);
  expect(refused?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This review link is not valid");
  expect((await fetch(`${url}/review/not-a-token`)).status).toBe(404);

  const opened = await page.goto(reviewLink);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["cache-control"]).toMatch(/no-store/);
  await expectOneH1(page);
  await expect(page.getByTestId("visit")).toContainText(`Your Cut and finish with Isla Brennan on ${visitDay}`);
  // Target size among them: the stars are a thumb's choice on a phone.
  await expectAccessible(page);
  await expect(page).toHaveTitle(/Review your visit/);
  await page.screenshot({ path: test.info().outputPath("review-form-360.png"), fullPage: true });

  await page.getByRole("radio", { name: /^5/ }).check();
  await page.getByLabel("Your review").fill("Isla listened, and the cut grows out beautifully.");
  await page.getByLabel("Your name as shown").fill("Wanda W.");
  await page.getByRole("button", { name: "Publish my review" }).click();
  await expect(page.getByText("Thank you for your review")).toBeVisible();

  const again = await page.goto(reviewLink);
  expect(again?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This review link has been used");
  await expectAccessible(page);
  // A post from the used link (a form kept open in another tab) stores nothing more.
  const post = await fetch(reviewLink, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({ rating: "1", review: "Another go", client: "W." }),
  });
  expect(post.status).toBe(410);
});

test("a verified review shows its visit's day, one the salon added its source, with the counts", async ({ page }) => {
  await page.goto(`${url}/reviews/isla`);
  const verified = page.getByTestId("review-list").getByRole("listitem").filter({ hasText: "grows out beautifully" });
  await expect(verified.getByTestId("provenance")).toHaveText(`Verified visit on ${visitDay}`);
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const reviewsLd = ld.flatMap((text) => [JSON.parse(text)].flat()).filter((d) => d["@type"] === "Review");
  expect(reviewsLd.map((d) => d.reviewBody)).toEqual(["Isla listened, and the cut grows out beautifully."]);

  await owner.goto(`${url}/staff/content/reviews`);
  const add = owner.getByRole("region", { name: "Add a review" });
  await add.getByLabel("Review").fill("Always a lovely colour with Isla.");
  await add.getByLabel("Client, as shown").fill("Gina G.");
  await add.getByLabel("Stylist").selectOption("isla");
  await add.getByLabel("Where it came from (optional)").fill("Google");
  await add.getByRole("button", { name: "Add and publish" }).click();
  await expect(owner.getByText("The review is added and published.")).toBeVisible();

  await page.goto(`${url}/reviews/isla`);
  const added = page.getByTestId("review-list").getByRole("listitem").filter({ hasText: "Always a lovely colour" });
  await expect(added.getByTestId("provenance")).toHaveText("Added by the salon from Google");
  await expect(page.getByTestId("review-sources")).toContainText("and 1 came from a verified visit");
  await expect(page.getByTestId("review-sources")).toContainText("% verified).");
  const ldAfter = await page.locator('script[type="application/ld+json"]').allTextContents();
  const reviewsAfter = ldAfter.flatMap((text) => [JSON.parse(text)].flat()).filter((d) => d["@type"] === "Review");
  expect(reviewsAfter).toHaveLength(1);
});

test("the accessibility statement is linked from the footer, in the sitemap, with how to ask for another format", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${url}/reviews`);
  await page.getByRole("contentinfo").getByRole("link", { name: "Accessibility statement" }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expectOneH1(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accessibility statement");
  await expect(page).toHaveTitle(/Accessibility statement/);
  await expect(page.getByRole("region", { name: "Asking for another format" })).toContainText(/\d{5} \d{6}/);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath("accessibility-360.png"), fullPage: true });
  expect(await (await fetch(`${url}/sitemap.xml`)).text()).toContain("/accessibility</loc>");
});

test("a second pass of the job, in a fresh process, invites nobody again", async () => {
  await runInvitationJob();
  await new Promise((resolve) => setTimeout(resolve, 8_000));
  await site.kill("SIGTERM");
  const { ran, invitations } = await withDatabase(async (client) => ({
    ran: (await client.query("select last_run_at from scheduled_jobs where name = 'review-invitations'")).rows,
    invitations: Number((await client.query("select count(*) as n from review_invitations")).rows[0].n),
  }));
  expect(ran).toHaveLength(1);
  expect(ran[0].last_run_at).not.toBeNull();
  expect(invitations).toBe(2);
  expect(smtp.mails.filter((m) => /How was your visit/.test(m.subject))).toHaveLength(1);
  expect(twilio.texts.filter((t) => /review/i.test(t.body))).toHaveLength(1);
  site = await startSiteProcess(port, env(), 120_000);
});
