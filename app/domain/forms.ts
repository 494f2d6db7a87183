/**
 * Zod schemas of every form on the site, with the exact messages the salon
 * wrote. One schema per form is shared by the browser (the form islands run
 * Conform's `parseWithZod` with it, so messages appear before a round trip)
 * and the server (route actions and the JSON API), so both sides always agree
 * on what is valid. Browser-safe: no server module may be imported here.
 *
 * Conventions, deliberately the same for every field:
 * - every text goes through the one normaliser of typed text (typed-text.ts:
 *   NFC, invisible marks pasted with it removed, spaces made plain; a field
 *   up to a name's length is one line), and an all-spaces value counts as missing;
 * - e-mail addresses are stored with an internationalised domain in its ASCII form;
 * - empty gives the "required" message, present-but-wrong the "Valid …" one;
 * - mobile numbers come out normalised to E.164 (+447…), however they were typed;
 * - unknown keys are stripped (z.object's default), so nothing unexpected is stored;
 * - "Please select" options have the value "" and therefore fail as missing
 *   (the old site gave it a non-empty value, so it passed as an answer).
 *
 * Conform turns an empty form field into `undefined` before validation, while a
 * JSON client may send "" or null: both paths end in the same "required" message.
 */

import {
  APPRENTICE_POSITIONS,
  type ApprenticePosition,
  EMAIL_MAX_LENGTH,
  JOB_ROLES,
  type JobPosition,
  type JobRole,
  positionsForRole,
  RATING_OPTIONS,
  REFERRAL_OPTIONS,
  REPEAT_OPTIONS,
  STYLIST_POSITIONS,
} from "./form-texts";
import { MAIN_SALON_ID, SALON_IDS } from "./salon-info";
import { SKIN_TEST_ANSWERS } from "./skin-test";
import { EMAIL_PATTERN, normaliseEmailAddress, normaliseTypedText, normaliseUkMobile } from "./typed-text";
import { z } from "./zod";

export * from "./form-texts";

/**
 * One message list per field, in the order the schema reports them, without
 * repeats: what the server answers a post with, and what a form's island
 * shows before sending, from the same schema.
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "";
    const messages = byField[field] ?? [];
    if (!messages.includes(issue.message)) byField[field] = [...messages, issue.message];
  }
  return byField;
}

// ---------------------------------------------------------------------------
// Anti-spam
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Limits and shared messages
// ---------------------------------------------------------------------------

/** Length limits: generous for people, small enough that nobody can store a novel. */
const MAX_LENGTH = {
  name: 100,
  email: EMAIL_MAX_LENGTH,
  longText: 5000,
} as const;

function tooLong(label: string, max: number): string {
  return `${label} must be ${max} characters or fewer`;
}

// ---------------------------------------------------------------------------
// Field builders
// ---------------------------------------------------------------------------

interface TextMessages {
  required: string;
  /** Field name as it reads in the too-long message, e.g. "Full Name". */
  label: string;
}

/** A field as long as a name or shorter is one line; a longer one is a text area, whose line breaks are kept. */
const shapeOf = (max: number) => (max > MAX_LENGTH.name ? "text" : "line");

/** Required free text: normalised, all spaces counts as missing, bounded length. */
function requiredText(messages: TextMessages, max: number) {
  const tooLongMessage = tooLong(messages.label, max);
  return z
    .string({ error: messages.required })
    .overwrite((value) => normaliseTypedText(value, shapeOf(max)))
    .min(1, messages.required)
    .max(max, tooLongMessage);
}

/** Optional free text: normalised and bounded; blank is stored as null, not "". */
function optionalText(label: string, max: number) {
  return z
    .string()
    .overwrite((value) => normaliseTypedText(value, shapeOf(max)))
    .max(max, tooLong(label, max))
    .nullish()
    .transform((value) => (value ? value : null));
}

function emailAddress(messages: { required: string; invalid: string }) {
  const tooLongMessage = tooLong("Email Address", MAX_LENGTH.email);
  return z
    .string({ error: messages.required })
    .overwrite(normaliseEmailAddress)
    .min(1, messages.required)
    .max(MAX_LENGTH.email, tooLongMessage)
    .pipe(z.email({ pattern: EMAIL_PATTERN, error: messages.invalid }));
}

/** UK mobile, parsed to E.164 so every stored number has one spelling. */
function ukMobile(messages: { required: string; invalid: string }) {
  return z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? messages.required : messages.invalid),
    })
    .overwrite((value) => normaliseTypedText(value))
    .min(1, messages.required)
    .transform((typed, ctx) => {
      const e164 = normaliseUkMobile(typed);
      if (e164 === null) {
        ctx.issues.push({ code: "custom", message: messages.invalid, input: typed });
        return z.NEVER;
      }
      return e164;
    });
}

