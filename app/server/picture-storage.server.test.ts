/**
 * Pictures in a bucket (s3rver standing in for S3): uploads write their
 * files there and keep only where they are in the rows; the move command
 * takes existing pictures there and back byte for byte; a picture deleted
 * empties its folder; a bucket that does not answer refuses the upload with
 * a 503 and a message, storing nothing.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { count, eq, isNotNull } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PictureFormat } from "~/domain/pictures";
import { uploadedFileOf } from "./multipart.server";
import { s3Client } from "./object-storage.server";
import { openPictureFile, type PictureBucket } from "./picture-storage.server";
import {
  dropUnusedPictures,
  findPictureVariant,
  movePicturesToBucket,
  movePicturesToDatabase,
  PICTURE_MESSAGES,
  pruneUnusedPictures,
  storePicture,
} from "./pictures.server";
import { pictureObjectRemovals, pictures, pictureVariants } from "./schema.server";
import { type TestDatabase, testDatabases } from "./test-databases";

const photo = (background: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function keysUnder(bucket: PictureBucket, prefix: string): Promise<string[]> {
  const client = await s3Client(bucket);
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket.bucket, Prefix: prefix }));
    return (listed.Contents ?? []).map((o) => o.Key as string).sort();
  } finally {
    client.destroy();
  }
}

async function read(bucket: PictureBucket, key: string): Promise<Buffer | undefined> {
  const file = await openPictureFile(bucket, key);
  return file ? Buffer.concat(await file.body.toArray()) : undefined;
}

/** Every variant's bytes as the database holds them, by "width.format". */
async function databaseVariants(db: TestDatabase["db"], id: string) {
  const rows = await db.select().from(pictureVariants).where(eq(pictureVariants.pictureId, id));
  return new Map(rows.map((r) => [`${r.width}.${r.format}`, r.bytes]));
}

