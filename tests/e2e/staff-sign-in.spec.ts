import { expect, test } from "@playwright/test";
import { expectAccessible } from "./helpers";
import {
  addVirtualAuthenticator,
  createFirstOwner,
  freshPage,
  mailTo,
  type StaffSite,
  setupLinkOf,
  signInWithCode,
  startStaffSite,
} from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 90_000 });

let staff: StaffSite;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  staff = await startStaffSite({ TRUST_PROXY: "loopback" });
});
test.afterAll(async () => {
  await staff.close();
});

const OWNER = "olivia.owner@example.com";

test("the first owner is created through the setup link printed at start, and the link works once", async ({
  page,
}) => {
  const link = await setupLinkOf(staff.site);
  await createFirstOwner(page, staff, "Olivia Owner", OWNER);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your devices");
  await expect(page.getByText("Olivia Owner · Owner")).toBeVisible();
  const again = await page.request.get(link);
  expect(again.status()).toBe(410);
});

test("a passkey is enrolled on the devices page, then signs in on its own after signing out", async ({ page }) => {
  await addVirtualAuthenticator(page);
  await signInWithCode(page, staff, OWNER);
  await page.goto(`${staff.url}/staff/devices`);
  await page.getByLabel("Name for a new passkey").fill("Test laptop");
  await page.getByRole("button", { name: "Add a passkey on this device" }).click();
  await expect(page.getByText("Your passkey is added.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove Test laptop" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Sign out", exact: true }).first().click();
  await expect(page).toHaveURL(/\/staff\/sign-in\?signed-out=1$/);
  await expect(page.getByText("You're signed out.")).toBeVisible();
  const signedOut = await page.request.get(`${staff.url}/staff/leads`, { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);

  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(`${staff.url}/staff`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Olivia Owner");
});

test("the e-mail fallback: a code, or the link in the same e-mail, each signs in once", async ({ browser }) => {
  const byCode = await freshPage(browser);
  await signInWithCode(byCode, staff, OWNER);
  await expect(byCode.getByRole("heading", { level: 1 })).toHaveText("Hello, Olivia Owner");
  await expectAccessible(byCode);

  const byLink = await freshPage(browser);
  const since = staff.smtp.mails.length;
  await byLink.goto(`${staff.url}/staff/sign-in`);
  await byLink.getByRole("textbox", { name: "E-mail address" }).fill(OWNER);
  await byLink.getByRole("button", { name: "E-mail me a code" }).click();
  const mail = await mailTo(staff.smtp, OWNER, /sign-in code/, since);
  const link = /(http:\/\/\S+\/staff\/sign-in\/link\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
  await byLink.goto(link);
  await byLink.getByRole("button", { name: "Sign in" }).click();
  await expect(byLink).toHaveURL(/\/staff\/devices\?welcome=1$/);
  const reused = await byLink.request.get(link);
  expect(reused.status()).toBe(410);

  // Nobody learns whether an address has an account: the same answer, and no e-mail.
  const stranger = await freshPage(browser);
  const before = staff.smtp.mails.length;
  await stranger.goto(`${staff.url}/staff/sign-in`);
  await stranger.getByRole("textbox", { name: "E-mail address" }).fill("nobody@example.com");
  await stranger.getByRole("button", { name: "E-mail me a code" }).click();
  await expect(stranger.getByText(/If nobody@example.com belongs to a staff account/)).toBeVisible();
  await stranger.getByRole("textbox", { name: "Code" }).fill("123456");
  await stranger.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(stranger.getByText(/^That code is wrong/)).toBeVisible();
  await new Promise((r) => setTimeout(r, 500));
  expect(staff.smtp.mails.slice(before).filter((m) => m.to === "nobody@example.com")).toEqual([]);
});

test("a session signed out from another device is refused at once", async ({ browser }) => {
  const tablet = await freshPage(browser);
  const phone = await freshPage(browser);
  await signInWithCode(tablet, staff, OWNER);
  await signInWithCode(phone, staff, OWNER);
  await phone.goto(`${staff.url}/staff/devices`);
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Your devices");
  const other = phone
    .getByRole("region", { name: "Signed in" })
    .getByRole("listitem")
    .filter({ hasNotText: "this device" });
  const before = await other.count();
  expect(before).toBeGreaterThan(0);
  await other
    .first()
    .getByRole("button", { name: /Sign out/ })
    .click();
  await expect(phone.getByText("That device is signed out.")).toBeVisible();
  await expect(other).toHaveCount(before - 1);

  // Whichever of the other sessions it was, the tablet's is the newest of them: sign them all out.
  for (let left = before - 1; left > 0; left--) {
    await other
      .first()
      .getByRole("button", { name: /Sign out/ })
      .click();
    await expect(other).toHaveCount(left - 1);
  }
  await tablet.reload();
  await expect(tablet).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff$/);
  await phone.reload();
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Your devices");
});

test("strangers' codes and guesses from many addresses never refuse the person's own code", async ({ page }) => {
  // She asks for a code from her own connection (the earlier tests' sign-ins from this one used its allowance).
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "192.0.2.50" });
  const since = staff.smtp.mails.length;
  await page.goto(`${staff.url}/staff/sign-in`);
  await page.getByRole("textbox", { name: "E-mail address" }).fill(OWNER);
  await page.getByRole("button", { name: "E-mail me a code" }).click();
  await expect(page.getByText(/we've e-mailed it a six-digit code/)).toBeVisible();
  const mine = await mailTo(staff.smtp, OWNER, /sign-in code/, since);
  // The site trusts the loopback proxy here, so each X-Forwarded-For is a client address of its own.
  const from = (n: number) => ({ "X-Forwarded-For": `203.0.113.${n}` });
  const asked = [];
  for (let n = 1; n <= 15; n++)
    asked.push(
      await page.request.post(`${staff.url}/staff/sign-in`, {
        form: { intent: "email-send", email: OWNER },
        headers: from(n),
      }),
    );
  // Her inbox gets at most the hour's share of codes (six, hers and the earlier tests' among them);
  // past it, each stranger is told to wait, and when.
  for (const answer of asked.filter((a) => a.status() !== 200)) {
    expect(answer.status()).toBe(429);
    expect(Number(answer.headers()["retry-after"])).toBeGreaterThan(0);
  }
  await new Promise((r) => setTimeout(r, 500));
  expect(staff.smtp.mails.filter((m) => m.to === OWNER && /sign-in code/.test(m.subject)).length).toBeLessThanOrEqual(
    6,
  );
  for (let n = 1; n <= 12; n++) {
    const guessed = await page.request.post(`${staff.url}/staff/sign-in`, {
      form: { intent: "email-code", email: OWNER, code: String(100000 + n), attempt: `${n}.${"a".repeat(43)}` },
      headers: from(100 + n),
      maxRedirects: 0,
    });
    expect(guessed.status()).toBe(400);
    expect(guessed.headers()["set-cookie"]).toBeUndefined();
  }
  // Her code, asked before the flood, still signs her in.
  const code = /sign-in code: (\d{6})/.exec(mine.subject)?.[1] as string;
  await page.getByRole("textbox", { name: "Code" }).fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${staff.url}/staff`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Olivia Owner");
});

test("passkey sign-ins begun from one address are limited; another address still gets one", async () => {
  const begin = (address: string) =>
    fetch(`${staff.url}/staff/passkey`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: staff.url, "X-Forwarded-For": address },
      body: JSON.stringify({ intent: "sign-in-options" }),
    });
  const statuses: number[] = [];
  for (let i = 0; i < 65; i++) statuses.push((await begin("198.51.100.77")).status);
  expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
  expect(statuses.slice(60)).toEqual([429, 429, 429, 429, 429]);
  expect((await begin("198.51.100.78")).status).toBe(200);
});

test("the passkey button is there from the first paint with scripting, and not offered without it", async ({
  browser,
}) => {
  // With scripting the button is part of the page as served, so nothing moves when the console's script arrives.
  const page = await freshPage(browser);
  await page.route("**/assets/console-*.js", (route) => route.abort());
  await page.goto(`${staff.url}/staff/sign-in`);
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
  await expect(page.getByText("Passkeys need JavaScript")).toBeHidden();
  await page.context().close();

  const context = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await context.newPage();
  await noScript.goto(`${staff.url}/staff/sign-in`);
  await expect(noScript.getByRole("button", { name: "Sign in with a passkey" })).toBeHidden();
  await expect(noScript.getByText("Passkeys need JavaScript: use the e-mail code below instead.")).toBeVisible();
  await expect(noScript.getByRole("button", { name: "E-mail me a code" })).toBeVisible();
  await context.close();
});
