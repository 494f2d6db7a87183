/**
 * What the site holds about people and on what terms: the marketing consent
 * wordings, how an e-mail address or mobile number is written so every record
 * of one person matches, and the retention periods the owner can change.
 * Pure: the privacy notice, the forms and the server all read it from here.
 */
import { normaliseEmailAddress, normaliseTypedText, normaliseUkMobile } from "./typed-text";

// ---------------------------------------------------------------------------
// The controller
// ---------------------------------------------------------------------------

/** Who decides what happens to the data (fictional, like the rest of the demo content). */
export const CONTROLLER = {
  name: "Maison Ivy Hair Ltd",
  tradingAs: "Maison Ivy",
  companyNumber: "09876543",
  address: "14 Market Row, Wrenbridge WB1 2MR",
  email: "privacy@maisonivy.example",
  telephone: "01632 960214",
  icoRegistration: "ZB123456",
} as const;

export const PRIVACY_PATH = "/privacy";

// ---------------------------------------------------------------------------
// Marketing consent
// ---------------------------------------------------------------------------

const MARKETING_CHANNELS = ["email", "sms"] as const;
export type MarketingChannel = (typeof MARKETING_CHANNELS)[number];

/**
 * The exact words beside each tick box. They are stored with every consent,
 * so what a person agreed to can be shown later even after this text changes.
 */
export const MARKETING_CONSENT_WORDING: Readonly<Record<MarketingChannel, string>> = {
  email:
    "Yes, e-mail me Maison Ivy's news and offers (about one a month). I can unsubscribe at any time with the link in every e-mail.",
  sms: "Yes, text me Maison Ivy's news and offers (no more than two a month). I can reply STOP to any text to stop them.",
};

