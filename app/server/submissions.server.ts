/**
 * Job applications, hair-model applications and client feedback (spec sections
 * 3 and 5): the one code path behind both the pages' form posts and the JSON API.
 *
 * Every submission goes through the same steps, in this order:
 * 1. the honeypot: filled means a bot, so nothing is stored (400);
 * 2. the form's Zod schema from app/domain/forms.ts, the very one the browser
 *    runs: unknown keys are dropped, so ids, dates or anything else a client
 *    makes up never reach the database (422 with each field's messages);
 * 3. the rate limit of the endpoint, per client address, counted in the
 *    database so every process shares it (429). Only submissions that would be
 *    stored count: a visitor correcting their mistakes is never locked out;
 * 4. the insert, with the messages to staff and applicants in the outbox, in
 *    one transaction, and only then success (201).
 */
import type { ZodError, z } from "zod";
import {
  type Feedback,
  feedbackSchema,
  HONEYPOT_FIELD,
  honeypotFilled,
  type JobApplication,
  jobApplicationSchema,
  type ModelApplication,
  modelApplicationSchema,
  saturdayApplicationSchema,
} from "~/domain/forms";
import { config } from "./config.server";
import type { Database } from "./db.server";
import { mailDomainOf } from "./delivery/delivery.server";
import { applicantThankYou, queueModelThankYou, staffNotification } from "./delivery/messages.server";
import { enqueue, type NewMessage, wakeOutbox } from "./outbox.server";
import { recordMarketingConsents } from "./privacy/consents.server";
import { hitRateLimit, type RateLimitRule } from "./rate-limit.server";
import { feedback, jobApplications, modelApplications } from "./schema.server";

export type SubmissionKind = "joinus" | "models" | "feedback";

/**
 * Stored submissions per client address. Five in ten minutes is more than any
 * person needs (applying for all three positions is three), and it caps what a
 * script on one address can leave for staff to clear up at 720 rows a day.
 */
export const SUBMISSION_RATE_LIMITS: Readonly<Record<SubmissionKind, RateLimitRule>> = {
  joinus: { name: "submit:joinus", limit: 5, windowSeconds: 600 },
  models: { name: "submit:models", limit: 5, windowSeconds: 600 },
  feedback: { name: "submit:feedback", limit: 5, windowSeconds: 600 },
};

/** Said to a filled honeypot: neutral, so a bot learns nothing. */
export const SPAM_MESSAGE = "Your request could not be processed.";
export const RATE_LIMITED_MESSAGE =
  "You've sent us several forms in a short time. Please wait a few minutes, then try again.";
export const NOT_AN_OBJECT_MESSAGE = "The request body must be a JSON object.";

export type FieldErrors = Record<string, string[]>;

export type SubmissionOutcome =
  | { ok: true; id: number }
  | { ok: false; status: 422; error: string; fieldErrors: FieldErrors }
  | { ok: false; status: 400; error: string }
  | { ok: false; status: 429; error: string; retryAfter: number };

export interface SubmitOptions {
  /** The visitor's address, for the rate limit (`context.clientIp`). */
  clientIp: string;
  now?: Date;
}

export interface JobSubmitOptions extends SubmitOptions {
  /**
   * "saturday": the Saturday/evening form, which asks no position, so role and
   * position take the schema's defaults (Apprentice, "new to hairdressing").
   * Otherwise (the Stylist and Apprentice forms and the JSON API) both are required.
   */
  form?: "job" | "saturday";
}

const VALIDATION_MESSAGE = "Some answers need attention.";

