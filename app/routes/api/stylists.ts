import { jsonResponse, stylistJson } from "~/server/api-json.server";
import { listStylists } from "~/server/queries/catalogue.server";
import { teamPhotos } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/stylists";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(requestContext).db;
  const [stylists, photos] = await Promise.all([listStylists(db), teamPhotos(db)]);
  return jsonResponse(
    stylists.map((s) => stylistJson(s, photos.get(s.slug) ?? null)),
    { maxAge: 60 },
  );
}
