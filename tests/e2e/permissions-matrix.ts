/**
 * Who may do what in the staff console, written out by hand (decision 109):
 * every console page, its `.data`, each download and each form action, for
 * each kind of visitor, with the answer the site must give. It is the
 * expected side of tests/e2e/permissions-matrix.spec.ts and is deliberately
 * NOT computed from app/domain/staff/access.ts or routes.ts: a wrong line in
 * the role table must disagree with this file, not follow it.
 *
 * The visitors: signed out; the owner; a manager of every salon; a manager
 * of Wrenbridge only; a front desk of Wrenbridge only. "A" records are
 * Wrenbridge's, "B" records Kestwick's.
 */

export const VISITORS = ["out", "owner", "manager", "managerA", "deskA"] as const;
export type Visitor = (typeof VISITORS)[number];

/**
 * 200: the page; 403: refused for the role; 404: not found (a record outside the visitor's salons);
 * 405: a resource that only takes posts; "sign-in": sent to sign in; "fresh": sent to sign in again
 * (the action wants a recent sign-in); "open": signing in itself, reachable by anyone (never 403, a
 * sign-in or a 5xx; a made-up passkey or link may get 400 or 401); "allowed": an action the visitor may
 * take, past the gate (whatever it answers to the test's empty input, e.g. 400 or "no such account" 404,
 * never 403, a sign-in or a 5xx); "done": an action on a record with real input, carried out (200).
 */
export type Answer = 200 | 403 | 404 | 405 | "sign-in" | "fresh" | "open" | "allowed" | "done";
type Expected = Readonly<Record<Visitor, Answer>>;

const row = (out: Answer, owner: Answer, manager: Answer, managerA: Answer, deskA: Answer): Expected => ({
  out,
  owner,
  manager,
  managerA,
  deskA,
});

// Pages.
const EVERY_STAFF = row("sign-in", 200, 200, 200, 200);
const MANAGERS = row("sign-in", 200, 200, 200, 403);
const OWNER_ONLY = row("sign-in", 200, 403, 403, 403);
/** A record of Kestwick's: the Wrenbridge-only accounts do not find it. */
const SALON_B_RECORD = row("sign-in", 200, 200, 404, 404);
const SIGNING_IN = row("open", "open", "open", "open", "open");
const POSTS_ONLY = row(405, 405, 405, 405, 405);

// Actions.
const ANY_STAFF_MAY = row("sign-in", "allowed", "allowed", "allowed", "allowed");
const MANAGERS_MAY = row("sign-in", "allowed", "allowed", "allowed", 403);
const OWNER_MAY = row("sign-in", "allowed", 403, 403, 403);
/** Work on a record with real input: carried out, or for a record of Kestwick's not found by Wrenbridge's. */
const SALON_A_WORK = row("sign-in", "done", "done", "done", "done");
const SALON_B_WORK = row("sign-in", "done", "done", 404, 404);
const ANYONE_MAY = row("open", "open", "open", "open", "open");

/**
 * A page by its key in the route table, the address to open ({quoteA}, {quoteB}, {jobA}, {jobB} stand for
 * the records the test makes) and what each visitor gets, for the page and for its `.data`.
 */
export interface PageCase {
  key: string;
  path: string;
  expect: Expected;
  /** A file or JSON resource with no page of its own: no `.data` to ask for. */
  resource?: true;
}

