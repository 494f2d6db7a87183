import { jsonResponse, stylistJson } from "~/server/api-json.server";
import { listStylists } from "~/server/queries/catalogue.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/stylists";

export async function loader({ context }: Route.LoaderArgs) {
  return jsonResponse((await listStylists(context.get(requestContext).db)).map(stylistJson), { maxAge: 60 });
}
