import { saveQuote } from "~/server/queries/quotes.server";
import { methodNotAllowed, submissionApiAction } from "~/server/submission-http.server";
import type { Route } from "./+types/save-quote-details";

/**
 * POST /api/save-quote-details: the calculator state (type, mode,
 * level, stylist, salon, cc and the service ids, regular) and the visitor's
 * details (name, mobile, email, referral). Prices and totals in the body are
 * ignored: the server prices every line itself. Answers 201 { link, url } once
 * the quote is stored; 422 with fieldErrors when anything is invalid.
 */
export function action({ request, context }: Route.ActionArgs) {
  return submissionApiAction(request, context, saveQuote, (saved) => ({
    link: saved.link,
    url: saved.url,
    messages_sent: saved.messagesSent,
  }));
}

export function loader() {
  return methodNotAllowed();
}