/** One message list per field, in the order the schema reports them, without repeats. */
export function fieldErrorsOf(error: ZodError): FieldErrors {
  const byField: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "";
    const messages = (byField[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return byField;
}

function isPlainObject(input: unknown): input is Record<string, unknown> {
  return typeof input === "object" && input !== null && !Array.isArray(input);
}

type Checked<T> = { ok: true; value: T } | Exclude<SubmissionOutcome, { ok: true }>;

/** Steps 1 to 3: honeypot, schema, rate limit. */
async function check<S extends z.ZodType>(
  db: Database,
  kind: SubmissionKind,
  schema: S,
  input: unknown,
  options: SubmitOptions,
): Promise<Checked<z.output<S>>> {
  if (!isPlainObject(input)) return { ok: false, status: 400, error: NOT_AN_OBJECT_MESSAGE };
  if (honeypotFilled(input[HONEYPOT_FIELD])) return { ok: false, status: 400, error: SPAM_MESSAGE };
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    return { ok: false, status: 422, error: VALIDATION_MESSAGE, fieldErrors: fieldErrorsOf(parsed.error) };
  const limit = await hitRateLimit(db, SUBMISSION_RATE_LIMITS[kind], options.clientIp, options.now);
  if (!limit.allowed) return { ok: false, status: 429, error: RATE_LIMITED_MESSAGE, retryAfter: limit.retryAfter };
  return { ok: true, value: parsed.data };
}

// ---------------------------------------------------------------------------
// Storing: one transaction per submission
// ---------------------------------------------------------------------------

/** The messages about a submission go into its own transaction (the outbox). */
function queueMessages(tx: Pick<Database, "insert" | "execute">, messages: NewMessage[]): Promise<void> {
  return enqueue(tx, messages, mailDomainOf(config().PUBLIC_URL));
}

/** Once committed, the outbox worker is told there is something to send. */
function afterCommit(id: number): number {
  wakeOutbox();
  return id;
}

/**
 * Stores a job application, all or nothing. The notification to staff and the
 * applicant's acknowledgement are written into this same transaction, so
 * either everything is kept or nothing is.
 */
export function recordJobApplication(db: Database, application: JobApplication): Promise<number> {
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(jobApplications)
        .values({
          name: application.name,
          mobile: application.mobile,
          email: application.email,
          position: application.position,
          about: application.about,
          whyHair: application.why_hair,
          whyUs: application.why_us,
          salonId: application.salon,
          role: application.role,
        })
        .returning({ id: jobApplications.id });
      if (!row) throw new Error("The job application was not stored");
      await queueMessages(tx, [
        applicantThankYou(application.email, { id: row.id, name: application.name, role: application.role }),
        staffNotification(config().STAFF_EMAIL, "job", { id: row.id, ...application }),
      ]);
      return row.id;
    })
    .then(afterCommit);
}

/** Stores a hair-model application, the note to staff and the applicant's text, all or nothing. */
export function recordModelApplication(db: Database, application: ModelApplication): Promise<number> {
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(modelApplications)
        .values({ name: application.name, mobile: application.mobile, info: application.info })
        .returning({ id: modelApplications.id });
      if (!row) throw new Error("The model application was not stored");
      await queueMessages(tx, [staffNotification(config().STAFF_EMAIL, "model", { id: row.id, ...application })]);
      await queueModelThankYou(
        tx,
        application.mobile,
        { id: row.id, name: application.name },
        mailDomainOf(config().PUBLIC_URL),
      );
      return row.id;
    })
    .then(afterCommit);
}

/** Stores a feedback survey and the note to staff, all or nothing. */
export function recordFeedback(db: Database, answers: Feedback): Promise<number> {
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(feedback)
        .values({
          name: answers.name,
          mobile: answers.mobile,
          intro: Number(answers.intro),
          consultation: Number(answers.consultation),
          cleanliness: Number(answers.cleanliness),
          appearance: Number(answers.appearance),
          products: Number(answers.products),
          styling: Number(answers.styling),
          rec: answers.rec,
          points: answers.points,
          value: Number(answers.value),
          experience: Number(answers.experience),
          result: Number(answers.result),
          returnReason: answers.return,
          repeat: answers.repeat,
          comments: answers.comments,
        })
        .returning({ id: feedback.id });
      if (!row) throw new Error("The feedback was not stored");
      await recordMarketingConsents(
        tx,
        {
          email: answers.email ? { address: answers.email, granted: answers.marketing_email } : undefined,
          sms: { mobile: answers.mobile, granted: answers.marketing_sms },
        },
        "feedback-form",
        `feedback/${row.id}`,
      );
      await queueMessages(tx, [staffNotification(config().STAFF_EMAIL, "feedback", { id: row.id, ...answers })]);
      return row.id;
    })
    .then(afterCommit);
}

// ---------------------------------------------------------------------------
// The submissions
// ---------------------------------------------------------------------------

export async function submitJobApplication(
  db: Database,
  input: unknown,
  options: JobSubmitOptions,
): Promise<SubmissionOutcome> {
  const schema = options.form === "saturday" ? saturdayApplicationSchema : jobApplicationSchema;
  const checked = await check(db, "joinus", schema, input, options);
  if (!checked.ok) return checked;
  return { ok: true, id: await recordJobApplication(db, checked.value) };
}

export async function submitModelApplication(
  db: Database,
  input: unknown,
  options: SubmitOptions,
): Promise<SubmissionOutcome> {
  const checked = await check(db, "models", modelApplicationSchema, input, options);
  if (!checked.ok) return checked;
  return { ok: true, id: await recordModelApplication(db, checked.value) };
}

export async function submitFeedback(db: Database, input: unknown, options: SubmitOptions): Promise<SubmissionOutcome> {
  const checked = await check(db, "feedback", feedbackSchema, input, options);
  if (!checked.ok) return checked;
  return { ok: true, id: await recordFeedback(db, checked.value) };
}

export type Submit = (db: Database, input: unknown, options: SubmitOptions) => Promise<SubmissionOutcome>;
