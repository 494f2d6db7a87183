import { jsonResponse, newsItemJson } from "~/server/api-json.server";
import { listNewsItems } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/news-items";

export async function loader({ context }: Route.LoaderArgs) {
  return jsonResponse((await listNewsItems(context.get(requestContext).db)).map(newsItemJson), { maxAge: 60 });
}
