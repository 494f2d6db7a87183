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
  class ShopCarouselElement extends HTMLElement {
    #current = 0;
    /** The slide a button is scrolling to: until it gets there, passing slides are not "current". */
    #headingTo: number | null = null;
    #frame = 0;
    #listeners = new AbortController();

    get #track() {
      return this.querySelector<HTMLElement>("[data-track]");
    }

    get #slides() {
      return Array.from(this.querySelectorAll<HTMLElement>("[data-slide]"));
    }

    connectedCallback() {
      const controls = this.querySelector<HTMLElement>("[data-controls]");
      const track = this.#track;
      if (!controls || !track || this.#slides.length < 2) return;
      this.#listeners = new AbortController();
      const signal = this.#listeners.signal;
      controls.hidden = false;
      const last = () => this.#slides.length - 1;
      this.querySelector("[data-action=previous]")?.addEventListener(
        "click",
        () => this.#goTo(this.#current === 0 ? last() : this.#current - 1),
        { signal },
      );
      this.querySelector("[data-action=next]")?.addEventListener(
        "click",
        () => this.#goTo(this.#current === last() ? 0 : this.#current + 1),
        { signal },
      );
      track.addEventListener("scroll", () => this.#followScroll(), { passive: true, signal });
      this.#mark(0, false);
    }

    disconnectedCallback() {
      this.#listeners.abort();
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
        if (i === index) slide.dataset.current = "true";
        else delete slide.dataset.current;
      });
      const status = this.querySelector<HTMLElement>("[data-status]");
      if (!status) return;
      status.setAttribute("aria-live", announce ? "polite" : "off");
      const spoken = status.querySelector("[data-spoken]");
      const shown = status.querySelector("[data-shown]");
      if (spoken) spoken.textContent = `Banner ${index + 1} of ${slides.length}`;
      if (shown) shown.textContent = `${index + 1} / ${slides.length}`;
    }
  }
  if (!customElements.get("shop-carousel")) customElements.define("shop-carousel", ShopCarouselElement);
}
