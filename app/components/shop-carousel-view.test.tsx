// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { type ShopBanner, ShopCarouselView } from "./shop-carousel-view";

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const banners: ShopBanner[] = [1, 2, 3].map((id) => ({
  id,
  mobileImage: `/images/shop/${id}-mobile.svg`,
  desktopImage: `/images/shop/${id}-desktop.svg`,
  alt: `Banner ${id}`,
  url: `https://shop.example/${id}`,
}));

let root: Root | undefined;

function mount(list = banners) {
  const holder = document.createElement("div");
  document.body.replaceChildren(holder);
  root = createRoot(holder);
  act(() => root?.render(<ShopCarouselView banners={list} />));
  const part = (css: string) => holder.querySelector<HTMLElement>(css);
  const click = (action: string) => act(() => part(`[data-action="${action}"]`)?.click());
  const current = () =>
    Array.from(holder.querySelectorAll("[data-testid=shop-slide]")).findIndex(
      (slide) => slide.getAttribute("data-current") === "true",
    );
  const status = () => part("[aria-live]");
  return { part, click, current, status };
}

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
});

describe("ShopCarouselView (the shop-carousel island)", () => {
  it("shows its buttons and marks the first banner, quietly", () => {
    const { part, current, status } = mount();
    expect(part("[data-controls]")?.hidden).toBe(false);
    expect(current()).toBe(0);
    expect(status()?.getAttribute("aria-live")).toBe("off");
  });

  it("Next and Previous step through the banners, wrapping round, and say which one shows", () => {
    const { click, current, status } = mount();
    click("next");
    expect(current()).toBe(1);
    expect(status()?.querySelector(".sr-only")?.textContent).toBe("Banner 2 of 3");
    expect(status()?.querySelector("[aria-hidden]")?.textContent).toBe("2 / 3");
    expect(status()?.getAttribute("aria-live")).toBe("polite");
    click("previous");
    click("previous");
    expect(current()).toBe(2);
    click("next");
    expect(current()).toBe(0);
  });

  it("a single banner gets no buttons", () => {
    const { part, current } = mount(banners.slice(0, 1));
    expect(part("[data-controls]")).toBeNull();
    expect(current()).toBe(0);
  });

  it("on the server marks no banner and hides its buttons", async () => {
    const { renderToString } = await import("react-dom/server");
    const doc = new DOMParser().parseFromString(renderToString(<ShopCarouselView banners={banners} />), "text/html");
    expect(doc.querySelector("[data-current]")).toBeNull();
    expect(doc.querySelector<HTMLElement>("[data-controls]")?.hidden).toBe(true);
  });
});