export const PAGES: readonly PageCase[] = [
  { key: "home", path: "/staff", expect: EVERY_STAFF },
  { key: "signIn", path: "/staff/sign-in", expect: SIGNING_IN },
  { key: "passkey", path: "/staff/passkey", expect: POSTS_ONLY, resource: true },
  { key: "signInLink", path: "/staff/sign-in/link/not-a-real-token", expect: SIGNING_IN },
  { key: "setup", path: "/staff/setup/not-a-real-token", expect: SIGNING_IN },
  { key: "signOut", path: "/staff/sign-out", expect: EVERY_STAFF },
  { key: "devices", path: "/staff/devices", expect: EVERY_STAFF },
  { key: "leads", path: "/staff/leads", expect: EVERY_STAFF },
  { key: "lead", path: "/staff/leads/{quoteA}", expect: EVERY_STAFF },
  { key: "lead", path: "/staff/leads/{quoteB}", expect: SALON_B_RECORD },
  { key: "jobs", path: "/staff/applications", expect: EVERY_STAFF },
  { key: "job", path: "/staff/applications/{jobA}", expect: EVERY_STAFF },
  // A job application filed under Kestwick is the group's all the same: one application is for every salon.
  { key: "job", path: "/staff/applications/{jobB}", expect: EVERY_STAFF },
  { key: "models", path: "/staff/models", expect: EVERY_STAFF },
  { key: "model", path: "/staff/models/{model}", expect: EVERY_STAFF },
  { key: "feedbackList", path: "/staff/feedback", expect: MANAGERS },
  { key: "feedback", path: "/staff/feedback/{feedback}", expect: MANAGERS },
  { key: "bookings", path: "/staff/bookings", expect: EVERY_STAFF },
  { key: "messages", path: "/staff/messages", expect: MANAGERS },
  { key: "audit", path: "/staff/audit", expect: OWNER_ONLY },
  { key: "team", path: "/staff/team", expect: OWNER_ONLY },
  { key: "settings", path: "/staff/settings", expect: OWNER_ONLY },
  // A fresh site has made no backup yet: the owner is let through and told there is none (404), the rest refused.
  {
    key: "backupDownload",
    path: "/staff/settings/backup",
    expect: row("sign-in", 404, 403, 403, 403),
    resource: true,
  },
  { key: "dashboard", path: "/staff/dashboard", expect: MANAGERS },
  { key: "scorecard", path: "/staff/scorecard", expect: MANAGERS },
  { key: "scorecardExport", path: "/staff/scorecard/export", expect: MANAGERS, resource: true },
  { key: "funnel", path: "/staff/funnel", expect: EVERY_STAFF },
  { key: "funnelExport", path: "/staff/funnel/export", expect: EVERY_STAFF, resource: true },
  { key: "content", path: "/staff/content", expect: MANAGERS },
  { key: "contentBlog", path: "/staff/content/blog", expect: MANAGERS },
  { key: "contentBlogPost", path: "/staff/content/blog/new", expect: MANAGERS },
  { key: "contentNotices", path: "/staff/content/notices", expect: MANAGERS },
  { key: "contentNews", path: "/staff/content/news", expect: MANAGERS },
  { key: "contentShop", path: "/staff/content/shop", expect: MANAGERS },
  { key: "contentBrand", path: "/staff/content/brand", expect: MANAGERS },
  { key: "offers", path: "/staff/content/offers", expect: MANAGERS },
  { key: "offerNew", path: "/staff/content/offers/new", expect: MANAGERS },
  { key: "offer", path: "/staff/content/offers/{offer}", expect: MANAGERS },
  { key: "salons", path: "/staff/content/salons", expect: MANAGERS },
  { key: "bookingLinks", path: "/staff/booking-links", expect: MANAGERS },
  { key: "prices", path: "/staff/content/prices", expect: MANAGERS },
  { key: "service", path: "/staff/content/prices/{service}", expect: MANAGERS },
  { key: "levels", path: "/staff/content/levels", expect: MANAGERS },
  { key: "reviews", path: "/staff/content/reviews", expect: MANAGERS },
  { key: "review", path: "/staff/content/reviews/{review}", expect: MANAGERS },
  { key: "contentTeam", path: "/staff/content/team", expect: MANAGERS },
  { key: "contentTeamNew", path: "/staff/content/team/new", expect: MANAGERS },
  { key: "contentTeamMember", path: "/staff/content/team/{teamMember}", expect: MANAGERS },
  { key: "exportLeads", path: "/staff/export/leads", expect: MANAGERS, resource: true },
  { key: "exportJobs", path: "/staff/export/jobs", expect: MANAGERS, resource: true },
  { key: "exportModels", path: "/staff/export/models", expect: MANAGERS, resource: true },
  { key: "exportFeedback", path: "/staff/export/feedback", expect: MANAGERS, resource: true },
  { key: "exportMessages", path: "/staff/export/messages", expect: MANAGERS, resource: true },
  { key: "privacy", path: "/staff/privacy", expect: OWNER_ONLY },
  { key: "privacyExport", path: "/staff/privacy/export", expect: POSTS_ONLY, resource: true },
];

