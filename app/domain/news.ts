import type { PictureRef } from "./pictures";

/** What a news card shows of a news item. */
export interface NewsCardItem {
  slug: string;
  title: string;
  /** The illustration, and what it shows: the card's picture until a photo is uploaded. */
  image: string;
  alt: string;
  picture: PictureRef | null;
  body: string;
}

/** Only what a card shows, from a news item's row. */
export const newsCardOf = ({ slug, title, image, alt, picture, body }: NewsCardItem): NewsCardItem => ({
  slug,
  title,
  image,
  alt,
  picture,
  body,
});
