/**
 * Pictures uploaded from the console: checked, made into the sizes and
 * formats the pages serve, and stored in the database so every process of
 * the site serves the same ones.
 *
 * - What a file is comes from its first bytes and from decoding it, never
 *   from its name or the type the browser claims: a text file called
 *   photo.jpg is refused, and so is a PNG that will not decode.
 * - HEIC (an iPhone's own format) is decoded by libheif in WebAssembly: the
 *   prebuilt image library reads HEIF only with AV1 inside (AVIF), not HEVC.
 * - The photo is turned upright by its EXIF orientation and every bit of
 *   metadata (the phone's location included) is left behind: nothing stored
 *   or served carries it.
 * - The files go into the database, or into the pictures' bucket when one
 *   is set (./picture-storage.server.ts): then the rows hold where they are.
 * - The decoding and resizing run in a few processes of their own, one
 *   upload each at a time, one fewer than the cores (./picture-process.cjs,
 *   docs/decisions/126-uploads-written-to-disk-one-core-for-pages.md); a
 *   burst beyond them waits in a short queue, and past it is told to try
 *   again in a moment. What a picture takes decoded is checked before it is
 *   decoded.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { and, asc, eq, inArray, isNotNull, isNull, lt, notExists, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { altText } from "~/domain/picture-alt";
import { MAX_PICTURE_BYTES, MAX_PICTURE_SIZE_TEXT, type PictureFormat, type PictureRef } from "~/domain/pictures";
import { config } from "./config.server";
import type { Database } from "./db.server";
import { log } from "./log.server";
import type { UploadedFile } from "./multipart.server";
import { type QueuedPicture, queuePicture } from "./picture-jobs.server";
import { type PictureRefusal, type PictureSource, processPicture } from "./picture-process.server";
import {
  getPictureFiles,
  type PictureBucket,
  pictureBucket,
  pictureFolder,
  putPictureFiles,
  removePictureFolder,
  variantKey,
} from "./picture-storage.server";
import {
  blogPosts,
  newsItems,
  offers,
  pictureObjectRemovals,
  pictures,
  pictureVariants,
  salons,
  shopTiles,
  stylists,
} from "./schema.server";
import { type Actor, audit } from "./staff/audit.server";

/** The widest the stored master is: twice the widest variant, room for larger sizes later. */
const MASTER_WIDTH = 2560;

/**
 * The most pixels an upload may have: 100 megapixels, twice what the largest
 * phone camera takes (a 48-megapixel photo is 8064 × 6048, about 49 million).
 * Anything up to it is made smaller to MASTER_WIDTH as it is decoded, with
 * what the worker holds bounded (picture-process.cjs); beyond it a file is
 * refused undecoded, as no camera made it (decision 106).
 */
const MAX_PIXELS = 100_000_000;

/**
 * What a HEIC's pixels may take decoded (4 bytes each), since its decoder
 * holds them all at once: 25 megapixels, so an iPhone's 12- and
 * 24-megapixel photos fit.
 */
const MAX_HEIC_BYTES = 100_000_000;

type Sniffed = "jpeg" | "png" | "webp" | "heic" | "avif";

const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);

/** What the file's first bytes say it is, or null when they say it is no picture we know. */
export function sniffPicture(bytes: Buffer): Sniffed | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP")
    return "webp";
  // HEIF files (HEIC and AVIF) open with an ISO "ftyp" box: a major brand, then compatible brands.
  if (bytes.length >= 16 && bytes.toString("latin1", 4, 8) === "ftyp") {
    const size = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [bytes.toString("latin1", 8, 12)];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(bytes.toString("latin1", at, at + 4));
    if (brands.some((b) => HEIC_BRANDS.has(b))) return "heic";
    if (brands.some((b) => AVIF_BRANDS.has(b))) return "avif";
  }
  return null;
}

type PictureField = "file" | "alt";

export type StoreResult =
  | { ok: true; picture: PictureRef }
  | { ok: false; status: 400 | 413 | 503; field: PictureField; message: string };

const refused = (status: 400 | 413 | 503, field: PictureField, message: string): StoreResult => ({
  ok: false,
  status,
  field,
  message,
});

