import { jsonResponse, storeDataJson } from "~/server/api-json.server";
import { getStoreData } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/store-data";

export async function loader({ context }: Route.LoaderArgs) {
  return jsonResponse(storeDataJson(await getStoreData(context.get(requestContext).db)), { maxAge: 60 });
}