describe.each(testDatabases)("pictures in a bucket on %s", (_name, open) => {
  let database: TestDatabase;
  let s3: S3rver;
  let dir: string;
  let bucket: PictureBucket;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "salon-pictures-s3-"));
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: "salon-pictures", configs: [] }],
    });
    const { port } = await s3.run();
    process.env.AWS_ACCESS_KEY_ID = "S3RVER";
    process.env.AWS_SECRET_ACCESS_KEY = "S3RVER";
    bucket = {
      bucket: "salon-pictures",
      prefix: "pictures/",
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
    };
    database = await open();
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("stores an upload's files in the bucket and only where they are in the rows", async () => {
    const result = await storePicture(
      database.db,
      null,
      { file: await uploadedFileOf(await photo("#a05a3c")), alt: "The salon's front" },
      bucket,
    );
    if (!result.ok) throw new Error(result.message);
    const { id, widths } = result.picture;
    const [row] = await database.db.select().from(pictures).where(eq(pictures.id, id));
    expect(row?.objectPrefix).toBe(`pictures/${id}/`);
    expect(row?.master).toBeNull();
    const rows = await databaseVariants(database.db, id);
    expect([...rows.values()].every((bytes) => bytes === null)).toBe(true);

    const expected = [
      `pictures/${id}/master.jpg`,
      ...widths.flatMap((w) => (["avif", "webp", "jpg"] as const).map((f) => `pictures/${id}/${w}.${f}`)),
    ].sort();
    expect(await keysUnder(bucket, `pictures/${id}/`)).toEqual(expected);

    const found = await findPictureVariant(database.db, id, widths[0] as number, "jpg");
    expect(found).toEqual({ key: `pictures/${id}/${widths[0]}.jpg` });
    const bytes = await read(bucket, (found as { key: string }).key);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.width).toBe(widths[0]);
  });

  it("moves pictures stored in the database into the bucket and back, byte for byte", async () => {
    const stored: string[] = [];
    for (const colour of ["#112233", "#445566", "#778899"]) {
      const result = await storePicture(
        database.db,
        null,
        { file: await uploadedFileOf(await photo(colour)), alt: `A wall in ${colour}` },
        null,
      );
      if (!result.ok) throw new Error(result.message);
      stored.push(result.picture.id);
    }
    const before = new Map(
      await Promise.all(stored.map(async (id) => [id, await databaseVariants(database.db, id)] as const)),
    );
    const masters = new Map(
      (await database.db.select({ id: pictures.id, master: pictures.master }).from(pictures)).map((r) => [
        r.id,
        r.master,
      ]),
    );

    expect(await movePicturesToBucket(database.db, bucket)).toBe(3);
    expect(await movePicturesToBucket(database.db, bucket)).toBe(0);
    for (const id of stored) {
      const [row] = await database.db.select().from(pictures).where(eq(pictures.id, id));
      expect(row?.master).toBeNull();
      for (const [file, bytes] of before.get(id) ?? []) {
        expect((await databaseVariants(database.db, id)).get(file)).toBeNull();
        expect((await read(bucket, `pictures/${id}/${file}`))?.equals(bytes as Buffer), file).toBe(true);
      }
      expect((await read(bucket, `pictures/${id}/master.jpg`))?.equals(masters.get(id) as Buffer)).toBe(true);
    }

    // Back again: every picture, the three and the one uploaded into the bucket above.
    expect(await movePicturesToDatabase(database.db, bucket)).toBe(4);
    const [{ inBucket } = { inBucket: -1 }] = await database.db
      .select({ inBucket: count() })
      .from(pictures)
      .where(isNotNull(pictures.objectPrefix));
    expect(inBucket).toBe(0);
    for (const id of stored) {
      expect(await databaseVariants(database.db, id)).toEqual(before.get(id));
      const [row] = await database.db.select().from(pictures).where(eq(pictures.id, id));
      expect(row?.master?.equals(masters.get(id) as Buffer)).toBe(true);
      const found = await findPictureVariant(database.db, id, 320, "webp");
      expect(found && "bytes" in found).toBe(true);
    }
    expect(await keysUnder(bucket, "pictures/")).toEqual([]);
    expect(await database.db.select().from(pictureObjectRemovals)).toEqual([]);
    // Three uploads made into every size and format, then moved twice: longer than a test's usual time when busy.
  }, 120_000);

  it("empties a deleted picture's folder, through the removal the database notes in the same transaction", async () => {
    const result = await storePicture(
      database.db,
      null,
      { file: await uploadedFileOf(await photo("#228844")), alt: "A basin" },
      bucket,
    );
    if (!result.ok) throw new Error(result.message);
    const folder = `pictures/${result.picture.id}/`;
    expect((await keysUnder(bucket, folder)).length).toBeGreaterThan(1);
    // Nothing shows it: the save that would have replaced it lets it go.
    await database.db.transaction((tx) => dropUnusedPictures(tx, [result.picture.id]));
    expect(await database.db.select().from(pictureObjectRemovals)).toEqual([
      expect.objectContaining({ objectPrefix: folder }),
    ]);
    // The files stay until the prune job runs: a rolled-back deletion would still need them.
    expect((await keysUnder(bucket, folder)).length).toBeGreaterThan(1);
    await pruneUnusedPictures(database.db, new Date(), bucket);
    expect(await keysUnder(bucket, folder)).toEqual([]);
    expect(await database.db.select().from(pictureObjectRemovals)).toEqual([]);
  });

  it("refuses an upload with a 503 and a message when the bucket does not answer, storing nothing", async () => {
    const away: PictureBucket = { ...bucket, endpoint: "http://127.0.0.1:9" };
    const [{ before } = { before: -1 }] = await database.db.select({ before: count() }).from(pictures);
    const result = await storePicture(
      database.db,
      null,
      { file: await uploadedFileOf(await photo("#884422")), alt: "A chair" },
      away,
    );
    expect(result).toEqual({ ok: false, status: 503, field: "file", message: PICTURE_MESSAGES.storageAway });
    const [{ after } = { after: -1 }] = await database.db.select({ after: count() }).from(pictures);
    expect(after).toBe(before);
  });

  it("finds nothing for a variant that was never made", async () => {
    const formats: PictureFormat[] = ["avif", "webp", "jpg"];
    for (const format of formats)
      expect(await findPictureVariant(database.db, "0123456789abcdef", 320, format)).toBeUndefined();
  });
});
