/**
 * Every page of the staff console, the permission its loader needs and the
 * permission each of its actions needs. app/routes.ts builds the /staff routes
 * from this table and each route module passes its own key to requireStaff,
 * so the check cannot drift from the table. The permission matrix test
 * (tests/e2e/permissions-matrix.spec.ts) fails when a page or action here has
 * no row in its hand-written matrix, so a new page is covered the day it is added.
 */
import { pagePathOf } from "../site-path";
import type { Permission } from "./access";

/** "public": reachable signed out (signing in itself). */
export type Access = Permission | "public";

export interface StaffAction {
  access: Access;
  /** Destructive: asks for a sign-in within the last few minutes. */
  fresh?: boolean;
}

export interface StaffRouteDef {
  /** Under /staff. */
  path: string;
  file: string;
  /** null: a resource with no page, only actions (GET answers 405). */
  page: Access | null;
  /** Form posts, told apart by their `intent` field. */
  actions: Readonly<Record<string, StaffAction>>;
  /**
   * A form that also carries picture files: how many, and who may send them.
   * Only these bodies may be larger than a text form, and who sent one is
   * checked before a byte of it is read.
   */
  upload?: { files: number; access: Permission };
  /** A file to download (a CSV): fetched only from the console's own pages, never at another site's bidding. */
  download?: true;
  /**
   * The page asks for a recent sign-in as it opens: it hands over everyone's data (the backup), or every action
   * on it needs one (privacy), so the sign-in comes before anything is typed rather than after.
   */
  fresh?: true;
}

/** A page of the console (its module under app/routes/staff/) and what its actions need. */
const screen = (path: string, file: string, page: Access | null, actions: Readonly<Record<string, StaffAction>> = {}) =>
  ({ path, file: `routes/staff/${file}`, page, actions }) satisfies StaffRouteDef;

/** A content screen whose form takes up to `files` pictures, from whoever may edit content. */
const withPictures = <D extends StaffRouteDef>(def: D, files: number) =>
  ({ ...def, upload: { files, access: "content.edit" } }) satisfies StaffRouteDef;

/** Actions that all need one permission; those named in `fresh` also ask for a recent sign-in. */
const may = (access: Access, intents: readonly string[], fresh: readonly string[] = []): Record<string, StaffAction> =>
  Object.fromEntries(intents.map((intent) => [intent, fresh.includes(intent) ? { access, fresh: true } : { access }]));

/** A page whose actions each need the permission the page needs; those named in `fresh` also a recent sign-in. */
const guardedScreen = (
  path: string,
  file: string,
  access: Access,
  intents: readonly string[],
  fresh?: readonly string[],
) => screen(path, file, access, may(access, intents, fresh));

/** A screen under /staff/content/ that changes what visitors see. */
const contentScreen = (path: string, file: string, intents: readonly string[], fresh?: readonly string[]) =>
  guardedScreen(`content/${path}`, file, "content.edit", intents, fresh);

const recordActions = (update: Permission) => may(update, ["status", "note"]);

/** The lists that download as CSV, with the filters of the list they come from. */
export const EXPORT_LISTS = ["leads", "jobs", "models", "feedback", "messages"] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

/** Each download is a row of the table of its own, so the permission matrix must name every one. */
const download = (list: ExportList) =>
  ({ ...screen(`export/${list}`, "export.ts", "export"), download: true }) satisfies StaffRouteDef;

/**
 * A list staff put in order: add, edit, move a step, put at a place (a drop or "Move to") and remove rows, and
 * pin them where the list has pins (see app/server/staff/site-content.server.ts).
 */
const orderedActions = (suffix: string, pins = false) =>
  may(
    "content.edit",
    ["add", "save", "move", "place", ...(pins ? ["pin"] : []), "delete"].map((verb) => `${verb}${suffix}`),
    [`delete${suffix}`],
  );

