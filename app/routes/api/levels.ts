import { jsonResponse, levelJson } from "~/server/api-json.server";
import { listLevels } from "~/server/queries/catalogue.server";
import type { Route } from "./+types/levels";

export async function loader({ context }: Route.LoaderArgs) {
  return jsonResponse((await listLevels(context.db)).map(levelJson), { maxAge: 60 });
}
