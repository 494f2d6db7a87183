/**
 * The staff console under test: a site process on http://localhost (passkeys
 * need a domain, not an IP address) whose e-mail goes to a test SMTP server,
 * and the steps a member of staff takes to get in.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import {
  freePort,
  type ReceivedMail,
  SiteExitedError,
  type SiteProcess,
  type SmtpStandIn,
  startSiteProcess,
  startSmtp,
  until,
} from "./delivery-harness";

export interface StaffSite {
  url: string;
  /** The site's DATA_DIR (its embedded database and backups). */
  dataDir: string;
  site: SiteProcess;
  smtp: SmtpStandIn;
  close(): Promise<void>;
}

export async function startStaffSite(env: Record<string, string> = {}): Promise<StaffSite> {
  const smtp = await startSmtp();
  const dataDir = mkdtempSync(path.join(tmpdir(), "salon-staff-"));
  // A port found free can be taken before the site listens on it (the suite's browsers open connections all the
  // while): the site then says so and ends, and is started again on another.
  let url = "";
  let site: SiteProcess | undefined;
  for (let attempt = 1; !site; attempt++) {
    const port = await freePort();
    url = `http://localhost:${port}`;
    const settings = {
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      OUTBOX_RETRY_SECONDS: "1",
      TEST_CLOCK: "on",
      ...env,
    };
    site = await startSiteProcess(port, settings, 120_000).catch((error: unknown) => {
      if (error instanceof SiteExitedError && error.portTaken && attempt < 3) return undefined;
      throw error;
    });
  }
  const staffSite: StaffSite = {
    url,
    dataDir,
    site,
    smtp,
    async close() {
      await site.kill("SIGTERM");
      await staffSite.smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return staffSite;
}

/** The first-owner link the site printed at start. */
export async function setupLinkOf(site: SiteProcess): Promise<string> {
  await until(() => /\/staff\/setup\/\S+/.test(site.output()), "the setup link in the log");
  return /(http:\/\/\S+\/staff\/setup\/\S+)/.exec(site.output())?.[1] as string;
}

/** The newest e-mail to `to` whose subject matches, waiting for it to arrive after `since` mails. */
export async function mailTo(smtp: SmtpStandIn, to: string, subject: RegExp, since = 0): Promise<ReceivedMail> {
  const find = () => smtp.mails.slice(since).findLast((m) => m.to === to && subject.test(m.subject));
  await until(() => find() !== undefined, `an e-mail to ${to} about ${subject}`);
  return find() as ReceivedMail;
}

export async function createFirstOwner(page: Page, staff: StaffSite, name: string, email: string) {
  await page.goto(await setupLinkOf(staff.site));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up the staff console");
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("button", { name: "Create my owner account" }).click();
  await expect(page).toHaveURL(/\/staff\/devices\?welcome=1$/);
}

/**
 * The owner (signed in on `owner`) invites someone, of every salon or of the salons named (their names as the
 * Team page lists them, e.g. "Maison Ivy Kestwick"); they sign in from the e-mailed link in a browser of their own.
 */
export async function inviteAndSignIn(
  owner: Page,
  browser: Browser,
  staff: StaffSite,
  person: { name: string; email: string; role: "manager" | "front-desk"; salons?: readonly string[] },
): Promise<Page> {
  await owner.goto(`${staff.url}/staff/team`);
  const invite = owner.getByRole("region", { name: "Invite someone" });
  await invite.getByRole("textbox", { name: "Name" }).fill(person.name);
  await invite.getByRole("textbox", { name: "E-mail address" }).fill(person.email);
  await invite.getByRole("combobox", { name: "Role" }).selectOption(person.role);
  // Nothing is ticked until the owner says which salons.
  for (const salon of person.salons ?? ["All salons"])
    await invite.getByRole("checkbox", { name: salon, exact: true }).check();
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText(`${person.name} is invited`)).toBeVisible();
  const mail = await mailTo(staff.smtp, person.email, /invited/);
  const link = /(http:\/\/\S+\/staff\/sign-in\/link\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
  const page = await freshPage(browser);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${person.name}`);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/staff\/devices\?welcome=1$/);
  return page;
}

/** Signs in with an e-mailed code: the fallback to passkeys. */
export async function signInWithCode(page: Page, staff: StaffSite, email: string) {
  const since = staff.smtp.mails.length;
  await page.goto(`${staff.url}/staff/sign-in`);
  await page.getByRole("textbox", { name: "E-mail address" }).fill(email);
  await page.getByRole("button", { name: "E-mail me a code" }).click();
  await expect(page.getByText(/we've e-mailed it a six-digit code/)).toBeVisible();
  const mail = await mailTo(staff.smtp, email, /sign-in code/, since);
  const code = /sign-in code: (\d{6})/.exec(mail.subject)?.[1] as string;
  await page.getByRole("textbox", { name: "Code" }).fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${staff.url}/staff`);
}

/** Chromium's virtual authenticator (DevTools WebAuthn domain): a passkey device that says yes by itself. */
export async function addVirtualAuthenticator(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

/** A page in a browser context of its own: another device, with its own cookies. */
export async function freshPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** A signed-in browser's cookies, kept to open pages as that person again (pageAs). */
export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** A page in a new context signed in as `state`, on a wide screen unless a viewport is given. */
export async function pageAs(
  browser: Browser,
  state: StorageState,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ storageState: state, viewport });
  return context.newPage();
}

/**
 * The first owner (Olivia Owner) and a manager she invites (Manon Manager), each signed in once: their sessions.
 */
