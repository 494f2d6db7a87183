import { useEffect, useState } from "react";
import { CarouselButton } from "./carousel-button";
import { useHydrated } from "./use-hydrated";
import { useReducedMotion } from "./use-reduced-motion";

export interface FeedReview {
  review: string;
  client: string;
  stylistName: string | null;
}

const REVIEW_INTERVAL_MS = 7000;

/**
 * The review-feed island: one review at a time from a list the server
 * already shuffled (and cut to length). Every review is in the HTML, all but
 * the first hidden, and the buttons are hidden until this runs. Then it moves
 * on every 7 seconds, holding still while hovered or focused, after Pause,
 * or when the visitor asks for reduced motion. Only the changes the visitor
 * asks for are announced (aria-live is off for the automatic ones).
 */
export function ReviewFeedView({ reviews, heading }: { reviews: FeedReview[]; heading: string }) {
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [announce, setAnnounce] = useState(false);
  const [rotated, setRotated] = useState(false);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = reviews.length;

  const show = (step: number, asked: boolean) => {
    setIndex((i) => (i + step + count) % count);
    setAnnounce(asked);
    // The first review appeared without the fade, so nothing moved while the page settled.
    setRotated(true);
  };

  const still = !hydrated || count < 2 || paused || hovered || focused || reducedMotion;
  useEffect(() => {
    if (still) return;
    const timer = window.setInterval(() => {
      setIndex((i) => (i + 1) % count);
      setAnnounce(false);
      setRotated(true);
    }, REVIEW_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [still, count]);

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="review-feed-heading"
      className="card block px-6 py-8 text-center sm:px-12"
      data-review-feed=""
      data-rotated={rotated ? "" : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <h2 id="review-feed-heading" className="eyebrow font-sans">
        {heading}
      </h2>
      <div data-live="" aria-live={announce ? "polite" : "off"} className="mt-4 min-h-40">
        {reviews.map((review, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes; only which one shows
          <figure key={`${i}-${review.client}`} data-review="" hidden={i !== index}>
            <blockquote className="font-display text-xl leading-relaxed text-balance sm:text-2xl">
              <p>“{review.review}”</p>
            </blockquote>
            <figcaption className="mt-4 text-sm text-muted">
              {review.client}
              {review.stylistName ? ` on ${review.stylistName}` : null}
            </figcaption>
          </figure>
        ))}
      </div>
      {count > 1 ? (
        <div data-controls="" hidden={!hydrated} className="mt-6 flex items-center justify-center gap-2">
          <CarouselButton action="previous" what="review" onClick={() => show(-1, true)}>
            Previous
          </CarouselButton>
          <CarouselButton action="pause" what="reviews" onClick={() => setPaused((p) => !p)}>
            <span data-label="">{paused ? "Play" : "Pause"}</span>
          </CarouselButton>
          <CarouselButton action="next" what="review" onClick={() => show(1, true)}>
            Next
          </CarouselButton>
        </div>
      ) : null}
    </section>
  );
}
