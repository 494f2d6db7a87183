import { useCallback, useEffect, useRef, useState } from "react";

export interface ShopBanner {
  id: number;
  mobileImage: string;
  desktopImage: string;
  alt: string;
  url: string;
}

/** Where the banner art switches from the tall phone image to the wide desktop one. */
const DESKTOP_MEDIA = "(min-width: 768px)";

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * The shop's banners. Without JavaScript it is a horizontally scrolling list
 * that snaps to each banner; with it, Previous and Next buttons step through
 * (wrapping round at the ends, so a focused button never goes dead) and a
 * polite status says which banner is showing. It never moves on its own, so
 * nothing changes under a reader's eyes or a screen reader's cursor.
 */
export function ShopCarousel({ banners, label = "Featured collections" }: { banners: readonly ShopBanner[]; label?: string }) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const [interactive, setInteractive] = useState(false);
  const [announce, setAnnounce] = useState(false);
  /** The slide a button is scrolling to: until it gets there, passing slides are not "current". */
  const headingTo = useRef<number | null>(null);

  useEffect(() => setInteractive(true), []);

  // Follow the visitor's own scrolling (swipe, trackpad, keyboard) so the buttons and status stay right.
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const slides = Array.from(track.children) as HTMLElement[];
        const target = headingTo.current === null ? undefined : slides[headingTo.current];
        if (target) {
          if (Math.abs(target.offsetLeft - track.scrollLeft) > 2) return;
          headingTo.current = null;
        }
        let nearest = 0;
        let best = Number.POSITIVE_INFINITY;
        slides.forEach((slide, i) => {
          const distance = Math.abs(slide.offsetLeft - track.scrollLeft);
          if (distance < best) {
            best = distance;
            nearest = i;
          }
        });
        setCurrent(nearest);
      });
    };
    track.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      track.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  const goTo = useCallback((index: number) => {
    const track = trackRef.current;
    const slide = track?.children[index] as HTMLElement | undefined;
    if (!track || !slide) return;
    setAnnounce(true);
    setCurrent(index);
    headingTo.current = index;
    track.scrollTo({ left: slide.offsetLeft, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }, []);

  if (banners.length === 0) return null;
  const last = banners.length - 1;

  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative" data-testid="shop-carousel">
      <ul
        ref={trackRef}
        className="relative flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-2 motion-reduce:scroll-auto [scrollbar-width:thin]"
      >
        {banners.map((banner, i) => (
          <li
            key={banner.id}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${banners.length}`}
            className="w-[85%] shrink-0 snap-start md:w-full"
            data-testid="shop-slide"
            data-current={i === current ? "true" : undefined}
          >
            <a href={banner.url} rel="noopener" className="block overflow-hidden rounded-2xl focus-visible:outline-offset-[-3px]">
              <picture>
                <source media={DESKTOP_MEDIA} srcSet={banner.desktopImage} width={1500} height={500} />
                <img src={banner.mobileImage} alt={banner.alt} width={600} height={800} className="h-auto w-full" loading={i === 0 ? "eager" : "lazy"} />
              </picture>
            </a>
          </li>
        ))}
      </ul>

      {interactive && banners.length > 1 ? (
        <div className="mt-4 flex items-center justify-center gap-3">
          <button type="button" className="btn-outline min-h-10 px-4 py-1.5" onClick={() => goTo(current === 0 ? last : current - 1)}>
            Previous<span className="sr-only"> banner</span>
          </button>
          <p className="min-w-16 text-center text-sm text-muted tabular-nums" aria-live={announce ? "polite" : "off"} aria-atomic="true">
            <span className="sr-only">
              Banner {current + 1} of {banners.length}
            </span>
            <span aria-hidden="true">
              {current + 1} / {banners.length}
            </span>
          </p>
          <button type="button" className="btn-outline min-h-10 px-4 py-1.5" onClick={() => goTo(current === last ? 0 : current + 1)}>
            Next<span className="sr-only"> banner</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
