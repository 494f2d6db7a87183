import { jsonResponse, notFoundJson, teamMemberJson } from "~/server/api-json.server";
import { getTeamMember } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/team-member";

export async function loader({ params, context }: Route.LoaderArgs) {
  const member = await getTeamMember(context.get(requestContext).db, params.slug);
  return member ? jsonResponse(teamMemberJson(member), { maxAge: 60 }) : notFoundJson("Team member");
}
