import type { PictureFormat } from "~/domain/pictures";
import type { Database } from "~/server/db.server";
import { findPictureVariant } from "~/server/pictures.server";

/** The bytes the database holds for one variant of a stored picture (no bucket set), or undefined. */
export async function variantBytes(db: Database, id: string, width: number, format: PictureFormat) {
  const found = await findPictureVariant(db, id, width, format);
  return found && "bytes" in found ? found.bytes : undefined;
}
