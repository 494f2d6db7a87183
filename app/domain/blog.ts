/**
 * A blog post's life: a draft is never shown; a published post shows from
 * its publish time, so a post published for tomorrow is "scheduled" until
 * then and appears by itself (the site's clock, app/server/clock.server.ts).
 */
import { type PictureRef, shownAddress } from "./pictures";

export type PostState = "draft" | "scheduled" | "published";

interface Schedulable {
  status: string;
  publishAt: Date | string | null;
}

export function postState(post: Schedulable, now: Date): PostState {
  if (post.status !== "published") return "draft";
  if (post.publishAt !== null && new Date(post.publishAt).getTime() > now.getTime()) return "scheduled";
  return "published";
}

/** Whether visitors see the post at `now`: on the blog, its page, the API and the sitemap. */
export const isPostPublic = (post: Schedulable, now: Date) => postState(post, now) === "published";

/** The one address of a post's cover (share cards, feeds): its uploaded picture, else the illustration. */
export const coverAddress = (post: { image: string; cover: PictureRef | null }) =>
  shownAddress({ image: post.image, picture: post.cover });

/** Length of the plain-text opening shown on a post's card. */
export const BLOG_EXCERPT_CHARS = 180;

/** What a post's card shows. */
export interface BlogCardPost {
  slug: string;
  title: string;
  /** The illustration, shown when no cover was uploaded. */
  image: string;
  cover: PictureRef | null;
  author: string;
  /** ISO date, "YYYY-MM-DD". */
  publishedAt: string;
  /** Plain-text opening of the body. */
  excerpt: string;
}
