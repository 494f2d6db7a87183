import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { startEmbeddedPostgres } from "../../app/server/embedded-postgres.server";
import {
  freePort,
  type SmtpStandIn,
  startBrokenSmtp,
  startSiteProcess,
  startSmtp,
  startTwilio,
  type TwilioStandIn,
  until,
} from "./delivery-harness";
import { answerSkinTestIfAsked } from "./helpers";

test.describe.configure({ mode: "serial" });

let smtp: SmtpStandIn;
let twilio: TwilioStandIn;
let dataDir: string;

test.beforeEach(async () => {
  smtp = await startSmtp();
  twilio = await startTwilio();
  dataDir = mkdtempSync(path.join(tmpdir(), "salon-delivery-"));
});
test.afterEach(async () => {
  await smtp.close();
  await twilio.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const deliveryEnv = (smtpPort: number) => ({
  DATA_DIR: dataDir,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: "Maison Ivy <hello@maisonivy.example>",
  TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
  TWILIO_AUTH_TOKEN: "test-token",
  TWILIO_FROM: "+447700900999",
  TWILIO_API_BASE: twilio.url,
  OUTBOX_LEASE_SECONDS: "2",
  OUTBOX_RETRY_SECONDS: "1",
});

const CLIENT_NAMES = ["Zara", "Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus"];

/** A complete cutting-flow quote for the API, built from the live price list. */
async function quoteBody(base: string, i: number) {
  const services: { id: number; service: string; cat1: number; cat2: number }[] = await (
    await fetch(`${base}/api/services`)
  ).json();
  const id = (cat1: number, cat2: number, name: string) =>
    String(services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && s.service === name)?.id);
  return {
    type: "cutting",
    mode: "level",
    level: "6",
    salon: "2",
    finish: id(1, 0, "Cut, Dry & Style"),
    finishAddon: id(4, 0, "None"),
    treatment: id(5, 2, "None"),
    regular: "no",
    // A name of letters: messages greet only with a first name that reads as one.
    name: `${CLIENT_NAMES[i]} Example`,
    mobile: `07700 900${String(100 + i)}`,
    email: `client${i}@example.com`,
    referral: "Google",
  };
}

/** Fills the finish page's form as a client types it and sends it; answers the saved quote's link. */
async function sendFinishForm(
  page: Page,
  { name, mobile, email, referral }: { name: string; mobile: string; email: string; referral: string },
): Promise<string | null> {
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("How did you hear about us?").selectOption(referral);
  await answerSkinTestIfAsked(page);
  await page.getByRole("button", { name: "Send me my quote" }).click();
  await expect(page.getByText(/You'll receive your estimated quote via email and text message/)).toBeVisible();
  return new URL(page.url()).searchParams.get("quote");
}

async function saveQuote(base: string, i: number): Promise<string> {
  const response = await fetch(`${base}/api/save-quote-details`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(await quoteBody(base, i)),
  });
  expect(response.status).toBe(201);
  return (await response.json()).link as string;
}

test("saving a quote in the browser sends one e-mail with the QG20 offer and one text, both linking to the quote", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const site = await startSiteProcess(await freePort(), deliveryEnv(smtp.port));
  try {
    const { name, mobile, email, referral, ...state } = await quoteBody(site.url, 1);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${site.url}/prices/finish?${new URLSearchParams(state)}`);
    const link = (await sendFinishForm(page, { name, mobile, email, referral })) as string;
    await expect(
      page.getByText("Great! You'll receive your estimated quote via email and text message very soon!"),
    ).toBeVisible();
    expect(link).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await until(() => smtp.mails.length >= 1 && twilio.texts.length >= 1, "the e-mail and the text");
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails).toHaveLength(1);
    expect(twilio.texts).toHaveLength(1);

    const mail = smtp.mails[0]!;
    const quoteUrl = `${site.url}/quote/${link}`;
    expect(mail.to).toBe("client1@example.com");
    expect(mail.messageId).toMatch(/^<.+@127\.0\.0\.1>$/);
    expect(mail.text).toContain("Hi Ada,");
    expect(mail.text).toContain("QG20");
    expect(mail.text).toContain(quoteUrl);

    // On a 360 px phone the card narrows to the screen: no price or button runs off its edge. On a wide screen
    // it stays 560 px.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.setContent(mail.html);
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      rightmost: Math.max(...[...document.querySelectorAll("td, a, p")].map((e) => e.getBoundingClientRect().right)),
    }));
    expect(overflow.page).toBeLessThanOrEqual(360);
    expect(overflow.rightmost).toBeLessThanOrEqual(360);
    await expect(page.getByText(/^£\d/).last()).toBeInViewport({ ratio: 1 });
    await page.setViewportSize({ width: 1000, height: 800 });
    const card = page.locator("table", { has: page.getByText("MAISON IVY", { exact: true }) }).last();
    expect((await card.boundingBox())?.width).toBe(560);

    const text = twilio.texts[0]!;
    expect(text.to).toBe("+447700900101");
    expect(text.from).toBe("+447700900999");
    expect(text.body).toMatch(/^Hi Ada, your quote at Maison Ivy Kestwick is £\d/);
    expect(text.body).toContain("code QG20");
    expect(text.body).toContain(`${quoteUrl} `);

    await page.goto(quoteUrl);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Ada");
    await expect(page.getByText("QG20").first()).toBeVisible();
  } finally {
    await site.kill("SIGTERM");
  }
});

test("without JavaScript, Back after sending and Send again shows the same quote and sends nothing twice", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const site = await startSiteProcess(await freePort(), deliveryEnv(smtp.port));
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
  try {
    const page = await context.newPage();
    const { name, mobile, email, referral, ...state } = await quoteBody(site.url, 2);
    await page.goto(`${site.url}/prices/finish?${new URLSearchParams(state)}`);
    const fillAndSend = () => sendFinishForm(page, { name, mobile, email, referral });
    const first = await fillAndSend();
    expect(first).toMatch(/^[A-Za-z0-9_-]{16}$/);
    // Back to the form, which the browser fetches again (it is never cached): a new form key.
    await page.goBack();
    await expect(page.getByRole("button", { name: "Send me my quote" })).toBeVisible();
    expect(await fillAndSend()).toBe(first);
    await until(() => smtp.mails.length >= 1 && twilio.texts.length >= 1, "the e-mail and the text");
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.mails.map((m) => m.to)).toEqual(["client2@example.com"]);
    expect(twilio.texts).toHaveLength(1);
  } finally {
    await context.close();
    await site.kill("SIGTERM");
  }
});

test("a server killed with messages pending or in flight delivers every one after it restarts", async () => {
  test.setTimeout(180_000);
  const env = deliveryEnv(smtp.port);
  const port = await freePort();
  let site = await startSiteProcess(port, env);
  smtp.stall = true; // the first e-mail hangs in flight
  const links: string[] = [];
  try {
    for (let i = 1; i <= 3; i++) links.push(await saveQuote(site.url, i));
    await until(() => smtp.mails.length >= 1, "the first e-mail to be in flight");
    const inFlight = smtp.mails[0]!.messageId;
    await site.kill("SIGKILL");
    smtp.stall = false;

    site = await startSiteProcess(port, env);
    await until(
      () => new Set(smtp.mails.map((m) => m.messageId)).size >= 3 && twilio.texts.length >= 3,
      "every message after the restart",
      45_000,
    );
    await new Promise((r) => setTimeout(r, 1000));

    const byId = new Map<string, number>();
    for (const m of smtp.mails) byId.set(m.messageId, (byId.get(m.messageId) ?? 0) + 1);
    expect(byId.size).toBe(3);
    for (const [id, count] of byId) {
      // Only the message in flight at the kill may arrive twice, under the same Message-ID.
      if (id === inFlight) expect(count).toBeLessThanOrEqual(2);
      else expect(count).toBe(1);
    }
    expect(new Set(smtp.mails.map((m) => m.to))).toEqual(
      new Set(["client1@example.com", "client2@example.com", "client3@example.com"]),
    );
    for (const link of links) {
      expect(twilio.texts.filter((t) => t.body.includes(`/quote/${link} `))).toHaveLength(1);
      expect(smtp.mails.some((m) => m.text.includes(`/quote/${link}`))).toBe(true);
    }
  } finally {
    await site.kill("SIGTERM");
  }
});

/** The e-mail's outbox row, read from the site's own database while the site is stopped (one process per folder). */
async function emailRow() {
  const database = await startEmbeddedPostgres(dataDir);
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    const { rows } = await client.query<{ status: string; attempts: number; last_error: string | null }>(
      "select status, attempts, last_error from outbox where channel = 'email'",
    );
    expect(rows).toHaveLength(1);
    return rows[0]!;
  } finally {
    await client.end();
    await database.stop();
  }
}

test("with the SMTP server down, the e-mail fails, is retried, and goes out when the server returns", async () => {
  test.setTimeout(90_000);
  const port = smtp.port;
  await smtp.close();
  const down = await startBrokenSmtp(port);
  let site = await startSiteProcess(await freePort(), deliveryEnv(port));
  try {
    const link = await saveQuote(site.url, 7);
    await until(() => twilio.texts.length === 1, "the text, which does not need SMTP");
    // Counted from the site's own log: one attempt may open several connections to the broken server.
    const failedAttempts = () => site.output().split("outbox: attempt failed; will retry").length - 1;
    await until(() => failedAttempts() >= 2, "a failed send and a failed retry of it");
    expect(down.connections()).toBeGreaterThanOrEqual(2);
    await site.kill("SIGTERM");
    const waiting = await emailRow();
    // Waiting for its next attempt, or claimed by one the stop cut short (its lease then hands it on).
    expect(["pending", "sending"]).toContain(waiting.status);
    expect(waiting.attempts).toBeGreaterThanOrEqual(2);
    expect(waiting.last_error).toBeTruthy();
    expect(smtp.mails).toHaveLength(0);

    await down.close();
    smtp = await startSmtp(port); // back
    site = await startSiteProcess(await freePort(), deliveryEnv(port));
    await until(() => smtp.mails.length === 1, "the e-mail once SMTP is back");
    expect(smtp.mails[0]!.text).toContain(`/quote/${link}`);
    await site.kill("SIGTERM");
    const sent = await emailRow();
    expect(sent.status).toBe("sent");
    expect(sent.attempts).toBe(waiting.attempts + 1);
  } finally {
    await site.kill("SIGTERM");
    await down.close().catch(() => {});
  }
});
