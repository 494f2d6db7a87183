import { getPublicQuote, publicQuoteJson } from "~/server/queries/quotes.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/get-quote-details";

/** A quote is for its client only: never cached by shared caches, never indexed. */
const privateHeaders = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
};

/** GET /api/get-quote-details/{link}: the saved quote, with the client's first name and never their mobile or e-mail. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const quote = await getPublicQuote(context.get(requestContext).db, params.link);
  if (!quote) return Response.json({ error: "Quote not found" }, { status: 404, headers: privateHeaders });
  if (quote.erasedOnRequest)
    return Response.json(
      { error: "This quote was removed at the client's request" },
      { status: 410, headers: privateHeaders },
    );
  return Response.json(publicQuoteJson(quote), { headers: privateHeaders });
}
