import { Island } from "./island";
import { type ShopBanner, ShopCarouselView } from "./shop-carousel-view";

export type { ShopBanner } from "./shop-carousel-view";

/**
 * The shop's banners. With more than one they are the shop-carousel island,
 * whose buttons step through them; a single banner needs no script.
 */
export function ShopCarousel({ banners, label }: { banners: readonly ShopBanner[]; label?: string }) {
  if (banners.length === 0) return null;
  if (banners.length === 1) return <ShopCarouselView banners={banners} label={label} />;
  return <Island name="shop-carousel" component={ShopCarouselView} props={{ banners, label }} when="visible" />;
}
