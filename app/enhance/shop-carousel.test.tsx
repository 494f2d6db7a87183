// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { type ShopBanner, ShopCarousel } from "~/components/shop-carousel";
import { selector } from "./define-element";
import { defineShopCarousel, SHOP_CAROUSEL } from "./shop-carousel";
import { renderIntoDocument } from "./testing/render";

const banners: ShopBanner[] = [1, 2, 3].map((id) => ({
  id,
  mobileImage: `/images/shop/${id}-mobile.jpg`,
  desktopImage: `/images/shop/${id}.jpg`,
  alt: `Collection ${id}`,
  url: `https://shop.example/${id}`,
}));

function mount(list = banners) {
  defineShopCarousel();
  renderIntoDocument(<ShopCarousel banners={list} />);
  const element = document.querySelector<HTMLElement>(SHOP_CAROUSEL.tag);
  if (!element) throw new Error("ShopCarousel did not render <shop-carousel>");
  const part = (attribute: Parameters<typeof selector>[0], value?: string) =>
    element.querySelector<HTMLElement>(selector(attribute, value));
  const current = () =>
    Array.from(element.querySelectorAll(selector(SHOP_CAROUSEL.slide))).findIndex(
      (slide) => slide.getAttribute(SHOP_CAROUSEL.current) === "true",
    );
  return { part, current };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe("<shop-carousel>", () => {
  it("shows its buttons and marks the first banner, quietly", () => {
    const { part, current } = mount();
    expect(part(SHOP_CAROUSEL.controls)?.hidden).toBe(false);
    expect(current()).toBe(0);
    expect(part(SHOP_CAROUSEL.status)?.getAttribute("aria-live")).toBe("off");
  });

  it("Next and Previous step through the banners, wrapping round, and say which one shows", () => {
    const { part, current } = mount();
    part(SHOP_CAROUSEL.action, "next")?.click();
    expect(current()).toBe(1);
    expect(part(SHOP_CAROUSEL.spoken)?.textContent).toBe("Banner 2 of 3");
    expect(part(SHOP_CAROUSEL.shown)?.textContent).toBe("2 / 3");
    expect(part(SHOP_CAROUSEL.status)?.getAttribute("aria-live")).toBe("polite");
    part(SHOP_CAROUSEL.action, "previous")?.click();
    part(SHOP_CAROUSEL.action, "previous")?.click();
    expect(current()).toBe(2);
    part(SHOP_CAROUSEL.action, "next")?.click();
    expect(current()).toBe(0);
  });

  it("a single banner gets no buttons", () => {
    const { part, current } = mount(banners.slice(0, 1));
    expect(part(SHOP_CAROUSEL.controls)).toBeNull();
    expect(current()).toBe(-1);
  });
});
