import { requestContext } from "~/server/request-context.server";
import { apiPostOf, apiResponse, methodNotAllowed, saveQuoteJson } from "~/server/submission-http.server";
import type { Route } from "./+types/save-quote-details";

/**
 * POST /api/save-quote-details: the calculator state (type, mode,
 * level, stylist, salon, cc and the service ids, regular) and the visitor's
 * details (name, mobile, email, referral). Prices and totals in the body are
 * ignored: the server prices every line itself. Answers 201 { link, url } once
 * the quote is stored; 422 with fieldErrors when anything is invalid.
 *
 * A POST to this exact address is answered before React Router
 * (http/json-api.ts) by the same saveQuoteJson; this route answers the rest
 * (the address spelt otherwise, other methods).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return apiResponse(await saveQuoteJson(apiPostOf(request), context.get(requestContext)));
}

export function loader() {
  return methodNotAllowed();
}
