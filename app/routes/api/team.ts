import { jsonResponse, teamMemberJson } from "~/server/api-json.server";
import { listTeam } from "~/server/queries/content.server";
import type { Route } from "./+types/team";

export async function loader({ context }: Route.LoaderArgs) {
  return jsonResponse((await listTeam(context.db)).map(teamMemberJson), { maxAge: 60 });
}
