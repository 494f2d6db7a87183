/**
 * Uploaded pictures as the pages and the console see them: the sizes and
 * formats each is served in, their addresses, and the rules an upload must
 * meet (its description's rule is in picture-alt.ts, its addresses in
 * picture-urls.ts). Pure, so the server, the components and the tests share it.
 */
import { PICTURE_FORMATS, type PictureFormat, type PictureRef, pictureUrl } from "./picture-urls";

export { PICTURE_FORMATS, type PictureFormat, type PictureRef, pictureUrl };

/** The largest file accepted. A phone's photo is 2–8 MB; a 48-megapixel one can reach about 12. */
export const MAX_PICTURE_BYTES = 15 * 1024 * 1024;

/**
 * The most the body of a form with `files` picture fields may be: its photos
 * at MAX_PICTURE_BYTES each, as much again and its text. A form whose photo
 * is over the limit is still read to its end, the photo dropped as it
 * streams, so that its text comes back with the reason (nothing typed is
 * lost); a body past this is refused unread.
 */
export const uploadBodyBytes = (files: number) => 2 * files * MAX_PICTURE_BYTES + 256 * 1024;

/** "15 MB", for messages. */
export const MAX_PICTURE_SIZE_TEXT = `${MAX_PICTURE_BYTES / 1024 / 1024} MB`;

/**
 * What the file field offers to choose, HEIC included, so a photo copied from
 * an iPhone to a computer can be picked there too (an iPhone itself hands
 * the page its HEIC original or a JPEG copy; both are read).
 */
export const PICTURE_INPUT_TYPES = "image/jpeg,image/png,image/webp,image/heic,image/heif";

/** The widths each picture is made at, never wider than the picture itself. */
const PICTURE_WIDTHS = [320, 640, 960, 1280] as const;

export const PICTURE_CONTENT_TYPES: Readonly<Record<PictureFormat, string>> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
};

/** The widths a picture `width` pixels wide is made at: the standard ones below it, and its own if smaller than the largest. */
export function variantWidths(width: number): number[] {
  const largest = PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1] as number;
  const widths: number[] = PICTURE_WIDTHS.filter((w) => w < Math.min(width, largest));
  widths.push(Math.min(width, largest));
  return widths;
}

/** A picture's ids are random letters and digits (see newPictureId on the server). */
const PICTURE_ID = /^[A-Za-z0-9]{16}$/;

/** "/pictures/{id}-{width}.{ext}" → its parts, or null for anything else. */
export function parsePictureFile(file: string): { id: string; width: number; format: PictureFormat } | null {
  const match = /^([A-Za-z0-9]+)-(\d{1,5})\.(avif|webp|jpg)$/.exec(file);
  if (!match || !PICTURE_ID.test(match[1] as string)) return null;
  return { id: match[1] as string, width: Number(match[2]), format: match[3] as PictureFormat };
}

/** The largest JPEG of a picture: for a share card or a feed, where one address must do. */
const largestJpeg = (picture: PictureRef) =>
  pictureUrl(picture.id, picture.widths[picture.widths.length - 1] ?? picture.width, "jpg");

/** The one address of what a row shows (share cards, the JSON API): its uploaded picture, else its illustration. */
export const shownAddress = (row: { image: string; picture: PictureRef | null }) =>
  row.picture ? largestJpeg(row.picture) : row.image;