/**
 * Blank choices become undefined (so "Please select" and "   " both mean
 * missing); a number sent by a JSON client becomes text ("5"), like a form sends it.
 */
function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

interface ChoiceMessages {
  required: string;
  /** For a value outside the list (a tampered form); defaults to `required`. */
  invalid?: string;
}

function choiceError(messages: ChoiceMessages) {
  return (issue: { input?: unknown }): string =>
    issue.input === undefined ? messages.required : (messages.invalid ?? messages.required);
}

/** A required pick from a fixed list (select, radio). */
function requiredChoice<const T extends readonly [string, ...string[]]>(options: T, messages: ChoiceMessages) {
  return z.preprocess(blankToUndefined, z.enum(options, { error: choiceError(messages) }));
}

/** A pick from a fixed list that falls back to `fallback` when the form does not ask it. */
function choiceWithDefault<const T extends readonly [string, ...string[]]>(
  options: T,
  messages: ChoiceMessages,
  fallback: NoInfer<T[number]>,
) {
  return z.preprocess(blankToUndefined, z.enum(options, { error: choiceError(messages) }).default(fallback));
}

/**
 * A tick box: true only when ticked ("on" from a form, true from JSON). The old
 * site stored null until ticked; a boolean says the same without a third state.
 */
const tickBox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

/**
 * Marketing by e-mail and by text: two separate tick boxes, both unticked to
 * start, apart from whatever the form is for (the wording is in privacy.ts).
 */
const marketingConsentFields = { marketing_email: tickBox, marketing_sms: tickBox };

// ---------------------------------------------------------------------------
// Job applications (Stylist, Apprentice, Saturday/evening)
// ---------------------------------------------------------------------------

/** The position asked of nobody on the Saturday/evening (pre-apprenticeship) form. */
const SATURDAY_POSITION = "new to hairdressing" satisfies ApprenticePosition;

/** Any of the salons, the academy included. */
const SALON_ID_RANGE = {
  min: Math.min(...Object.values(SALON_IDS)),
  max: Math.max(...Object.values(SALON_IDS)),
} as const;

const JOB_MESSAGES = {
  nameRequired: "Full Name is required",
  mobileRequired: "Mobile number is required",
  mobileInvalid: "Valid Mobile number is required",
  emailRequired: "Email Address is required",
  emailInvalid: "Valid Email address is required",
  positionRequired: "Position is required",
  positionInvalid: "Please choose one of the listed positions",
  aboutRequired: "About yourself is required",
  whyHairRequired: "Why hairdressing required",
  whyUsRequired: "Why us required",
  roleInvalid: "Please apply for either the Stylist or the Apprentice position",
  salonInvalid: "Please choose one of our salons or the academy",
} as const;

const salonId = z.preprocess(
  (value) => {
    const blank = blankToUndefined(value);
    return typeof blank === "string" ? Number(blank) : blank;
  },
  z
    .number({ error: JOB_MESSAGES.salonInvalid })
    .int(JOB_MESSAGES.salonInvalid)
    .min(SALON_ID_RANGE.min, JOB_MESSAGES.salonInvalid)
    .max(SALON_ID_RANGE.max, JOB_MESSAGES.salonInvalid)
    // Job applications are filed under the main salon unless one is chosen; they cover all three.
    .default(MAIN_SALON_ID),
);

const ALL_POSITIONS = [...STYLIST_POSITIONS, ...APPRENTICE_POSITIONS] as const;
const positionMessages = {
  required: JOB_MESSAGES.positionRequired,
  invalid: JOB_MESSAGES.positionInvalid,
} as const;

const jobApplicationFields = {
  name: requiredText({ required: JOB_MESSAGES.nameRequired, label: "Full Name" }, MAX_LENGTH.name),
  mobile: ukMobile({ required: JOB_MESSAGES.mobileRequired, invalid: JOB_MESSAGES.mobileInvalid }),
  email: emailAddress({ required: JOB_MESSAGES.emailRequired, invalid: JOB_MESSAGES.emailInvalid }),
  about: requiredText({ required: JOB_MESSAGES.aboutRequired, label: "About yourself" }, MAX_LENGTH.longText),
  why_hair: requiredText({ required: JOB_MESSAGES.whyHairRequired, label: "Why hairdressing" }, MAX_LENGTH.longText),
  why_us: requiredText({ required: JOB_MESSAGES.whyUsRequired, label: "Why us" }, MAX_LENGTH.longText),
  salon: salonId,
};

/**
 * Each role has its own position list: a Stylist cannot claim "partway through".
 * Runs only when role and position are each valid, so it never hides or
 * duplicates their own messages, and it does not wait for the other fields.
 */
