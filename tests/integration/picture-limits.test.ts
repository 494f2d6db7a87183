/**
 * Pictures past what a phone sends, and more at once than the workers take: what the site does with them. How much
 * memory that costs is measured by the bench (`npm run bench -- uploads`), not here: a memory or time budget in a
 * test fails on a busy machine for no fault of the code.
 */
import { availableParallelism, tmpdir } from "node:os";
import { count } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/server/db.server";
import { uploadedFileOf } from "~/server/multipart.server";
import { PICTURE_MESSAGES, storePicture } from "~/server/pictures.server";
import { pictures } from "~/server/schema.server";
import { createTestDatabase, type TestPostgres } from "../faults/harness";

/**
 * A 3-megapixel photo (2016 × 1512) with a photo's smooth detail, as a phone's JPEG: large enough that each
 * worker holds megabytes of pixels, small enough that sixteen stay quick on a shared machine.
 */
const photo = () =>
  sharp({
    create: {
      width: 504,
      height: 378,
      channels: 3,
      background: "#000000",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer()
    .then((small) => sharp(small).resize(2016, 1512).jpeg({ quality: 90 }).toBuffer());

describe("pictures past a phone's, and more at once than the workers take", () => {
  let postgres: TestPostgres;
  let database: DatabaseHandle;
  beforeAll(async () => {
    postgres = await createTestDatabase();
    database = await openDatabase({ databaseUrl: postgres.url, dataDir: tmpdir() });
  });
  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
  });

  it("stores a 16-bit PNG that would take 180 MB decoded whole, turned by its EXIF and made smaller", async () => {
    // 6000 × 5000, three channels of 16 bits: 180 MB of pixels in a file of a few hundred kB, turned by EXIF.
    const png16 = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: "#8a6d3b" } })
      .toColourspace("rgb16")
      .png({ compressionLevel: 1 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(png16).metadata()).depth).toBe("ushort");
    const result = await storePicture(database.db, null, { file: await uploadedFileOf(png16), alt: "A brown square" });
    if (!result.ok) throw new Error(result.message);
    expect([result.picture.width, result.picture.height]).toEqual([2133, 2560]);
  });

  it("makes a 100-megapixel picture smaller, and refuses one past 100 megapixels unread", async () => {
    const at = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: "#6d8a3b" } })
        .jpeg()
        .toBuffer();
    const result = await storePicture(database.db, null, {
      file: await uploadedFileOf(await at(10_000, 10_000)),
      alt: "A green square",
    });
    if (!result.ok) throw new Error(result.message);
    expect([result.picture.width, result.picture.height]).toEqual([2560, 2560]);
    expect(
      await storePicture(database.db, null, { file: await uploadedFileOf(await at(10_001, 10_000)), alt: "Too many" }),
    ).toEqual({
      ok: false,
      status: 400,
      field: "file",
      message: PICTURE_MESSAGES.tooManyPixels,
    });
  });

  it("works on sixteen uploads at once, as many as the workers and the queue hold, telling the rest to try again", async () => {
    const bytes = await photo();
    const before = (await database.db.select({ n: count() }).from(pictures))[0]?.n ?? 0;
    const result = await Promise.all(
      Array.from({ length: 16 }, async (_, i) =>
        storePicture(database.db, null, { file: await uploadedFileOf(bytes), alt: `Photo ${i}` }),
      ),
    );
    const saved = result.filter((r) => r.ok).length;
    const busy = result.filter((r) => !r.ok && r.status === 503 && r.message === PICTURE_MESSAGES.busy).length;
    expect(saved + busy).toBe(16);
    // Every worker busy and the queue full: the rest are told at once, nothing else goes wrong. The workers: one
    // core left for the pages, at least one and at most four (decision 126).
    const workers = Math.max(1, Math.min(availableParallelism() - 1, 4));
    expect(saved).toBe(workers + 8);
    expect((await database.db.select({ n: count() }).from(pictures))[0]?.n).toBe(before + saved);
    // And the site goes on: another upload after the burst is worked on.
    const after = await storePicture(database.db, null, { file: await uploadedFileOf(bytes), alt: "One more" });
    expect(after.ok).toBe(true);
  });
});
