/**
 * The audit log in words: every action the console, the site's scheduler and
 * the command line write to the log (`audit()` takes only these names), and
 * the one sentence each reads as ("Fran changed Amelia Hart's quote to
 * Booked"). A name added to AUDIT_ACTIONS without its words does not
 * type-check, and its unit test fails.
 */
import { ROLE_LABELS, STAFF_ROLES } from "./access";
import { RECORD_KINDS, type RecordKind } from "./records";
import { type ExportList, STAFF_ROUTES, type StaffRouteKey, staffPath } from "./routes";

/** The scheduler's jobs, each audited as `scheduled.<name>` after every pass. */
export const SCHEDULED_JOBS = [
  "retention",
  "prune",
  "quote-digest",
  "backup",
  "health",
  "uncontacted-leads",
  "booking-links",
  "review-invitations",
] as const;
export type ScheduledJobName = (typeof SCHEDULED_JOBS)[number];

/** The lists of content staff put in order (news, the shop's banners and tiles), by their audit subject. */
const ORDERED_SUBJECTS = ["news_item", "shop_banner", "shop_tile"] as const;
export type OrderedSubject = (typeof ORDERED_SUBJECTS)[number];

export const AUDIT_ACTIONS = [
  // Looking at people's details, and working their records.
  "quote.list",
  "quote.view",
  "quote.status",
  "quote.note",
  "quote.reply",
  "job.list",
  "job.view",
  "job.status",
  "job.note",
  "job.reply",
  "model.list",
  "model.view",
  "model.status",
  "model.note",
  "feedback.list",
  "feedback.view",
  "feedback.status",
  "feedback.note",
  "message.list",
  "message.resend",
  "export.leads",
  "export.jobs",
  "export.models",
  "export.feedback",
  "export.messages",
  // The funnel's figures: counts and pounds, no one's details, recorded like every other look and download.
  "funnel.view",
  "funnel.export",
  "scorecard.view",
  "scorecard.export",
  // Signing in and out, devices and passkeys.
  "session.sign-in",
  "session.confirm",
  "session.sign-out",
  "session.revoke",
  "passkey.add",
  "passkey.remove",
  // The team's accounts.
  "staff.setup",
  "staff.invite",
  "staff.role",
  "staff.disable",
  "staff.sign-out-everywhere",
  // Settings, backups and people's data rights.
  "settings.update",
  "settings.template",
  "settings.digest",
  "settings.retention",
  "settings.alerts-quiet",
  "settings.alerts-uncontacted",
  "settings.webhook",
  "settings.webhook-secret",
  "settings.rounding",
  "settings.skin-test-words",
  "backup.download",
  "privacy.find",
  "privacy.export",
  "privacy.erase",
  // What visitors see.
  "picture.upload",
  "blog.create",
  "blog.update",
  "blog.pin",
  "news_item.create",
  "news_item.update",
  "news_item.move",
  "news_item.pin",
  "news_item.delete",
  "shop_banner.create",
  "shop_banner.update",
  "shop_banner.move",
  "shop_banner.delete",
  "shop_tile.create",
  "shop_tile.update",
  "shop_tile.move",
  "shop_tile.delete",
  "notice.update",
  "offer.create",
  "offer.update",
  "offer.list",
  "offer.delete",
  "salon.update",
  "booking-link.save",
  "booking-link.remove",
  "booking-link.skin-test",
  "service.add",
  "service.edit",
  "service.schedule",
  "service.schedule-cancel",
  "service.retire",
  "service.restore",
  "prices.bulk",
  "level.edit",
  "level.change-remove",
  "review.add",
  "review.import",
  "review.edit",
  "review.hide",
  "review.publish",
  "team.create",
  "team.update",
  "team.reorder",
  "team.retire",
  "team.restore",
  // Bookings matched back from the booking system (decision 070).
  "booking.list",
  "booking.import",
  "booking.import-undo",
  "booking.match",
  "booking.confirm",
  "booking.dismiss",
  "booking.revert",
  "booking.webhook-secret",
  // The site's own hourly and daily work.
  "scheduled.retention",
  "scheduled.prune",
  "scheduled.quote-digest",
  "scheduled.backup",
  "scheduled.health",
  "scheduled.uncontacted-leads",
  "scheduled.booking-links",
  "scheduled.review-invitations",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const isAuditAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);

