/**
 * The console's permissions, checked over HTTP against the built site with
 * real sessions, against the hand-written matrix in permissions-matrix.ts
 * (never against the role table itself). A further test walks the route
 * table only to make sure no page or action is missing from the matrix.
 * Also what each salon's accounts see of the records, their `.data`, the
 * downloads and the searches, and one lead per salon.
 */
import { type APIRequestContext, type APIResponse, expect, request as playwrightRequest, test } from "@playwright/test";
import { STAFF_ROUTES, type StaffAction } from "../../app/domain/staff/routes";
import {
  ACTIONS,
  type ActionCase,
  type Answer,
  PAGES,
  type PageCase,
  VISITORS,
  type Visitor,
} from "./permissions-matrix";
import {
  createFirstOwner,
  freshPage,
  inviteAndSignIn,
  type StaffSite,
  setSiteClock,
  startStaffSite,
} from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 240_000 });

let staff: StaffSite;
const as = {} as Record<Visitor | "deskB" | "deskC", APIRequestContext>;
const ids: Record<string, string> = {};

const WRENBRIDGE = "Maison Ivy Wrenbridge";
const KESTWICK = "Maison Ivy Kestwick";
const ACADEMY = "The Ivy Academy";
const NAMES = { quoteA: "Wren Avery", quoteB: "Kes Barlow", jobA: "Jo Wrenfield", jobB: "Jo Kestler" };