/**
 * A form action: its page's key, the address posted to, its `intent`, the fields sent with it (none: the
 * gate answers before any field is read) and what each visitor gets with a sign-in made at the start.
 * `fresh`: the action also wants a recent sign-in, so a signed-in visitor allowed it is sent to sign in
 * again once their sign-in is older than ten minutes.
 */
export interface ActionCase {
  key: string;
  path: string;
  intent: string;
  fields?: Readonly<Record<string, string>>;
  expect: Expected;
  fresh?: true;
}

const action = (
  key: string,
  path: string,
  intent: string,
  expect: Expected,
  more: { fields?: Record<string, string>; fresh?: true } = {},
): ActionCase => ({ key, path, intent, expect, ...more });

/** Every intent of a content screen: the owner and managers only. */
const contentActions = (key: string, path: string, intents: readonly string[], fresh: readonly string[] = []) =>
  intents.map((intent) =>
    action(key, path, intent, MANAGERS_MAY, fresh.includes(intent) ? { fresh: true } : undefined),
  );

/** The add, save, move, place, (pin) and delete of an ordered list; the delete wants a recent sign-in. */
const ordered = (key: string, path: string, suffix: string, pins = false) =>
  contentActions(
    key,
    path,
    ["add", "save", "move", "place", ...(pins ? ["pin"] : []), "delete"].map((verb) => `${verb}${suffix}`),
    [`delete${suffix}`],
  );

