/**
 * /pictures/{id}-{width}.{avif|webp|jpg}: one variant of an uploaded picture.
 * A picture never changes under its id (a new upload is a new id), so the
 * answer may be kept for a year by the browser and any cache in between;
 * its key lets a shared cache drop it should the picture be deleted.
 * A picture in the bucket is sent from there, or, when the bucket has a
 * public address (PICTURES_PUBLIC_URL), the browser is sent there for good.
 */
import { Readable } from "node:stream";
import { PICTURE_CONTENT_TYPES, parsePictureFile } from "~/domain/pictures";
import { sharedCacheControl, surrogateKeyHeaders } from "~/domain/shared-cache";
import { openPictureFile, pictureBucket } from "~/server/picture-storage.server";
import { findPictureVariant } from "~/server/pictures.server";
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
  const found = await findPictureVariant(context.get(requestContext).db, wanted.id, wanted.width, wanted.format);
  if (!found) return notFound();
  const cacheHeaders = {
    "Cache-Control": sharedCacheControl("picture", new Date()),
    ...surrogateKeyHeaders([`picture:${wanted.id}`]),
  };
  const headers = { "Content-Type": PICTURE_CONTENT_TYPES[wanted.format], ...cacheHeaders };
  if ("bytes" in found)
    return new Response(new Uint8Array(found.bytes), {
      headers: { ...headers, "Content-Length": String(found.bytes.length) },
    });
  const bucket = pictureBucket();
  // The rows say the bucket, the settings name none: the files are somewhere this process cannot reach.
  if (!bucket) throw new Error(`Picture ${wanted.id} is in a bucket, but PICTURES_S3_BUCKET is not set`);
  if (bucket.publicUrl)
    return new Response(null, {
      status: 301,
      headers: { Location: `${bucket.publicUrl}/${found.key}`, ...cacheHeaders },
    });
  const file = await openPictureFile(bucket, found.key);
  if (!file) return notFound();
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: { ...headers, ...(file.length === undefined ? {} : { "Content-Length": String(file.length) }) },
  });
}