/** A look at one record of someone's details: recorded once per person per record per VIEW_AUDIT_PERIOD_MINUTES. */
export const VIEW_ACTIONS = ["quote.view", "job.view", "model.view", "feedback.view"] as const satisfies AuditAction[];
export type ViewAction = (typeof VIEW_ACTIONS)[number];
export const VIEW_AUDIT_PERIOD_MINUTES = 30;

/** What a row is about, as the filter offers it (the record kinds first). */
export const AUDIT_SUBJECTS = [
  ...RECORD_KINDS,
  "staff",
  "session",
  "message",
  "template",
  "setting",
  "settings",
  "list",
  "rights-request",
  "picture",
  "blog_post",
  ...ORDERED_SUBJECTS,
  "notice",
  "offer",
  "salon",
  "service",
  "level",
  "review",
  "stylist",
  "appointment_import",
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECTS)[number];

export const AUDIT_SUBJECT_LABELS: Readonly<Record<AuditSubjectType, string>> = {
  quote: "Quotes",
  job: "Job applications",
  model: "Model applications",
  feedback: "Feedback",
  staff: "Staff",
  session: "Devices signed in",
  message: "Messages",
  template: "Reply templates",
  setting: "Site settings",
  settings: "Console settings",
  list: "Downloads",
  "rights-request": "Data rights requests",
  picture: "Pictures",
  blog_post: "Blog posts",
  news_item: "News items",
  shop_banner: "Shop banners",
  shop_tile: "Shop tiles",
  notice: "Notices",
  offer: "Offers",
  salon: "Salons",
  service: "Services and prices",
  level: "Levels",
  review: "Reviews",
  stylist: "Team members",
  appointment_import: "Appointment imports",
};

/** The console page a record of this kind has, with the address of this one; none for what has no page. */
export function auditSubjectPage(type: string, id: string): { key: StaffRouteKey; href: string } | undefined {
  const at = (key: StaffRouteKey, hash = "") => ({
    key,
    href: `${staffPath(STAFF_ROUTES[key].path.replace(":id", encodeURIComponent(id)))}${hash}`,
  });
  switch (type) {
    case "quote":
      return at("lead");
    case "job":
      return at("job");
    case "model":
      return at("model");
    case "feedback":
      return at("feedback");
    case "staff":
      return at("team", `#staff-${encodeURIComponent(id)}`);
    case "stylist":
      return at("contentTeamMember");
    case "offer":
      return at("offer");
    case "blog_post":
      return at("contentBlogPost");
    case "review":
      return at("review");
    case "service":
      return at("service");
    case "salon":
      return at("salons");
    case "level":
      return at("levels");
    case "notice":
      return at("contentNotices");
    case "news_item":
      return at("contentNews");
    case "shop_banner":
    case "shop_tile":
      return at("contentShop");
    case "appointment_import":
      return at("bookings", `#import-${encodeURIComponent(id)}`);
    default:
      return undefined;
  }
}

/** The audit log narrowed to one record: who looked at it and what changed, newest first. */
export const auditHistoryPath = (type: AuditSubjectType, id: string | number) =>
  `${staffPath(STAFF_ROUTES.audit.path)}?${new URLSearchParams({ subject: type, id: String(id) })}`;

/** A piece of a sentence: words, or words that link to a page. */
export type SentencePart = string | { text: string; href?: string };

export interface AuditRowForWords {
  /** As stored: a name of an older version of the site reads as it is. */
  action: string;
  /** Who did it; null: the site itself (or a setup link). */
  actor: { name: string; href?: string } | null;
  /** What it was about. `name`: the record's name now (its person, title…); `state`: erased or gone since. */
  subject: {
    type: string;
    id: string;
    name?: string;
    href?: string;
    state?: "live" | "erased" | "deleted";
  } | null;
  summary: string;
}