export const PICTURE_MESSAGES = {
  missing: "Please choose a photo to upload.",
  tooLarge: `That file is too large: a photo can be up to ${MAX_PICTURE_SIZE_TEXT}. Please choose a smaller one, or send it from your phone at a smaller size.`,
  notPicture:
    "That file is not a JPEG, PNG, WebP or HEIC photo, whatever its name says. Please choose a photo from your camera roll.",
  avif: "AVIF files cannot be uploaded yet. Please choose a JPEG, PNG, WebP or HEIC photo.",
  damaged:
    "That photo could not be read: the file looks damaged or incomplete. Please choose it again, or another one.",
  tooManyPixels:
    "That picture has more than 100 megapixels, more than any phone camera makes. Please save it at a smaller size and choose it again.",
  tooMuchMemory:
    "That HEIC photo has more pixels than we can open here (up to 25 megapixels). Please send it as a JPEG (on an iPhone, Settings → Camera → Formats → Most Compatible), or at a smaller size, and choose it again.",
  busy: "We are working on other photos right now. Please try again in a minute: your other entries are kept.",
  storageAway:
    "The photo could not be stored just now: the picture storage did not answer. Please try again in a minute: your other entries are kept.",
} as const;

const REFUSALS: Record<PictureRefusal, string> = {
  "not-picture": PICTURE_MESSAGES.notPicture,
  damaged: PICTURE_MESSAGES.damaged,
  "too-many-pixels": PICTURE_MESSAGES.tooManyPixels,
  "too-much-memory": PICTURE_MESSAGES.tooMuchMemory,
  busy: PICTURE_MESSAGES.busy,
};

/** What can be told of a file without decoding it: its size, and its type by its first bytes. */
function firstLook(
  file: UploadedFile | null,
): { ok: true; format: Exclude<Sniffed, "avif">; path: string } | { ok: false; status: 400 | 413; message: string } {
  if (file?.tooLarge) return { ok: false, status: 413, message: PICTURE_MESSAGES.tooLarge };
  if (!file?.path || file.size === 0) return { ok: false, status: 400, message: PICTURE_MESSAGES.missing };
  if (file.size > MAX_PICTURE_BYTES) return { ok: false, status: 413, message: PICTURE_MESSAGES.tooLarge };
  const format = sniffPicture(file.head);
  if (format === null) return { ok: false, status: 400, message: PICTURE_MESSAGES.notPicture };
  if (format === "avif") return { ok: false, status: 400, message: PICTURE_MESSAGES.avif };
  return { ok: true, format, path: file.path };
}

/** 16 random letters and digits: an address nobody can guess or count through. */
const newPictureId = () => randomBytes(8).toString("hex");

/**
 * Checks, resizes and stores an uploaded picture (the file as
 * ./multipart.server.ts wrote it, or null when the field was left empty)
 * with its alt text, and records who uploaded it. A refusal says which field
 * is at fault and why; nothing is stored then. The decoding happens in this
 * process's picture workers, or, in a web process (ROLE=web), in a worker
 * process (./picture-jobs.server.ts).
 */
export async function storePicture(
  db: Database,
  actor: Actor | null,
  upload: { file: UploadedFile | null; alt: string | undefined },
  bucket: PictureBucket | null = pictureBucket(),
  decodeHere: boolean = config().ROLE !== "web",
): Promise<StoreResult> {
  const alt = altText.safeParse(upload.alt ?? "");
  const checked = firstLook(upload.file);
  if (!checked.ok) return refused(checked.status, "file", checked.message);
  // Before the picture work, which takes seconds for a large photo.
  if (!alt.success) return refused(400, "alt", alt.error.issues[0]?.message ?? "Please describe the picture.");
  const job = { format: checked.format, alt: alt.data, actor };
  if (decodeHere) return decodeAndStore(db, { ...job, source: { path: checked.path } }, bucket);
  const answer = await queuePicture(db, { ...job, upload: await readFile(checked.path) });
  if (answer === "unclaimed" || answer === "unanswered") return refused(503, "file", PICTURE_MESSAGES.busy);
  return answer as StoreResult;
}

/**
 * Decodes a checked upload (its file, or the bytes a queued job carried),
 * makes everything stored from it, and stores it (in the bucket when one is
 * set): the part of `storePicture` that a worker process does for a web
 * process.
 */
