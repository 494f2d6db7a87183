import { jsonResponse, levelJson } from "~/server/api-json.server";
import { listLevels } from "~/server/queries/catalogue.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/levels";

export async function loader({ context }: Route.LoaderArgs) {
  return jsonResponse((await listLevels(context.get(requestContext).db)).map(levelJson), { maxAge: 60 });
}
