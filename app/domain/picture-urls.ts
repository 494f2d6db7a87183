/**
 * The addresses of an uploaded picture's files: what a page (or an island in
 * the browser) needs to show it. No Zod here, so showing a picture costs an
 * island nothing more (app/domain/pictures.ts re-exports all of it).
 */

/** Served formats, best first: the browser takes the first it knows (AVIF, then WebP, JPEG for the rest). */
export const PICTURE_FORMATS = ["avif", "webp", "jpg"] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

/** What a page needs to show an uploaded picture. */
export interface PictureRef {
  id: string;
  alt: string;
  width: number;
  height: number;
  /** Widths made, smallest first. */
  widths: readonly number[];
  /** The point kept in view when a page crops it, in percent from the top left (app/domain/picture-focus.ts); the middle when absent. */
  focusX?: number;
  focusY?: number;
}

export const pictureUrl = (id: string, width: number, format: PictureFormat) => `/pictures/${id}-${width}.${format}`;

export const srcSet = (picture: PictureRef, format: PictureFormat) =>
  picture.widths.map((w) => `${pictureUrl(picture.id, w, format)} ${w}w`).join(", ");