const RECORD_NOUNS: Readonly<Record<RecordKind, string>> = {
  quote: "quote",
  job: "job application",
  model: "model application",
  feedback: "feedback",
};

const possessive = (name: string) => (name.endsWith("s") ? `${name}’` : `${name}’s`);

/** "Amelia Hart's quote" (a link), "an erased client's quote", or "quote 12, since deleted". */
function recordPhrase(kind: RecordKind, subject: AuditRowForWords["subject"]): SentencePart {
  const noun = RECORD_NOUNS[kind];
  if (!subject) return `a ${noun}`;
  if (subject.state === "erased") return `an erased client’s ${noun}`;
  if (subject.state === "deleted" || !subject.name) return `a ${noun} since deleted (number ${subject.id})`;
  return { text: `${possessive(subject.name)} ${noun}`, href: subject.href };
}

const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

/** Things with a title, which a sentence quotes. */
const TITLED = new Set(["blog post", "news item", "shop tile", "notice", "offer"]);

/** A named thing of the site (a post, an offer, a member of staff), linked where it still is; else what it was. */
function thingPhrase(noun: string, subject: AuditRowForWords["subject"]): SentencePart {
  if (noun === "person") {
    if (!subject || subject.state === "deleted" || !subject.name) return "someone";
    return { text: subject.name, href: subject.href };
  }
  if (!subject) return article(noun);
  if (subject.state === "deleted") return `${article(noun)} since deleted`;
  if (!subject.name) return { text: `${noun} ${subject.id}`, href: subject.href };
  return {
    text: TITLED.has(noun) ? `the ${noun} “${subject.name}”` : `the ${noun} ${subject.name}`,
    href: subject.href,
  };
}

const person = (subject: AuditRowForWords["subject"]) => thingPhrase("person", subject);

const listNames: Readonly<Record<string, string>> = {
  quote: "the quotes",
  job: "the job applications",
  model: "the model applications",
  feedback: "the feedback",
  message: "the messages",
};

const EXPORT_NAMES: Readonly<Record<ExportList, string>> = {
  leads: "the quotes",
  jobs: "the job applications",
  models: "the model applications",
  feedback: "the feedback",
  messages: "the messages",
};

const JOB_WORDS: Readonly<Record<ScheduledJobName, string>> = {
  retention: "erased what had reached the end of its keeping period",
  prune: "cleared out ended sessions, used links and unused uploads",
  "quote-digest": "sent the daily e-mail of new quotes",
  backup: "made a backup",
  health: "checked its health",
  "uncontacted-leads": "told the managers of new leads nobody had answered",
  "booking-links": "checked that the booking links answer",
  "review-invitations": "invited clients to review their visit",
};

const RIGHTS_WORDS = {
  find: "looked up what is held about a person",
  export: "downloaded what is held about a person",
  erase: "erased a person’s details",
} as const;

const ORDERED_NOUNS: Readonly<Record<OrderedSubject, string>> = {
  news_item: "news item",
  shop_banner: "shop banner",
  shop_tile: "shop tile",
};

/** The role an invitation or role change names ("Manager"), in lower case as a sentence says it. */
function roleIn(summary: string): string | undefined {
  const label = STAFF_ROLES.map((role) => ROLE_LABELS[role]).find((l) => summary.endsWith(l));
  return label?.toLowerCase();
}

const requestRef = (subject: AuditRowForWords["subject"]) => (subject ? ` (request ${subject.id})` : "");

type Words = (row: AuditRowForWords) => SentencePart[];

/** The row's details after a colon, when it has any. */
const summaryAfter = (row: AuditRowForWords) => (row.summary ? `: ${row.summary}` : "");

