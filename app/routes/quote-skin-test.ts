/**
 * GET /quote/<link>/skin-test: the skin-test link in a colour quote's e-mail
 * and text (for a client who has had no test with us in 6 months, or is not
 * sure) comes through here, so the message stays short and always leads to
 * the salon's skin-test link as the owner set it now, never to an address
 * the request names.
 */
import { quoteSkinTestLink } from "~/server/booking-links.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/quote-skin-test";

const NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const url = await quoteSkinTestLink(context.get(requestContext).db, params.link);
  if (!url)
    return new Response("This quote was not found. Book your skin test from the salon's page instead.", {
      status: 404,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(null, { status: 303, headers: { ...NO_STORE, Location: url } });
}
