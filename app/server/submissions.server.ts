/**
 * Job applications, hair-model applications and client feedback: the one code
 * path behind both the pages' form posts and the JSON API.
 *
 * Every submission goes through the same steps, in this order:
 * 1. the honeypot: filled means a bot, so nothing is stored (400);
 * 2. the form's Zod schema from app/domain/forms.ts, the very one the browser
 *    runs: unknown keys are dropped, so ids, dates or anything else a client
 *    makes up never reach the database (422 with each field's messages);
 * 3. the rate limit of the endpoint, per client address, counted in the
 *    database so every process shares it (429). Only submissions that would be
 *    stored count: a visitor correcting their mistakes is never locked out;
 * 4. the insert, with the messages to staff and applicants in the outbox and
 *    the answer under the form's idempotency key, in one transaction, and only
 *    then success (201). A retry with the same key (after a lost answer) gets
 *    that answer again before steps 3 and 4: nothing is stored or sent twice.
 */
import type { z } from "zod";
import {
  type Feedback,
  feedbackSchema,
  fieldErrorsOf,
  HONEYPOT_FIELD,
  honeypotFilled,
  type JobApplication,
  jobApplicationSchema,
  jobRoleLabel,
  type ModelApplication,
  modelApplicationSchema,
  saturdayApplicationSchema,
} from "~/domain/forms";
import { ACADEMY_SALON_ID, MAIN_SALON_ID } from "~/domain/salon-ids";
import { config } from "./config.server";
import type { Database } from "./db.server";
import { mailDomainOf } from "./delivery/delivery.server";
import { applicantThankYou, queueModelThankYou, staffNotification } from "./delivery/messages.server";
import {
  fingerprintOf,
  idempotencyKeyOf,
  KEY_REUSED_MESSAGE,
  once,
  previousAnswer,
  type Transaction,
} from "./idempotency.server";
import { queueLeadAlert } from "./lead-alerts.server";
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
const NOT_AN_OBJECT_MESSAGE = "The request body must be a JSON object.";

export type FieldErrors = Record<string, string[]>;

/** What a submission comes to: stored (with what the caller needs to know of it), or refused and why. */
export type SubmissionOutcome<Stored = { id: number }> = ({ ok: true } & Stored) | SubmissionRefusal;

type SubmissionRefusal =
  | { ok: false; status: 422; error: string; fieldErrors: FieldErrors }
  | { ok: false; status: 400 | 404 | 409 | 410; error: string }
  | { ok: false; status: 429; error: string; retryAfter: number };