/** A record's status change, note, view and list, one kind at a time. */
const recordWords = (kind: RecordKind) =>
  ({
    view: (row) => ["viewed ", recordPhrase(kind, row.subject)],
    status: (row) => ["changed ", recordPhrase(kind, row.subject), row.summary ? ` to ${row.summary}` : "’s status"],
    note: (row) => ["added a note to ", recordPhrase(kind, row.subject)],
    list: () => [`looked through ${listNames[kind]}`],
  }) satisfies Record<string, Words>;

const orderedWords = (subject: OrderedSubject) => {
  const noun = ORDERED_NOUNS[subject];
  return {
    create: (row) => ["added ", thingPhrase(noun, row.subject)],
    update: (row) => ["changed ", thingPhrase(noun, row.subject)],
    move: (row) => ["moved ", thingPhrase(noun, row.subject), row.summary ? ` ${row.summary}` : ""],
    delete: () => [`removed a ${noun}`],
  } satisfies Record<string, Words>;
};

const quote = recordWords("quote");
const job = recordWords("job");
const model = recordWords("model");
const feedbackWords = recordWords("feedback");
const news = orderedWords("news_item");
const banner = orderedWords("shop_banner");
const tile = orderedWords("shop_tile");

/** A pin's row says "unpinned" when it took the pin away (decision 090). */
const pinWords =
  (noun: string): Words =>
  (row) =>
    row.summary === "unpinned"
      ? ["unpinned ", thingPhrase(noun, row.subject)]
      : ["pinned ", thingPhrase(noun, row.subject), " to the top"];

