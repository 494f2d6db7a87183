/**
 * Photos as people send them, for the upload tests (unit and browser): made
 * here with sharp at test time, so the repository carries none of their
 * bytes but the iPhone's HEIC (tests/fixtures). Each is what a phone, a
 * camera or an editor really writes: a JPEG turned by its EXIF orientation,
 * a print shop's CMYK JPEG, a 16-bit PNG from an editor, a 48-megapixel
 * phone photo, an animated WebP and GIF, and ordinary photos from 65 kB to
 * 2.7 MB. Their content is photo-like (smooth detail from upscaled noise
 * with a fine grain), so each compresses to the size a real photo of its
 * pixels has; a flat colour would make a 48-megapixel JPEG a few hundred kB.
 *
 * Files that take seconds to make (the 48-megapixel one) are kept in the
 * system's temporary folder between runs, named by this corpus's version.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";

/** Bump when a recipe below changes, so files kept from an earlier run are made again. */
const VERSION = 1;

export interface CorpusPhoto {
  /** The file's name, as a phone or a computer names it. */
  name: string;
  mimeType: string;
  /** What it stands for. */
  about: string;
  /** Its size as it is seen upright (EXIF orientation applied), in pixels. */
  width: number;
  height: number;
  bytes(): Promise<Buffer>;
}

const CACHE = path.join(tmpdir(), `maison-ivy-photo-corpus-v${VERSION}`);