export interface SubmitOptions {
  /** The visitor's address, for the rate limit (`context.get(requestContext).clientIp`). */
  clientIp: string;
  /** The Idempotency-Key header an API client sent, if any. */
  idempotencyHeader?: string;
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

/** Shared with the form islands, which say the same messages before sending. */
export { fieldErrorsOf };

const VALIDATION_MESSAGE = "Some answers need attention.";

function isPlainObject(input: unknown): input is Record<string, unknown> {
  return typeof input === "object" && input !== null && !Array.isArray(input);
}

/** Where a kind of submission keeps its idempotency keys, how often one address may send it and what it is told past that. */
export interface SubmissionScope {
  name: string;
  rateLimit: RateLimitRule;
  rateLimitedMessage: string;
}

const SCOPES: Readonly<Record<SubmissionKind, SubmissionScope>> = {
  joinus: { name: "joinus", rateLimit: SUBMISSION_RATE_LIMITS.joinus, rateLimitedMessage: RATE_LIMITED_MESSAGE },
  models: { name: "models", rateLimit: SUBMISSION_RATE_LIMITS.models, rateLimitedMessage: RATE_LIMITED_MESSAGE },
  feedback: { name: "feedback", rateLimit: SUBMISSION_RATE_LIMITS.feedback, rateLimitedMessage: RATE_LIMITED_MESSAGE },
};

export type Checked<T, Answer> =
  /**
   * `fingerprint` tells a retry from a reused key and finds the same answers
   * sent again: worked out only when there is a key (empty otherwise).
   */
  | { ok: true; value: T; key: string | undefined; fingerprint: string }
  | { ok: true; replayed: Answer }
  | SubmissionRefusal;

/**
 * Steps 1 to 3 of every submission, the saved quote's included: honeypot,
 * idempotency key, schema, an earlier answer (under the same key, or to the
 * same answers sent again lately), rate limit.
 */
export async function check<S extends z.ZodType, Answer>(
  db: Database,
  scope: SubmissionScope,
  schema: S,
  input: unknown,
  options: Omit<SubmitOptions, "clientIp"> & { clientIp?: string },
): Promise<Checked<z.output<S>, Answer>> {
  if (!isPlainObject(input)) return { ok: false, status: 400, error: NOT_AN_OBJECT_MESSAGE };
  if (honeypotFilled(input[HONEYPOT_FIELD])) return { ok: false, status: 400, error: SPAM_MESSAGE };
  const keyed = idempotencyKeyOf(input, options.idempotencyHeader);
  if (!keyed.ok) return { ok: false, status: 400, error: keyed.message };
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    return { ok: false, status: 422, error: VALIDATION_MESSAGE, fieldErrors: fieldErrorsOf(parsed.error) };
  const fingerprint = keyed.key ? fingerprintOf(parsed.data) : "";
  if (keyed.key) {
    const earlier = await previousAnswer<Answer>(db, scope.name, keyed.key, fingerprint);
    if (earlier.kind === "answer") return { ok: true, replayed: earlier.answer };
    if (earlier.kind === "reused") return { ok: false, status: 409, error: KEY_REUSED_MESSAGE };
  }
  if (options.clientIp !== undefined) {
    const limit = await hitRateLimit(db, scope.rateLimit, options.clientIp, options.now);
    if (!limit.allowed)
      return { ok: false, status: 429, error: scope.rateLimitedMessage, retryAfter: limit.retryAfter };
  }
  return { ok: true, value: parsed.data, key: keyed.key, fingerprint };
}

/** Step 4 for any kind: stores once under the key, wakes the outbox after a fresh commit. */
async function store<T>(
  db: Database,
  kind: SubmissionKind,
  checked: Checked<T, number>,
  record: (tx: Transaction, value: T) => Promise<number>,
): Promise<SubmissionOutcome> {
  if (!checked.ok) return checked;
  if ("replayed" in checked) return { ok: true, id: checked.replayed };
  const result = await once(db, kind, checked.key, checked.fingerprint, (tx) => record(tx, checked.value));
  if (result.fresh) return { ok: true, id: afterCommit(result.answer) };
  if (result.replay.kind === "answer") return { ok: true, id: result.replay.answer };
  return { ok: false, status: 409, error: KEY_REUSED_MESSAGE };
}

// ---------------------------------------------------------------------------
// Storing: one transaction per submission
// ---------------------------------------------------------------------------

/** The messages about a submission go into its own transaction (the outbox). */
function queueMessages(tx: Pick<Database, "insert" | "execute">, messages: NewMessage[]): Promise<number[]> {
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
async function recordJobApplication(
  tx: Transaction,
  application: JobApplication,
  saturdayEvening: boolean,
): Promise<number> {
  // The messages name the scheme, not the Apprentice role its form files the applicant under.
  const role = jobRoleLabel({ role: application.role, saturdayEvening });
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
      saturdayEvening,
    })
    .returning({ id: jobApplications.id });
  if (!row) throw new Error("The job application was not stored");
  await queueMessages(tx, [
    applicantThankYou(application.email, { id: row.id, name: application.name, role }),
    staffNotification(config().STAFF_EMAIL, "job", { id: row.id, ...application, role }),
  ]);
  // The salon the applicant chose (the main salon unless they chose one) is alerted at once.
  await queueLeadAlert(tx, {
    id: row.id,
    salonId: application.salon,
    name: application.name,
    kind: "job",
    who: role,
  });
  return row.id;
}

/** Stores a hair-model application, the note to staff and the applicant's text, all or nothing. */
async function recordModelApplication(tx: Transaction, application: ModelApplication): Promise<number> {
  const [row] = await tx
    .insert(modelApplications)
    .values({ name: application.name, mobile: application.mobile, info: application.info })
    .returning({ id: modelApplications.id });
  if (!row) throw new Error("The model application was not stored");
  await queueMessages(tx, [staffNotification(config().STAFF_EMAIL, "model", { id: row.id, ...application })]);
  // The form names no salon: the main salon's front desk is alerted.
  // Hair models are for the academy's training sessions.
  await queueLeadAlert(tx, {
    id: row.id,
    salonId: ACADEMY_SALON_ID,
    orElse: MAIN_SALON_ID,
    name: application.name,
    kind: "model",
    who: null,
  });
  await queueModelThankYou(
    tx,
    application.mobile,
    { id: row.id, name: application.name },
    mailDomainOf(config().PUBLIC_URL),
  );
  return row.id;
}

/** Stores a feedback survey and the note to staff, all or nothing. */
async function recordFeedback(tx: Transaction, answers: Feedback): Promise<number> {
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
}

// ---------------------------------------------------------------------------
// The submissions
// ---------------------------------------------------------------------------

export async function submitJobApplication(
  db: Database,
  input: unknown,
  options: JobSubmitOptions,
): Promise<SubmissionOutcome> {
  const saturdayEvening = options.form === "saturday";
  const schema = saturdayEvening ? saturdayApplicationSchema : jobApplicationSchema;
  return store(db, "joinus", await check(db, SCOPES.joinus, schema, input, options), (tx, application) =>
    recordJobApplication(tx, application, saturdayEvening),
  );
}

export async function submitModelApplication(
  db: Database,
  input: unknown,
  options: SubmitOptions,
): Promise<SubmissionOutcome> {
  return store(
    db,
    "models",
    await check(db, SCOPES.models, modelApplicationSchema, input, options),
    recordModelApplication,
  );
}

export async function submitFeedback(db: Database, input: unknown, options: SubmitOptions): Promise<SubmissionOutcome> {
  return store(db, "feedback", await check(db, SCOPES.feedback, feedbackSchema, input, options), recordFeedback);
}

export type Submit<Stored = { id: number }> = (
  db: Database,
  input: unknown,
  options: SubmitOptions,
) => Promise<SubmissionOutcome<Stored>>;
