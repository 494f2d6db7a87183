import { CAROUSEL_PARTS } from "./carousel-parts";
import { defineElement, selector } from "./define-element";

/** The markup `<shop-carousel>` works on (app/components/shop-carousel.tsx renders it). */
export const SHOP_CAROUSEL = {
  tag: "shop-carousel",
  ...CAROUSEL_PARTS,
  /** The scrolling list, and each banner in it (the current one gets data-current). */
  track: "data-track",
  slide: "data-slide",
  current: "data-current",
  /** Which banner shows: a sentence for screen readers and "2 / 5" on screen. */
  status: "data-status",
  spoken: "data-spoken",
  shown: "data-shown",
} as const;

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * `<shop-carousel>`: without JavaScript a horizontally scrolling list that
 * snaps to each banner. This adds Previous and Next buttons that step
 * through (wrapping round at the ends, so a focused button never goes dead)
 * and a polite status saying which banner is showing, kept right while the
 * visitor swipes or scrolls. It never moves on its own.
 */
export function defineShopCarousel() {
  defineElement(
    SHOP_CAROUSEL.tag,
    (Base) =>
      class ShopCarouselElement extends Base {
        #current = 0;
        /** The slide a button is scrolling to: until it gets there, passing slides are not "current". */
        #headingTo: number | null = null;
        #frame = 0;

        get #track() {
          return this.querySelector<HTMLElement>(selector(SHOP_CAROUSEL.track));
        }

        get #slides() {
          return Array.from(this.querySelectorAll<HTMLElement>(selector(SHOP_CAROUSEL.slide)));
        }

        override connect(signal: AbortSignal) {
          const controls = this.querySelector<HTMLElement>(selector(SHOP_CAROUSEL.controls));
          const track = this.#track;
          if (!controls || !track || this.#slides.length < 2) return;
          controls.hidden = false;
          const last = () => this.#slides.length - 1;
          this.querySelector(selector(SHOP_CAROUSEL.action, "previous"))?.addEventListener(
            "click",
            () => this.#goTo(this.#current === 0 ? last() : this.#current - 1),
            { signal },
          );
          this.querySelector(selector(SHOP_CAROUSEL.action, "next"))?.addEventListener(
            "click",
            () => this.#goTo(this.#current === last() ? 0 : this.#current + 1),
            { signal },
          );
          track.addEventListener("scroll", () => this.#followScroll(), { passive: true, signal });
          this.#mark(0, false);
        }

        override disconnect() {
          cancelAnimationFrame(this.#frame);
        }

        #followScroll() {
          cancelAnimationFrame(this.#frame);
          this.#frame = requestAnimationFrame(() => {
            const track = this.#track;
            if (!track) return;
            const slides = this.#slides;
            const target = this.#headingTo === null ? undefined : slides[this.#headingTo];
            if (target) {
              if (Math.abs(target.offsetLeft - track.scrollLeft) > 2) return;
              this.#headingTo = null;
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
            if (nearest !== this.#current) this.#mark(nearest, false);
          });
        }

        #goTo(index: number) {
          const track = this.#track;
          const slide = this.#slides[index];
          if (!track || !slide) return;
          this.#mark(index, true);
          this.#headingTo = index;
          track.scrollTo({ left: slide.offsetLeft, behavior: prefersReducedMotion() ? "auto" : "smooth" });
        }

        #mark(index: number, announce: boolean) {
          this.#current = index;
          const slides = this.#slides;
          slides.forEach((slide, i) => {
            if (i === index) slide.setAttribute(SHOP_CAROUSEL.current, "true");
            else slide.removeAttribute(SHOP_CAROUSEL.current);
          });
          const status = this.querySelector<HTMLElement>(selector(SHOP_CAROUSEL.status));
          if (!status) return;
          status.setAttribute("aria-live", announce ? "polite" : "off");
          const spoken = status.querySelector(selector(SHOP_CAROUSEL.spoken));
          const shown = status.querySelector(selector(SHOP_CAROUSEL.shown));
          if (spoken) spoken.textContent = `Banner ${index + 1} of ${slides.length}`;
          if (shown) shown.textContent = `${index + 1} / ${slides.length}`;
        }
      },
  );
}