export async function decodeAndStore(
  db: Database,
  { source, format, alt, actor }: Omit<QueuedPicture, "upload"> & { source: PictureSource },
  bucket: PictureBucket | null = pictureBucket(),
): Promise<StoreResult> {
  // Decoded as what its first bytes say, within the size in pixels, and made into everything stored.
  const result = await processPicture(source, format, {
    maxPixels: MAX_PIXELS,
    maxHeicBytes: MAX_HEIC_BYTES,
    masterWidth: MASTER_WIDTH,
  });
  if (!result.ok) return refused(result.reason === "busy" ? 503 : 400, "file", REFUSALS[result.reason]);
  const derived = result.made;
  const id = newPictureId();
  // Files first, rows second: a row never names files that are not there. Should the rows fail, the
  // files are removed again (a folder left behind by a crash here is named by nothing and harms nothing).
  const folder = bucket ? pictureFolder(bucket, id) : null;
  if (bucket && folder) {
    const stored = await putPictureFiles(bucket, folder, derived).then(
      () => true,
      (error: unknown) => {
        log.error({ err: error, bucket: bucket.bucket }, "storing a picture's files in the bucket failed");
        return false;
      },
    );
    if (!stored) return refused(503, "file", PICTURE_MESSAGES.storageAway);
  }
  try {
    await db.transaction(async (tx) => {
      await tx.insert(pictures).values({
        id,
        alt,
        width: derived.width,
        height: derived.height,
        widths: derived.widths,
        sourceFormat: format,
        master: folder ? null : derived.master,
        objectPrefix: folder,
        createdBy: actor?.staffId ?? null,
      });
      await tx
        .insert(pictureVariants)
        .values(derived.variants.map((v) => ({ pictureId: id, ...v, bytes: folder ? null : v.bytes })));
      await audit(tx, actor, {
        action: "picture.upload",
        subject: { type: "picture", id },
        summary: `${derived.width}×${derived.height} ${format}: ${alt}`,
      });
    });
  } catch (error) {
    if (bucket && folder) await removePictureFolder(bucket, folder).catch(() => {});
    throw error;
  }
  return {
    ok: true,
    picture: { id, alt, width: derived.width, height: derived.height, widths: derived.widths },
  };
}

/**
 * Where one variant is, as /pictures/{id}-{width}.{ext} serves it: its
 * bytes from the database, or its key in the pictures' bucket; undefined
 * when there is no such variant.
 */
export async function findPictureVariant(
  db: Database,
  id: string,
  width: number,
  format: PictureFormat,
): Promise<{ bytes: Buffer } | { key: string } | undefined> {
  const [row] = await db
    .select({ bytes: pictureVariants.bytes, folder: pictures.objectPrefix })
    .from(pictureVariants)
    .innerJoin(pictures, eq(pictures.id, pictureVariants.pictureId))
    .where(and(eq(pictureVariants.pictureId, id), eq(pictureVariants.width, width), eq(pictureVariants.format, format)))
    .limit(1);
  if (!row) return undefined;
  if (row.folder) return { key: variantKey(row.folder, width, format) };
  return row.bytes ? { bytes: row.bytes } : undefined;
}

/**
 * Every column that shows a picture somewhere. A picture none of them names
 * is shown nowhere and can go (a test checks this list against the
 * database's foreign keys, so a new use cannot be forgotten here).
 */
export const PICTURE_USES: readonly { table: PgTable; column: AnyPgColumn }[] = [
  { table: stylists, column: stylists.photoId },
  { table: stylists, column: stylists.montageId },
  { table: blogPosts, column: blogPosts.coverId },
  { table: newsItems, column: newsItems.pictureId },
  { table: shopTiles, column: shopTiles.pictureId },
  { table: offers, column: offers.pictureId },
  { table: salons, column: salons.pictureId },
];

const unused = (db: Pick<Database, "select">): SQL[] =>
  PICTURE_USES.map(({ table, column }) =>
    notExists(db.select({ one: sql`1` }).from(table).where(eq(column, pictures.id))),
  );

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

/**
 * Removes those of `candidates` that nothing shows any more, with their
 * variants: the pictures a save has just replaced or whose owner has gone.
 * Run in the save's transaction, so the old picture goes exactly when the
 * new one takes its place; a picture still shown elsewhere stays.
 */
export async function dropUnusedPictures(
  tx: Pick<Database, "select" | "delete">,
  candidates: readonly (string | null | undefined)[],
): Promise<string[]> {
  const wanted = [...new Set(candidates.filter((id): id is string => typeof id === "string"))];
  if (wanted.length === 0) return [];
  return ids(
    await tx
      .delete(pictures)
      .where(and(inArray(pictures.id, wanted), ...unused(tx)))
      .returning({ id: pictures.id }),
  );
}

/**
 * How long an upload nothing shows is kept: a save refused after its photo
 * was stored (someone else saved first) leaves one behind, and the person
 * usually saves again within minutes, uploading it anew.
 */
const UNUSED_PICTURE_HOURS = 24;

/**
 * Removes pictures nothing shows that were uploaded more than a day before
 * `now`, and empties the bucket folders of pictures deleted since the last
 * run: the prune job's share. With no bucket set, folders wait for one.
 */
