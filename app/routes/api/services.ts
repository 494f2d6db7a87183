import { jsonResponse, serviceJson } from "~/server/api-json.server";
import { listServices } from "~/server/queries/catalogue.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/services";

export async function loader({ context }: Route.LoaderArgs) {
  return jsonResponse((await listServices(context.get(requestContext).db)).map(serviceJson), { maxAge: 60 });
}
