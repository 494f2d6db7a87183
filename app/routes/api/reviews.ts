import { jsonResponse, notFoundJson, reviewJson } from "~/server/api-json.server";
import { getStylist } from "~/server/queries/catalogue.server";
import { listReviews } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/reviews";

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.slug ?? "all";
  if (slug !== "all" && !(await getStylist(context.get(requestContext).db, slug))) return notFoundJson("Stylist");
  const rows = await listReviews(context.get(requestContext).db, slug);
  return jsonResponse(rows.map(reviewJson), { maxAge: 60 });
}