/** Where a consent or its withdrawal came from, as stored in the consents table. */
const CONSENT_SOURCES = ["quote-form", "feedback-form", "unsubscribe-link", "sms-stop"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** Stored as the wording of a withdrawal: what the person did. */
export const WITHDRAWAL_WORDING: Readonly<Record<"unsubscribe-link" | "sms-stop", string>> = {
  "unsubscribe-link": "Unsubscribed from marketing e-mails with the link in an e-mail.",
  "sms-stop": "Replied STOP to a text message.",
};

/** Added to every marketing text: the way out is in the message itself. */
export const SMS_STOP_NOTICE = "Reply STOP to opt out.";

/**
 * The keywords Twilio treats as an opt-out on a long code: after any of them it
 * blocks further texts to the sender itself, and so do we for marketing.
 */
const SMS_OPT_OUT_KEYWORDS = new Set(["stop", "stopall", "unsubscribe", "cancel", "end", "quit", "optout", "revoke"]);

/** Words people add around a keyword without changing what it asks: "Stop please", "STOP thanks". */
const COURTESY_WORDS = new Set(["please", "pls", "plz", "now", "thanks", "thank", "you", "thx", "ta", "x", "xx"]);

/**
 * Sentences that ask for the texts to stop, in the words people use, each
 * spoken on its own rather than negated ("don't stop texting me" is not one).
 */
const STOP_REQUESTS = [
  /(?<!\b(?:dont|do not|never|wont|will not) )\b(?:stop|quit|cease) (?:texting|messaging|sending|contacting|spamming)\b/,
  /(?<!\b(?:dont|do not|never|wont|will not) )\b(?:stop|quit|cease) (?:the |these |your |all )?(?:texts|messages|text messages|sms)\b/,
  /\b(?:dont|do not|never) (?:text|message|sms|contact) me\b/,
  /\bno more (?:texts|messages|text messages|sms)\b/,
  /\b(?:remove|take) me (?:off|from) (?:your|the|this) (?:list|texts|messages|database)\b/,
  /\b(?:unsubscribe|opt) me\b/,
  /^opt out\b/,
];

/**
 * True when an inbound text asks for no more texts. The rule, in order:
 * 1. the reply is read as words: invisible marks, emoji, punctuation and case
 *    ignored (so "STOP 🛑", "stop." and "ＳＴＯＰ" are all "stop");
 * 2. an opt-out keyword alone (STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT,
 *    OPTOUT, REVOKE), possibly with courtesy words ("Stop please"), opts out;
 * 3. otherwise a sentence opts out only when it asks for the texts to stop in
 *    so many words ("please stop texting me", "no more texts", "don't text me
 *    again", "remove me from your list") and is not negated.
 * A keyword inside any other sentence does not: "Can I cancel my appointment?",
 * "please stop by at 3" and "don't stop the appointment" are about a visit, and
 * staff read those.
 */
export function isOptOutText(body: string): boolean {
  const words = normaliseTypedText(body)
    .normalize("NFKC")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  const asked = words.filter((word) => !COURTESY_WORDS.has(word));
  if (asked.length > 0 && asked.every((word) => SMS_OPT_OUT_KEYWORDS.has(word))) return true;
  const sentence = words.join(" ");
  return STOP_REQUESTS.some((request) => request.test(sentence));
}

// ---------------------------------------------------------------------------
// One spelling per person
// ---------------------------------------------------------------------------

/**
 * Who a rights request is about, as staff identify them: an e-mail address
 * (lower case), a mobile number (E.164), or a name with the London day one of
 * their records was made (a name alone is too common to go on).
 */
export type Subject =
  | { kind: "email"; value: string }
  | { kind: "mobile"; value: string }
  | { kind: "name"; value: string; day: string };

/**
 * E-mail addresses are compared as stored (typed-text.ts normaliseEmailAddress:
 * no invisible marks, an IDN domain in punycode) and in lower case: nobody has
 * two mailboxes differing only in case.
 */
export function normaliseEmail(input: string): string {
  return normaliseEmailAddress(input).toLowerCase();
}

/** A name as the request compares it: white space folded, any case. */
export function normaliseName(input: string): string {
  return input.replace(/\s+/g, " ").trim().toLowerCase();
}

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A name has a letter in it and is no longer than any form takes. */
const LOOKS_LIKE_NAME = /^(?=.*\p{L}).{2,100}$/u;

/** A yyyy-mm-dd that is a real calendar day, or null. */
function calendarDay(input: string): string | null {
  const match = DAY.exec(input.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? match[0] : null;
}

/**
 * An e-mail address, a UK mobile number or a name with a day, as staff type
 * them for a rights request: "Jo@Example.com ", "07700 900123", "+44 7700
 * 900123" and "0044 (0)7700 900123" each find the same person; "Jo Quill"
 * finds her records made on `day` (yyyy-mm-dd, London). Null when it is none.
 */
export function parseSubject(input: string, day?: string): Subject | null {
  const trimmed = input.trim();
  if (trimmed.includes("@")) {
    const email = normaliseEmail(trimmed);
    return LOOKS_LIKE_EMAIL.test(email) ? { kind: "email", value: email } : null;
  }
  const mobile = normaliseUkMobile(trimmed);
  if (mobile) return { kind: "mobile", value: mobile };
  const name = trimmed.replace(/\s+/g, " ");
  const onDay = day ? calendarDay(day) : null;
  return onDay && LOOKS_LIKE_NAME.test(name) && !/^[\d\s()+-]+$/.test(name)
    ? { kind: "name", value: name, day: onDay }
    : null;
}

/** What replaces free text about an erased person where the row itself stays (audit summaries, others' notes). */
export const ERASED_TEXT = "[erased]";

/** How a request's subject reads on the console and in an export. */
export function describeSubject(subject: Subject): string {
  return subject.kind === "name" ? `${subject.value} (records of ${subject.day})` : subject.value;
}

// ---------------------------------------------------------------------------
// Retention
// ---------------------------------------------------------------------------

/**
 * How long each kind of record keeps what identifies a person. The owner may
 * change them (settings rows); these are the defaults and the notice quotes
 * whatever is in force.
 */
export const RETENTION_SETTINGS = {
  /** A saved quote's name, mobile and e-mail; the quote itself stays, anonymised, for the statistics. */
  quoteContactMonths: {
    label: "Contact details on saved quotes",
    unit: "months",
    key: "retention.quoteContactMonths",
    default: 12,
    min: 1,
    max: 120,
  },
  /** Job and model applications, counted from when they were made (they have no "closed" state yet). */
  applicationMonths: {
    label: "Job and model applications, after the last decision",
    unit: "months",
    key: "retention.applicationMonths",
    default: 6,
    min: 1,
    max: 60,
  },
  /** The name and mobile on a feedback survey; the ratings stay. */
  feedbackMonths: {
    label: "Names and mobiles on feedback",
    unit: "months",
    key: "retention.feedbackMonths",
    default: 12,
    min: 1,
    max: 120,
  },
  /** The recipient and body of a message once sent (or given up on). */
  messageDays: {
    label: "Recipient and content of sent messages",
    unit: "days",
    key: "retention.messageDays",
    default: 30,
    min: 1,
    max: 3650,
  },
  /** Rate-limit counters and other short-lived request records. */
  requestRecordHours: {
    label: "Rate-limit counters (internet addresses)",
    unit: "hours",
    key: "retention.requestRecordHours",
    default: 24,
    min: 1,
    max: 720,
  },
} as const;

export type RetentionSetting = keyof typeof RETENTION_SETTINGS;
export type RetentionPeriods = Record<RetentionSetting, number>;

export const DEFAULT_RETENTION: RetentionPeriods = Object.fromEntries(
  Object.entries(RETENTION_SETTINGS).map(([name, setting]) => [name, setting.default]),
) as RetentionPeriods;

/** Reads the periods from settings rows; a missing or unreadable value falls back to its default. */
export function retentionFromSettings(settings: Readonly<Record<string, string | undefined>>): RetentionPeriods {
  const periods = { ...DEFAULT_RETENTION };
  for (const [name, setting] of Object.entries(RETENTION_SETTINGS) as [
    RetentionSetting,
    (typeof RETENTION_SETTINGS)[RetentionSetting],
  ][]) {
    const raw = settings[setting.key];
    const value = raw === undefined ? Number.NaN : Number(raw);
    if (Number.isInteger(value) && value >= setting.min && value <= setting.max) periods[name] = value;
  }
  return periods;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** "12 months", "30 days", "1 day" as the notice says them. */
export function describePeriod(setting: RetentionSetting, value: number): string {
  if (setting.endsWith("Months")) return plural(value, "month");
  if (setting.endsWith("Days")) return plural(value, "day");
  return value % 24 === 0 ? plural(value / 24, "day") : plural(value, "hour");
}

/** Each kind of record a person can appear in, in the order an export lists them. */
export const PERSONAL_RECORD_KINDS = [
  "quotes",
  "jobApplications",
  "modelApplications",
  "feedback",
  "consents",
  "messages",
  "unsubscribeLinks",
  "staffNotes",
  "appointments",
] as const;
export type PersonalRecordKind = (typeof PERSONAL_RECORD_KINDS)[number];

export const PERSONAL_RECORD_LABELS: Readonly<Record<PersonalRecordKind, string>> = {
  quotes: "Saved quotes",
  jobApplications: "Job applications",
  modelApplications: "Model applications",
  feedback: "Feedback surveys",
  consents: "Marketing consents",
  messages: "Messages sent or queued",
  unsubscribeLinks: "Unsubscribe links",
  staffNotes: "Staff notes and replies",
  appointments: "Appointments from the booking system",
};

/** What a rights request logs beside the records: identifiers gathered and others' texts redacted. */
const REQUEST_COUNT_LABELS: Readonly<Record<string, string>> = {
  ...PERSONAL_RECORD_LABELS,
  identifiers: "Addresses and numbers gathered",
  auditEntries: "Audit entries redacted",
  otherNotes: "Notes about others redacted",
  digests: "Staff digests redacted",
};

/**
 * A rights request's logged counts (stored as JSON, `{"quotes":2,…}`) as the
 * audit log shows them: "Saved quotes 2 · Job applications 1", the kinds with
 * none left out, "nothing held" when every count is 0. Text that is not such
 * JSON is returned as it is.
 */
export function rightsCountsInWords(summary: string): string {
  let counts: unknown;
  try {
    counts = JSON.parse(summary);
  } catch {
    return summary;
  }
  if (typeof counts !== "object" || counts === null || Array.isArray(counts)) return summary;
  const parts = Object.entries(counts)
    .filter((entry): entry is [string, number] => typeof entry[1] === "number" && entry[1] > 0)
    .map(([key, n]) => `${REQUEST_COUNT_LABELS[key] ?? key} ${n}`);
  return parts.length > 0 ? parts.join(" · ") : "nothing held";
}
