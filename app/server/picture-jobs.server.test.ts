/**
 * An upload taken by a web process (ROLE=web) is decoded by a worker: the
 * request gets the worker's answer, refusals included; with no worker
 * running it is refused as busy and nothing is left queued; a job whose
 * worker died mid-way is taken again by another.
 */
import { count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadedFileOf } from "./multipart.server";
import { queuePicture, startPictureWorker } from "./picture-jobs.server";
import { decodeAndStore, PICTURE_MESSAGES, storePicture } from "./pictures.server";
import { auditLog, pictureJobs, pictures } from "./schema.server";
import { type TestDatabase, testDatabases } from "./test-databases";

const photo = () =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: "#6b4f3a" } })
    .jpeg()
    .toBuffer();

describe.each(testDatabases)("pictures decoded by a worker process on %s", (_name, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });

  const queued = async () => (await database.db.select({ n: count() }).from(pictureJobs))[0]?.n;

  it("stores a web process's upload through the worker, with its answer and audit", async () => {
    const worker = startPictureWorker(
      database.db,
      ({ upload, ...job }) => decodeAndStore(database.db, { ...job, source: { bytes: upload } }, null),
      {
        concurrency: 2,
        pollMs: 200,
      },
    );
    try {
      const result = await storePicture(
        database.db,
        null,
        { file: await uploadedFileOf(await photo()), alt: "Balayage, from the back" },
        null,
        false,
      );
      if (!result.ok) throw new Error(result.message);
      expect(result.picture).toMatchObject({ alt: "Balayage, from the back", width: 900, height: 1200 });
      const [row] = await database.db.select().from(pictures).where(eq(pictures.id, result.picture.id));
      expect(row?.master?.length).toBeGreaterThan(0);
      const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, result.picture.id));
      expect(entry?.action).toBe("picture.upload");

      // A file that only looks like a JPEG is refused by the worker's decoding, and the web process says why.
      const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
      const refused = await storePicture(
        database.db,
        null,
        { file: await uploadedFileOf(fake), alt: "Not a photo" },
        null,
        false,
      );
      expect(refused).toEqual({ ok: false, status: 400, field: "file", message: PICTURE_MESSAGES.damaged });
      expect(await queued()).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it("refuses as busy when no worker takes the upload, leaving nothing queued", async () => {
    const answer = await queuePicture(
      database.db,
      { upload: await photo(), format: "jpeg", alt: "A fringe", actor: null },
      1,
    );
    expect(answer).toBe("unclaimed");
    expect(await queued()).toBe(0);
  });

  it("takes again a job whose worker died holding it", async () => {
    // A claim that ran out: what a worker killed mid-way leaves behind.
    const [job] = await database.db
      .insert(pictureJobs)
      .values({
        upload: await photo(),
        format: "jpeg",
        alt: "Curls",
        claimedUntil: sql`now() - interval '1 second'`,
      })
      .returning({ id: pictureJobs.id });
    const worker = startPictureWorker(
      database.db,
      ({ upload, ...job }) => decodeAndStore(database.db, { ...job, source: { bytes: upload } }, null),
      {
        concurrency: 1,
        pollMs: 100,
      },
    );
    try {
      for (let i = 0; i < 100; i++) {
        const [row] = await database.db
          .select()
          .from(pictureJobs)
          .where(eq(pictureJobs.id, job?.id as number));
        if (row?.result) {
          expect(row.result).toMatchObject({ ok: true, picture: { alt: "Curls" } });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error("the abandoned job was never taken again");
    } finally {
      await worker.stop();
    }
  });
});
