import { jsonResponse, teamMemberJson } from "~/server/api-json.server";
import { listTeam } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/team";

export async function loader({ context }: Route.LoaderArgs) {
  return jsonResponse((await listTeam(context.get(requestContext).db)).map(teamMemberJson), { maxAge: 60 });
}
