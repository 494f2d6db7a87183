/**
 * The two doors into app/server/submissions.server.ts and the quote's
 * `saveQuote`: the JSON API (POST /api/joinus, /api/models, /api/feedback,
 * /api/save-quote-details) and the pages' form posts (route actions). Both
 * read a size-limited body and call the same submit function; they differ
 * only in how they answer.
 */
import { parse } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { type FormActionData, KEPT_NOTE, SEND_FAILED_MESSAGE, SERVER_FAILED_MESSAGE } from "~/domain/form-outcome";
import { HONEYPOT_FIELD, jobApplicationSchema, saturdayApplicationSchema } from "~/domain/forms";
import { IDEMPOTENCY_FIELD } from "~/domain/idempotency";
import { requestContext } from "~/server/request-context.server";
import { HttpError, readFormData, readJsonObject, validationFailed } from "./http.server";
import { log } from "./log.server";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "./pg-pool.server";
import { tooManyRequests } from "./rate-limit.server";
import { type FieldErrors, type SubmissionOutcome, type Submit, submitJobApplication } from "./submissions.server";

/**
 * Every field of the longest form (the job application: three answers of up to
 * 5,000 characters) fits with room to spare, even percent-encoded; the server
 * in front refuses anything declaring more than this too.
 */
export const SUBMISSION_MAX_BYTES = 64 * 1024;

const NO_STORE = { "Cache-Control": "no-store" } as const;

const TOO_LARGE_FORM_MESSAGE =
  "Your answers are too long to send in one go. Please shorten the longest ones and try again.";

// ---------------------------------------------------------------------------
// JSON API
// ---------------------------------------------------------------------------

/** 201 with `created`'s body once the row is committed; otherwise the status and message of the outcome. */
function outcomeResponse<Stored>(outcome: SubmissionOutcome<Stored>, created: (stored: Stored) => unknown): Response {
  if (outcome.ok) return Response.json(created(outcome), { status: 201, headers: NO_STORE });
  switch (outcome.status) {
    case 422:
      return validationFailed(outcome.fieldErrors);
    case 429:
      return tooManyRequests({ allowed: false, retryAfter: outcome.retryAfter }, outcome.error);
    default:
      return Response.json({ error: outcome.error }, { status: outcome.status, headers: NO_STORE });
  }
}

export function methodNotAllowed(): Response {
  return Response.json(
    { error: "Send this form with POST." },
    { status: 405, headers: { Allow: "POST", ...NO_STORE } },
  );
}

export async function submissionApiAction<Stored = { id: number }>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  submit: Submit<Stored>,
  /** The body of the 201: `{ ok: true }` unless the endpoint has more to say (the saved quote's link). */
  created: (stored: Stored) => unknown = () => ({ ok: true }),
): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed();
  try {
    const input = await readJsonObject(request, SUBMISSION_MAX_BYTES);
    return outcomeResponse(
      await submit(context.get(requestContext).db, input, { clientIp: context.get(requestContext).clientIp, request }),
      created,
    );
  } catch (error) {
    if (error instanceof HttpError) return error.toResponse();
    // The database or the connection failed: nothing was stored, and the client may send again (with the same key).
    logStoreFailure(context, error);
    return Response.json(
      { error: DATABASE_UNAVAILABLE_MESSAGE },
      { status: 503, headers: { ...NO_STORE, "Retry-After": "5" } },
    );
  }
}

// ---------------------------------------------------------------------------
// Form posts from the pages
// ---------------------------------------------------------------------------

export interface FormPost<Stored = { id: number }> {
  /** The form's schema: its keys are the only fields read from the post. */
  schema: z.ZodObject;
  submit: Submit<Stored>;
  /** Values the page decides, whatever the post says (the role of a job form). */
  fixed?: Record<string, string>;
  /** Where the visitor goes once it is stored (a redirect); without it the page shows its thank-you box. */
  sent?: (stored: Stored, values: Record<string, string>) => Response;
}

/**
 * What Conform needs to show the answer in the form: each field's messages and,
 * for a browser without JavaScript, what was typed, so the page comes back filled in.
 */
function reply(values: Record<string, string>, errors: { fieldErrors?: FieldErrors; formError?: string }) {
  const typed = new FormData();
  for (const [name, value] of Object.entries(values)) if (name !== HONEYPOT_FIELD) typed.append(name, value);
  const submission = parse(typed, { resolve: () => ({ error: errors.fieldErrors ?? {} }) });
  return errors.formError ? submission.reply({ formErrors: [errors.formError] }) : submission.reply();
}

/** A database away is one line (the visitor is told to try again); anything else is a fault, with its stack. */
function logStoreFailure(context: Readonly<RouterContextProvider>, error: unknown) {
  if (isDatabaseUnavailable(error))
    log.warn(
      { reqId: context.get(requestContext).requestId, err: (error as Error).message },
      "submission not stored: database unavailable",
    );
  else log.error({ reqId: context.get(requestContext).requestId, err: error }, "submission not stored");
}

function answer(body: FormActionData, status: number) {
  return data<FormActionData>(body, { status, headers: NO_STORE });
}

export async function submissionFormAction<Stored = { id: number }>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  post: FormPost<Stored>,
) {
  let formData: FormData;
  try {
    formData = await readFormData(request, SUBMISSION_MAX_BYTES);
  } catch (error) {
    const status = error instanceof HttpError ? error.status : 400;
    const message = status === 413 ? TOO_LARGE_FORM_MESSAGE : SEND_FAILED_MESSAGE;
    return answer({ status: "refused", message, result: reply({}, { formError: message }) }, status);
  }

  // Only the form's own fields (and the honeypot) are read; text only, files ignored.
  const values: Record<string, string> = {};
  for (const name of [...Object.keys(post.schema.shape), HONEYPOT_FIELD, IDEMPOTENCY_FIELD]) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  Object.assign(values, post.fixed);
  // The page shown again after a failure keeps the key, so sending it again is the same submission.
  const key = values[IDEMPOTENCY_FIELD] || undefined;

  let outcome: SubmissionOutcome<Stored>;
  try {
    outcome = await post.submit(context.get(requestContext).db, values, {
      clientIp: context.get(requestContext).clientIp,
    });
  } catch (error) {
    logStoreFailure(context, error);
    return answer(
      {
        status: "refused",
        message: SERVER_FAILED_MESSAGE,
        result: reply(values, { formError: SERVER_FAILED_MESSAGE }),
        key,
      },
      503,
    );
  }

  if (outcome.ok) return post.sent ? post.sent(outcome, values) : answer({ status: "sent" }, 201);
  if (outcome.status === 422)
    return answer({ status: "invalid", result: reply(values, { fieldErrors: outcome.fieldErrors }), key }, 422);
  const message = outcome.status === 429 ? `${outcome.error} ${KEPT_NOTE}` : outcome.error;
  return answer({ status: "refused", message, result: reply(values, { formError: message }), key }, outcome.status);
}

/**
 * The action of a recruitment page: the job application, for the role that
 * page is for. The Saturday form asks no position: the applicant is an
 * Apprentice, new to hairdressing.
 */
export function jobApplicationAction(page: "Stylist" | "Apprentice" | "saturday") {
  const post: FormPost =
    page === "saturday"
      ? {
          schema: saturdayApplicationSchema,
          submit: (db, input, options) => submitJobApplication(db, input, { ...options, form: "saturday" }),
        }
      : { schema: jobApplicationSchema, submit: submitJobApplication, fixed: { role: page } };
  return ({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) =>
    submissionFormAction(request, context, post);
}
