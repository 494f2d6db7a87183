import { jsonResponse, salonJson } from "~/server/api-json.server";
import { listSalons } from "~/server/queries/catalogue.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/salons";

export async function loader({ context }: Route.LoaderArgs) {
  return jsonResponse((await listSalons(context.get(requestContext).db)).map(salonJson), { maxAge: 60 });
}
