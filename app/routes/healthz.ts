import { databaseAnswers } from "~/server/db.server";
import type { Route } from "./+types/healthz";

export async function loader({ context }: Route.LoaderArgs) {
  const ok = await databaseAnswers(context.db);
  return Response.json(
    { status: ok ? "ok" : "database unavailable" },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
