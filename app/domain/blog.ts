/**
 * A blog post's life: a draft is never shown; a published post shows from
 * its publish time, so a post published for tomorrow is "scheduled" until
 * then and appears by itself (the site's clock, app/server/clock.server.ts).
 */
export type PostStatus = "draft" | "published";
export type PostState = "draft" | "scheduled" | "published";

export const POST_STATUSES: readonly PostStatus[] = ["draft", "published"];

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

/**
 * The pictures a post's cover is chosen from: the demo's illustrations.
 * Photographs uploaded in the console will join this list.
 */
export const COVER_ILLUSTRATIONS: readonly { value: string; label: string }[] = [
  { value: "/images/blog/keeping-your-blonde-bright.svg", label: "Blonde, bright" },
  { value: "/images/blog/a-curl-friendly-wash-day.svg", label: "Curl-friendly wash day" },
  { value: "/images/blog/balayage-foils-or-full-head.svg", label: "Balayage and foils" },
  { value: "/images/blog/bond-builders-explained.svg", label: "Bond builders" },
  { value: "/images/blog/growing-out-your-grey.svg", label: "Growing out grey" },
  { value: "/images/blog/heat-styling-without-the-damage.svg", label: "Heat styling" },
  { value: "/images/blog/your-skin-test-explained.svg", label: "Skin test" },
];