/** What each action reads as, after the name of who did it. */
const WORDS: Readonly<Record<AuditAction, Words>> = {
  "quote.list": quote.list,
  "quote.view": quote.view,
  "quote.status": quote.status,
  "quote.note": quote.note,
  "quote.reply": (row) => [
    `${row.summary.startsWith("Text") ? "texted" : "e-mailed"} a reply about `,
    recordPhrase("quote", row.subject),
  ],
  "job.list": job.list,
  "job.view": job.view,
  "job.status": job.status,
  "job.note": job.note,
  "job.reply": (row) => ["sent a reply to ", recordPhrase("job", row.subject)],
  "model.list": model.list,
  "model.view": model.view,
  "model.status": model.status,
  "model.note": model.note,
  "feedback.list": feedbackWords.list,
  "feedback.view": feedbackWords.view,
  "feedback.status": feedbackWords.status,
  "feedback.note": feedbackWords.note,
  "message.list": () => ["looked through the messages"],
  "message.resend": (row) => ["sent a message again", row.subject ? ` (number ${row.subject.id})` : ""],
  "export.leads": () => [`downloaded ${EXPORT_NAMES.leads} as a spreadsheet`],
  "export.jobs": () => [`downloaded ${EXPORT_NAMES.jobs} as a spreadsheet`],
  "export.models": () => [`downloaded ${EXPORT_NAMES.models} as a spreadsheet`],
  "export.feedback": () => [`downloaded ${EXPORT_NAMES.feedback} as a spreadsheet`],
  "export.messages": () => [`downloaded ${EXPORT_NAMES.messages} as a spreadsheet`],
  "funnel.view": () => ["looked at the funnel"],
  "funnel.export": () => ["downloaded the funnel as a spreadsheet"],
  "scorecard.view": () => ["looked at the scorecard"],
  "scorecard.export": () => ["downloaded the scorecard as a spreadsheet"],
  "session.sign-in": () => ["signed in"],
  "session.confirm": () => ["confirmed it was them by signing in again"],
  "session.sign-out": () => ["signed out"],
  "session.revoke": () => ["signed out one of their devices"],
  "passkey.add": () => ["added a passkey"],
  "passkey.remove": () => ["removed a passkey"],
  "staff.setup": (row) => ["set up the first owner account, for ", person(row.subject)],
  "staff.invite": (row) => {
    const role = roleIn(row.summary);
    return ["invited ", person(row.subject), role ? ` as ${role}` : ""];
  },
  "staff.role": (row) => {
    const role = roleIn(row.summary);
    return ["changed ", person(row.subject), role ? `’s role to ${role}` : "’s role"];
  },
  "staff.disable": (row) => ["turned off ", person(row.subject), "’s account"],
  "staff.sign-out-everywhere": (row) => ["signed ", person(row.subject), " out on every device"],
  "settings.update": () => ["changed a setting of the site"],
  "settings.template": () => ["changed the wording of a reply to job applicants"],
  "settings.digest": () => ["changed when the daily e-mail of new quotes goes"],
  "settings.retention": () => ["changed how long people’s details are kept"],
  "settings.alerts-quiet": () => ["changed the quiet hours of the alerts of new leads"],
  "settings.alerts-uncontacted": () => ["changed how long a new lead may wait before the managers are told"],
  "settings.webhook": () => ["changed where the site’s events are sent (webhooks)"],
  "settings.webhook-secret": () => ["made a new secret for the site’s webhooks"],
  "settings.skin-test-words": (row) => [
    "changed the words that mark a skin-test appointment",
    row.summary ? ` (${row.summary})` : "",
  ],
  "settings.rounding": (row) => ["changed how quoted prices are rounded", row.summary ? ` (${row.summary})` : ""],
  "backup.download": () => ["downloaded a backup"],
  "privacy.find": (row) => [RIGHTS_WORDS.find, requestRef(row.subject)],
  "privacy.export": (row) => [RIGHTS_WORDS.export, requestRef(row.subject)],
  "privacy.erase": (row) => [RIGHTS_WORDS.erase, requestRef(row.subject)],
  "picture.upload": () => ["uploaded a picture"],
  "blog.create": (row) => ["started ", thingPhrase("blog post", row.subject)],
  "blog.update": (row) => ["changed ", thingPhrase("blog post", row.subject)],
  "blog.pin": pinWords("blog post"),
  "news_item.create": news.create,
  "news_item.update": news.update,
  "news_item.move": news.move,
  "news_item.pin": pinWords("news item"),
  "news_item.delete": news.delete,
  "shop_banner.create": banner.create,
  "shop_banner.update": banner.update,
  "shop_banner.move": banner.move,
  "shop_banner.delete": banner.delete,
  "shop_tile.create": tile.create,
  "shop_tile.update": tile.update,
  "shop_tile.move": tile.move,
  "shop_tile.delete": tile.delete,
  "notice.update": (row) => ["changed ", thingPhrase("notice", row.subject)],
  "offer.create": (row) => ["added ", thingPhrase("offer", row.subject)],
  "offer.update": (row) => ["changed ", thingPhrase("offer", row.subject)],
  "offer.list": (row) => ["changed whether ", thingPhrase("offer", row.subject), " is on the Offers page"],
  "offer.delete": () => ["deleted an offer"],
  "salon.update": (row) => ["changed ", thingPhrase("salon", row.subject)],
  "booking-link.save": (row) => ["set a booking link of ", thingPhrase("salon", row.subject)],
  "booking-link.remove": (row) => ["removed a booking link of ", thingPhrase("salon", row.subject)],
  "booking-link.skin-test": (row) => ["set the skin-test booking link of ", thingPhrase("salon", row.subject)],
  "service.add": (row) => ["added ", thingPhrase("service", row.subject)],
  "service.edit": (row) => ["changed ", thingPhrase("service", row.subject)],
  "service.schedule": (row) => ["set a later price for ", thingPhrase("service", row.subject)],
  "service.schedule-cancel": (row) => ["cancelled a later price for ", thingPhrase("service", row.subject)],
  "service.retire": (row) => ["retired ", thingPhrase("service", row.subject)],
  "service.restore": (row) => ["brought back ", thingPhrase("service", row.subject)],
  // The summary is the change as the form put it: "Colour +3% from 2026-12-07 (12 services)".
  "prices.bulk": (row) => ["changed several prices at once", summaryAfter(row)],
  "level.edit": (row) => ["changed ", thingPhrase("level", row.subject)],
  "level.change-remove": (row) => [
    "took back a price change for ",
    thingPhrase("level", row.subject),
    summaryAfter(row),
  ],
  "review.add": (row) => ["added ", thingPhrase("review", row.subject)],
  "review.import": () => ["imported reviews"],
  "review.edit": (row) => ["changed ", thingPhrase("review", row.subject)],
  "review.hide": (row) => ["hid ", thingPhrase("review", row.subject)],
  "review.publish": (row) => ["showed ", thingPhrase("review", row.subject), " again"],
  "team.create": (row) => ["added ", person(row.subject), " to the team"],
  "team.update": (row) => ["changed ", person(row.subject), "’s team page"],
  "team.reorder": (row) => {
    const direction = row.summary.replace(/^moved /, "");
    return ["moved ", person(row.subject), direction ? ` ${direction}` : "", " in the team"];
  },
  "team.retire": (row) => ["took ", person(row.subject), " off the team"],
  "team.restore": (row) => ["brought ", person(row.subject), " back to the team"],
  "booking.list": () => ["looked through the bookings to match"],
  "booking.import": (row) => [
    { text: "imported appointments", href: row.subject?.href },
    row.summary ? ` (${row.summary})` : "",
  ],
  "booking.import-undo": (row) => [
    { text: "undid an import of appointments", href: row.subject?.href },
    row.summary ? ` (${row.summary})` : "",
  ],
  "booking.match": (row) => ["matched a booking to ", recordPhrase("quote", row.subject), summaryAfter(row)],
  "booking.confirm": (row) => ["confirmed a booking for ", recordPhrase("quote", row.subject), summaryAfter(row)],
  "booking.dismiss": (row) => ["dismissed a booking suggested for ", recordPhrase("quote", row.subject)],
  "booking.revert": (row) => ["undid a booking matched to ", recordPhrase("quote", row.subject), summaryAfter(row)],
  "booking.webhook-secret": () => ["set a new secret for the booking system’s webhook"],
  "scheduled.retention": () => [JOB_WORDS.retention],
  "scheduled.prune": () => [JOB_WORDS.prune],
  "scheduled.quote-digest": () => [JOB_WORDS["quote-digest"]],
  "scheduled.backup": () => [JOB_WORDS.backup],
  "scheduled.health": () => [JOB_WORDS.health],
  "scheduled.uncontacted-leads": () => [JOB_WORDS["uncontacted-leads"]],
  "scheduled.booking-links": () => [JOB_WORDS["booking-links"]],
  "scheduled.review-invitations": () => [JOB_WORDS["review-invitations"]],
};

