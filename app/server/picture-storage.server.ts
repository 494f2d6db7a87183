/**
 * Pictures' files in a bucket (PICTURES_S3_BUCKET) rather than in the
 * database: each picture's files are under a folder of its own,
 * `{PICTURES_S3_PREFIX}{id}/`, the master as `master.jpg` and each variant as
 * `{width}.{avif|webp|jpg}`. A picture never changes under its id, so every
 * file is written once and may be cached for a year by anyone.
 */
import type { Readable } from "node:stream";
import { PICTURE_CONTENT_TYPES, type PictureFormat } from "~/domain/pictures";
import { sharedCacheControl } from "~/domain/shared-cache";
import { type Config, config } from "./config.server";
import { s3, s3Client } from "./object-storage.server";

/** Where pictures go when a bucket is set. */
export interface PictureBucket {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region: string;
  /** Public base address of the bucket's files (or of a CDN in front of it), when there is one. */
  publicUrl?: string;
}

type BucketSettings = Pick<
  Config,
  "PICTURES_S3_BUCKET" | "PICTURES_S3_PREFIX" | "PICTURES_S3_ENDPOINT" | "PICTURES_S3_REGION" | "PICTURES_PUBLIC_URL"
>;

/** The pictures' bucket the settings name, or null when pictures stay in the database. */
export function pictureBucket(settings: BucketSettings = config()): PictureBucket | null {
  if (!settings.PICTURES_S3_BUCKET) return null;
  return {
    bucket: settings.PICTURES_S3_BUCKET,
    prefix: settings.PICTURES_S3_PREFIX,
    endpoint: settings.PICTURES_S3_ENDPOINT,
    region: settings.PICTURES_S3_REGION,
    publicUrl: settings.PICTURES_PUBLIC_URL?.replace(/\/+$/, ""),
  };
}

/** A picture's folder in the bucket. */
export const pictureFolder = (bucket: PictureBucket, id: string) => `${bucket.prefix}${id}/`;

/** A variant's key under its picture's folder. */
export const variantKey = (folder: string, width: number, format: PictureFormat) => `${folder}${width}.${format}`;

const MASTER_FILE = "master.jpg";

/** The files of one picture: its master (JPEG) and its variants. */
export interface PictureFiles {
  master: Buffer;
  variants: readonly { width: number; format: PictureFormat; bytes: Buffer }[];
}

async function withClient<T>(
  bucket: PictureBucket,
  use: (client: import("@aws-sdk/client-s3").S3Client) => Promise<T>,
) {
  const client = await s3Client(bucket);
  try {
    return await use(client);
  } finally {
    client.destroy();
  }
}

/** Writes a picture's files under `folder`, all of them or, on a failure, throws (a retry writes them again). */
export async function putPictureFiles(bucket: PictureBucket, folder: string, files: PictureFiles): Promise<void> {
  const { PutObjectCommand } = await s3();
  const objects = [
    { key: `${folder}${MASTER_FILE}`, bytes: files.master, type: PICTURE_CONTENT_TYPES.jpg },
    ...files.variants.map((v) => ({
      key: variantKey(folder, v.width, v.format),
      bytes: v.bytes,
      type: PICTURE_CONTENT_TYPES[v.format],
    })),
  ];
  await withClient(bucket, (client) =>
    Promise.all(
      objects.map((o) =>
        client.send(
          new PutObjectCommand({
            Bucket: bucket.bucket,
            Key: o.key,
            Body: o.bytes,
            ContentType: o.type,
            // As the site serves it: kept a year, never revalidated (the file never changes).
            CacheControl: sharedCacheControl("picture", new Date()),
          }),
        ),
      ),
    ),
  );
}

/** A picture's files read back from `folder` (for moving them into the database). */
export async function getPictureFiles(
  bucket: PictureBucket,
  folder: string,
  variants: readonly { width: number; format: PictureFormat }[],
): Promise<PictureFiles> {
  const { GetObjectCommand } = await s3();
  return withClient(bucket, async (client) => {
    const read = async (key: string) => {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket.bucket, Key: key }));
      return Buffer.from(await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
    };
    return {
      master: await read(`${folder}${MASTER_FILE}`),
      variants: await Promise.all(
        variants.map(async (v) => ({ ...v, bytes: await read(variantKey(folder, v.width, v.format)) })),
      ),
    };
  });
}

/** One file, streamed from the bucket, or undefined when the bucket has no such file. */
export async function openPictureFile(
  bucket: PictureBucket,
  key: string,
): Promise<{ body: Readable; length: number | undefined } | undefined> {
  const { GetObjectCommand, NoSuchKey } = await s3();
  const client = await s3Client(bucket);
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket.bucket, Key: key }));
    const body = object.Body as Readable;
    body.once("close", () => client.destroy());
    return { body, length: object.ContentLength };
  } catch (error) {
    client.destroy();
    if (error instanceof NoSuchKey) return undefined;
    throw error;
  }
}

/** Removes every file under `folder`; resolves once the bucket holds none. */
export async function removePictureFolder(bucket: PictureBucket, folder: string): Promise<void> {
  const { ListObjectsV2Command, DeleteObjectsCommand } = await s3();
  await withClient(bucket, async (client) => {
    for (;;) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket.bucket, Prefix: folder }));
      const keys = (listed.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length === 0) return;
      await client.send(new DeleteObjectsCommand({ Bucket: bucket.bucket, Delete: { Objects: keys, Quiet: true } }));
    }
  });
}
