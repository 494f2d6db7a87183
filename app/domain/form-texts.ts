/**
 * What the public forms say and offer, apart from their rules: the options,
 * questions, labels and thank-you texts. No Zod here, so a form's island
 * shows the form without waiting for its schema (app/domain/forms.ts, which
 * re-exports all of this for the server).
 */

/** The longest e-mail address any form takes, in characters: the longest SMTP can deliver (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Name of the honeypot field: rendered in every public form but hidden from
 * people (off-screen, `tabIndex={-1}`, `autoComplete="off"`, `aria-hidden`).
 * Bots fill every field they find, people never see it, so the server treats a
 * submission whose honeypot is filled as spam: it stores nothing and answers
 * 400 with a neutral message (a person who somehow filled it keeps what they
 * typed and can see that nothing was sent). The schemas below do not declare it, so it is stripped from
 * the parsed value and can never reach the database.
 */
export const HONEYPOT_FIELD = "website";

/** True when the honeypot holds anything but blanks: the submission is spam. */
export function honeypotFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== "string" || value.trim() !== "";
}

/** Label and value of the first option of every select: choosing it is no answer. */
/**
 * Under every mobile field of the public forms: only UK mobiles are taken (texts go through a UK sender), and the
 * refusal's wording ("A valid mobile number is required") is the specification's, so the field says so first.
 */
export const UK_MOBILE_HINT = "A UK mobile, such as 07700 900123.";

export const PLEASE_SELECT = { label: "Please select", value: "" } as const;

export const JOB_ROLES = ["Stylist", "Apprentice"] as const;
export type JobRole = (typeof JOB_ROLES)[number];

/**
 * What an application was for, in staff's and the applicant's words: its role,
 * or the Saturday/evening scheme for the form that files its applicants as
 * Apprentices new to hairdressing.
 */
export const jobRoleLabel = (application: { role: string; saturdayEvening: boolean }): string =>
  application.saturdayEvening ? "Saturday/evening (pre-apprenticeship)" : application.role;

export const STYLIST_POSITIONS = ["less than one year", "1 - 3 years", "3 - 5 years", "5 plus years"] as const;
type StylistPosition = (typeof STYLIST_POSITIONS)[number];

export const APPRENTICE_POSITIONS = ["new to hairdressing", "partway through", "already qualified", "other"] as const;
export type ApprenticePosition = (typeof APPRENTICE_POSITIONS)[number];

export type JobPosition = StylistPosition | ApprenticePosition;

/** The options of the position select for a role (after "Please select"). */
export function positionsForRole(role: JobRole): readonly JobPosition[] {
  return role === "Stylist" ? STYLIST_POSITIONS : APPRENTICE_POSITIONS;
}

export const JOB_SUCCESS = "Thanks for applying! We'll be in touch when a position becomes available";
export const JOB_SALONS_NOTE =
  "Your application covers both our salons and the academy, so we'll consider you for a position at any of them.";

export const MODEL_SUCCESS =
  "Thank you for offering to model for us! Our academy team will look through your details and text you when we have a session that suits your hair. We can't wait to meet you.";

export const RATING_OPTIONS = ["1", "2", "3", "4", "5"] as const;

export const REPEAT_OPTIONS = ["Yes", "No", "Maybe"] as const;

/** Rating questions in the order the survey asks them. */
export const FEEDBACK_RATING_FIELDS = [
  "intro",
  "consultation",
  "cleanliness",
  "appearance",
  "products",
  "styling",
  "value",
  "experience",
  "result",
] as const;
export type FeedbackRatingField = (typeof FEEDBACK_RATING_FIELDS)[number];

export const FEEDBACK_QUESTIONS: Readonly<Record<FeedbackRatingField, string>> = {
  intro: "How were you welcomed on arrival?",
  consultation: "How thorough was your consultation before we started?",
  cleanliness: "How clean and tidy was the salon?",
  appearance: "How well presented was your stylist?",
  products: "How well did we explain the products used on your hair?",
  styling: "How happy were you with the styling and finish?",
  value: "How would you rate the value for money?",
  experience: "How would you rate your overall experience with us?",
  result: "How happy were you with the end result?",
};

/** Labels of the survey's other questions. */
export const FEEDBACK_LABELS = {
  rec: "I've been told about the recommend-a-friend scheme",
  points: "I've been told about the loyalty points scheme",
  return: "What has stopped you coming back to see us?",
  repeat: "Would you visit us again?",
  comments: "Anything else you'd like to tell us? (optional)",
} as const;

export const FEEDBACK_SUMMARY_MESSAGE =
  "Looks like you've missed something out! Please answer all of the questions (highlighted red)";

export const FEEDBACK_SUCCESS = "Thanks for your feedback! We really appreciate it.";

export const REFERRAL_OPTIONS = ["Social Media", "Google", "Friends-family", "Work colleague", "other"] as const;
export type Referral = (typeof REFERRAL_OPTIONS)[number];

/** The spec's referral values, in the words the form shows them in. */
export const REFERRAL_LABELS: Readonly<Record<Referral, string>> = {
  "Social Media": "Social media",
  Google: "Google",
  "Friends-family": "Friends or family",
  "Work colleague": "A work colleague",
  other: "Other",
};

/** A stored referral in the words the visitor chose it by; a value older data holds is shown as stored. */
export const referralLabel = (value: string): string =>
  (REFERRAL_LABELS as Readonly<Record<string, string>>)[value] ?? value;
