/**
 * Every page of the staff console, the permission its loader needs and the
 * permission each of its actions needs. app/routes.ts builds the /staff routes
 * from this table and each route module passes its own key to requireStaff,
 * so the check cannot drift from the table; the access test walks it too, so
 * a new page is covered the day it is added.
 */
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
}

const recordActions = (update: Permission) => ({ status: { access: update }, note: { access: update } });

/** The lists that download as CSV, with the filters of the list they come from. */
export const EXPORT_LISTS = ["leads", "jobs", "models", "feedback", "messages"] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

/** Each download is a row of the table of its own, so the access test walks every one. */
const download = <L extends ExportList>(list: L) =>
  ({ path: `export/${list}`, file: "routes/staff/export.ts", page: "export", actions: {} }) as const;

/** A list staff put in order: add, edit, move and remove rows (see app/server/staff/site-content.server.ts). */
const orderedActions = <S extends string>(suffix: S) =>
  ({
    [`add${suffix}`]: { access: "content.edit" },
    [`save${suffix}`]: { access: "content.edit" },
    [`move${suffix}`]: { access: "content.edit" },
    [`delete${suffix}`]: { access: "content.edit", fresh: true },
  }) as Record<`${"add" | "save" | "move" | "delete"}${S}`, StaffAction>;