export async function ownerAndManager(browser: Browser, staff: StaffSite) {
  const owner = await freshPage(browser);
  await createFirstOwner(owner, staff, "Olivia Owner", "olivia@example.com");
  const ownerState = await owner.context().storageState();
  const manager = await inviteAndSignIn(owner, browser, staff, {
    name: "Manon Manager",
    email: "manon@example.com",
    role: "manager",
  });
  const managerState = await manager.context().storageState();
  await owner.context().close();
  await manager.context().close();
  return { ownerState, managerState };
}

/** A JSON post to the site, as a browser on the site would send it (same origin). */
export async function postJson(staff: StaffSite, path: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${staff.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: staff.url },
    body: JSON.stringify(body),
  });
}

/** One of each record the console has a detail page for (a quote, a job and a model application, feedback), each the first. */
export async function postOneOfEachRecord(staff: StaffSite) {
  const created = async (path: string, data: Record<string, unknown>) =>
    expect((await postJson(staff, path, data)).status, path).toBe(201);
  const services: { id: number; service: string; cat1: number; cat2: number }[] = await (
    await fetch(`${staff.url}/api/services`)
  ).json();
  const id = (cat1: number, cat2: number, name: string) =>
    String(services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && s.service === name)?.id);
  await created("/api/save-quote-details", {
    type: "cutting",
    mode: "level",
    level: "6",
    salon: "2",
    finish: id(1, 0, "Cut, Dry & Style"),
    finishAddon: id(4, 0, "None"),
    treatment: id(5, 2, "None"),
    regular: "no",
    name: "Quinn Quote",
    mobile: "07700 900 111",
    email: "quinn@example.com",
    referral: "Google",
  });
  await created("/api/joinus", {
    name: "Ada Lovelace",
    mobile: "07700 900 123",
    email: "ada@example.com",
    position: "3 - 5 years",
    about: "Six years behind the chair.",
    why_hair: "I love making people feel good.",
    why_us: "Your academy.",
    role: "Stylist",
  });
  await created("/api/models", { name: "Mia Stone", mobile: "07700 900 456", info: "Shoulder-length, natural brown." });
  await created("/api/feedback", {
    name: "Sam Lee",
    mobile: "07700 900 789",
    intro: "5",
    consultation: "4",
    cleanliness: "5",
    appearance: "5",
    products: "3",
    styling: "4",
    value: "4",
    experience: "5",
    result: "5",
    return: "I moved away.",
    repeat: "Maybe",
  });
}

export interface QuoteContact {
  name: string;
  mobile: string;
  referral: string;
  salon: string;
  stylist?: string;
  email?: string;
  /** Ticks "offers by e-mail" on the form. */
  marketingEmail?: boolean;
  /** Ticks "offers by text" on the form. */
  marketingSms?: boolean;
}

/** Saves a cutting quote from the live price list, at a level or with a named stylist; returns its link. */
export async function saveQuoteByApi(staff: StaffSite, contact: QuoteContact): Promise<string> {
  const services: { id: number; service: string; cat1: number; cat2: number }[] = await (
    await fetch(`${staff.url}/api/services`)
  ).json();
  const id = (cat1: number, cat2: number, name: string) =>
    String(services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && s.service === name)?.id);
  const response = await postJson(staff, "/api/save-quote-details", {
    type: "cutting",
    ...(contact.stylist ? { mode: "stylist", stylist: contact.stylist } : { mode: "level", level: "6" }),
    salon: contact.salon,
    finish: id(1, 0, "Cut, Dry & Style"),
    finishAddon: id(4, 0, "None"),
    treatment: id(5, 2, "None"),
    regular: "no",
    name: contact.name,
    mobile: contact.mobile,
    email: contact.email ?? `${contact.name.split(" ")[0]?.toLowerCase()}@example.com`,
    referral: contact.referral,
    ...(contact.marketingEmail ? { marketing_email: "on" } : {}),
    ...(contact.marketingSms ? { marketing_sms: "on" } : {}),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).link as string;
}

/** What a visitor does: picks a cut at level 4 on the price calculator, saves the quote with their details, opens it. */
export async function saveQuoteInBrowser(
  visitor: Page,
  staff: StaffSite,
  contact: { name: string; mobile: string; email: string; referral: string },
) {
  const services: { id: number; service: string; cat1: number; cat2: number }[] = await (
    await fetch(`${staff.url}/api/services`)
  ).json();
  const id = (cat1: number, cat2: number, name: string) =>
    String(services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && s.service === name)?.id);
  const params = new URLSearchParams({
    type: "cutting",
    mode: "level",
    level: "4",
    finish: id(1, 0, "Cut, Dry & Style"),
    finishAddon: id(4, 0, "None"),
    treatment: id(5, 2, "None"),
    regular: "yes",
  });
  await visitor.goto(`${staff.url}/prices/finish?${params}`);
  await visitor.getByLabel("Your name").fill(contact.name);
  await visitor.getByLabel("Mobile number").fill(contact.mobile);
  await visitor.getByLabel("Email address").fill(contact.email);
  await visitor.getByLabel("How did you hear about us?").selectOption(contact.referral);
  await visitor.getByRole("button", { name: "Send me my quote" }).click();
  await visitor.getByRole("link", { name: "View your quote" }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(contact.name.split(" ")[0] as string);
}

/** Moves the site's clock (its process was started with TEST_CLOCK=on), e.g. past an offer's end date. */
export async function setSiteClock(staff: Pick<StaffSite, "url">, at: Date): Promise<void> {
  const answer = await fetch(`${staff.url}/__test/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ at: at.toISOString() }),
  });
  expect(answer.status).toBe(200);
}
