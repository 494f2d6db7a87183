import { truncate } from "~/domain/format";
import { part } from "~/enhance/define-element";
import { REVIEW_FEED, REVIEW_FEED_CHARS } from "~/enhance/review-feed";
import { CarouselButton } from "./carousel-button";

export interface FeedReview {
  review: string;
  client: string;
  stylistName: string | null;
}

/**
 * One review at a time from a list the server already shuffled. The markup
 * holds every review; `<review-feed>` (app/enhance/review-feed.ts) rotates
 * them and reveals the buttons.
 */
export function ReviewFeed({ reviews, heading = "What our clients say" }: { reviews: FeedReview[]; heading?: string }) {
  if (reviews.length === 0) return null;
  return (
    <review-feed className="block">
      <section
        aria-roledescription="carousel"
        aria-labelledby="review-feed-heading"
        className="card px-6 py-8 text-center sm:px-12"
      >
        <h2 id="review-feed-heading" className="eyebrow font-sans">
          {heading}
        </h2>
        <div {...part(REVIEW_FEED.live)} aria-live="off" className="mt-4 min-h-40">
          {reviews.map((review, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rendered once on the server; the widget only shows and hides them
            <figure key={`${i}-${review.client}`} {...part(REVIEW_FEED.review)} hidden={i > 0}>
              <blockquote className="font-display text-xl leading-relaxed text-balance sm:text-2xl">
                <p>“{truncate(review.review, REVIEW_FEED_CHARS)}”</p>
              </blockquote>
              <figcaption className="mt-4 text-sm text-muted">
                {review.client}
                {review.stylistName ? ` on ${review.stylistName}` : null}
              </figcaption>
            </figure>
          ))}
        </div>
        {reviews.length > 1 ? (
          <div {...part(REVIEW_FEED.controls)} hidden className="mt-6 flex items-center justify-center gap-2">
            <CarouselButton action="previous" what="review">
              Previous
            </CarouselButton>
            <CarouselButton action="pause" what="reviews">
              <span {...part(REVIEW_FEED.label)}>Pause</span>
            </CarouselButton>
            <CarouselButton action="next" what="review">
              Next
            </CarouselButton>
          </div>
        ) : null}
      </section>
    </review-feed>
  );
}
