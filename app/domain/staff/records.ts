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

/** The replies to job applicants; the owner edits their wording, these are the first drafts. */
export const REPLY_TEMPLATES = {
  unsuccessful: {
    label: "Unsuccessful",
    subject: "Your application to Maison Ivy",
    body: "Hi {firstName},\n\nThank you for applying to Maison Ivy for the {role} role, and for the time you took over it. We won't be taking your application further this time.\n\nWe wish you every success.\n\nThe Maison Ivy team",
  },
  "keep-on-file": {
    label: "Keep on file",
    subject: "Your application to Maison Ivy",
    body: "Hi {firstName},\n\nThank you for applying to Maison Ivy for the {role} role. We have no position open right now, but we'd like to keep your application on file and will be in touch when one comes up.\n\nThe Maison Ivy team",
  },
  "invite-to-interview": {
    label: "Invite to interview",
    subject: "An interview at Maison Ivy",
    body: "Hi {firstName},\n\nThank you for applying to Maison Ivy for the {role} role. We'd love to meet you! Please reply to this e-mail or call the salon with a few days and times that suit you for an interview.\n\nThe Maison Ivy team",
  },
} as const;
export type ReplyTemplateKey = keyof typeof REPLY_TEMPLATES;

export const isReplyTemplateKey = (value: unknown): value is ReplyTemplateKey =>
  typeof value === "string" && Object.hasOwn(REPLY_TEMPLATES, value);

/** Fills {firstName} and {role}; anything else in braces stays as written. */
export function fillTemplate(text: string, values: { firstName: string; role: string }): string {
  return text.replace(/\{(firstName|role)\}/g, (_, key: "firstName" | "role") => values[key]);
}

/** The outbox as staff see it: waiting (pending or being sent), failed, sent. */
export const MESSAGE_TABS = ["pending", "failed", "sent"] as const;
export type MessageTab = (typeof MESSAGE_TABS)[number];
