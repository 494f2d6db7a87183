// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FeedReview, ReviewFeedView } from "./review-feed-view";

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const reviews: FeedReview[] = ["Ada", "Grace", "Hedy"].map((client) => ({
  review: `${client} loved it`,
  client,
  stylistName: "Isla",
}));

let root: Root | undefined;
let reducedMotion = false;

function mount(list = reviews) {
  const holder = document.createElement("div");
  document.body.replaceChildren(holder);
  root = createRoot(holder);
  act(() => root?.render(<ReviewFeedView reviews={list} heading="What our clients say" />));
  const feed = holder.querySelector<HTMLElement>("[data-review-feed]");
  if (!feed) throw new Error("the feed is missing");
  const button = (action: string) => feed.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);
  const click = (action: string) => act(() => button(action)?.click());
  const shown = () =>
    Array.from(feed.querySelectorAll<HTMLElement>("[data-review]"))
      .filter((review) => !review.hidden)
      .map((review) => review.querySelector("figcaption")?.textContent?.split(" ")[0]);
  const live = () => feed.querySelector("[data-live]")?.getAttribute("aria-live");
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  return { feed, button, click, shown, live, wait };
}

beforeEach(() => {
  vi.useFakeTimers();
  reducedMotion = false;
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: query.includes("reduce") && reducedMotion,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("ReviewFeedView (the review-feed island)", () => {
  it("shows its buttons, and Next and Previous step round the reviews, announcing each", () => {
    const { feed, click, shown, live } = mount();
    expect(feed.querySelector<HTMLElement>("[data-controls]")?.hidden).toBe(false);
    expect(shown()).toEqual(["Ada"]);
    expect(live()).toBe("off");
    click("next");
    expect(shown()).toEqual(["Grace"]);
    expect(live()).toBe("polite");
    expect(feed.hasAttribute("data-rotated")).toBe(true);
    click("previous");
    click("previous");
    expect(shown()).toEqual(["Hedy"]);
  });

  it("moves on by itself every 7 seconds, without announcing it", () => {
    const { shown, live, wait } = mount();
    wait(6_999);
    expect(shown()).toEqual(["Ada"]);
    wait(1);
    expect(shown()).toEqual(["Grace"]);
    expect(live()).toBe("off");
  });

  it("holds still after Pause, which then offers Play, and while hovered or focused", () => {
    const { feed, button, click, shown, wait } = mount();
    click("pause");
    expect(button("pause")?.querySelector("[data-label]")?.textContent).toBe("Play");
    wait(30_000);
    expect(shown()).toEqual(["Ada"]);
    click("pause");
    expect(button("pause")?.querySelector("[data-label]")?.textContent).toBe("Pause");

    // React listens for mouseover/mouseout to give onMouseEnter/onMouseLeave.
    act(() => {
      feed.dispatchEvent(new MouseEvent("mouseover", { bubbles: true, relatedTarget: document.body }));
    });
    wait(30_000);
    expect(shown()).toEqual(["Ada"]);
    act(() => {
      feed.dispatchEvent(new MouseEvent("mouseout", { bubbles: true, relatedTarget: document.body }));
    });
    wait(7_000);
    expect(shown()).toEqual(["Grace"]);

    act(() => button("next")?.focus());
    wait(30_000);
    expect(shown()).toEqual(["Grace"]);
    act(() => button("next")?.blur());
    wait(7_000);
    expect(shown()).toEqual(["Hedy"]);
  });

  it("stands still for a visitor who prefers reduced motion, whose buttons still work", () => {
    reducedMotion = true;
    const { click, shown, wait } = mount();
    wait(30_000);
    expect(shown()).toEqual(["Ada"]);
    click("next");
    expect(shown()).toEqual(["Grace"]);
  });

  it("stops when it leaves the page", () => {
    mount();
    expect(vi.getTimerCount()).toBe(1);
    act(() => root?.unmount());
    root = undefined;
    expect(vi.getTimerCount()).toBe(0);
  });

  it("leaves a single review as it is, with no buttons", () => {
    const { feed, shown, wait } = mount(reviews.slice(0, 1));
    expect(feed.querySelector("[data-controls]")).toBeNull();
    wait(30_000);
    expect(shown()).toEqual(["Ada"]);
  });

  it("on the server renders every review, only the first shown, and its buttons hidden", async () => {
    const { renderToString } = await import("react-dom/server");
    const html = renderToString(<ReviewFeedView reviews={reviews} heading="What our clients say" />);
    const doc = new DOMParser().parseFromString(html, "text/html");
    expect(doc.querySelectorAll("[data-review]")).toHaveLength(3);
    expect(doc.querySelectorAll("[data-review][hidden]")).toHaveLength(2);
    expect(doc.querySelector<HTMLElement>("[data-controls]")?.hidden).toBe(true);
  });
});