function withPositionOfRole<S extends z.ZodType<{ role: JobRole; position: JobPosition }>>(schema: S) {
  return schema.refine((value) => positionsForRole(value.role).some((option) => option === value.position), {
    message: JOB_MESSAGES.positionInvalid,
    path: ["position"],
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "role" || issue.path?.[0] === "position"),
  });
}

/** The Stylist and Apprentice application forms (role is a hidden field of each page). */
export const jobApplicationSchema = withPositionOfRole(
  z.object({
    ...jobApplicationFields,
    role: requiredChoice(JOB_ROLES, { required: JOB_MESSAGES.roleInvalid }),
    position: requiredChoice(ALL_POSITIONS, positionMessages),
  }),
);

/**
 * The Saturday/evening (pre-apprenticeship) form: it asks no position, so role
 * defaults to Apprentice and position to "new to hairdressing". A value that is
 * sent anyway is still checked like on the other forms.
 */
export const saturdayApplicationSchema = withPositionOfRole(
  z.object({
    ...jobApplicationFields,
    role: choiceWithDefault(JOB_ROLES, { required: JOB_MESSAGES.roleInvalid }, "Apprentice"),
    position: choiceWithDefault(ALL_POSITIONS, positionMessages, SATURDAY_POSITION),
  }),
);

export type JobApplication = z.output<typeof jobApplicationSchema>;

// ---------------------------------------------------------------------------
// Model application (training academy)
// ---------------------------------------------------------------------------

const MODEL_MESSAGES = {
  nameRequired: "Name is required",
  mobileRequired: "Mobile number is required",
  mobileInvalid: "Valid Mobile number is required",
  infoRequired: "Additional Information required",
} as const;

export const modelApplicationSchema = z.object({
  name: requiredText({ required: MODEL_MESSAGES.nameRequired, label: "Name" }, MAX_LENGTH.name),
  mobile: ukMobile({ required: MODEL_MESSAGES.mobileRequired, invalid: MODEL_MESSAGES.mobileInvalid }),
  info: requiredText({ required: MODEL_MESSAGES.infoRequired, label: "Additional Information" }, MAX_LENGTH.longText),
});

export type ModelApplication = z.output<typeof modelApplicationSchema>;

// ---------------------------------------------------------------------------
// Client feedback survey
// ---------------------------------------------------------------------------

export const FEEDBACK_MESSAGES = {
  nameRequired: "Full Name is required",
  mobileRequired: "Mobile number is required",
  mobileInvalid: "Valid Mobile number is required",
  selectOption: "Please select an option",
  answerRequired: "Please Answer",
  emailInvalid: "Valid Email address is required",
  emailForMarketing: "Add your email address so we can send you our news, or untick the email box",
} as const;

const rating = requiredChoice(RATING_OPTIONS, { required: FEEDBACK_MESSAGES.selectOption });

export const feedbackSchema = z
  .object({
    name: requiredText({ required: FEEDBACK_MESSAGES.nameRequired, label: "Full Name" }, MAX_LENGTH.name),
    mobile: ukMobile({ required: FEEDBACK_MESSAGES.mobileRequired, invalid: FEEDBACK_MESSAGES.mobileInvalid }),
    intro: rating,
    consultation: rating,
    cleanliness: rating,
    appearance: rating,
    products: rating,
    styling: rating,
    rec: tickBox,
    points: tickBox,
    value: rating,
    experience: rating,
    result: rating,
    return: requiredText({ required: FEEDBACK_MESSAGES.answerRequired, label: "Your answer" }, MAX_LENGTH.longText),
    repeat: requiredChoice(REPEAT_OPTIONS, { required: FEEDBACK_MESSAGES.selectOption }),
    comments: optionalText("Comments", MAX_LENGTH.longText),
    /** Asked only for e-mail marketing: the survey itself needs no e-mail address. */
    email: z
      .string()
      .overwrite(normaliseEmailAddress)
      .max(MAX_LENGTH.email, tooLong("Email address", MAX_LENGTH.email))
      .nullish()
      .transform((value) => (value ? value : null))
      .pipe(z.email({ pattern: EMAIL_PATTERN, error: FEEDBACK_MESSAGES.emailInvalid }).nullable()),
    ...marketingConsentFields,
  })
  .refine((answers) => !answers.marketing_email || answers.email !== null, {
    message: FEEDBACK_MESSAGES.emailForMarketing,
    path: ["email"],
    // Said as soon as the box is ticked without an address, not only once every other answer is right.
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "email"),
  });

export type Feedback = z.output<typeof feedbackSchema>;

// ---------------------------------------------------------------------------
// A review of a visit (from the one-time link of a review invitation)
// ---------------------------------------------------------------------------

