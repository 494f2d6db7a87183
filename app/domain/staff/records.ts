/** What staff work through, and the states each can be in. */

export const QUOTE_STATUSES = ["new", "contacted", "booked", "not-booked"] as const;
/** Job applications are a pipeline; model applications and feedback use the same states. */
export const APPLICATION_STATUSES = ["new", "maybe", "definitely", "no", "archived"] as const;

export const STATUS_LABELS: Readonly<Record<string, string>> = {
  new: "New",
  contacted: "Contacted",
  booked: "Booked",
  "not-booked": "Not booked",
  maybe: "Maybe",
  definitely: "Definitely",
  no: "No",
  archived: "Archived",
};

/** How a record whose person was erased (on request or by retention) is named wherever it is listed. */
const ERASED_CLIENT = "Erased client";

/** The name a record is listed and headed by: its person's, or that they were erased. */
export const clientName = (name: string) => name.trim() || ERASED_CLIENT;

export const RECORD_KINDS = ["quote", "job", "model", "feedback"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const STATUSES_OF: Readonly<Record<RecordKind, readonly string[]>> = {
  quote: QUOTE_STATUSES,
  job: APPLICATION_STATUSES,
  model: APPLICATION_STATUSES,
  feedback: APPLICATION_STATUSES,
};

export const statusOptions = (kind: RecordKind) =>
  STATUSES_OF[kind].map((value) => ({ value, label: STATUS_LABELS[value] ?? value }));

/**
 * The salon's own replies: to job applicants (e-mailed from the application's
 * page) and to clients about their quote (e-mailed or texted from the lead's
 * page). The owner edits their wording under Settings; these are the first
 * drafts. A reply about a quote is a service message (it answers what the
 * client asked for), so it goes whatever they chose about marketing: none of
 * these drafts offers anything beyond the quote itself.
 *
 * A reply to an applicant tells them a decision, so sending it moves the
 * application to that decision's `status`; a reply about a quote moves a New
 * lead to Contacted (lead-work.server.ts).
 */
export const REPLY_TEMPLATES = {
  unsuccessful: {
    for: "job",
    channel: "email",
    label: "Unsuccessful",
    status: "no",
    subject: "Your application to Maison Ivy",
    body: "Hi {firstName},\n\nThank you for applying to Maison Ivy for the {role} role, and for the time you took over it. We won't be taking your application further this time.\n\nWe wish you every success.\n\nThe Maison Ivy team",
  },
  "keep-on-file": {
    for: "job",
    channel: "email",
    label: "Keep on file",
    status: "maybe",
    subject: "Your application to Maison Ivy",
    body: "Hi {firstName},\n\nThank you for applying to Maison Ivy for the {role} role. We have no position open right now, but we'd like to keep your application on file and will be in touch when one comes up.\n\nThe Maison Ivy team",
  },
  "invite-to-interview": {
    for: "job",
    channel: "email",
    label: "Invite to interview",
    status: "definitely",
    subject: "An interview at Maison Ivy",
    body: "Hi {firstName},\n\nThank you for applying to Maison Ivy for the {role} role. We'd love to meet you! Please reply to this e-mail or call the salon with a few days and times that suit you for an interview.\n\nThe Maison Ivy team",
  },
  "quote-email": {
    for: "quote",
    channel: "email",
    label: "E-mail about a quote",
    subject: "Your quote from Maison Ivy {salon}",
    body: "Hi {firstName},\n\nThank you for your quote of {total} at Maison Ivy {salon}. We'd love to see you: reply to this e-mail or call us on {phone} and we'll find a time that suits you.\n\nYour quote is here whenever you need it: {quoteLink}\n\nThe Maison Ivy team",
  },
  "quote-text": {
    for: "quote",
    channel: "sms",
    label: "Text about a quote",
    subject: "",
    body: "Hi {firstName}, it's Maison Ivy {salon} about your quote of {total}. Reply here or call {phone} and we'll find you a time. Your quote: {quoteLink}",
  },
} as const;
export type ReplyTemplateKey = keyof typeof REPLY_TEMPLATES;
export type ReplyTemplateFor = (typeof REPLY_TEMPLATES)[ReplyTemplateKey]["for"];

export const isReplyTemplateKey = (value: unknown): value is ReplyTemplateKey =>
  typeof value === "string" && Object.hasOwn(REPLY_TEMPLATES, value);

/** What each kind of reply fills in, as written in braces in its wording. */
export const TEMPLATE_FIELDS = {
  job: { firstName: "the applicant's first name", role: "the role they applied for" },
  quote: {
    firstName: "the client's first name",
    salon: "the salon",
    total: "the quote's total",
    phone: "the salon's telephone",
    quoteLink: "the link to the client's quote",
  },
} as const satisfies Record<ReplyTemplateFor, Record<string, string>>;

/** Fills the fields given; anything else in braces stays as written. */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? (values[key] ?? whole) : whole,
  );
}

/** A text longer than this goes as more than three parts: the reply form says so before it is sent. */
export const REPLY_TEXT_MAX = 459;
export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 5000;

/** The outbox as staff see it: waiting (pending or being sent), failed, sent. */
export const MESSAGE_TABS = ["pending", "failed", "sent"] as const;
export type MessageTab = (typeof MESSAGE_TABS)[number];
