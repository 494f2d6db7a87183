import { part } from "~/enhance/define-element";
import { SHOP_CAROUSEL } from "~/enhance/shop-carousel";
import { CarouselButton } from "./carousel-button";

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
 * The shop's banners: a horizontally scrolling list that snaps to each
 * banner. `<shop-carousel>` (app/enhance/shop-carousel.ts) reveals the
 * Previous and Next buttons and keeps the status right.
 */
export function ShopCarousel({
  banners,
  label = "Featured collections",
}: {
  banners: readonly ShopBanner[];
  label?: string;
}) {
  if (banners.length === 0) return null;
  return (
    <shop-carousel className="block">
      <section aria-roledescription="carousel" aria-label={label} className="relative" data-testid="shop-carousel">
        <ul
          {...part(SHOP_CAROUSEL.track)}
          className="relative flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-2 motion-reduce:scroll-auto [scrollbar-width:thin]"
        >
          {banners.map((banner, i) => (
            <li
              key={banner.id}
              {...part(SHOP_CAROUSEL.slide)}
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
          <div {...part(SHOP_CAROUSEL.controls)} hidden className="mt-4 flex items-center justify-center gap-3">
            <CarouselButton action="previous" what="banner">
              Previous
            </CarouselButton>
            <p
              {...part(SHOP_CAROUSEL.status)}
              className="min-w-16 text-center text-sm text-muted tabular-nums"
              aria-live="off"
              aria-atomic="true"
            >
              <span {...part(SHOP_CAROUSEL.spoken)} className="sr-only">
                Banner 1 of {banners.length}
              </span>
              <span {...part(SHOP_CAROUSEL.shown)} aria-hidden="true">
                1 / {banners.length}
              </span>
            </p>
            <CarouselButton action="next" what="banner">
              Next
            </CarouselButton>
          </div>
        ) : null}
      </section>
    </shop-carousel>
  );
}
