import { funnelBeacon } from "~/server/funnel.server";
import { requestContext } from "~/server/request-context.server";
import { methodNotAllowed } from "~/server/submission-http.server";
import type { Route } from "./+types/funnel";

/**
 * POST /api/funnel: the calculator's beacon of a step ("started",
 * "summary"), sent with navigator.sendBeacon. 204 in every case but a body
 * that is not a beacon (4xx) or too many of them (429); see decision 076.
 */
export function action({ request, context }: Route.ActionArgs) {
  const { db, clientIp } = context.get(requestContext);
  return funnelBeacon(request, db, clientIp);
}

export function loader() {
  return methodNotAllowed();
}
