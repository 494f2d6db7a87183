// @ts-check
/**
 * The image work of one upload, run in a Node process of its own that ends
 * with it (started by ./picture-process.server.ts, which has this file's
 * text built in and runs it with `node -e`).
 *
 * Why a process: decoding a 12-megapixel photo takes a few hundred
 * megabytes. Inside the site, the C allocator's per-thread arenas kept most
 * of it after the upload had finished (four photos took the site from about
 * 110 MB to 460–580 MB resident), and WebAssembly memory (the HEIC decoder)
 * never shrinks at all. A process that exits gives every byte back, and a
 * crash or a hang on a hostile file ends it, not the site.
 *
 * The conversation, over the IPC channel:
 *   site → { sharp, heicDecode, bytes, format, maxPixels, masterWidth }
 *   here → { width, height } of the master, or { refused }
 *   site → { widths, formats }
 *   here → { master, variants: [{ width, format, bytes }] }
 */
const { once } = require("node:events");

/** @param {unknown} message */
const send = (message) =>
  new Promise((resolve, reject) =>
    process.send?.(message, undefined, {}, (/** @type {Error | null} */ error) =>
      error ? reject(error) : resolve(undefined),
    ),
  );

/**
 * The formats pages are served in. Each is made from the master, resized.
 * @type {Record<import("~/domain/pictures").PictureFormat, (image: import("sharp").Sharp) => import("sharp").Sharp>}
 */
const encoders = {
  // Effort 2 of 9: a 1280-pixel AVIF in well under a second on one core, within a few per cent of the smallest file.
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75 }),
  // JPEG has no transparency: a transparent PNG is laid on white, as it would look on the page.
  jpg: (image) => image.flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true }),
};

/**
 * The picture as sharp should read it: the file itself, or for HEIC (which
 * sharp's own libheif cannot decode: it has AV1 only, not HEVC) the pixels
 * libheif in WebAssembly decodes. Its size is checked before any pixel is.
 * @param {{ sharp: string, heicDecode: string, bytes: Uint8Array, format: string, maxPixels: number }} job
 * @returns {Promise<{ refused: string } | { input: Buffer, raw?: { width: number, height: number, channels: 4 } }>}
 */
async function source(job) {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  if (job.format === "heic") {
    const images = await require(job.heicDecode).all({ buffer: bytes });
    try {
      const first = images[0];
      if (first.width * first.height > job.maxPixels) return { refused: "too-many-pixels" };
      const { width, height, data } = await first.decode();
      return { input: Buffer.from(data.buffer, data.byteOffset, data.byteLength), raw: { width, height, channels: 4 } };
    } finally {
      images.dispose();
    }
  }
  const meta = await require(job.sharp)(bytes, { limitInputPixels: false }).metadata();
  if (meta.format !== job.format) return { refused: "not-picture" };
  if (!meta.width || !meta.height) return { refused: "damaged" };
  if (meta.width * meta.height > job.maxPixels) return { refused: "too-many-pixels" };
  return { input: bytes };
}

async function main() {
  const [job] = await once(process, "message");
  /** @type {typeof import("sharp")} */
  const sharp = require(job.sharp);
  sharp.cache(false);
  const from = await source(job);
  if ("refused" in from) return send(from);
  // Upright by the EXIF orientation, and no metadata at all (sharp writes none unless asked): the place a photo
  // was taken never leaves this process.
  const { data: master, info } = await sharp(from.input, { limitInputPixels: job.maxPixels, raw: from.raw })
    .rotate()
    .resize({ width: job.masterWidth, height: job.masterWidth, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 90 })
    .toBuffer({ resolveWithObject: true });
  await send({ width: info.width, height: info.height });
  /** @type {[{ widths: number[], formats: import("~/domain/pictures").PictureFormat[] }]} */
  const [{ widths, formats }] = /** @type {any} */ (await once(process, "message"));
  const variants = [];
  // The formats of one width are made side by side, in the thread pool: the upload takes both cores for a few
  // seconds, as it did inside the site.
  for (const width of widths) {
    const made = await Promise.all(
      formats.map(async (format) => ({
        width,
        format,
        bytes: await encoders[format](sharp(master).resize({ width, withoutEnlargement: true })).toBuffer(),
      })),
    );
    variants.push(...made);
  }
  await send({ master, variants });
}

// Whatever fails in reading the picture (a truncated file, most often) is a picture that cannot be read.
main()
  .catch(() => send({ refused: "damaged" }))
  .finally(() => process.disconnect?.());
