import type { Route } from "./+types/healthz";

/**
 * Liveness: the process is up and answering. Whether it can serve (its database answers, its backlog is in
 * bounds) is /readyz: a database away must not get a healthy process restarted.
 */
export function loader(_: Route.LoaderArgs) {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