export const STAFF_ROUTES = {
  home: { path: "", file: "routes/staff/home.tsx", page: "console.use", actions: {} },
  signIn: {
    path: "sign-in",
    file: "routes/staff/sign-in.tsx",
    page: "public",
    actions: { "email-send": { access: "public" }, "email-code": { access: "public" } },
  },
  /** The passkey ceremonies, as JSON for the page's script. */
  passkey: {
    path: "passkey",
    file: "routes/staff/passkey.ts",
    page: null,
    actions: {
      "sign-in-options": { access: "public" },
      "sign-in-verify": { access: "public" },
      "register-options": { access: "console.use" },
      "register-verify": { access: "console.use" },
    },
  },
  signInLink: {
    path: "sign-in/link/:token",
    file: "routes/staff/sign-in-link.tsx",
    page: "public",
    actions: { use: { access: "public" } },
  },
  setup: {
    path: "setup/:token",
    file: "routes/staff/setup.tsx",
    page: "public",
    actions: { "create-owner": { access: "public" } },
  },
  signOut: {
    path: "sign-out",
    file: "routes/staff/sign-out.tsx",
    page: "console.use",
    actions: { "sign-out": { access: "console.use" } },
  },
  devices: {
    path: "devices",
    file: "routes/staff/devices.tsx",
    page: "console.use",
    actions: {
      "revoke-session": { access: "console.use" },
      "remove-passkey": { access: "console.use", fresh: true },
    },
  },
  leads: { path: "leads", file: "routes/staff/leads.tsx", page: "leads.view", actions: {} },
  lead: {
    path: "leads/:id",
    file: "routes/staff/lead.tsx",
    page: "leads.view",
    actions: recordActions("leads.update"),
  },
  jobs: { path: "applications", file: "routes/staff/jobs.tsx", page: "applications.view", actions: {} },
  job: {
    path: "applications/:id",
    file: "routes/staff/job.tsx",
    page: "applications.view",
    actions: { ...recordActions("applications.update"), reply: { access: "applications.reply" } },
  },
  models: { path: "models", file: "routes/staff/models.tsx", page: "applications.view", actions: {} },
  model: {
    path: "models/:id",
    file: "routes/staff/model.tsx",
    page: "applications.view",
    actions: recordActions("applications.update"),
  },
  feedbackList: { path: "feedback", file: "routes/staff/feedback-list.tsx", page: "feedback.view", actions: {} },
  feedback: {
    path: "feedback/:id",
    file: "routes/staff/feedback.tsx",
    page: "feedback.view",
    actions: recordActions("feedback.update"),
  },
  messages: {
    path: "messages",
    file: "routes/staff/messages.tsx",
    page: "messages.view",
    actions: { resend: { access: "messages.resend" } },
  },
  audit: { path: "audit", file: "routes/staff/audit.tsx", page: "audit.view", actions: {} },
  team: {
    path: "team",
    file: "routes/staff/team.tsx",
    page: "staff.manage",
    actions: {
      invite: { access: "staff.manage" },
      role: { access: "staff.manage", fresh: true },
      disable: { access: "staff.manage", fresh: true },
    },
  },
  settings: {
    path: "settings",
    file: "routes/staff/settings.tsx",
    page: "settings.manage",
    actions: { digest: { access: "settings.manage" }, template: { access: "settings.manage" } },
  },
  dashboard: { path: "dashboard", file: "routes/staff/dashboard.tsx", page: "dashboard.view", actions: {} },
  /** The index of the screens that change what visitors see (CONTENT_SCREENS). */
  content: { path: "content", file: "routes/staff/content.tsx", page: "content.edit", actions: {} },
  contentBlog: { path: "content/blog", file: "routes/staff/content-blog.tsx", page: "content.edit", actions: {} },
  /** One post's editor; "new" for a post not written yet. */
  contentBlogPost: {
    path: "content/blog/:id",
    file: "routes/staff/content-blog-post.tsx",
    page: "content.edit",
    actions: { save: { access: "content.edit" }, preview: { access: "content.edit" } },
  },
  contentNotices: {
    path: "content/notices",
    file: "routes/staff/content-notices.tsx",
    page: "content.edit",
    actions: { save: { access: "content.edit" } },
  },
  contentNews: {
    path: "content/news",
    file: "routes/staff/content-news.tsx",
    page: "content.edit",
    actions: orderedActions(""),
  },
  contentShop: {
    path: "content/shop",
    file: "routes/staff/content-shop.tsx",
    page: "content.edit",
    actions: { ...orderedActions("-banner"), ...orderedActions("-tile") },
  },
  /** How the group describes itself: the founding date ("N years") and its line about itself. */
  contentBrand: {
    path: "content/brand",
    file: "routes/staff/content-brand.tsx",
    page: "content.edit",
    actions: { founded: { access: "content.edit" }, "group-line": { access: "content.edit" } },
  },
  /** Every offer with its switch, and the switches of the whole Offers page. */
  offers: {
    path: "content/offers",
    file: "routes/staff/offers.tsx",
    page: "content.edit",
    actions: {
      list: { access: "content.edit" },
      "hide-offers": { access: "content.edit" },
      "end-date": { access: "content.edit" },
    },
  },
  offerNew: {
    path: "content/offers/new",
    file: "routes/staff/offer-new.tsx",
    page: "content.edit",
    actions: { create: { access: "content.edit" } },
  },
  offer: {
    path: "content/offers/:id",
    file: "routes/staff/offer.tsx",
    page: "content.edit",
    actions: { save: { access: "content.edit" }, delete: { access: "content.edit", fresh: true } },
  },
  /** Each salon's name, address, telephone, booking link and opening hours. */
  salons: {
    path: "content/salons",
    file: "routes/staff/salons.tsx",
    page: "content.edit",
    actions: { salon: { access: "content.edit" } },
  },
  prices: {
    path: "content/prices",
    file: "routes/staff/prices.tsx",
    page: "content.edit",
    actions: { "add-service": { access: "content.edit" } },
  },
  service: {
    path: "content/prices/:id",
    file: "routes/staff/service.tsx",
    page: "content.edit",
    actions: {
      service: { access: "content.edit" },
      retire: { access: "content.edit" },
      restore: { access: "content.edit" },
      "cancel-price": { access: "content.edit" },
    },
  },
  levels: {
    path: "content/levels",
    file: "routes/staff/levels.tsx",
    page: "content.edit",
    actions: { level: { access: "content.edit" } },
  },
  reviews: {
    path: "content/reviews",
    file: "routes/staff/reviews.tsx",
    page: "content.edit",
    actions: { "add-review": { access: "content.edit" }, "import-reviews": { access: "content.edit" } },
  },
  review: {
    path: "content/reviews/:id",
    file: "routes/staff/review.tsx",
    page: "content.edit",
    actions: {
      review: { access: "content.edit" },
      hide: { access: "content.edit" },
      publish: { access: "content.edit" },
    },
  },
  /** The team on the site: order, retire and bring back; each member's page is edited on its own screen. */
  contentTeam: {
    path: "content/team",
    file: "routes/staff/content-team.tsx",
    page: "content.edit",
    actions: {
      move: { access: "content.edit" },
      retire: { access: "content.edit" },
      restore: { access: "content.edit" },
    },
  },
  contentTeamNew: {
    path: "content/team/new",
    file: "routes/staff/content-team-new.tsx",
    page: "content.edit",
    actions: { create: { access: "content.edit" } },
  },
  contentTeamMember: {
    path: "content/team/:id",
    file: "routes/staff/content-team-member.tsx",
    page: "content.edit",
    actions: { save: { access: "content.edit" } },
  },
  exportLeads: download("leads"),
  exportJobs: download("jobs"),
  exportModels: download("models"),
  exportFeedback: download("feedback"),
  exportMessages: download("messages"),
  /** Rights requests and retention periods. Everything here shows or erases personal data: a recent sign-in first. */
  privacy: {
    path: "privacy",
    file: "routes/staff/privacy.tsx",
    page: "privacy.manage",
    actions: {
      find: { access: "privacy.manage", fresh: true },
      erase: { access: "privacy.manage", fresh: true },
      retention: { access: "privacy.manage", fresh: true },
    },
  },
  /** The download of everything held about one person, as JSON or CSV. */
  privacyExport: {
    path: "privacy/export",
    file: "routes/staff/privacy-export.ts",
    page: null,
    actions: { json: { access: "privacy.manage", fresh: true }, csv: { access: "privacy.manage", fresh: true } },
  },
} as const satisfies Record<string, StaffRouteDef>;

export type StaffRouteKey = keyof typeof STAFF_ROUTES;

const STAFF_PREFIX = "/staff";

export const staffPath = (path: string) => (path === "" ? STAFF_PREFIX : `${STAFF_PREFIX}/${path}`);

/** The console's sections, in the order its navigation lists them. */
export const STAFF_NAV: readonly { key: StaffRouteKey; label: string }[] = [
  { key: "home", label: "Home" },
  { key: "dashboard", label: "Dashboard" },
  { key: "leads", label: "Quotes" },
  { key: "jobs", label: "Job applications" },
  { key: "models", label: "Models" },
  { key: "feedbackList", label: "Feedback" },
  { key: "messages", label: "Messages" },
  { key: "content", label: "Site content" },
  { key: "audit", label: "Audit log" },
  { key: "team", label: "Team" },
  { key: "settings", label: "Settings" },
  { key: "devices", label: "Your devices" },
  { key: "privacy", label: "Privacy" },
];

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