/** Made once per machine and version; a half-written file never counts (written aside, then renamed). */
async function kept(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(CACHE, name);
  if (existsSync(file)) return readFileSync(file);
  const bytes = await make();
  mkdirSync(CACHE, { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return bytes;
}

/**
 * Photo-like pixels, `width` × `height`, 8-bit sRGB: coarse noise enlarged
 * smoothly (the shapes and shading of a scene) tinted by `hue`; `detail` is
 * how many pixels one coarse cell spans (smaller: more detail, larger file).
 */
function scene(width: number, height: number, detail: number, hue: [number, number, number]) {
  const cells = { width: Math.max(2, Math.round(width / detail)), height: Math.max(2, Math.round(height / detail)) };
  return sharp({
    create: { ...cells, channels: 3, background: "#000000", noise: { type: "gaussian", mean: 128, sigma: 60 } },
  })
    .png()
    .toBuffer()
    .then((coarse) =>
      sharp(coarse)
        .resize(width, height, { kernel: "cubic" })
        .linear(
          hue.map((c) => c / 255),
          [0, 0, 0],
        ),
    );
}

const jpeg = (name: string, about: string, width: number, height: number, make: () => Promise<Buffer>) =>
  ({ name, mimeType: "image/jpeg", about, width, height, bytes: make }) satisfies CorpusPhoto;

export const ORDINARY_PHOTOS: readonly CorpusPhoto[] = [
  jpeg("IMG_0412.jpg", "a small photo, about 65 kB", 1024, 768, async () =>
    (await scene(1024, 768, 24, [230, 190, 170])).jpeg({ quality: 78 }).toBuffer(),
  ),
  jpeg("IMG_0413.jpg", "a photo sent at a medium size, about 450 kB", 2048, 1536, async () =>
    (await scene(2048, 1536, 14, [200, 210, 230])).jpeg({ quality: 86 }).toBuffer(),
  ),
  jpeg("IMG_0414.jpg", "a 12-megapixel phone photo, about 2.7 MB", 4032, 3024, () =>
    kept("IMG_0414.jpg", async () => (await scene(4032, 3024, 9, [240, 220, 200])).jpeg({ quality: 90 }).toBuffer()),
  ),
];

/** Taken with the phone held upright: stored sideways (4032 × 3024) with EXIF orientation 6, seen 3024 × 4032. */
export const ROTATED_PHOTO = jpeg("IMG_0520.jpg", "EXIF orientation 6", 3024, 4032, async () =>
  (await scene(4032, 3024, 20, [220, 180, 160])).jpeg({ quality: 80 }).withMetadata({ orientation: 6 }).toBuffer(),
);

/** From a print shop or InDesign: a JPEG in CMYK, which a browser shows but many decoders get wrong. */
export const CMYK_PHOTO = jpeg("salon-front-cmyk.jpg", "a CMYK JPEG", 1600, 1067, async () =>
  (await scene(1600, 1067, 16, [180, 200, 150])).toColourspace("cmyk").jpeg({ quality: 85 }).toBuffer(),
);

/** Exported from an editor at 16 bits a channel. */
export const PNG_16_BIT: CorpusPhoto = {
  name: "colour-chart-16bit.png",
  mimeType: "image/png",
  about: "a 16-bit PNG",
  width: 1000,
  height: 750,
  bytes: async () => (await scene(1000, 750, 40, [250, 200, 180])).toColourspace("rgb16").png().toBuffer(),
};

/** A 48-megapixel phone photo (8064 × 6048, about 5 MB), as the newest phones take at their full size. */
export const PHOTO_48_MP = jpeg("IMG_0600.jpg", "a 48-megapixel phone photo", 8064, 6048, () =>
  kept("IMG_0600.jpg", async () => (await scene(8064, 6048, 32, [235, 215, 195])).jpeg({ quality: 88 }).toBuffer()),
);

/** An iPhone's own format (tests/fixtures/iphone-portrait.heic, 1008 × 1344). */
export const HEIC_PHOTO: CorpusPhoto = {
  name: "IMG_0700.HEIC",
  mimeType: "image/heic",
  about: "an iPhone HEIC",
  width: 1008,
  height: 1344,
  bytes: async () => readFileSync(new URL("../fixtures/iphone-portrait.heic", import.meta.url)),
};

/** Three frames of `width` × `height`, as `animated: true` joins them. */
async function frames(width: number, height: number): Promise<Buffer[]> {
  return Promise.all(
    (
      [
        [230, 180, 160],
        [180, 200, 230],
        [200, 230, 180],
      ] as const
    ).map(async (hue) => (await scene(width, height, 12, [...hue])).png().toBuffer()),
  );
}

/** A short animation saved as WebP: its first frame is the photo. */
export const ANIMATED_WEBP: CorpusPhoto = {
  name: "blow-dry.webp",
  mimeType: "image/webp",
  about: "an animated WebP",
  width: 480,
  height: 360,
  bytes: async () =>
    sharp(await frames(480, 360), { join: { animated: true } })
      .webp({ delay: 200, loop: 0 })
      .toBuffer(),
};

/** A GIF, which the upload field does not offer (JPEG, PNG, WebP or HEIC): refused with the reason. */
export const ANIMATED_GIF: CorpusPhoto = {
  name: "blow-dry.gif",
  mimeType: "image/gif",
  about: "an animated GIF",
  width: 160,
  height: 120,
  // Small: making a GIF's palette is slow.
  bytes: async () =>
    sharp(await frames(160, 120), { join: { animated: true } })
      .gif({ delay: 200, loop: 0 })
      .toBuffer(),
};

/** Every photo the upload field promises to take, each of which is saved and shown. */
export const TAKEN_PHOTOS: readonly CorpusPhoto[] = [
  ...ORDINARY_PHOTOS,
  ROTATED_PHOTO,
  CMYK_PHOTO,
  PNG_16_BIT,
  PHOTO_48_MP,
  HEIC_PHOTO,
  ANIMATED_WEBP,
];

/**
 * A photo past the 15 MB a photo may be (the ordinary 12-megapixel one with
 * 16 MB more after its end, which decoders ignore, as some cameras' maker
 * notes and previews make a file larger than its picture needs).
 */
export async function oversizedPhoto(limitBytes: number): Promise<CorpusPhoto> {
  const photo = ORDINARY_PHOTOS[2] as CorpusPhoto;
  const bytes = await photo.bytes();
  const padded = Buffer.concat([bytes, Buffer.alloc(limitBytes + 1024 * 1024 - bytes.length, 0)]);
  return { ...photo, name: "IMG_0800.jpg", about: "a photo over the size limit", bytes: async () => padded };
}
