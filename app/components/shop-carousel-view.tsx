import { useEffect, useRef, useState } from "react";
import { CarouselButton } from "./carousel-button";
import { useHydrated } from "./use-hydrated";
import { useReducedMotion } from "./use-reduced-motion";

export interface ShopBanner {
  id: number;
  mobileImage: string;
  desktopImage: string;
  alt: string;
  url: string;
}

/** Where the banner art switches from the tall phone image to the wide desktop one. */
const DESKTOP_MEDIA = "(min-width: 768px)";

/**
 * The shop-carousel island: the shop's banners, a horizontally scrolling list
 * that snaps to each banner, which is all there is without JavaScript. Once
 * hydrated it shows Previous and Next, which step through (wrapping round at
 * the ends, so a focused button never goes dead), and a status saying which
 * banner shows, kept right while the visitor swipes or scrolls; a button's
 * step is announced, a swipe's is not. It never moves on its own.
 */
export function ShopCarouselView({
  banners,
  label = "Featured collections",
}: {
  banners: readonly ShopBanner[];
  label?: string;
}) {
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const [current, setCurrent] = useState(0);
  const [announce, setAnnounce] = useState(false);
  const track = useRef<HTMLUListElement>(null);
  /** The banner a button is scrolling to: until it gets there, the banners it passes are not "current". */
  const headingTo = useRef<number | null>(null);
  const frame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  const count = banners.length;

  const slides = () => Array.from(track.current?.children ?? []) as HTMLElement[];

  const followScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const list = track.current;
      if (!list) return;
      const all = slides();
      const target = headingTo.current === null ? undefined : all[headingTo.current];
      if (target) {
        if (Math.abs(target.offsetLeft - list.scrollLeft) > 2) return;
        headingTo.current = null;
      }
      let nearest = 0;
      let best = Number.POSITIVE_INFINITY;
      all.forEach((slide, i) => {
        const distance = Math.abs(slide.offsetLeft - list.scrollLeft);
        if (distance < best) {
          best = distance;
          nearest = i;
        }
      });
      if (nearest === current) return;
      setCurrent(nearest);
      setAnnounce(false);
    });
  };

  const goTo = (index: number) => {
    const slide = slides()[index];
    if (!track.current || !slide) return;
    setCurrent(index);
    setAnnounce(true);
    headingTo.current = index;
    track.current.scrollTo({ left: slide.offsetLeft, behavior: reducedMotion ? "auto" : "smooth" });
  };

  if (count === 0) return null;
  return (
    <div className="block">
      <section aria-roledescription="carousel" aria-label={label} className="relative" data-testid="shop-carousel">
        <ul
          ref={track}
          onScroll={hydrated ? followScroll : undefined}
          className="relative flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-2 motion-reduce:scroll-auto [scrollbar-width:thin]"
        >
          {banners.map((banner, i) => (
            <li
              key={banner.id}
              data-current={hydrated && i === current ? "true" : undefined}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${banners.length}`}
              className="w-[85%] shrink-0 snap-start md:w-full"
              data-testid="shop-slide"
            >
              <a
                href={banner.url}
                rel="noopener"
                className="block overflow-hidden rounded-2xl focus-visible:outline-offset-[-3px]"
              >
                <picture>
                  <source media={DESKTOP_MEDIA} srcSet={banner.desktopImage} width={1500} height={500} />
                  <img
                    src={banner.mobileImage}
                    alt={banner.alt}
                    width={600}
                    height={800}
                    className="h-auto w-full"
                    loading={i === 0 ? "eager" : "lazy"}
                  />
                </picture>
              </a>
            </li>
          ))}
        </ul>

        {banners.length > 1 ? (
          <div data-controls="" hidden={!hydrated} className="mt-4 flex items-center justify-center gap-3">
            <CarouselButton
              action="previous"
              what="banner"
              onClick={() => goTo(current === 0 ? count - 1 : current - 1)}
            >
              Previous
            </CarouselButton>
            <p
              className="min-w-16 text-center text-sm text-muted tabular-nums"
              aria-live={announce ? "polite" : "off"}
              aria-atomic="true"
            >
              <span className="sr-only">
                Banner {current + 1} of {count}
              </span>
              <span aria-hidden="true">
                {current + 1} / {count}
              </span>
            </p>
            <CarouselButton action="next" what="banner" onClick={() => goTo(current === count - 1 ? 0 : current + 1)}>
              Next
            </CarouselButton>
          </div>
        ) : null}
      </section>
    </div>
  );
}
