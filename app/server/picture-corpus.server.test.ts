import { createRequire } from "node:module";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PICTURE_BYTES } from "~/domain/pictures";
import {
  ANIMATED_GIF,
  CMYK_PHOTO,
  type CorpusPhoto,
  oversizedPhoto,
  PHOTO_48_MP,
  TAKEN_PHOTOS,
} from "../../tests/corpus/photos";
import { variantBytes } from "../../tests/corpus/stored-pictures";
import { uploadedFileOf } from "./multipart.server";
import { PICTURE_MESSAGES, storePicture } from "./pictures.server";
import { type TestDatabase, testDatabases } from "./test-databases";

/** libheif in WebAssembly, as the picture workers use it (it ships no types). */
const heicDecode = createRequire(import.meta.url)("heic-decode") as (input: {
  buffer: Buffer;
}) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;

/** The stored master's size: the photo upright, at most 2560 pixels on its longer side, never enlarged. */
function masterSize(photo: CorpusPhoto): [number, number] {
  const scale = Math.min(1, 2560 / Math.max(photo.width, photo.height));
  return [Math.round(photo.width * scale), Math.round(photo.height * scale)];
}

/**
 * The average colour of a picture as a browser shows it (8-bit sRGB), channel
 * by channel, read by the libraries themselves (a HEIC by libheif, the rest
 * by libvips), not by the upload's code.
 */
async function meanColour(bytes: Buffer, name = ""): Promise<number[]> {
  const image = name.endsWith(".HEIC")
    ? await heicDecode({ buffer: bytes }).then(({ width, height, data }) =>
        sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } }),
      )
    : sharp(bytes);
  const srgb = await image.toColourspace("srgb").removeAlpha().jpeg({ quality: 100 }).toBuffer();
  const { channels } = await sharp(srgb).stats();
  return channels.slice(0, 3).map((c) => c.mean);
}

describe.each(testDatabases)("photos as people send them, stored on %s", (_name, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it.each(TAKEN_PHOTOS.map((photo) => [photo.about, photo] as const))(
    "takes %s: upright, made smaller where larger than the master, its colours kept",
    async (_about, photo) => {
      const bytes = await photo.bytes();
      const result = await storePicture(database.db, null, {
        file: await uploadedFileOf(bytes),
        alt: `A photo: ${photo.about}`,
      });
      if (!result.ok) throw new Error(`${photo.name}: ${result.message}`);
      expect([result.picture.width, result.picture.height]).toEqual(masterSize(photo));
      const jpg = await variantBytes(database.db, result.picture.id, result.picture.widths[0] as number, "jpg");
      if (!jpg) throw new Error("no JPEG variant");
      const served = await meanColour(jpg);
      const sent = await meanColour(bytes, photo.name);
      for (const [i, mean] of served.entries())
        expect(Math.abs(mean - (sent[i] as number)), photo.name).toBeLessThan(8);
    },
    120_000,
  );

  it("reads a CMYK JPEG in its colours, not as inverted or washed-out RGB", async () => {
    const bytes = await CMYK_PHOTO.bytes();
    expect((await sharp(bytes).metadata()).space).toBe("cmyk");
    const result = await storePicture(database.db, null, {
      file: await uploadedFileOf(bytes),
      alt: "The salon's front",
    });
    if (!result.ok) throw new Error(result.message);
    const jpg = await variantBytes(database.db, result.picture.id, 320, "jpg");
    // The scene's tint is green-leaning (180, 200, 150 of 255): green stays the strongest channel, blue the weakest.
    const [r, g, b] = (await meanColour(jpg as Buffer)) as [number, number, number];
    expect(g).toBeGreaterThan(r);
    expect(r).toBeGreaterThan(b);
  });

  it("takes a 48-megapixel phone photo, made smaller to the master's 2560 pixels", async () => {
    const bytes = await PHOTO_48_MP.bytes();
    expect(bytes.length).toBeGreaterThan(4_000_000);
    const result = await storePicture(database.db, null, {
      file: await uploadedFileOf(bytes),
      alt: "The whole salon floor",
    });
    if (!result.ok) throw new Error(result.message);
    expect([result.picture.width, result.picture.height, result.picture.widths]).toEqual([
      2560,
      1920,
      [320, 640, 960, 1280],
    ]);
  }, 120_000);

  it("refuses a GIF and a photo past the size limit, saying why", async () => {
    expect(
      await storePicture(database.db, null, { file: await uploadedFileOf(await ANIMATED_GIF.bytes()), alt: "x" }),
    ).toEqual({
      ok: false,
      status: 400,
      field: "file",
      message: PICTURE_MESSAGES.notPicture,
    });
    const big = await oversizedPhoto(MAX_PICTURE_BYTES);
    expect(await storePicture(database.db, null, { file: await uploadedFileOf(await big.bytes()), alt: "x" })).toEqual({
      ok: false,
      status: 413,
      field: "file",
      message: PICTURE_MESSAGES.tooLarge,
    });
  });
});