export const STAFF_ROUTES = {
  home: screen("", "home.tsx", "console.use"),
  signIn: guardedScreen("sign-in", "sign-in.tsx", "public", ["email-send", "email-code"]),
  /** The passkey ceremonies, as JSON for the page's script. */
  passkey: screen("passkey", "passkey.ts", null, {
    "sign-in-options": { access: "public" },
    "sign-in-verify": { access: "public" },
    // A new passkey lets its holder in for good: asked only of a recent sign-in.
    "register-options": { access: "console.use", fresh: true },
    "register-verify": { access: "console.use", fresh: true },
  }),
  signInLink: guardedScreen("sign-in/link/:token", "sign-in-link.tsx", "public", ["use"]),
  setup: guardedScreen("setup/:token", "setup.tsx", "public", ["create-owner"]),
  signOut: guardedScreen("sign-out", "sign-out.tsx", "console.use", ["sign-out"]),
  devices: guardedScreen(
    "devices",
    "devices.tsx",
    "console.use",
    ["revoke-session", "remove-passkey"],
    ["remove-passkey"],
  ),
  leads: screen("leads", "leads.tsx", "leads.view", may("leads.update", ["mark-contacted"])),
  /** The front desk works a lead whole: its replies, and its own failed messages sent again. */
  lead: screen("leads/:id", "lead.tsx", "leads.view", may("leads.update", ["status", "note", "reply", "resend"])),
  jobs: screen("applications", "jobs.tsx", "applications.view"),
  job: screen("applications/:id", "job.tsx", "applications.view", {
    ...recordActions("applications.update"),
    reply: { access: "applications.reply" },
  }),
  models: screen("models", "models.tsx", "applications.view"),
  model: screen("models/:id", "model.tsx", "applications.view", recordActions("applications.update")),
  feedbackList: screen("feedback", "feedback-list.tsx", "feedback.view"),
  feedback: screen("feedback/:id", "feedback.tsx", "feedback.view", recordActions("feedback.update")),
  /** Bookings matched back: the review list, the imports of appointments and the webhook's secret (decision 070). */
  bookings: screen("bookings", "bookings.tsx", "bookings.review", {
    ...may("bookings.review", ["confirm", "dismiss", "undo-match"]),
    ...may("bookings.import", ["columns", "import", "undo-import", "secret"], ["undo-import", "secret"]),
  }),
  messages: screen("messages", "messages.tsx", "messages.view", may("messages.resend", ["resend"])),
  audit: screen("audit", "audit.tsx", "audit.view"),
  /** Every change of who can get in asks for a recent sign-in. */
  team: guardedScreen(
    "team",
    "team.tsx",
    "staff.manage",
    ["invite", "role", "disable", "sign-out-everywhere"],
    ["invite", "role", "disable", "sign-out-everywhere"],
  ),
  settings: guardedScreen("settings", "settings.tsx", "settings.manage", [
    "digest",
    "alerts",
    "uncontacted",
    "template",
    "webhook",
    "webhook-secret",
    "rounding",
  ]),
  /** The newest backup file, for the owner to keep a copy of: the whole database, so a recent sign-in and this site's pages only. */
  backupDownload: {
    ...screen("settings/backup", "backup-download.ts", "settings.manage"),
    download: true,
    fresh: true,
  },
  dashboard: screen("dashboard", "dashboard.tsx", "dashboard.view"),
  /** The funnel in pounds (decision 076), and its figures as a CSV file. */
  funnel: screen("funnel", "funnel.tsx", "funnel.view"),
  funnelExport: { ...screen("funnel/export", "funnel-export.ts", "funnel.view"), download: true },
  /** The group scorecard (per salon and week, stylist, level), and its figures as a CSV file. */
  scorecard: screen("scorecard", "scorecard.tsx", "dashboard.view"),
  scorecardExport: { ...screen("scorecard/export", "scorecard-export.ts", "dashboard.view"), download: true },
  /** The index of the screens that change what visitors see (CONTENT_SCREENS). */
  content: screen("content", "content.tsx", "content.edit"),
  contentBlog: guardedScreen("content/blog", "content-blog.tsx", "content.edit", ["pin"]),
  /** One post's editor; "new" for a post not written yet. */
  contentBlogPost: withPictures(contentScreen("blog/:id", "content-blog-post.tsx", ["save", "preview"]), 1),
  contentNotices: contentScreen("notices", "content-notices.tsx", ["save", "delete"], ["delete"]),
  contentNews: withPictures(screen("content/news", "content-news.tsx", "content.edit", orderedActions("", true)), 1),
  contentShop: withPictures(
    screen("content/shop", "content-shop.tsx", "content.edit", {
      ...orderedActions("-banner"),
      ...orderedActions("-tile"),
    }),
    1,
  ),
  /** How the group describes itself: the founding date ("N years") and its line about itself. */
  contentBrand: contentScreen("brand", "content-brand.tsx", ["founded", "group-line"]),
  /** Every offer with its switch, and the switches of the whole Offers page. */
  offers: contentScreen("offers", "offers.tsx", ["list", "hide-offers", "end-date"]),
  offerNew: withPictures(contentScreen("offers/new", "offer-new.tsx", ["create"]), 1),
  offer: withPictures(contentScreen("offers/:id", "offer.tsx", ["save", "delete"], ["delete"]), 1),
  /** Each salon's name, address, telephone, booking link and opening hours. */
  salons: withPictures(contentScreen("salons", "salons.tsx", ["salon"]), 1),
  /** The map of booking links: a link per stylist, per service at a salon, or both, and what each case resolves to. */
  bookingLinks: guardedScreen("booking-links", "booking-links.tsx", "content.edit", [
    "link",
    "remove",
    "skin-test-link",
    "skin-test-words",
  ]),
  /** The price list; "bulk" changes many prices at once (at every level or one), now or from a day. */
  prices: contentScreen("prices", "prices.tsx", ["add-service", "bulk", "remove-level-change"]),
  service: contentScreen("prices/:id", "service.tsx", ["service", "retire", "restore", "cancel-price"]),
  levels: contentScreen("levels", "levels.tsx", ["level"]),
  reviews: contentScreen("reviews", "reviews.tsx", ["add-review", "import-reviews"]),
  review: contentScreen("reviews/:id", "review.tsx", ["review", "hide", "publish"]),
  /** The team on the site: order, retire and bring back; each member's page is edited on its own screen. */
  contentTeam: contentScreen("team", "content-team.tsx", ["move", "place", "retire", "restore"]),
  contentTeamNew: withPictures(contentScreen("team/new", "content-team-new.tsx", ["create"]), 2),
  contentTeamMember: withPictures(contentScreen("team/:id", "content-team-member.tsx", ["save"]), 2),
  exportLeads: download("leads"),
  exportJobs: download("jobs"),
  exportModels: download("models"),
  exportFeedback: download("feedback"),
  exportMessages: download("messages"),
  /**
   * Rights requests and retention periods. Everything here shows or erases personal data: a recent sign-in
   * first, asked as the page opens, so what is typed into its forms is never lost to a sign-in in between.
   */
  privacy: {
    ...guardedScreen(
      "privacy",
      "privacy.tsx",
      "privacy.manage",
      ["find", "erase", "retention"],
      ["find", "erase", "retention"],
    ),
    fresh: true,
  },
  /** The download of everything held about one person, as JSON or CSV. */
  privacyExport: screen(
    "privacy/export",
    "privacy-export.ts",
    null,
    may("privacy.manage", ["json", "csv"], ["json", "csv"]),
  ),
} as const satisfies Record<string, StaffRouteDef>;

