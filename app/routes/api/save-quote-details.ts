import { HttpError, readJsonObject, validationFailed } from "~/server/http.server";
import { log } from "~/server/log.server";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "~/server/pg-pool.server";
import { saveQuote } from "~/server/queries/quotes.server";
import { tooManyRequests } from "~/server/rate-limit.server";
import type { Route } from "./+types/save-quote-details";

const noStore = { "Cache-Control": "no-store" };

/**
 * POST /api/save-quote-details: the calculator state (type, mode,
 * level, stylist, salon, cc and the service ids, regular) and the visitor's
 * details (name, mobile, email, referral). Prices and totals in the body are
 * ignored: the server prices every line itself. Answers 201 { link, url } once
 * the quote is stored; 422 with fieldErrors when anything is invalid.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return Response.json({ error: "Use POST." }, { status: 405, headers: { ...noStore, Allow: "POST" } });
  }
  let body: Record<string, unknown>;
  try {
    body = await readJsonObject(request);
  } catch (error) {
    if (error instanceof HttpError) return error.toResponse();
    throw error;
  }
  let saved: Awaited<ReturnType<typeof saveQuote>>;
  try {
    saved = await saveQuote(context.db, body, { clientIp: context.clientIp, request });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // Nothing was stored (or, if the answer was lost, a retry with the same key gets it): the client may send again.
    log.warn({ reqId: context.requestId, err: (error as Error).message }, "quote not saved: database unavailable");
    return Response.json(
      { error: DATABASE_UNAVAILABLE_MESSAGE },
      { status: 503, headers: { ...noStore, "Retry-After": "5" } },
    );
  }
  if (saved.ok) {
    return Response.json(
      { link: saved.link, url: saved.url, messages_sent: saved.messagesSent },
      { status: 201, headers: noStore },
    );
  }
  switch (saved.status) {
    case 422:
      return validationFailed(saved.fieldErrors);
    case 429:
      return tooManyRequests({ allowed: false, retryAfter: saved.retryAfter }, saved.message);
    default:
      return Response.json({ error: saved.message }, { status: saved.status, headers: noStore });
  }
}

export function loader() {
  return Response.json({ error: "Use POST to save a quote." }, { status: 405, headers: { ...noStore, Allow: "POST" } });
}
