/**
 * What a form page's action answers, shared by the route actions (server) and
 * the form components (browser). Pure types and texts.
 */
import type { SubmissionResult } from "@conform-to/react";

/*
 * `key` on the answers that stored nothing: the idempotency key the form was
 * sent with, which the form shown again keeps (app/domain/idempotency.ts).
 */

export type FormActionData =
  /** Stored: the form is replaced by its thank-you box. */
  | { status: "sent" }
  /** The server's schema found problems (a tampered form, or no JavaScript). */
  | { status: "invalid"; result: SubmissionResult<string[]>; key?: string }
  /** Not stored, for a reason the visitor can act on (wait, shorten, try again). */
  | { status: "refused"; message: string; result: SubmissionResult<string[]>; key?: string }
  /** The browser got no usable answer (connection lost, server error): set by the clientAction. */
  | { status: "unsent"; message: string };

/**
 * Shown when the form never reached the server (no network, the connection
 * cut, no answer in time): only then is the visitor's connection the thing to
 * check. What was typed stays in the form.
 */
export const SEND_FAILED_MESSAGE =
  "We couldn't send your form. Please check your connection and try again — everything you typed is still here.";

/**
 * Shown when the form reached the server but the server failed (an error
 * answer, the database unavailable): the fault is ours, so the visitor is told
 * so, and what to do, rather than to check a connection that works.
 */
export const SERVER_FAILED_MESSAGE =
  "Sorry, our server couldn't save your form just now: the problem is on our side, not your connection. Please try again in a few minutes — everything you typed is still here. If it keeps happening, please call the salon.";

/** Appended to a refusal the visitor can get past by trying again later. */
export const KEPT_NOTE = "Everything you typed is still here.";
