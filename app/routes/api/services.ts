import { jsonResponse, serviceJson } from "~/server/api-json.server";
import { listServices } from "~/server/queries/catalogue.server";
import type { Route } from "./+types/services";

export async function loader({ context }: Route.LoaderArgs) {
  return jsonResponse((await listServices(context.db)).map(serviceJson), { maxAge: 60 });
}
