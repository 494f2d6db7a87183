/**
 * /pictures/{id}-{width}.{avif|webp|jpg}: one variant of an uploaded picture.
 * A picture never changes under its id (a new upload is a new id), so the
 * answer may be kept for a year by the browser and any cache in between;
 * its key lets a shared cache drop it should the picture be deleted.
 */
import { PICTURE_CONTENT_TYPES, parsePictureFile } from "~/domain/pictures";
import { sharedCacheControl, surrogateKeyHeaders } from "~/domain/shared-cache";
import { getPictureVariant } from "~/server/pictures.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/picture";

const notFound = () =>
  new Response("No such picture.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });

export async function loader({ params, context }: Route.LoaderArgs) {
  const wanted = parsePictureFile(params.file);
  if (!wanted) return notFound();
  const bytes = await getPictureVariant(context.get(requestContext).db, wanted.id, wanted.width, wanted.format);
  if (!bytes) return notFound();
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": PICTURE_CONTENT_TYPES[wanted.format],
      "Content-Length": String(bytes.length),
      "Cache-Control": sharedCacheControl("picture", new Date()),
      ...surrogateKeyHeaders([`picture:${wanted.id}`]),
    },
  });
}
