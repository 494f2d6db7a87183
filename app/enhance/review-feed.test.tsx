// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FeedReview, ReviewFeed } from "~/components/review-feed";
import { selector } from "./define-element";
import { defineReviewFeed, REVIEW_FEED } from "./review-feed";
import { renderIntoDocument } from "./testing/render";

const reviews: FeedReview[] = ["Ada", "Grace", "Hedy"].map((client) => ({
  review: `${client} loved it`,
  client,
  stylistName: "Isla",
}));

function mount(list = reviews) {
  defineReviewFeed();
  renderIntoDocument(<ReviewFeed reviews={list} />);
  const element = document.querySelector<HTMLElement>(REVIEW_FEED.tag);
  if (!element) throw new Error("ReviewFeed did not render <review-feed>");
  const part = <T extends Element = HTMLElement>(css: string) => element.querySelector<T>(css);
  const button = (action: string) => part<HTMLButtonElement>(selector(REVIEW_FEED.action, action));
  const shown = () =>
    Array.from(element.querySelectorAll<HTMLElement>(selector(REVIEW_FEED.review)))
      .filter((review) => !review.hidden)
      .map((review) => review.querySelector("figcaption")?.textContent?.split(" ")[0]);
  return { element, part, button, shown };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe("<review-feed>", () => {
  it("shows its buttons, and Next and Previous step round the reviews, announcing each", () => {
    const { part, button, shown } = mount();
    expect(part(selector(REVIEW_FEED.controls))?.hidden).toBe(false);
    expect(shown()).toEqual(["Ada"]);
    button("next")?.click();
    expect(shown()).toEqual(["Grace"]);
    expect(part(selector(REVIEW_FEED.live))?.getAttribute("aria-live")).toBe("polite");
    button("previous")?.click();
    button("previous")?.click();
    expect(shown()).toEqual(["Hedy"]);
  });

  it("moves on by itself every 7 seconds, without announcing it", () => {
    const { part, shown } = mount();
    vi.advanceTimersByTime(6_999);
    expect(shown()).toEqual(["Ada"]);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual(["Grace"]);
    expect(part(selector(REVIEW_FEED.live))?.getAttribute("aria-live")).toBe("off");
  });

  it("holds still after Pause, which then offers Play, and while hovered", () => {
    const { element, button, shown } = mount();
    button("pause")?.click();
    expect(button("pause")?.querySelector(selector(REVIEW_FEED.label))?.textContent).toBe("Play");
    vi.advanceTimersByTime(30_000);
    expect(shown()).toEqual(["Ada"]);
    button("pause")?.click();
    element.dispatchEvent(new MouseEvent("mouseenter"));
    vi.advanceTimersByTime(30_000);
    expect(shown()).toEqual(["Ada"]);
    element.dispatchEvent(new MouseEvent("mouseleave"));
    vi.advanceTimersByTime(7_000);
    expect(shown()).toEqual(["Grace"]);
  });

  it("stops when it leaves the page", () => {
    const { element, shown } = mount();
    element.remove();
    vi.advanceTimersByTime(30_000);
    expect(shown()).toEqual(["Ada"]);
  });

  it("leaves a single review as it is, with no buttons", () => {
    const { part, shown } = mount(reviews.slice(0, 1));
    expect(part(selector(REVIEW_FEED.controls))).toBeNull();
    vi.advanceTimersByTime(30_000);
    expect(shown()).toEqual(["Ada"]);
  });
});
