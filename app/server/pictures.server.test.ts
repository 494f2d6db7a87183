import { readFileSync } from "node:fs";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_PICTURE_BYTES, parsePictureFile, pictureUrl, uploadBodyBytes, variantWidths } from "~/domain/pictures";
import { variantBytes } from "../../tests/corpus/stored-pictures";
import { readMultipart, uploadedFileOf } from "./multipart.server";
import { processPicture, workerCount } from "./picture-process.server";
import { PICTURE_MESSAGES, sniffPicture, storePicture } from "./pictures.server";
import { auditLog, pictures, pictureVariants } from "./schema.server";
import { type TestDatabase, testDatabases } from "./test-databases";

/** A photo as a phone takes it: stored sideways with an EXIF orientation, and the place it was taken. */
async function phonePhoto(): Promise<Buffer> {
  // Left half red, right half blue, 400×200 as stored; orientation 6 means "turn a quarter clockwise to view".
  const red = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 400, height: 200, channels: 3, background: "#0000ff" } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .withExif({
      IFD0: { Make: "Phone", Model: "Camera 15" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** An iPhone's own format: HEVC in HEIF, 1008 × 1344, light brown above, green below (made with libheif's heif-enc). */
const iphonePhoto = () => readFileSync(new URL("../../tests/fixtures/iphone-portrait.heic", import.meta.url));

/** This process's picture workers (`node --expose-gc -e …`), by process id. */
const pictureWorkers = () =>
  readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, "utf8")
    .split(" ")
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes("--expose-gc");
      } catch {
        return false;
      }
    });