export type StaffRouteKey = keyof typeof STAFF_ROUTES;

const STAFF_PREFIX = "/staff";

export const staffPath = (path: string) => (path === "" ? STAFF_PREFIX : `${STAFF_PREFIX}/${path}`);

/** Each screen as a pattern over a lower-cased, percent-decoded path, as the router matches addresses. */
const SCREEN_PATTERNS: readonly { pattern: RegExp; route: StaffRouteDef }[] = Object.values(
  STAFF_ROUTES as Record<string, StaffRouteDef>,
).map((route) => ({
  pattern: new RegExp(
    `^${staffPath(route.path)
      .toLowerCase()
      .split("/")
      .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/")}/?$`,
  ),
  route,
}));

/**
 * The console screen at this address, or undefined: in any case,
 * percent-decoded, and asked for as the page or as its data (see pagePathOf),
 * as the router matches it.
 */
export function staffScreenAt(pathname: string): StaffRouteDef | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pagePathOf(pathname)).toLowerCase();
  } catch {
    return undefined;
  }
  return SCREEN_PATTERNS.find(({ pattern }) => pattern.test(path))?.route;
}

/** The console's sections, in the order its navigation lists them. */
/**
 * The console's navigation in groups, so that it fits a phone, a tablet and a
 * desktop without hiding any of it: a column beside the page on a wide
 * screen, one tap on "Menu" away on a narrower one. Each person sees only
 * the pages their role opens.
 */
