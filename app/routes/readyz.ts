import { config } from "~/server/config.server";
import { readHealth, readiness } from "~/server/health.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/readyz";

/**
 * Readiness, for a load balancer: 200 while the database answers, the outbox keeps up and backups are
 * recent; 503 with the reasons in words otherwise.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = config();
  const { ready, reasons } = readiness(await readHealth(context.get(requestContext).db, settings, []), settings);
  return Response.json(
    { status: ready ? "ready" : "not ready", reasons },
    { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