/** Earlier tests' workers end a second after their last upload: waits until none is left. */
async function noPictureWorkers() {
  const deadline = Date.now() + 10_000;
  while (pictureWorkers().length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(pictureWorkers()).toEqual([]);
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 60, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** A body of `size` bytes made as it is read, never held whole. */
function streamedUpload(size: number, boundary: string): Request {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(
    `\r\n--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\nMe\r\n--${boundary}--\r\n`,
  );
  const chunk = Buffer.alloc(64 * 1024, 0xab);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (sent >= size) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += piece.length;
      controller.enqueue(new Uint8Array(piece));
    },
  });
  return new Request("http://localhost/staff/content/team/1", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("what an upload is, by its content", () => {
  it("knows JPEG, PNG, WebP, HEIC and AVIF by their first bytes, and nothing else", async () => {
    expect(sniffPicture(await phonePhoto())).toBe("jpeg");
    expect(sniffPicture(await png(4, 4))).toBe("png");
    expect(
      sniffPicture(
        await sharp(await png(4, 4))
          .webp()
          .toBuffer(),
      ),
    ).toBe("webp");
    expect(
      sniffPicture(
        await sharp(await png(4, 4))
          .avif()
          .toBuffer(),
      ),
    ).toBe("avif");
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic"), Buffer.alloc(64)]);
    expect(sniffPicture(heic)).toBe("heic");
    expect(sniffPicture(Buffer.from("just some text, saved as photo.jpg"))).toBeNull();
    expect(sniffPicture(Buffer.alloc(0))).toBeNull();
  });

  it("makes each standard width below the picture's own, never a larger one", () => {
    expect(variantWidths(4000)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(800)).toEqual([320, 640, 800]);
    expect(variantWidths(200)).toEqual([200]);
    expect(parsePictureFile("0123456789abcdef-640.avif")).toEqual({
      id: "0123456789abcdef",
      width: 640,
      format: "avif",
    });
    expect(parsePictureFile("0123456789abcdef-640.gif")).toBeNull();
    expect(parsePictureFile("../etc-640.jpg")).toBeNull();
  });
});

describe("multipart forms read as they stream in", () => {
  it("keeps nothing of a 50 MB file and says it was too large", async () => {
    const form = await readMultipart(streamedUpload(50 * 1024 * 1024, "b0undary"), {
      files: 2,
      fileBytes: MAX_PICTURE_BYTES,
      bodyBytes: uploadBodyBytes(2),
    });
    expect(form.fields).toEqual({ intent: "save", alt: "Me" });
    expect(form.files.photo).toEqual({ path: null, size: 0, head: Buffer.alloc(0), tooLarge: true });
  });

  it("refuses a file sent to a form that takes none", async () => {
    await expect(
      readMultipart(streamedUpload(10, "b0undary"), { files: 0, fileBytes: 1000, bodyBytes: 10_000 }),
    ).rejects.toThrow("more files than it takes");
  });
});

describe.each(testDatabases)("storing pictures on %s", (_name, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(pictures);
  });

  const stored = async () => (await database.db.select({ n: count() }).from(pictures))[0]?.n;

  it("turns a phone photo upright, drops its location and serves every size in AVIF, WebP and JPEG", async () => {
    const photo = await phonePhoto();
    const sent = (await sharp(photo).metadata()).exif;
    // The GPS block's pointer (tag 0x8825), in either byte order: the photo says where it was taken.
    expect(sent?.includes(Buffer.from([0x88, 0x25])) || sent?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const result = await storePicture(database.db, null, {
      file: await uploadedFileOf(photo),
      alt: "  Isla at the colour bar ",
    });
    if (!result.ok) throw new Error(result.message);
    const { picture } = result;
    expect(picture).toMatchObject({ alt: "Isla at the colour bar", width: 200, height: 400, widths: [200] });
    expect(parsePictureFile(pictureUrl(picture.id, 200, "avif").slice("/pictures/".length))?.id).toBe(picture.id);

    const formats = { avif: "heif", webp: "webp", jpg: "jpeg" } as const;
    for (const [format, decoded] of Object.entries(formats) as [keyof typeof formats, string][]) {
      const bytes = await variantBytes(database.db, picture.id, 200, format);
      if (!bytes) throw new Error(`no ${format}`);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe(decoded);
      expect([meta.width, meta.height]).toEqual([200, 400]);
      expect(meta.exif, `${format} carries no EXIF`).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(bytes.includes(Buffer.from("GPS"))).toBe(false);
      // Upright: the stored photo's left (red) half is now the top.
      const { data } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const top = [...data.subarray((20 * 200 + 100) * 3, (20 * 200 + 100) * 3 + 3)];
      const bottom = [...data.subarray((380 * 200 + 100) * 3, (380 * 200 + 100) * 3 + 3)];
      expect(top[0]).toBeGreaterThan(200);
      expect(top[2]).toBeLessThan(60);
      expect(bottom[2]).toBeGreaterThan(200);
      expect(bottom[0]).toBeLessThan(60);
    }
    const [row] = await database.db.select().from(pictures).where(eq(pictures.id, picture.id));
    expect((await sharp(row?.master ?? undefined).metadata()).exif).toBeUndefined();
    expect(row?.sourceFormat).toBe("jpeg");
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, picture.id));
    expect(entry?.action).toBe("picture.upload");
  });

  it("makes the standard widths of a large picture, and decides its type by content, not by name", async () => {
    // A PNG, whatever the browser called it: stored as the PNG it is.
    const result = await storePicture(database.db, null, {
      file: await uploadedFileOf(await png(1500, 1000)),
      alt: "Salon front",
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.picture.widths).toEqual([320, 640, 960, 1280]);
    const variants = await database.db
      .select({ width: pictureVariants.width, format: pictureVariants.format })
      .from(pictureVariants)
      .where(eq(pictureVariants.pictureId, result.picture.id));
    expect(variants).toHaveLength(12);
    const jpg = await variantBytes(database.db, result.picture.id, 960, "jpg");
    expect((await sharp(jpg).metadata()).width).toBe(960);
    const [row] = await database.db.select().from(pictures).where(eq(pictures.id, result.picture.id));
    expect(row?.sourceFormat).toBe("png");
  });

  it("reads an iPhone's HEIC photo and serves it in every format, its colours intact", async () => {
    const heic = iphonePhoto();
    expect(sniffPicture(heic)).toBe("heic");
    const result = await storePicture(database.db, null, {
      file: await uploadedFileOf(heic),
      alt: "Isla at the colour bar",
    });
    if (!result.ok) throw new Error(result.message);
    expect([result.picture.width, result.picture.height, result.picture.widths]).toEqual([
      1008,
      1344,
      [320, 640, 960, 1008],
    ]);
    const avif = await variantBytes(database.db, result.picture.id, 640, "avif");
    const meta = await sharp(avif).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["heif", 640, 853]);
    const { data } = await sharp(await variantBytes(database.db, result.picture.id, 320, "jpg"))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 320 + x) * 3, (y * 320 + x) * 3 + 3)];
    // The top corner is the gradient's light brown (#d9b08c), the bottom middle the green (#2e4a3f).
    const [r, g, b] = at(4, 4) as [number, number, number];
    expect(r).toBeGreaterThan(180);
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
    const [r2, g2] = at(160, 420) as [number, number, number];
    expect(g2).toBeGreaterThan(r2 + 15);
    const [row] = await database.db.select().from(pictures).where(eq(pictures.id, result.picture.id));
    expect(row?.sourceFormat).toBe("heic");
  });

  it("ends the worker that decoded a HEIC, whose decoder never gives its memory back; the next upload gets a new one", async () => {
    await noPictureWorkers();
    const limits = { maxPixels: 1e8, maxHeicBytes: 1e8, masterWidth: 2560 };
    const jpeg = await sharp(await png(400, 300))
      .jpeg()
      .toBuffer();
    expect((await processPicture({ bytes: jpeg }, "jpeg", limits)).ok).toBe(true);
    const [first, ...others] = pictureWorkers();
    expect(others).toEqual([]);
    // The worker just freed is the one given the next upload, and the one after that would be too, at once, had
    // it not decoded a HEIC: the third upload goes to a new worker.
    expect((await processPicture({ bytes: iphonePhoto() }, "heic", limits)).ok).toBe(true);
    expect((await processPicture({ bytes: jpeg }, "jpeg", limits)).ok).toBe(true);
    const after = pictureWorkers();
    expect(after).toHaveLength(1);
    expect(after).not.toContain(first);
  });

  it("runs the console's uploads and the public forms' on one pool of workers once the console's copy is joined", async () => {
    // The console is a build of its own: a second copy of this module, joined to the first as http/app.ts joins them.
    vi.resetModules();
    const consoleCopy = await import("./picture-process.server");
    expect(consoleCopy.processPicture).not.toBe(processPicture);
    consoleCopy.joinPicturePool(processPicture);
    await noPictureWorkers();
    // A 12-megapixel photo each, long enough to decode that the uploads overlap.
    const photo = await sharp(await png(4000, 3000))
      .jpeg()
      .toBuffer();
    const limits = { maxPixels: 1e8, maxHeicBytes: 1e8, masterWidth: 2560 };
    let most = 0;
    const sampling = setInterval(() => {
      most = Math.max(most, pictureWorkers().length);
    }, 5);
    const results = await Promise.all(
      Array.from({ length: 2 * workerCount() }, (_, i) =>
        (i % 2 === 0 ? processPicture : consoleCopy.processPicture)({ bytes: photo }, "jpeg", limits),
      ),
    ).finally(() => clearInterval(sampling));
    expect(results.map((result) => result.ok)).toEqual(results.map(() => true));
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(workerCount());
  });

  it("checks the size in pixels before decoding, and trusts the decoder over the first bytes", async () => {
    const heic = iphonePhoto();
    const limits = (maxPixels: number, maxHeicBytes = 1e8) => ({ maxPixels, maxHeicBytes, masterWidth: 2560 });
    expect(await processPicture({ bytes: heic }, "heic", limits(1008 * 1344 - 1))).toEqual({
      ok: false,
      reason: "too-many-pixels",
    });
    // A HEIC is decoded whole, four bytes a pixel: its own bound.
    expect(await processPicture({ bytes: heic }, "heic", limits(1e8, 1008 * 1344 * 4 - 1))).toEqual({
      ok: false,
      reason: "too-much-memory",
    });
    const jpeg = await phonePhoto();
    expect(await processPicture({ bytes: jpeg }, "jpeg", limits(400 * 200 - 1))).toEqual({
      ok: false,
      reason: "too-many-pixels",
    });
    // A PNG's bytes said to be a JPEG: the decoder's word counts, not the first look's.
    expect(await processPicture({ bytes: await png(20, 20) }, "jpeg", limits(1e6))).toEqual({
      ok: false,
      reason: "not-picture",
    });
    const made = await processPicture({ bytes: heic }, "heic", limits(1008 * 1344));
    if (!made.ok) throw new Error(made.reason);
    expect([made.made.width, made.made.height, made.made.widths, made.made.variants.length]).toEqual([
      1008,
      1344,
      [320, 640, 960, 1008],
      12,
    ]);
    expect(Buffer.isBuffer(made.made.master)).toBe(true);
  });

  it("refuses what is not a picture, a damaged one, a file too large and a missing description, storing nothing", async () => {
    const photo = await phonePhoto();
    const cases: [Parameters<typeof storePicture>[2], { status: number; field: string; message: string }][] = [
      [
        { file: await uploadedFileOf(Buffer.from("Not a photo at all, only named photo.jpg")), alt: "x" },
        { status: 400, field: "file", message: PICTURE_MESSAGES.notPicture },
      ],
      [
        {
          file: await uploadedFileOf(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)])),
          alt: "x",
        },
        { status: 400, field: "file", message: PICTURE_MESSAGES.damaged },
      ],
      [
        { file: await uploadedFileOf(photo.subarray(0, Math.floor(photo.length * 0.6))), alt: "x" },
        { status: 400, field: "file", message: PICTURE_MESSAGES.damaged },
      ],
      [
        {
          file: await uploadedFileOf(
            Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic"), Buffer.alloc(500)]),
          ),
          alt: "x",
        },
        { status: 400, field: "file", message: PICTURE_MESSAGES.damaged },
      ],
      [
        // A HEIC cut short in sending.
        { file: await uploadedFileOf(iphonePhoto().subarray(0, 3000)), alt: "x" },
        { status: 400, field: "file", message: PICTURE_MESSAGES.damaged },
      ],
      [
        { file: { path: null, size: 0, head: Buffer.alloc(0), tooLarge: true }, alt: "x" },
        { status: 413, field: "file", message: PICTURE_MESSAGES.tooLarge },
      ],
      [
        { file: await uploadedFileOf(Buffer.alloc(MAX_PICTURE_BYTES + 1, 0xff)), alt: "x" },
        { status: 413, field: "file", message: PICTURE_MESSAGES.tooLarge },
      ],
      [
        { file: null, alt: "x" },
        { status: 400, field: "file", message: PICTURE_MESSAGES.missing },
      ],
      [
        { file: await uploadedFileOf(photo), alt: "   " },
        { status: 400, field: "alt", message: "Please describe the picture for people who cannot see it." },
      ],
    ];
    for (const [upload, refusal] of cases) {
      expect(await storePicture(database.db, null, upload)).toEqual({ ok: false, ...refusal });
    }
    expect(await stored()).toBe(0);
  });
});
