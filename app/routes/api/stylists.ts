import { jsonResponse, stylistJson } from "~/server/api-json.server";
import { listStylists } from "~/server/queries/catalogue.server";
import type { Route } from "./+types/stylists";

export async function loader({ context }: Route.LoaderArgs) {
  return jsonResponse((await listStylists(context.db)).map(stylistJson), { maxAge: 60 });
}