const VISIT_REVIEW_MESSAGES = {
  reviewRequired: "Please write a few words about your visit",
  ratingRequired: "Please choose how many stars, from 1 to 5",
  nameRequired: "Please say how your name should be shown",
} as const;

/** The same limit as a review staff add (app/domain/staff/reviews.ts). */
export const VISIT_REVIEW_MAX_CHARS = 2000;

export const visitReviewSchema = z.object({
  review: requiredText(
    { required: VISIT_REVIEW_MESSAGES.reviewRequired, label: "Your review" },
    VISIT_REVIEW_MAX_CHARS,
  ),
  rating: requiredChoice(RATING_OPTIONS, { required: VISIT_REVIEW_MESSAGES.ratingRequired }),
  client: requiredText({ required: VISIT_REVIEW_MESSAGES.nameRequired, label: "Your name as shown" }, 80),
});

// ---------------------------------------------------------------------------
// Quote details (saving a price quote)
// ---------------------------------------------------------------------------

export const QUOTE_MESSAGES = {
  nameRequired: "Your name is required",
  mobileRequired: "Your mobile number is required",
  mobileInvalid: "A valid mobile number is required",
  emailRequired: "Email Address is required",
  emailInvalid: "Valid Email Address is required",
  referralRequired: "How did you hear about us is required",
  referralInvalid: "Please choose how you heard about us from the list",
  skinTestRequired: "Please tell us whether you've had a skin test with us in the last 6 months",
  skinTestInvalid: "Please answer yes, no or not sure",
} as const;

/**
 * The visitor's details only: the quote itself (services, level or stylist,
 * returning answer) is validated and priced by the server, never taken from here.
 * Extended by the server's save schema; both add withSkinTestAnswered.
 */
export const quoteDetailsFields = z.object({
  name: requiredText({ required: QUOTE_MESSAGES.nameRequired, label: "Your name" }, MAX_LENGTH.name),
  mobile: ukMobile({ required: QUOTE_MESSAGES.mobileRequired, invalid: QUOTE_MESSAGES.mobileInvalid }),
  email: emailAddress({ required: QUOTE_MESSAGES.emailRequired, invalid: QUOTE_MESSAGES.emailInvalid }),
  referral: requiredChoice(REFERRAL_OPTIONS, {
    required: QUOTE_MESSAGES.referralRequired,
    invalid: QUOTE_MESSAGES.referralInvalid,
  }),
  /**
   * Asked only on a quote with colour (skin-test.ts), whose form says so with skin_test_asked: required then
   * (withSkinTestAnswered). saveQuote drops it from a quote without colour.
   */
  skin_test: z.preprocess(
    blankToUndefined,
    z.enum(SKIN_TEST_ANSWERS, { error: QUOTE_MESSAGES.skinTestInvalid }).optional(),
  ),
  /** Sent by a form that shows the question: a JSON client that never asks it is not refused for the answer. */
  skin_test_asked: tickBox,
  /** A consultation before the day; kept only on a quote with foils, bleach, vivids or a correction. */
  consultation: tickBox,
  ...marketingConsentFields,
});

/**
 * A form that asked the skin-test question needs its answer: the salon's worst
 * day is a colour client turned away untested. Checked with the other details,
 * not after them, so an empty form lists every missing answer at once. A JSON
 * client that never asks (no skin_test_asked) stores none, and its messages
 * treat that as "not sure".
 */
export function withSkinTestAnswered<S extends z.ZodType<{ skin_test?: unknown; skin_test_asked: boolean }>>(
  schema: S,
) {
  return schema.refine((details) => !details.skin_test_asked || details.skin_test !== undefined, {
    message: QUOTE_MESSAGES.skinTestRequired,
    path: ["skin_test"],
    when: (payload) =>
      !payload.issues.some((issue) => issue.path?.[0] === "skin_test" || issue.path?.[0] === "skin_test_asked"),
  });
}

/** The finish form's details, as the browser checks them before sending. */
export const quoteDetailsSchema = withSkinTestAnswered(quoteDetailsFields);

// ---------------------------------------------------------------------------
// A staff account's person (the first owner at setup, anyone the owner invites)
// ---------------------------------------------------------------------------

/**
 * The name and the address sign-in codes go to, checked as the public forms
 * check theirs (the same normalising and e-mail rule); the account code
 * lower-cases the address before it is stored or looked up.
 */
export const staffPersonSchema = z.object({
  name: requiredText({ required: "Give the person's name", label: "Name" }, MAX_LENGTH.name),
  email: emailAddress({ required: "Give an e-mail address", invalid: "Give a working e-mail address" }),
});

export const QUOTE_SUCCESS = "Great! You'll receive your estimated quote via email and text message very soon!";
