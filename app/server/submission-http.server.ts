/**
 * The two doors into app/server/submissions.server.ts and the quote's
 * `saveQuote`: the JSON API (POST /api/joinus, /api/models, /api/feedback,
 * /api/save-quote-details) and the pages' form posts (route actions). Both
 * read a size-limited body and call the same submit function; they differ
 * only in how they answer. The quote's save is also reached ahead of React
 * Router (http/json-api.ts), through the same submitJson.
 */
import { parse } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { type FormActionData, KEPT_NOTE, SEND_FAILED_MESSAGE, SERVER_FAILED_MESSAGE } from "~/domain/form-outcome";
import { HONEYPOT_FIELD, jobApplicationSchema, saturdayApplicationSchema } from "~/domain/forms";
import { IDEMPOTENCY_FIELD, IDEMPOTENCY_HEADER } from "~/domain/idempotency";
import { type RequestContext, requestContext } from "~/server/request-context.server";
import {
  HttpError,
  parseJsonObject,
  readFormData,
  readLimitedText,
  requireJson,
  validationFailedBody,
} from "./http.server";
import { log } from "./log.server";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "./pg-pool.server";
import { saveQuote } from "./queries/quotes.server";
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

/**
 * An answer of the JSON API before it is any framework's response: React
 * Router's routes make it a Fetch Response (apiResponse), the HTTP layer's
 * plain handler writes it straight out (http/json-api.ts).
 */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  /** Sent as JSON (`Content-Type: application/json`). */
  body: unknown;
}

/** What the JSON API reads of a POST: its headers and its body as sent. */
export interface ApiPost {
  /** The Content-Type header: anything but JSON is refused (415). */
  contentType: string | null | undefined;
  /** The Idempotency-Key header, if sent. */
  idempotencyKey: string | null | undefined;
  /** The body as text, or an HttpError (413) past SUBMISSION_MAX_BYTES. */
  text: () => Promise<string>;
}

/** Who sent the post, as the request's context knows them (see request-context.server.ts). */
type Sender = Pick<RequestContext, "db" | "clientIp" | "requestId">;

/** 201 with `created`'s body once the row is committed; otherwise the status and message of the outcome. */
function outcomeAnswer<Stored>(outcome: SubmissionOutcome<Stored>, created: (stored: Stored) => unknown): ApiAnswer {
  if (outcome.ok) return { status: 201, headers: NO_STORE, body: created(outcome) };
  switch (outcome.status) {
    case 422:
      return { status: 422, headers: NO_STORE, body: validationFailedBody(outcome.fieldErrors) };
    case 429:
      return {
        status: 429,
        headers: { "Retry-After": String(outcome.retryAfter), ...NO_STORE },
        body: { error: outcome.error },
      };
    default:
      return { status: outcome.status, headers: NO_STORE, body: { error: outcome.error } };
  }
}

export function methodNotAllowed(): Response {
  return Response.json(
    { error: "Send this form with POST." },
    { status: 405, headers: { Allow: "POST", ...NO_STORE } },
  );
}

/**
 * A JSON submission, whichever door it came in by: read (415, 413, 400),
 * handed to `submit` (validation 422, idempotency 409, limits 429, stored
 * 201), or 503 when the database failed and nothing was stored.
 */
async function submitJson<Stored = { id: number }>(
  post: ApiPost,
  sender: Sender,
  submit: Submit<Stored>,
  /** The body of the 201: `{ ok: true }` unless the endpoint has more to say (the saved quote's link). */
  created: (stored: Stored) => unknown = () => ({ ok: true }),
): Promise<ApiAnswer> {
  try {
    requireJson(post.contentType);
    const input = parseJsonObject(await post.text());
    const outcome = await submit(sender.db, input, {
      clientIp: sender.clientIp,
      idempotencyHeader: post.idempotencyKey ?? undefined,
    });
    return outcomeAnswer(outcome, created);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, headers: NO_STORE, body: { error: error.message } };
    // The database or the connection failed: nothing was stored, and the client may send again (with the same key).
    logStoreFailure(sender.requestId, error);
    return { status: 503, headers: { ...NO_STORE, "Retry-After": "5" }, body: { error: DATABASE_UNAVAILABLE_MESSAGE } };
  }
}

/** POST /api/save-quote-details: the quote saved, 201 with its link and whether its messages went. */
export function saveQuoteJson(post: ApiPost, sender: Sender): Promise<ApiAnswer> {
  return submitJson(post, sender, saveQuote, (saved) => ({
    link: saved.link,
    url: saved.url,
    messages_sent: saved.messagesSent,
  }));
}

/** The JSON API's answer as React Router's routes give it. */
export function apiResponse(answer: ApiAnswer): Response {
  return Response.json(answer.body, { status: answer.status, headers: answer.headers });
}

/** What the JSON API reads of a Fetch request. */
export function apiPostOf(request: Request): ApiPost {
  return {
    contentType: request.headers.get("content-type"),
    idempotencyKey: request.headers.get(IDEMPOTENCY_HEADER),
    text: () => readLimitedText(request, SUBMISSION_MAX_BYTES),
  };
}

/** A JSON submission through a route's action (POST only). */
export async function submissionApiAction<Stored = { id: number }>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  submit: Submit<Stored>,
  created?: (stored: Stored) => unknown,
): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed();
  return apiResponse(await submitJson(apiPostOf(request), context.get(requestContext), submit, created));
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
function logStoreFailure(reqId: string, error: unknown) {
  if (isDatabaseUnavailable(error))
    log.warn({ reqId, err: (error as Error).message }, "submission not stored: database unavailable");
  else log.error({ reqId, err: error }, "submission not stored");
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
    logStoreFailure(context.get(requestContext).requestId, error);
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