export const STAFF_NAV_GROUPS: readonly { label: string; items: readonly { key: StaffRouteKey; label: string }[] }[] = [
  {
    label: "Clients",
    items: [
      { key: "home", label: "Home" },
      { key: "leads", label: "Quotes" },
      { key: "bookings", label: "Bookings matched" },
      { key: "jobs", label: "Job applications" },
      { key: "models", label: "Models" },
      { key: "feedbackList", label: "Feedback" },
      { key: "messages", label: "Messages" },
    ],
  },
  {
    label: "The salon",
    items: [
      { key: "dashboard", label: "Dashboard" },
      { key: "funnel", label: "Funnel" },
      { key: "scorecard", label: "Scorecard" },
      { key: "content", label: "Site content" },
      { key: "bookingLinks", label: "Booking links" },
      { key: "team", label: "Team" },
    ],
  },
  {
    label: "Account and records",
    items: [
      { key: "settings", label: "Settings" },
      { key: "devices", label: "Your devices" },
      { key: "audit", label: "Audit log" },
      { key: "privacy", label: "Privacy" },
    ],
  },
];

export const STAFF_NAV = STAFF_NAV_GROUPS.flatMap((group) => group.items);

/** The table's row of each list's download. */
export const EXPORT_ROUTES: Readonly<Record<ExportList, StaffRouteKey>> = {
  leads: "exportLeads",
  jobs: "exportJobs",
  models: "exportModels",
  feedback: "exportFeedback",
  messages: "exportMessages",
};

/**
 * The screens that change the public site, as the "Site content" page lists
 * them: each a row of STAFF_ROUTES with what it is for.
 */
export const CONTENT_SCREENS: readonly { key: StaffRouteKey; label: string; description: string }[] = [
  {
    key: "contentBlog",
    label: "Blog",
    description: "Write posts in Markdown, preview them, and publish now or at a time you choose.",
  },
  {
    key: "contentNews",
    label: "News",
    description: "The news cards on the home page and each item's own page: add, edit, reorder, remove.",
  },
  {
    key: "contentNotices",
    label: "Notices",
    description: "A stylist leaving or moving, reopening, new prices: their words and the days they show.",
  },
  {
    key: "contentShop",
    label: "Online shop",
    description: "The banners and brand tiles of the online shop page.",
  },
  {
    key: "offers",
    label: "Offers",
    description: "Each offer's words, code and dates; which show on the Offers page; hiding them all.",
  },
  {
    key: "salons",
    label: "Salons and opening hours",
    description: "Names, addresses, phone numbers, booking links and each day's hours.",
  },
  {
    key: "bookingLinks",
    label: "Booking links",
    description: "Where each Book button goes: a link per stylist and per service, and which are not answering.",
  },
  {
    key: "prices",
    label: "Price list",
    description: "Services, their names and prices, now or from a date; add or retire a service.",
  },
  { key: "levels", label: "Stylist levels", description: "Level names and how much each adds to the price list." },
  {
    key: "reviews",
    label: "Reviews",
    description: "Add or import clients' reviews, assign them to a stylist; hide one only with a reason.",
  },
  {
    key: "contentBrand",
    label: "About the group",
    description: "The year the salon opened (“celebrating 24 years”) and how the group describes itself.",
  },
  {
    key: "contentTeam",
    label: "Team",
    description: "Add, edit, reorder and retire team members; their photos, levels, salons and prices.",
  },
];

/**
 * The console pages a browser may fetch ahead of a click (the speculation
 * rules in app/root.tsx, decision 020), as URL patterns. Only pages whose
 * GET records nothing: opening a list or a record of people's details is
 * written to the audit log, which must say what someone looked at, not what
 * their pointer passed over; sign-out, the sign-in links and the downloads
 * are left out too. A page missing here is only slower to open.
 */
const PREFETCHED: readonly StaffRouteKey[] = [
  "home",
  "dashboard",
  "devices",
  "audit",
  "team",
  "settings",
  "content",
  ...CONTENT_SCREENS.map(({ key }) => key),
  "contentBlogPost",
  "offer",
  "offerNew",
  "service",
  "review",
  "contentTeamNew",
  "contentTeamMember",
];

export const PREFETCHED_PATTERNS: readonly string[] = PREFETCHED.map((key) => staffPath(STAFF_ROUTES[key].path));
