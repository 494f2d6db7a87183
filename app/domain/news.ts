import type { PictureRef } from "./pictures";

/** News cards on the home page, and on the link hub a text opens (spec: home 4 items, link hub 3). */
export const HOME_NEWS_COUNT = 4;
export const LINK_HUB_NEWS_COUNT = 3;

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