export async function pruneUnusedPictures(
  db: Pick<Database, "select" | "delete">,
  now: Date,
  bucket: PictureBucket | null = pictureBucket(),
): Promise<number> {
  const before = new Date(now.getTime() - UNUSED_PICTURE_HOURS * 3_600_000);
  const gone = await db
    .delete(pictures)
    .where(and(lt(pictures.createdAt, before), ...unused(db)))
    .returning({ id: pictures.id });
  if (bucket) {
    const folders = await db.select({ folder: pictureObjectRemovals.objectPrefix }).from(pictureObjectRemovals);
    for (const { folder } of folders) {
      await removePictureFolder(bucket, folder);
      await db.delete(pictureObjectRemovals).where(eq(pictureObjectRemovals.objectPrefix, folder));
    }
  }
  return gone.length;
}

/** Pictures moved at a time: each holds its files in memory while it moves (a few MB). */
const MOVE_BATCH = 10;

/**
 * Moves every picture whose files are in the database into the bucket, a
 * few at a time (`npm run pictures -- to-bucket`). Each picture's files are
 * written first, then its rows say the bucket and drop their bytes in one
 * transaction, so a picture is served throughout and an interrupted move
 * resumes where it stopped. Resolves with how many moved.
 */
export async function movePicturesToBucket(db: Database, bucket: PictureBucket): Promise<number> {
  let moved = 0;
  for (;;) {
    const batch = await db
      .select({ id: pictures.id, master: pictures.master })
      .from(pictures)
      .where(isNull(pictures.objectPrefix))
      .orderBy(asc(pictures.id))
      .limit(MOVE_BATCH);
    if (batch.length === 0) return moved;
    for (const picture of batch) {
      const variants = await db
        .select({ width: pictureVariants.width, format: pictureVariants.format, bytes: pictureVariants.bytes })
        .from(pictureVariants)
        .where(eq(pictureVariants.pictureId, picture.id));
      const folder = pictureFolder(bucket, picture.id);
      await putPictureFiles(bucket, folder, {
        master: picture.master as Buffer,
        variants: variants.map((v) => ({
          width: v.width,
          format: v.format as PictureFormat,
          bytes: v.bytes as Buffer,
        })),
      });
      await db.transaction(async (tx) => {
        await tx
          .update(pictures)
          .set({ objectPrefix: folder, master: null })
          .where(and(eq(pictures.id, picture.id), isNull(pictures.objectPrefix)));
        await tx.update(pictureVariants).set({ bytes: null }).where(eq(pictureVariants.pictureId, picture.id));
      });
      moved++;
    }
  }
}

/**
 * Moves every picture in the bucket back into the database
 * (`npm run pictures -- to-database`): its files are read, its rows take the
 * bytes, and its folder is named for removal, in one transaction; the folder
 * is then emptied (or, should that fail, by the prune job). Resolves with how
 * many moved.
 */
export async function movePicturesToDatabase(db: Database, bucket: PictureBucket): Promise<number> {
  let moved = 0;
  for (;;) {
    const batch = await db
      .select({ id: pictures.id, folder: pictures.objectPrefix })
      .from(pictures)
      .where(isNotNull(pictures.objectPrefix))
      .orderBy(asc(pictures.id))
      .limit(MOVE_BATCH);
    if (batch.length === 0) return moved;
    for (const { id, folder } of batch as { id: string; folder: string }[]) {
      const variants = await db
        .select({ width: pictureVariants.width, format: pictureVariants.format })
        .from(pictureVariants)
        .where(eq(pictureVariants.pictureId, id));
      const files = await getPictureFiles(
        bucket,
        folder,
        variants.map((v) => ({ width: v.width, format: v.format as PictureFormat })),
      );
      await db.transaction(async (tx) => {
        await tx.update(pictures).set({ objectPrefix: null, master: files.master }).where(eq(pictures.id, id));
        for (const v of files.variants)
          await tx
            .update(pictureVariants)
            .set({ bytes: v.bytes })
            .where(
              and(
                eq(pictureVariants.pictureId, id),
                eq(pictureVariants.width, v.width),
                eq(pictureVariants.format, v.format),
              ),
            );
        await tx.insert(pictureObjectRemovals).values({ objectPrefix: folder }).onConflictDoNothing();
      });
      await removePictureFolder(bucket, folder)
        .then(() => db.delete(pictureObjectRemovals).where(eq(pictureObjectRemovals.objectPrefix, folder)))
        .catch(() => {});
      moved++;
    }
  }
}
