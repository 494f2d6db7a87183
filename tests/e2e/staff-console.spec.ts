import { spawnSync } from "node:child_process";
import { type Browser, expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { can, STAFF_ROLES, type StaffRole } from "../../app/domain/staff/access";
import {
  STAFF_NAV,
  STAFF_ROUTES,
  type StaffAction,
  type StaffRouteDef,
  staffPath,
} from "../../app/domain/staff/routes";
import { startSmtp } from "./delivery-harness";
import { expectAccessible, scriptsReady } from "./helpers";
import {
  createFirstOwner,
  freshPage,
  inviteAndSignIn,
  mailTo,
  pageAs,
  postOneOfEachRecord,
  type StaffSite,
  type StorageState,
  saveQuoteInBrowser,
  signInWithCode,
  startStaffSite,
} from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 90_000 });

let staff: StaffSite;
const signedIn = {} as Record<StaffRole, StorageState>;
const PEOPLE: Record<StaffRole, { name: string; email: string }> = {
  owner: { name: "Olivia Owner", email: "olivia@example.com" },
  manager: { name: "Manon Manager", email: "manon@example.com" },
  "front-desk": { name: "Frankie Desk", email: "frankie@example.com" },
};

/** The owner sets the console up, invites a manager and a front desk, and each signs in from the e-mailed link. */
async function signInEveryone(browser: Browser) {
  const owner = await freshPage(browser);
  await createFirstOwner(owner, staff, PEOPLE.owner.name, PEOPLE.owner.email);
  signedIn.owner = await owner.context().storageState();
  for (const role of ["manager", "front-desk"] as const) {
    const page = await inviteAndSignIn(owner, browser, staff, { ...PEOPLE[role], role });
    signedIn[role] = await page.context().storageState();
  }
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  // One failed attempt marks a message failed, so the messages test need not wait through the retries.
  staff = await startStaffSite({ OUTBOX_RETRY_WINDOW_SECONDS: "1" });
  await signInEveryone(browser);
  await postOneOfEachRecord(staff);
});
test.afterAll(async () => {
  await staff?.close();
});

// ---------------------------------------------------------------------------
// Working the leads

const pageAsRole = (browser: Browser, role: StaffRole, viewport?: { width: number; height: number }) =>
  pageAs(browser, signedIn[role], viewport);