async function post(path: string, body: Record<string, unknown>) {
  const answer = await fetch(`${staff.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(answer.status, path).toBe(201);
}

async function saveQuote(name: string, mobile: string, more: Record<string, string>) {
  const services: { id: number; service: string; cat1: number; cat2: number }[] = await (
    await fetch(`${staff.url}/api/services`)
  ).json();
  const id = (cat1: number, cat2: number, service: string) =>
    String(services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && s.service === service)?.id);
  await post("/api/save-quote-details", {
    type: "cutting",
    finish: id(1, 0, "Cut, Dry & Style"),
    finishAddon: id(4, 0, "None"),
    treatment: id(5, 2, "None"),
    regular: "no",
    name,
    mobile,
    email: `${name.split(" ")[0]?.toLowerCase()}@example.com`,
    referral: "Google",
    ...more,
  });
}

/** The first id in a console page's links to `prefix`/<id>, read as the owner sees the page. */
async function firstId(path: string, prefix: string): Promise<string> {
  const html = await (await as.owner.get(path)).text();
  const found = new RegExp(`${prefix}/(\\d+)`).exec(html)?.[1];
  expect(found, `a link to ${prefix}/<id> on ${path}`).toBeDefined();
  return found as string;
}

const concrete = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? `{${name}}`);

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  staff = await startStaffSite();
  const owner = await freshPage(browser);
  await createFirstOwner(owner, staff, "Olivia Owner", "olivia@example.com");
  const people = [
    { key: "manager", name: "Manon Manager", email: "manon@example.com", role: "manager" },
    { key: "managerA", name: "Mia Wren", email: "mia@example.com", role: "manager", salons: [WRENBRIDGE] },
    { key: "deskA", name: "Dee Wren", email: "dee@example.com", role: "front-desk", salons: [WRENBRIDGE] },
    { key: "deskB", name: "Kit Kes", email: "kit@example.com", role: "front-desk", salons: [KESTWICK] },
    { key: "deskC", name: "Ace Adams", email: "ace@example.com", role: "front-desk", salons: [ACADEMY] },
  ] as const;
  as.owner = await playwrightRequest.newContext({
    baseURL: staff.url,
    storageState: await owner.context().storageState(),
  });
  for (const person of people) {
    const page = await inviteAndSignIn(owner, browser, staff, person);
    as[person.key] = await playwrightRequest.newContext({
      baseURL: staff.url,
      storageState: await page.context().storageState(),
    });
    await page.context().close();
  }
  as.out = await playwrightRequest.newContext({ baseURL: staff.url });
  await owner.context().close();

  await saveQuote(NAMES.quoteA, "07700 900 301", { mode: "level", level: "4", salon: "1" });
  await saveQuote(NAMES.quoteB, "07700 900 302", { mode: "level", level: "4", salon: "2" });
  const job = (name: string, salon: string, mobile: string) =>
    post("/api/joinus", {
      name,
      mobile,
      email: `${name.split(" ")[1]?.toLowerCase()}@example.com`,
      position: "3 - 5 years",
      about: "Six years behind the chair.",
      why_hair: "I love making people feel good.",
      why_us: "The team.",
      role: "Stylist",
      salon,
    });
  await job(NAMES.jobA, "1", "07700 900 303");
  await job(NAMES.jobB, "2", "07700 900 304");
  await post("/api/models", { name: "Mo Model", mobile: "07700 900 305", info: "Long, natural brown." });
  await post("/api/feedback", {
    name: "Fi Back",
    mobile: "07700 900 306",
    intro: "5",
    consultation: "4",
    cleanliness: "5",
    appearance: "5",
    products: "3",
    styling: "5",
    value: "4",
    experience: "5",
    result: "5",
    return: "Yes",
    repeat: "Yes",
  });
  ids.quoteA = await firstId(`/staff/leads?q=${encodeURIComponent(NAMES.quoteA)}`, "/staff/leads");
  ids.quoteB = await firstId(`/staff/leads?q=${encodeURIComponent(NAMES.quoteB)}`, "/staff/leads");
  ids.jobA = await firstId(`/staff/applications?q=${encodeURIComponent(NAMES.jobA)}`, "/staff/applications");
  ids.jobB = await firstId(`/staff/applications?q=${encodeURIComponent(NAMES.jobB)}`, "/staff/applications");
  ids.model = await firstId("/staff/models", "/staff/models");
  ids.feedback = await firstId("/staff/feedback", "/staff/feedback");
  ids.offer = await firstId("/staff/content/offers", "/staff/content/offers");
  ids.service = await firstId("/staff/content/prices", "/staff/content/prices");
  ids.review = await firstId("/staff/content/reviews", "/staff/content/reviews");
  ids.teamMember = await firstId("/staff/content/team", "/staff/content/team");
});

test.afterAll(async () => {
  for (const context of Object.values(as)) await context?.dispose();
  await staff?.close();
});

const toSignIn = (text: string) => /\/staff\/sign-in\?next=/.test(text);
const toFreshSignIn = (text: string) => toSignIn(text) && /fresh=1/.test(text);

/** Where an answer sends the browser: a redirect's Location, or a `.data` answer's encoded redirect. */
async function sentTo(answer: APIResponse): Promise<string> {
  const location = answer.headers().location;
  if (location) return location;
  if ([202, 204].includes(answer.status()) || answer.url().endsWith(".data"))
    return (await answer.text().catch(() => "")).slice(0, 2000);
  return "";
}

/** Whether the site's answer is the one the matrix expects; a description of it otherwise. */
async function mismatch(answer: APIResponse, expected: Answer): Promise<string | null> {
  const status = answer.status();
  const where = await sentTo(answer);
  const redirected = status === 302 || status === 202 || status === 204;
  const fine = (() => {
    switch (expected) {
      case "sign-in":
        return redirected && toSignIn(where) && !toFreshSignIn(where);
      case "fresh":
        return redirected && toFreshSignIn(where);
      case "open":
        return status < 500 && status !== 403 && !(redirected && toSignIn(where));
      case "allowed":
        return status < 500 && status !== 403 && !(redirected && toSignIn(where));
      case "done":
        return status === 200;
      default:
        return status === expected;
    }
  })();
  return fine ? null : `${status}${where && redirected ? ` → ${where.slice(0, 80)}` : ""}`;
}

/** A GET, following a list's one redirect to the filters this person last used on it. */
async function open(context: APIRequestContext, path: string): Promise<APIResponse> {
  const answer = await context.get(path, { maxRedirects: 0 });
  const location = answer.headers().location;
  const bare = path.split("?")[0] as string;
  if (answer.status() === 302 && location?.startsWith(`${bare}?`)) return context.get(location, { maxRedirects: 0 });
  return answer;
}

/**
 * A page's `.data` address. An empty query stops a list sending the request on to the filters this person
 * last used (which a `.data` answer would give as a redirect, not the data).
 */
const dataPath = (path: string) => {
  const [bare, query] = path.split("?");
  return `${bare}.data?${query ?? "_="}`;
};

async function checkPages(visitors: readonly Visitor[]): Promise<string[]> {
  const wrong: string[] = [];
  for (const who of visitors)
    for (const page of PAGES as readonly PageCase[]) {
      const path = concrete(page.path);
      const expected = page.expect[who];
      const got = await mismatch(await open(as[who], path), expected);
      if (got) wrong.push(`GET ${path} as ${who}: expected ${expected}, got ${got}`);
      if (page.resource) continue;
      const data = await mismatch(await as[who].get(dataPath(path), { maxRedirects: 0 }), expected);
      if (data) wrong.push(`GET ${dataPath(path)} as ${who}: expected ${expected}, got ${data}`);
    }
  return wrong;
}

/**
 * Each action posted by each visitor. With `data`, a page's action is posted to its `.data` address too, as the
 * console's own forms send it: that answer is the action's alone, where a plain post's is followed by the page's
 * loaders, whose own checks could answer for an action that checked nothing.
 */
async function checkActions(
  visitors: readonly Visitor[],
  cases: readonly ActionCase[],
  expectedOf: (c: ActionCase, who: Visitor) => Answer,
  { data = false } = {},
): Promise<string[]> {
  const wrong: string[] = [];
  for (const who of visitors)
    for (const c of cases) {
      const path = concrete(c.path);
      const onPage = !PAGES.find((page) => page.key === c.key)?.resource;
      for (const address of data && onPage ? [path, dataPath(path)] : [path]) {
        const answer = await as[who].post(address, {
          form: { intent: c.intent, ...c.fields },
          headers: { Origin: staff.url },
          maxRedirects: 0,
        });
        const expected = expectedOf(c, who);
        const got = await mismatch(answer, expected);
        if (got) wrong.push(`POST ${address} ${c.intent} as ${who}: expected ${expected}, got ${got}`);
      }
    }
  return wrong;
}

test("every console route and action of the route table has its row in the hand-written matrix", () => {
  const pageKeys = new Set(PAGES.map((p) => p.key));
  const actionKeys = new Set(ACTIONS.map((a) => `${a.key} ${a.intent}`));
  const missing: string[] = [];
  for (const [key, route] of Object.entries(STAFF_ROUTES)) {
    if (!pageKeys.has(key)) missing.push(`page ${key} (/staff/${route.path})`);
    for (const intent of Object.keys(route.actions as Record<string, StaffAction>))
      if (!actionKeys.has(`${key} ${intent}`)) missing.push(`action ${key} ${intent}`);
  }
  // And nothing in the matrix that the site does not have.
  const known = new Set(
    Object.entries(STAFF_ROUTES).flatMap(([key, route]) => [
      key,
      ...Object.keys(route.actions as Record<string, StaffAction>).map((intent) => `${key} ${intent}`),
    ]),
  );
  const stale = [...pageKeys, ...actionKeys].filter((entry) => !known.has(entry));
  expect(missing, "routes and actions missing from tests/e2e/permissions-matrix.ts").toEqual([]);
  expect(stale, "rows of the matrix the route table no longer has").toEqual([]);
});

const text = async (who: Visitor | "deskB" | "deskC", path: string) => (await open(as[who], path)).text();

test("a front desk of each salon and a manager of one see their salon's quotes only, and the group's job applications", async ({
  browser,
}) => {
  // The lists: each Wrenbridge account sees Wrenbridge's quote, Kestwick's desk Kestwick's. Job applications are
  // the group's (one application is for every salon, as the recruitment pages say): each sees both.
  for (const who of ["deskA", "managerA"] as const) {
    const leads = await text(who, "/staff/leads?status=");
    expect(leads, who).toContain(NAMES.quoteA);
    expect(leads, who).not.toContain(NAMES.quoteB);
    const jobs = await text(who, "/staff/applications?status=all");
    expect(jobs, who).toContain(NAMES.jobA);
    expect(jobs, who).toContain(NAMES.jobB);
  }
  const deskBLeads = await text("deskB", "/staff/leads?status=");
  expect(deskBLeads).toContain(NAMES.quoteB);
  expect(deskBLeads).not.toContain(NAMES.quoteA);
  for (const who of ["owner", "manager"] as const) {
    const leads = await text(who, "/staff/leads?status=");
    expect(leads, who).toContain(NAMES.quoteA);
    expect(leads, who).toContain(NAMES.quoteB);
  }
  // The record, its .data: another salon's is not found, not refused.
  for (const [who, mine, theirs] of [
    ["deskA", ids.quoteA, ids.quoteB],
    ["managerA", ids.quoteA, ids.quoteB],
    ["deskB", ids.quoteB, ids.quoteA],
  ] as const) {
    expect((await as[who].get(`/staff/leads/${mine}`)).status(), `${who} own lead`).toBe(200);
    expect((await as[who].get(`/staff/leads/${theirs}`)).status(), `${who} other lead`).toBe(404);
    expect((await as[who].get(`/staff/leads/${theirs}.data`)).status(), `${who} other lead .data`).toBe(404);
    const otherSalonsJob = who === "deskB" ? ids.jobA : ids.jobB;
    expect((await as[who].get(`/staff/applications/${otherSalonsJob}.data`)).status(), `${who} job`).toBe(200);
  }
  // The search, by name and by number: nothing of another salon's.
  // The quotes a search finds, by their links (a list shows each as a table row and as a card).
  const found = async (who: Visitor | "deskB" | "deskC", q: string) => [
    ...new Set(
      [...(await text(who, `/staff/leads?q=${encodeURIComponent(q)}`)).matchAll(/href="\/staff\/leads\/(\d+)"/g)].map(
        (m) => m[1],
      ),
    ),
  ];
  expect(await found("deskA", NAMES.quoteB)).toEqual([]);
  expect(await found("deskA", "900302")).toEqual([]);
  expect(await found("managerA", NAMES.quoteB)).toEqual([]);
  expect(await found("deskB", "900302")).toEqual([ids.quoteB]);
  expect(await found("owner", NAMES.quoteB)).toEqual([ids.quoteB]);
  expect(await found("deskA", NAMES.quoteA)).toEqual([ids.quoteA]);
  // The downloads: a manager of Wrenbridge downloads Wrenbridge's rows; a manager of every salon, all.
  const managerALeads = await text("managerA", "/staff/export/leads?status=");
  expect(managerALeads).toContain(NAMES.quoteA);
  expect(managerALeads).not.toContain(NAMES.quoteB);
  const managerAJobs = await text("managerA", "/staff/export/jobs?status=all");
  expect(managerAJobs).toContain(NAMES.jobA);
  expect(managerAJobs).toContain(NAMES.jobB);
  expect(await text("manager", "/staff/export/leads?status=")).toContain(NAMES.quoteB);
  // The console home's "Needs a reply" and the funnel's figures are the salon's own.
  const home = await text("deskA", "/staff");
  expect(home).toContain("Wren");
  expect(home).not.toMatch(/Kes\b/);
  const funnel = await text("deskA", "/staff/funnel/export");
  expect(funnel).toContain("Wrenbridge");
  expect(funnel).not.toContain("Kestwick");
  expect(await text("owner", "/staff/funnel/export")).toContain("Kestwick");
  // The scorecard of a manager of one salon, on the page and in its file, is that salon's.
  for (const path of ["/staff/scorecard", "/staff/scorecard/export"]) {
    const mine = await text("managerA", path);
    expect(mine, path).toContain("Wrenbridge");
    expect(mine, path).not.toContain("Kestwick");
    expect(await text("owner", path), path).toContain("Kestwick");
  }
  // In the browser, as Kestwick's front desk opens the console.
  const page = await (await browser.newContext({ storageState: await as.deskB.storageState() })).newPage();
  await page.goto(`${staff.url}/staff/leads?status=`);
  await expect(page.getByRole("link", { name: NAMES.quoteB })).toBeVisible();
  await expect(page.getByRole("link", { name: NAMES.quoteA })).toHaveCount(0);
  await page.goto(`${staff.url}/staff/leads/${ids.quoteA}`);
  await expect(page.getByText("There is no quote with that number.")).toBeVisible();
  await page.context().close();
});

test("a manager of one salon sees and changes only her salon's booking links, alert addresses and their changes", async () => {
  const form = (fields: Record<string, string>) => ({ form: fields, headers: { Origin: staff.url }, maxRedirects: 0 });
  const ownLink = "https://book.example/kestwick-skin-tests";
  const kestwickSkinTest = { intent: "skin-test-link", salonId: "2", url: ownLink };
  expect((await as.owner.post("/staff/booking-links", form(kestwickSkinTest))).status()).toBe(200);
  const services: { id: number; service: string }[] = await (await fetch(`${staff.url}/api/services`)).json();
  const service = String(services.find((s) => s.service !== "None")?.id);

  // Wrenbridge's manager: her salon, its stylists and links only, on the page and in its data.
  for (const path of ["/staff/booking-links", "/staff/booking-links.data"]) {
    const page = await text("managerA", path);
    expect(page, path).toContain(WRENBRIDGE);
    expect(page, path).not.toContain(KESTWICK);
    expect(page, path).not.toContain(ownLink);
  }
  // Kestwick's links are not hers to change, by any intent: refused, and nothing changed.
  const refused: Record<string, string>[] = [
    { ...kestwickSkinTest, url: "https://elsewhere.example/" },
    { intent: "skin-test-link", salonId: "2", url: "" },
    { intent: "link", salonId: "2", stylistId: "", serviceId: service, url: "https://elsewhere.example/" },
    { intent: "remove", salonId: "2", stylistId: "", serviceId: service },
  ];
  for (const fields of refused) {
    const answer = await as.managerA.post("/staff/booking-links", form(fields));
    expect(answer.status(), JSON.stringify(fields)).toBe(400);
  }
  expect(await text("owner", "/staff/booking-links")).toContain(ownLink);
  // Her own salon's she may.
  const wrenbridgeSkinTest = {
    intent: "skin-test-link",
    salonId: "1",
    url: "https://book.example/wrenbridge-skin-tests",
  };
  expect((await as.managerA.post("/staff/booking-links", form(wrenbridgeSkinTest))).status()).toBe(200);

  // The console home: where her salon's alerts go, and the site's changes without Kestwick's.
  const home = await text("managerA", "/staff");
  expect(home).toContain("Where new-lead alerts go");
  expect(home).toContain("set the skin-test booking link of");
  expect(home).not.toContain(KESTWICK);
  expect(await text("owner", "/staff")).toContain(KESTWICK);
});

test("a quote naming an academy stylist, saved with the default salon, is the academy's on every surface", async () => {
  const stylists: { slug: string; salon: number; level: number; accepting_new_clients: boolean }[] = await (
    await fetch(`${staff.url}/api/stylists`)
  ).json();
  const academy = stylists.find((s) => s.salon === 3 && s.accepting_new_clients);
  expect(academy, "an academy stylist taking new clients").toBeDefined();
  const before = await text("owner", "/staff/dashboard");
  const academyBar = (html: string) =>
    Number(/Quotes per week by salon, [^"]*?Academy (\d+)/.exec(html.replaceAll("&#x27;", "'"))?.[1] ?? 0);
  await saveQuote("Ada Academy", "07700 900 307", {
    mode: "stylist",
    stylist: academy?.slug as string,
    level: String(academy?.level),
    salon: "2",
  });
  const id = await firstId(`/staff/leads?q=${encodeURIComponent("Ada Academy")}`, "/staff/leads");
  // The list (filtered to the academy, and its salon column), the lead page and the dashboard's bar.
  expect(await text("owner", "/staff/leads?status=&salon=3")).toContain("Ada Academy");
  expect(await text("owner", "/staff/leads?status=&salon=2")).not.toContain("Ada Academy");
  expect(await text("owner", `/staff/leads/${id}`)).toMatch(/Maison Ivy Academy|Academy/);
  expect(await text("owner", `/staff/leads/${id}`)).not.toContain(KESTWICK);
  expect(academyBar(await text("owner", "/staff/dashboard"))).toBe(academyBar(before) + 1);
  // The academy's desk has it and nothing of the other salons; Kestwick's desk does not; the export says Academy.
  expect((await as.deskC.get(`/staff/leads/${id}`)).status()).toBe(200);
  const academyLeads = await text("deskC", "/staff/leads?status=");
  expect(academyLeads).toContain("Ada Academy");
  expect(academyLeads).not.toContain(NAMES.quoteA);
  expect(academyLeads).not.toContain(NAMES.quoteB);
  expect((await as.deskC.get(`/staff/leads/${ids.quoteB}`)).status()).toBe(404);
  expect((await as.deskC.get(`/staff/leads/${ids.quoteB}.data`)).status()).toBe(404);
  expect((await as.deskB.get(`/staff/leads/${id}`)).status()).toBe(404);
  expect(await text("owner", "/staff/export/leads?status=&q=Ada%20Academy")).toMatch(/Academy/);
});

test("each visitor gets exactly the matrix's answer on every page, its .data, download and action", async () => {
  const wrong = await checkPages(VISITORS);
  const beforeSignOut = ACTIONS.filter((a) => a.intent !== "sign-out");
  wrong.push(...(await checkActions(VISITORS, beforeSignOut, (c, who) => c.expect[who])));
  // Twenty minutes on, the sign-ins are no longer recent: each action that wants a recent one sends those
  // allowed it to sign in again, and still refuses those who are not.
  await setSiteClock(staff, new Date(Date.now() + 20 * 60_000));
  try {
    wrong.push(
      ...(await checkActions(
        VISITORS,
        beforeSignOut.filter((a) => a.fresh),
        (c, who) => (c.expect[who] === "allowed" ? "fresh" : c.expect[who]),
        { data: true },
      )),
    );
  } finally {
    await setSiteClock(staff, new Date());
  }
  wrong.push(
    ...(await checkActions(
      VISITORS,
      ACTIONS.filter((a) => a.intent === "sign-out"),
      (c, who) => c.expect[who],
    )),
  );
  expect(wrong).toEqual([]);
});
