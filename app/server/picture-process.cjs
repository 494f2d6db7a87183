// @ts-check
/**
 * The image work of uploads, run in a Node process of its own (started by
 * ./picture-process.server.ts, which has this file's text built in and runs
 * it with `node -e`). The site keeps a few of these, fewer than its cores,
 * each working on one upload at a time; one that has been idle a while, has
 * worked on many uploads or has decoded a HEIC is ended and its memory given
 * back.
 *
 * Why a process: decoding a 12-megapixel photo takes tens of megabytes at
 * once. Inside the site, the C allocator's per-thread arenas kept most of it
 * after the upload had finished, and WebAssembly memory (the HEIC decoder)
 * never shrinks at all. A process that exits gives every byte back, and a
 * crash or a hang on a hostile file ends it, not the site.
 *
 * The conversation for each upload, over the IPC channel:
 *   site → { sharp, heicDecode, path or bytes, format, maxPixels, maxHeicBytes, masterWidth }
 *   here → { width, height } of the master, or { refused }
 *   site → { widths, formats }
 *   here → { master, variants: [{ width, format, bytes }] }
 */

/** Messages from the site, in order: none is lost between one await and the next. */
/** @type {any[]} */
const inbox = [];
/** @type {((message: any) => void) | undefined} */
let waiting;
process.on("message", (message) => {
  if (waiting) {
    const take = waiting;
    waiting = undefined;
    take(message);
  } else inbox.push(message);
});
/** @returns {Promise<any>} */
const nextMessage = () =>
  inbox.length > 0 ? Promise.resolve(inbox.shift()) : new Promise((resolve) => (waiting = resolve));

/** @param {unknown} message */
const send = (message) =>
  new Promise((resolve, reject) =>
    process.send?.(message, undefined, {}, (/** @type {Error | null} */ error) =>
      error ? reject(error) : resolve(undefined),
    ),
  );

/**
 * The formats pages are served in. Each is made from the same decoded
 * pixels, resized.
 * @type {Record<import("~/domain/pictures").PictureFormat, (image: import("sharp").Sharp) => import("sharp").Sharp>}
 */
const encoders = {
  // Effort 2 of 9: a 1280-pixel AVIF in well under a second on one core, within a few per cent of the smallest file.
  // Colour at half resolution (4:2:0), as in the JPEG and WebP: sharp's default keeps it whole (4:4:4), which for a
  // photo the eye cannot tell apart and which took the encoder 40 MB at 1280 pixels against 23 MB.
  avif: (image) => image.avif({ quality: 50, effort: 2, chromaSubsampling: "4:2:0" }),
  webp: (image) => image.webp({ quality: 75 }),
  // JPEG has no transparency: a transparent PNG is laid on white, as it would look on the page.
  jpg: (image) => image.flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true }),
};

/**
 * A full collection of this process's JavaScript heap, at the points where
 * the most has just been let go (the site starts it with --expose-gc). The
 * heap is small, so V8 seldom collects it of its own accord, and the large
 * buffers it points to (the file as it came, the decoded pixels) are freed
 * only when it does: each upload left a worker holding 15–25 MB more.
 */
const collect = () => global.gc?.();

/**
 * The picture as sharp should read it: the file itself, or for HEIC (which
 * sharp's own libheif cannot decode: it has AV1 only, not HEVC) the pixels
 * libheif in WebAssembly decodes. Its size in pixels is checked before any
 * pixel is decoded.
 *
 * What decoding holds: libvips reads a JPEG, PNG or WebP a strip at a time
 * as the resize asks for it, and a JPEG or WebP at a half, a quarter or an
 * eighth of its size straight from the file when the master is that much
 * smaller (shrink-on-load); a turn by the EXIF orientation is made after
 * that shrink. So a 48-megapixel JPEG, a 30-megapixel 16-bit PNG or a
 * 100-megapixel PNG each took a worker 43–81 MB above its start, measured
 * (docs/decisions/106-uploads-by-route-and-megapixels.md): they are made
 * smaller, not refused. The WebAssembly decoder has no such way: it holds a
 * HEIC's every pixel (four bytes each) at once, so a HEIC is taken up to
 * `maxHeicBytes` of them.
 *
 * An upload comes as the path of the file the site wrote it to: libvips
 * reads it from there as it needs it, so this process never holds the whole
 * file, except a HEIC, which its decoder takes whole. A queued job's bytes
 * come in the message.
 * @param {{ sharp: string, heicDecode: string, path?: string, bytes?: Uint8Array, format: string, maxPixels: number, maxHeicBytes: number }} job
 * @returns {Promise<{ refused: string } | { input: Buffer | string, raw?: { width: number, height: number, channels: 4 } }>}
 */