export const ACTIONS: readonly ActionCase[] = [
  action("signIn", "/staff/sign-in", "email-send", ANYONE_MAY),
  action("signIn", "/staff/sign-in", "email-code", ANYONE_MAY),
  action("passkey", "/staff/passkey", "sign-in-options", ANYONE_MAY),
  action("passkey", "/staff/passkey", "sign-in-verify", ANYONE_MAY),
  action("passkey", "/staff/passkey", "register-options", ANY_STAFF_MAY, { fresh: true }),
  action("passkey", "/staff/passkey", "register-verify", ANY_STAFF_MAY, { fresh: true }),
  action("signInLink", "/staff/sign-in/link/not-a-real-token", "use", ANYONE_MAY),
  action("setup", "/staff/setup/not-a-real-token", "create-owner", ANYONE_MAY),
  action("devices", "/staff/devices", "revoke-session", ANY_STAFF_MAY),
  action("devices", "/staff/devices", "remove-passkey", ANY_STAFF_MAY, { fresh: true }),
  action("leads", "/staff/leads", "mark-contacted", ANY_STAFF_MAY),
  action("lead", "/staff/leads/{quoteA}", "status", SALON_A_WORK, { fields: { status: "contacted" } }),
  action("lead", "/staff/leads/{quoteA}", "note", SALON_A_WORK, { fields: { note: "Rang back." } }),
  action("lead", "/staff/leads/{quoteA}", "reply", ANY_STAFF_MAY),
  action("lead", "/staff/leads/{quoteA}", "resend", ANY_STAFF_MAY),
  action("lead", "/staff/leads/{quoteB}", "status", SALON_B_WORK, { fields: { status: "contacted" } }),
  action("lead", "/staff/leads/{quoteB}", "note", SALON_B_WORK, { fields: { note: "Rang back." } }),
  action("job", "/staff/applications/{jobA}", "status", SALON_A_WORK, { fields: { status: "maybe" } }),
  action("job", "/staff/applications/{jobA}", "note", SALON_A_WORK, { fields: { note: "Strong portfolio." } }),
  action("job", "/staff/applications/{jobA}", "reply", MANAGERS_MAY),
  action("job", "/staff/applications/{jobB}", "status", SALON_A_WORK, { fields: { status: "maybe" } }),
  action("job", "/staff/applications/{jobB}", "note", SALON_A_WORK, { fields: { note: "Strong portfolio." } }),
  action("model", "/staff/models/{model}", "status", ANY_STAFF_MAY),
  action("model", "/staff/models/{model}", "note", ANY_STAFF_MAY),
  action("feedback", "/staff/feedback/{feedback}", "status", MANAGERS_MAY),
  action("feedback", "/staff/feedback/{feedback}", "note", MANAGERS_MAY),
  action("bookings", "/staff/bookings", "confirm", ANY_STAFF_MAY),
  action("bookings", "/staff/bookings", "dismiss", ANY_STAFF_MAY),
  action("bookings", "/staff/bookings", "undo-match", ANY_STAFF_MAY),
  action("bookings", "/staff/bookings", "columns", MANAGERS_MAY),
  action("bookings", "/staff/bookings", "import", MANAGERS_MAY),
  action("bookings", "/staff/bookings", "undo-import", MANAGERS_MAY, { fresh: true }),
  action("bookings", "/staff/bookings", "secret", MANAGERS_MAY, { fresh: true }),
  action("messages", "/staff/messages", "resend", MANAGERS_MAY),
  ...["invite", "role", "disable", "sign-out-everywhere"].map((intent) =>
    action("team", "/staff/team", intent, OWNER_MAY, { fresh: true }),
  ),
  ...["digest", "alerts", "uncontacted", "template", "webhook", "webhook-secret", "rounding"].map((intent) =>
    action("settings", "/staff/settings", intent, OWNER_MAY),
  ),
  action("contentBlog", "/staff/content/blog", "pin", MANAGERS_MAY),
  ...contentActions("contentBlogPost", "/staff/content/blog/new", ["save", "preview"]),
  ...contentActions("contentNotices", "/staff/content/notices", ["save", "delete"], ["delete"]),
  ...ordered("contentNews", "/staff/content/news", "", true),
  ...ordered("contentShop", "/staff/content/shop", "-banner"),
  ...ordered("contentShop", "/staff/content/shop", "-tile"),
  ...contentActions("contentBrand", "/staff/content/brand", ["founded", "group-line"]),
  ...contentActions("offers", "/staff/content/offers", ["list", "hide-offers", "end-date"]),
  ...contentActions("offerNew", "/staff/content/offers/new", ["create"]),
  ...contentActions("offer", "/staff/content/offers/{offer}", ["save", "delete"], ["delete"]),
  ...contentActions("salons", "/staff/content/salons", ["salon"]),
  ...contentActions("bookingLinks", "/staff/booking-links", ["link", "remove", "skin-test-link", "skin-test-words"]),
  ...contentActions("prices", "/staff/content/prices", ["add-service", "bulk", "remove-level-change"]),
  ...contentActions("service", "/staff/content/prices/{service}", ["service", "retire", "restore", "cancel-price"]),
  ...contentActions("levels", "/staff/content/levels", ["level"]),
  ...contentActions("reviews", "/staff/content/reviews", ["add-review", "import-reviews"]),
  ...contentActions("review", "/staff/content/reviews/{review}", ["review", "hide", "publish"]),
  ...contentActions("contentTeam", "/staff/content/team", ["move", "place", "retire", "restore"]),
  ...contentActions("contentTeamNew", "/staff/content/team/new", ["create"]),
  ...contentActions("contentTeamMember", "/staff/content/team/{teamMember}", ["save"]),
  ...["find", "erase", "retention"].map((intent) =>
    action("privacy", "/staff/privacy", intent, OWNER_MAY, { fresh: true }),
  ),
  action("privacyExport", "/staff/privacy/export", "json", OWNER_MAY, { fresh: true }),
  action("privacyExport", "/staff/privacy/export", "csv", OWNER_MAY, { fresh: true }),
  // Ends the session it is sent on: the test sends it last.
  action("signOut", "/staff/sign-out", "sign-out", ANY_STAFF_MAY),
];
