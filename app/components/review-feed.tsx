import { truncate } from "~/domain/format";
import { Island } from "./island";
import { type FeedReview, ReviewFeedView } from "./review-feed-view";

export type { FeedReview } from "./review-feed-view";

const REVIEW_FEED_CHARS = 180;

/**
 * One review at a time from a list the server already shuffled. With more
 * than one it is the review-feed island, which rotates them; a single review
 * needs no script, so its page loads none. Its script loads as it comes
 * near the screen, not with the page.
 */
export function ReviewFeed({ reviews, heading = "What our clients say" }: { reviews: FeedReview[]; heading?: string }) {
  if (reviews.length === 0) return null;
  // Cut here, so the page carries only what is shown.
  const shown = reviews.map((r) => ({ ...r, review: truncate(r.review, REVIEW_FEED_CHARS) }));
  if (shown.length === 1) return <ReviewFeedView reviews={shown} heading={heading} />;
  // It sits below what a phone shows first, and rotating matters only once someone sees it.
  return <Island name="review-feed" component={ReviewFeedView} props={{ reviews: shown, heading }} when="visible" />;
}
