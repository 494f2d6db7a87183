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

/** Shown whenever a form could not be sent; what was typed stays in the form. */
export const SEND_FAILED_MESSAGE =
  "We couldn't send your form. Please check your connection and try again — everything you typed is still here.";

/** Appended to a refusal the visitor can get past by trying again later. */
export const KEPT_NOTE = "Everything you typed is still here.";