test("a visitor saves a quote; the front desk finds it, marks it contacted with a note; the audit log shows both", async ({
  browser,
}) => {
  const visitor = await freshPage(browser);
  await saveQuoteInBrowser(visitor, staff, {
    name: "Vera Visitor",
    mobile: "07700 900 222",
    email: "vera@example.com",
    referral: "Friends-family",
  });
  expect((await visitor.context().cookies()).length).toBe(0);

  const desk = await pageAsRole(browser, "front-desk");
  // The console's home counts the quotes nobody has contacted yet.
  const newQuotes = async () => {
    await desk.goto(`${staff.url}/staff`);
    const card = await desk
      .getByRole("main")
      .getByRole("link", { name: /^Quotes/ })
      .textContent();
    return Number(/(\d+) new/.exec(card ?? "")?.[1] ?? 0);
  };
  const waitingBefore = await newQuotes();
  expect(waitingBefore).toBeGreaterThanOrEqual(1);
  await desk.goto(`${staff.url}/staff/leads?referral=Friends-family`);
  const quotes = desk.getByRole("table", { name: "Quotes" });
  await expect(quotes.locator("tbody tr")).toHaveCount(1);
  await expect(quotes.getByRole("cell", { name: "1×", exact: true })).toBeVisible();
  await quotes.getByRole("link", { name: "Vera Visitor" }).click();
  await expect(desk.getByRole("heading", { level: 1 })).toHaveText("Quote for Vera Visitor");
  const leadPage = desk.url();
  // The number as the desk reads it out and dials it; the link dials it whole.
  await expect(desk.getByRole("link", { name: "Call 07700 900222" })).toHaveAttribute("href", "tel:+447700900222");
  await expect(desk.getByRole("region", { name: "Client" })).toContainText("vera@example.com");
  // In the words the form offered, not the stored value "Friends-family".
  await expect(desk.getByRole("region", { name: "Client" })).toContainText("Heard about usFriends or family");
  await expect(desk.getByText(/^1 time, first/)).toBeVisible();
  await desk.getByLabel("Change status").selectOption("contacted");
  await desk.getByRole("button", { name: "Save status" }).click();
  await expect(desk.getByText("Status saved.")).toBeVisible();
  expect(await newQuotes(), "a contacted quote no longer waits").toBe(waitingBefore - 1);
  await desk.goto(leadPage);
  await desk.getByLabel("Add a note").fill("Called back, booking for Friday.");
  await desk.getByRole("button", { name: "Add note" }).click();
  await expect(desk.getByText("Note added.")).toBeVisible();
  const history = desk.getByRole("region", { name: "Follow-up" });
  await expect(history.getByText("Called back, booking for Friday.")).toBeVisible();
  await expect(history.getByText("Contacted", { exact: true }).first()).toBeVisible();
  // The front desk has no audit log to read.
  expect((await desk.request.get(`${staff.url}/staff/audit`)).status()).toBe(403);

  const owner = await pageAsRole(browser, "owner");
  await owner.goto(`${staff.url}/staff/audit?subject=quote`);
  const rows = owner.getByRole("table", { name: "Audit entries" }).getByRole("row");
  await expect(rows.filter({ hasText: "Frankie Desk changed Vera Visitor’s quote to Contacted" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Frankie Desk added a note to Vera Visitor’s quote" })).toContainText(
    "Called back",
  );
  await expect(rows.filter({ hasText: "Frankie Desk viewed Vera Visitor’s quote" }).first()).toBeVisible();
});

test("the owner sees backups and health in words and downloads the latest backup, which is audited", async ({
  browser,
}) => {
  const owner = await pageAsRole(browser, "owner", { width: 360, height: 800 });
  await owner.goto(`${staff.url}/staff/settings`);
  const section = owner.getByRole("region", { name: "Backups and health" });
  // Before the first backup: nothing said to be recent, nothing offered to download.
  await expect(section).toContainText("the first backup is made tonight");
  await expect(section).toContainText("No backup yet");
  await expect(section.getByRole("link", { name: /download the latest backup/ })).toHaveCount(0);
  // `npm run backup` while the site runs on its embedded database.
  const backup = spawnSync(process.execPath, ["scripts/backup.js"], {
    env: { ...process.env, DATA_DIR: staff.dataDir, BUILD_DIR: process.env.BUILD_DIR ?? "build-e2e" },
    encoding: "utf8",
  });
  expect(backup.status, backup.stderr).toBe(0);
  await owner.reload();
  await expect(section).toContainText("backups are recent");
  const made = section.getByRole("row").filter({ hasText: "Good" });
  await expect(made).toHaveCount(1);
  // When, with its day (tonight's is told from last night's), and a size a small database's file really has.
  await expect(made).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
  await expect(made).toContainText(/\d+ kB|\d+(\.\d)? MB/);
  await expect(made).not.toContainText("0.0 MB");
  await expectAccessible(owner);
  const downloading = owner.waitForEvent("download");
  await section.getByRole("link", { name: "Download the latest backup" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^maison-ivy-\d{8}T\d{9}Z\.backup$/);

  const manager = await pageAsRole(browser, "manager");
  expect((await manager.request.get(`${staff.url}/staff/settings/backup`)).status()).toBe(403);
  await owner.goto(`${staff.url}/staff/audit`);
  await expect(owner.getByRole("table", { name: "Audit entries" })).toContainText("downloaded a backup");
});

test("a job application goes from new to invited: the owner's wording of the invitation reaches the applicant", async ({
  browser,
}) => {
  const owner = await pageAsRole(browser, "owner");
  await owner.goto(`${staff.url}/staff/settings`);
  await owner.getByLabel('Subject of "Invite to interview"').fill("Come and meet us, {firstName}");
  await owner.getByRole("button", { name: 'Save "Invite to interview"' }).click();
  await expect(owner.getByText("Reply saved.")).toBeVisible();

  const manager = await pageAsRole(browser, "manager", { width: 360, height: 800 });
  await manager.goto(`${staff.url}/staff/applications?status=new`);
  await manager.getByRole("link", { name: "Ada Lovelace" }).click();
  await expect(manager.getByRole("heading", { level: 1 })).toHaveText("Application from Ada Lovelace");
  await expect(manager.getByLabel("Change status")).toHaveValue("new");
  const since = staff.smtp.mails.length;
  // No reply is chosen at first: sending then asks for one, and nothing goes.
  await expect(manager.getByLabel("Which reply")).toHaveValue("");
  await manager.getByRole("button", { name: "Send reply" }).click();
  expect(await manager.getByLabel("Which reply").evaluate((s: HTMLSelectElement) => s.validity.valueMissing)).toBe(
    true,
  );
  // The reply chosen is shown as Ada will read it, in the owner's wording, before it is sent.
  await manager.getByLabel("Which reply").selectOption("invite-to-interview");
  const preview = manager.getByTestId("reply-preview");
  await expect(preview).toContainText("Come and meet us, Ada");
  await expect(preview).toContainText("for the Stylist role");
  await manager.getByRole("button", { name: 'Send "Invite to interview"' }).click();
  // The invitation is the decision: the application moves to Definitely with it. The answer is where the phone's
  // screen is, beside the button, and the reply goes back to none, so it is not one tap from being sent again.
  const sent = manager.getByRole("status").filter({
    hasText: '"Invite to interview" queued to send to ada@example.com. Status: Definitely.',
  });
  await expect(sent).toBeInViewport();
  await expect(manager.getByLabel("Which reply")).toHaveValue("");
  await expect(manager.getByTestId("reply-preview")).toHaveCount(0);
  await expect(manager.getByLabel("Change status")).toHaveValue("definitely");
  const mail = await mailTo(staff.smtp, "ada@example.com", /Come and meet us, Ada/, since);
  expect(mail.text).toContain("for the Stylist role");
  const history = manager.getByRole("region", { name: "Follow-up" });
  await expect(history).toContainText("reply sent");
  await expect(history).toContainText("Invite to interview");
  await expect(history.getByText("Definitely", { exact: true }).first()).toBeVisible();

  await manager.goto(`${staff.url}/staff/applications?status=definitely`);
  await expect(manager.getByRole("list", { name: "Job applications" })).toContainText("Ada Lovelace");
  // Every status tab is in sight on the phone, none hidden past the screen's edge.
  const tabs = manager.getByRole("navigation", { name: "By status" }).getByRole("link");
  await expect(tabs).toHaveCount(7);
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
  await expectAccessible(manager);
});

test("console pages hydrate as a React app, and prefetching opens nothing recorded", async ({ browser }) => {
  // Decision 061: every console page, the sign-in pages too, is hydrated by React Router. What its first load weighs
  // is the bench's (`npm run bench -- weight`, target 150 kB of JavaScript).
  const pages = Object.values(STAFF_ROUTES as Record<string, StaffRouteDef>)
    .filter((route) => route.page !== null && route.file.endsWith(".tsx") && !route.path.includes(":token"))
    .map((route) => staffPath(route.path.replace(":id", "1")));
  const page = await pageAsRole(browser, "owner");
  for (const path of pages) {
    const html = await (await page.request.get(`${staff.url}${path}`)).text();
    expect(
      {
        react: /__reactRouterContext/.test(html) && /entry\.client-[\w-]+\.js/.test(html),
        consoleScript: /console-script-/.test(html),
      },
      path,
    ).toEqual({ react: true, consoleScript: false });
  }

  // In the browser: React Router runs the page, and React has taken it over.
  await page.goto(`${staff.url}/staff`);
  await scriptsReady(page);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
  // Moving between console pages is React Router's: no page load.
  await page.evaluate(() => {
    (window as unknown as { __marker: string }).__marker = "here";
  });
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(`${staff.url}/staff/dashboard`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe("here");

  // The public pages' speculation rules still leave the console's audited pages alone.
  await page.goto(`${staff.url}/team-info`);
  const prefetched = await page.evaluate(
    (paths) => {
      const rules = JSON.parse(document.querySelector('script[type="speculationrules"]')?.textContent ?? "{}");
      const matches = (where: Record<string, unknown>, url: URL): boolean => {
        if (Array.isArray(where.and)) return where.and.every((w) => matches(w, url));
        if (Array.isArray(where.or)) return where.or.some((w) => matches(w, url));
        if (where.not) return !matches(where.not as Record<string, unknown>, url);
        const patterns = [where.href_matches].flat() as string[];
        return patterns.some((p) => new URLPattern(p, document.baseURI).test(url));
      };
      return paths.filter((p) => matches(rules.prefetch[0].where, new URL(p, document.baseURI)));
    },
    [
      "/staff",
      "/staff/dashboard",
      "/staff/content/blog/1",
      "/staff/leads",
      "/staff/leads?q=quinn",
      "/staff/leads/1",
      "/staff/applications/1",
      "/staff/messages",
      "/staff/sign-out",
      "/staff/export/leads",
      "/staff/privacy/export",
      "/staff/sign-in/link/abc",
      "/team-info",
    ],
  );
  expect(prefetched).toEqual(["/staff", "/staff/dashboard", "/staff/content/blog/1", "/team-info"]);
});

test("every navigation item is in view on a wide screen and one tap away on a phone or tablet, for each role", async ({
  browser,
}) => {
  for (const role of STAFF_ROLES)
    for (const width of [360, 1024, 1280]) {
      const page = await pageAsRole(browser, role, { width, height: 900 });
      await page.goto(`${staff.url}/staff/leads`);
      const narrow = width < 1024;
      if (narrow) {
        // Escape closes the menu and gives the focus back to it, as on the public site.
        await scriptsReady(page);
        const menu = page.getByText("Menu", { exact: true });
        await menu.click();
        await page.getByRole("navigation", { name: "Console" }).getByRole("link").first().focus();
        await page.keyboard.press("Escape");
        await expect(page.getByRole("navigation", { name: "Console" })).toHaveCount(0);
        await expect(menu).toBeFocused();
        await menu.click();
      }
      const nav = page.getByRole("navigation", { name: "Console" });
      // Exactly the pages the role opens, each wholly on the screen.
      const expected = STAFF_NAV.filter(({ key }) => {
        const opens = STAFF_ROUTES[key].page;
        return opens !== null && opens !== "public" && can(role, opens);
      }).map(({ label }) => label);
      await expect(nav.getByRole("link")).toHaveText(expected);
      for (const label of expected) {
        const box = await nav.getByRole("link", { name: label, exact: true }).boundingBox();
        expect(box, `${label} for ${role} at ${width} px`).not.toBeNull();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width, `${label} at ${width} px`).toBe(true);
      }
      // A page chosen from the menu closes it.
      if (narrow) {
        await nav.getByRole("link", { name: "Home", exact: true }).click();
        await expect(page).toHaveURL(`${staff.url}/staff`);
        await expect(page.getByRole("navigation", { name: "Console" })).toHaveCount(0);
        // The focus goes on to the page opened, not back to the top of the document.
        await expect(page.getByRole("main")).toBeFocused();
      }
      await page.context().close();
    }
});

test("an invitation gives only the salons ticked: a salon clears All salons, and a form sending both is refused", async ({
  browser,
}) => {
  // Inviting asks for a recent sign-in: the owner signs in afresh, on a JavaScript-less browser too.
  const owner = await freshPage(browser);
  await signInWithCode(owner, staff, PEOPLE.owner.email);
  const invite = async (page: Page, name: string, email: string, { script = true } = {}) => {
    await page.goto(`${staff.url}/staff/team`);
    if (script) await scriptsReady(page);
    const form = page.getByRole("region", { name: "Invite someone" });
    await form.getByRole("textbox", { name: "Name" }).fill(name);
    await form.getByRole("textbox", { name: "E-mail address" }).fill(email);
    await form.getByRole("combobox", { name: "Role" }).selectOption("manager");
    const all = form.getByRole("checkbox", { name: "All salons" });
    await expect(all).not.toBeChecked();
    await all.check();
    await form.getByRole("checkbox", { name: "Maison Ivy Kestwick", exact: true }).check();
    return { form, all };
  };

  const { form, all } = await invite(owner, "Kes Manager", "kes@example.com");
  await expect(all).not.toBeChecked();
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText("Kes Manager is invited")).toBeVisible();
  const account = owner.getByRole("list", { name: "Staff accounts" }).getByRole("listitem").filter({ hasText: "kes@" });
  await expect(account).toContainText("kes@example.com · Manager · Maison Ivy Kestwick ·");

  const plain = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await signInWithCode(plain, staff, PEOPLE.owner.email);
  const both = await invite(plain, "Both Ticked", "both@example.com", { script: false });
  await expect(both.all).toBeChecked();
  const answer = plain.waitForResponse((r) => r.request().method() === "POST");
  await both.form.getByRole("button", { name: "Send invitation" }).click();
  expect((await answer).status()).toBe(400);
  await expect(plain.getByText("Tick All salons or particular salons, not both")).toBeVisible();
  await expect(plain.getByRole("list", { name: "Staff accounts" })).not.toContainText("both@example.com");
  await plain.context().close();
  await owner.context().close();
});

test("a message that failed shows why on the messages page, and sending it again delivers it", async ({ browser }) => {
  // Inviting asks for a sign-in within the last few minutes, and the owner's from the start of this file is older
  // by now: she signs in afresh, as she would, before the mail server goes away.
  const owner = await freshPage(browser);
  await signInWithCode(owner, staff, PEOPLE.owner.email);
  const port = staff.smtp.port;
  await staff.smtp.close();
  await owner.goto(`${staff.url}/staff/team`);
  const invite = owner.getByRole("region", { name: "Invite someone" });
  await invite.getByRole("textbox", { name: "Name" }).fill("Nell New");
  await invite.getByRole("textbox", { name: "E-mail address" }).fill("nell@example.com");
  await invite.getByRole("checkbox", { name: "All salons" }).check();
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText("Nell New is invited")).toBeVisible();

  await owner.goto(`${staff.url}/staff/messages?show=failed`);
  const failed = owner
    .getByRole("list", { name: "Messages" })
    .getByRole("listitem")
    .filter({ hasText: "nell@example.com" });
  await expect(async () => {
    await owner.reload();
    await expect(failed).toContainText("Staff invitation to nell@example.com", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(failed).toContainText(/Reason: .+/);

  staff.smtp = await startSmtp(port);
  await failed.getByRole("button", { name: "Send again to nell@example.com" }).click();
  await expect(owner.getByText("The message is queued to be sent again.")).toBeVisible();
  await mailTo(staff.smtp, "nell@example.com", /invited/);
  await owner.goto(`${staff.url}/staff/audit?subject=message`);
  await expect(owner.getByRole("table", { name: "Audit entries" })).toContainText("sent a message again");
});

// ---------------------------------------------------------------------------
// Every route and action, from the route table

const concrete = (path: string) =>
  `/staff${path === "" ? "" : `/${path}`}`.replace(":token", "not-a-real-token").replace(":id", "1");

const toSignIn = (location: string | undefined) => /^\/staff\/sign-in\?next=/.test(location ?? "");

/** Signing out is the table's one action that ends the session it is sent on: it goes last. */
const allActions = Object.entries(STAFF_ROUTES)
  .flatMap(([key, route]) =>
    Object.entries(route.actions as Record<string, StaffAction>).map(([intent, action]) => ({
      key,
      path: concrete(route.path),
      intent,
      action,
    })),
  )
  .sort((a, b) => Number(a.intent === "sign-out") - Number(b.intent === "sign-out"));

test("signed out, every console page and action sends the visitor to sign in; signing in itself stays open", async () => {
  const request = await playwrightRequest.newContext({ baseURL: staff.url });
  for (const [key, route] of Object.entries(STAFF_ROUTES)) {
    const answer = await request.get(concrete(route.path), { maxRedirects: 0 });
    const what = `GET ${key} ${concrete(route.path)}`;
    if (route.page === null) expect(answer.status(), what).toBe(405);
    else if (route.page === "public") {
      expect(answer.status(), what).toBeLessThan(500);
      expect([401, 403], what).not.toContain(answer.status());
    } else {
      expect(answer.status(), what).toBe(302);
      expect(toSignIn(answer.headers().location), what).toBe(true);
      expect(answer.headers()["cache-control"], what).toBe("no-store");
      expect(answer.headers()["x-robots-tag"], what).toContain("noindex");
    }
  }
  for (const { key, path, intent, action } of allActions) {
    const answer = await request.post(path, { form: { intent }, maxRedirects: 0 });
    const what = `POST ${key} ${intent}`;
    expect(answer.status(), what).toBeLessThan(500);
    if (action.access === "public") expect(toSignIn(answer.headers().location), what).toBe(false);
    else {
      expect(answer.status(), what).toBe(302);
      expect(toSignIn(answer.headers().location), what).toBe(true);
    }
    expect(answer.headers()["set-cookie"], what).toBeUndefined();
  }
  await request.dispose();
});

test("the console at any spelling of its address is never kept nor shown to the next visitor", async () => {
  const owner = await playwrightRequest.newContext({ baseURL: staff.url, storageState: signedIn.owner });
  const visitor = await playwrightRequest.newContext({ baseURL: staff.url });
  // React Router matches addresses in any case and percent-decoded: these are all the list of leads.
  for (const path of ["/STAFF/leads", "/%73taff/leads", "/Staff/Leads?x=1"]) {
    const answer = await owner.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(200);
    expect(await answer.text(), path).toContain("Quinn Quote");
    expect(answer.headers()["cache-control"], path).toBe("no-store");
    expect(answer.headers()["x-robots-tag"], path).toContain("noindex");
    const after = await visitor.get(path, { maxRedirects: 0 });
    expect(after.status(), path).toBe(302);
    expect(toSignIn(after.headers().location), path).toBe(true);
  }
  await owner.dispose();
  await visitor.dispose();
});

// What each role (and salon) may open and do is pinned by the hand-written matrix in
// tests/e2e/permissions-matrix.spec.ts, not by the role table it checks.
