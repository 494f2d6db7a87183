import { config } from "~/server/config.server";
import { logReadinessChange, readHealth, readiness } from "~/server/health.server";
import { requestContext } from "~/server/request-context.server";
import { currentStaff } from "~/server/staff/auth.server";
import type { Route } from "./+types/readyz";

/**
 * Readiness, for a load balancer: 200 while the database answers, the data
 * disk has room, the outbox keeps up and backups are recent; 503 otherwise.
 * A stranger is told only which; the reasons, in words, go to the log when
 * they change and to a signed-in member of staff (the figures are in /metrics).
 */
export async function loader(args: Route.LoaderArgs) {
  const settings = config();
  const { ready, reasons } = readiness(await readHealth(args.context.get(requestContext).db, settings, []), settings);
  logReadinessChange(reasons);
  const status = ready ? "ready" : "not ready";
  // With the database away no session can be read: then nobody is told more than a stranger.
  const staff = await currentStaff(args).catch(() => null);
  return Response.json(staff ? { status, reasons } : { status }, {
    status: ready ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