async function source(job) {
  const bytes = /** @type {Uint8Array} */ (job.bytes);
  const file = job.path ?? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (job.format === "heic") {
    const buffer = typeof file === "string" ? await require("node:fs/promises").readFile(file) : file;
    const images = await require(job.heicDecode).all({ buffer });
    try {
      const first = images[0];
      if (first.width * first.height > job.maxPixels) return { refused: "too-many-pixels" };
      if (first.width * first.height * 4 > job.maxHeicBytes) return { refused: "too-much-memory" };
      const { width, height, data } = await first.decode();
      return { input: Buffer.from(data.buffer, data.byteOffset, data.byteLength), raw: { width, height, channels: 4 } };
    } finally {
      images.dispose();
    }
  }
  const meta = await require(job.sharp)(file, { limitInputPixels: false }).metadata();
  if (meta.format !== job.format) return { refused: "not-picture" };
  if (!meta.width || !meta.height) return { refused: "damaged" };
  if (meta.width * meta.height > job.maxPixels) return { refused: "too-many-pixels" };
  return { input: file };
}

/**
 * The picture decoded once, upright by the EXIF orientation, at most the
 * master's size, 8 bits a channel, in sRGB (a CMYK JPEG through its profile),
 * and with no metadata at all (raw pixels carry none): the place a photo was
 * taken never leaves this process. Of an animation, its first frame. Answers
 * a refusal, or the pixels; the file's bytes are let go here. libvips itself
 * refuses more than `maxPixels` (limitInputPixels), whatever was checked
 * before.
 * @param {any} job
 */
async function decode(job) {
  /** @type {typeof import("sharp")} */
  const sharp = require(job.sharp);
  const from = await source(job);
  job.bytes = undefined;
  if ("refused" in from) return from;
  const { data, info } = await sharp(from.input, { limitInputPixels: job.maxPixels, raw: from.raw })
    .rotate()
    .resize({ width: job.masterWidth, height: job.masterWidth, fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

/** @param {any} job */
async function work(job) {
  /** @type {typeof import("sharp")} */
  const sharp = require(job.sharp);
  // The one holder of the pixels, so that replacing them below lets the larger ones go.
  const image = await decode(job);
  collect();
  if ("refused" in image) return send(image);
  // A JPEG at quality 90: the master is kept, not served, and libjpeg-turbo makes it in a third of the time of the
  // quickest WebP (about 0.2 s against 0.5 s for a 2560-pixel photo), no larger. Without optimised Huffman tables:
  // those need the whole picture's coefficients held at once (about 20 MB more at the peak, for a file 5% smaller).
  const master = await sharp(image.pixels, { raw: image.raw }).jpeg({ quality: 90, optimiseCoding: false }).toBuffer();
  await send({ width: image.raw.width, height: image.raw.height });
  /** @type {{ widths: number[], formats: import("~/domain/pictures").PictureFormat[] }} */
  const { widths, formats } = await nextMessage();
  // The variants are made from the pixels at the largest width served, not the master's: a quarter of the
  // memory held while the encoders work, and the master's pixels let go.
  const largest = Math.max(...widths);
  if (largest < image.raw.width) {
    const { data, info } = await sharp(image.pixels, { raw: image.raw })
      .resize({ width: largest })
      .raw()
      .toBuffer({ resolveWithObject: true });
    image.pixels = data;
    image.raw = { width: info.width, height: info.height, channels: info.channels };
    collect();
  }
  const variants = [];
  // Each width and format from the same pixels (nothing is decoded twice), one after another: the site runs
  // fewer workers than cores, and each keeps to about one.
  for (const width of widths)
    for (const format of formats)
      variants.push({
        width,
        format,
        bytes: await encoders[format](
          sharp(image.pixels, { raw: image.raw }).resize({ width, withoutEnlargement: true }),
        ).toBuffer(),
      });
  await send({ master, variants });
}

async function serve() {
  let tuned = false;
  for (;;) {
    const job = await nextMessage();
    // The site's answer to an upload abandoned after its first step is dropped here: only uploads are work.
    if (!job?.path && !job?.bytes) continue;
    // What reading the message took (its pieces as they came, and joined) is let go before decoding begins.
    collect();
    if (!tuned) {
      const sharp = require(job.sharp);
      sharp.cache(false);
      // The site runs as many of these as there are cores: each keeps to one thread of libvips.
      sharp.concurrency(1);
      tuned = true;
    }
    // Whatever fails in reading the picture (a truncated file, most often) is a picture that cannot be read.
    await work(job).catch(() => send({ refused: "damaged" }));
    collect();
  }
}

void serve();
