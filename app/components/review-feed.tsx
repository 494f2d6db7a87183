import { useEffect, useState } from "react";
import { truncate } from "~/domain/format";

export interface FeedReview {
  review: string;
  client: string;
  stylistName: string | null;
}

export const REVIEW_INTERVAL_MS = 7000;
export const REVIEW_FEED_CHARS = 180;

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

/**
 * One review at a time from a list the server already shuffled, moving on
 * every 7 seconds. It holds still while hovered or focused, when the visitor
 * asks for reduced motion, or after Pause; the automatic changes are not
 * announced (aria-live off), only the ones the visitor asks for.
 */
export function ReviewFeed({ reviews, heading = "What our clients say" }: { reviews: FeedReview[]; heading?: string }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const [announce, setAnnounce] = useState(false);
  /** The first review appears without the fade, so nothing is half-transparent while the page settles. */
  const [rotated, setRotated] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const holding = hovered || focused || paused || reducedMotion;

  useEffect(() => {
    if (holding || reviews.length < 2) return;
    const timer = window.setInterval(() => {
      setAnnounce(false);
      setRotated(true);
      setIndex((i) => (i + 1) % reviews.length);
    }, REVIEW_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [holding, reviews.length]);

  const current = reviews[index];
  if (!current) return null;

  const step = (delta: number) => {
    setAnnounce(true);
    setRotated(true);
    setIndex((i) => (i + delta + reviews.length) % reviews.length);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="review-feed-heading"
      className="card px-6 py-8 text-center sm:px-12"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <h2 id="review-feed-heading" className="eyebrow font-sans">
        {heading}
      </h2>
      <div aria-live={announce ? "polite" : "off"} className="mt-4 min-h-40">
        <figure key={index} className={rotated ? "motion-safe:animate-[fade-in_600ms_ease-out]" : undefined}>
          <blockquote className="font-display text-xl leading-relaxed text-balance sm:text-2xl">
            <p>“{truncate(current.review, REVIEW_FEED_CHARS)}”</p>
          </blockquote>
          <figcaption className="mt-4 text-sm text-muted">
            {current.client}
            {current.stylistName ? ` on ${current.stylistName}` : null}
          </figcaption>
        </figure>
      </div>
      {reviews.length > 1 ? (
        <div className="mt-6 flex items-center justify-center gap-2">
          <button type="button" className="btn-outline min-h-10 px-4 py-1.5" onClick={() => step(-1)}>
            Previous<span className="sr-only"> review</span>
          </button>
          <button type="button" className="btn-outline min-h-10 px-4 py-1.5" onClick={() => setPaused((p) => !p)}>
            {paused ? "Play" : "Pause"}
            <span className="sr-only"> reviews</span>
          </button>
          <button type="button" className="btn-outline min-h-10 px-4 py-1.5" onClick={() => step(1)}>
            Next<span className="sr-only"> review</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