/** Joins neighbouring words, so a sentence is as few parts as it can be. */
function tidy(parts: readonly SentencePart[]): SentencePart[] {
  const out: SentencePart[] = [];
  for (const part of parts) {
    if (part === "") continue;
    const last = out.at(-1);
    if (typeof part === "string" && typeof last === "string") out[out.length - 1] = last + part;
    else out.push(part);
  }
  return out;
}

/**
 * The row as a sentence: who (a link to their entry where there is one),
 * what they did, and to what (a link where the record still has a page the
 * reader may open). A person erased is never named: their record reads as
 * "an erased client's".
 */
export function auditSentence(row: AuditRowForWords): SentencePart[] {
  const who: SentencePart = row.actor
    ? row.actor.href
      ? { text: row.actor.name, href: row.actor.href }
      : row.actor.name
    : row.action === "staff.setup"
      ? "Someone with the setup link"
      : "The site";
  const words = isAuditAction(row.action)
    ? WORDS[row.action](row)
    : [`did “${row.action}”`, row.subject ? ` to ${row.subject.type} ${row.subject.id}` : ""];
  return tidy([who, " ", ...words]);
}

/** The sentence as plain text (for tests, titles and the like). */
export const sentenceText = (parts: readonly SentencePart[]) =>
  parts.map((part) => (typeof part === "string" ? part : part.text)).join("");
