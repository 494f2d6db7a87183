// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ListedReview, ReviewFilter } from "~/components/review-filter";
import { selector } from "./define-element";
import { defineReviewFilter, REVIEW_FILTER } from "./review-filter";
import { renderIntoDocument } from "./testing/render";

const stylists = [
  { slug: "isla", firstName: "Isla", lastName: "Reid" },
  { slug: "nadia", firstName: "Nadia", lastName: "Okafor" },
  { slug: "theo", firstName: "Theo", lastName: "Marsh" },
];
const reviews: ListedReview[] = [
  { id: 1, review: "Lovely", client: "Ada", stylistSlug: "isla", stylistName: "Isla" },
  { id: 2, review: "Perfect", client: "Grace", stylistSlug: "nadia", stylistName: "Nadia" },
  { id: 3, review: "Great", client: "Hedy", stylistSlug: "isla", stylistName: "Isla" },
];

function mount() {
  defineReviewFilter();
  renderIntoDocument(<ReviewFilter stylists={stylists} current="all" reviews={reviews} />);
  const element = document.querySelector<HTMLElement>(REVIEW_FILTER.tag);
  const select = element?.querySelector("select");
  if (!element || !select) throw new Error("ReviewFilter did not render the parts <review-filter> needs");
  const part = (attribute: Parameters<typeof selector>[0]) => element.querySelector<HTMLElement>(selector(attribute));
  const shownClients = () =>
    Array.from(element.querySelectorAll<HTMLElement>(selector(REVIEW_FILTER.stylist)))
      .filter((review) => !review.hidden)
      .map((review) => review.querySelector("figcaption span")?.textContent);
  const choose = (slug: string) => {
    select.value = slug;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  };
  return { select, part, shownClients, choose };
}

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe("<review-filter>", () => {
  it("hides the Show reviews button a page without JavaScript needs", () => {
    expect(mount().part(REVIEW_FILTER.submit)?.hidden).toBe(true);
  });

  it("shows one stylist's reviews the moment they are chosen, says how many, and replaces the address", () => {
    const replace = vi.spyOn(window.history, "replaceState");
    const { part, shownClients, choose } = mount();
    expect(shownClients()).toEqual(["Ada", "Grace", "Hedy"]);
    choose("isla");
    expect(shownClients()).toEqual(["Ada", "Hedy"]);
    expect(part(REVIEW_FILTER.status)?.textContent).toContain("Isla Reid");
    expect(part(REVIEW_FILTER.empty)?.hidden).toBe(true);
    expect(replace).toHaveBeenLastCalledWith(null, "", "/reviews/isla");
    choose("all");
    expect(shownClients()).toEqual(["Ada", "Grace", "Hedy"]);
  });

  it("says so when the stylist has no reviews yet", () => {
    const { part, shownClients, choose } = mount();
    choose("theo");
    expect(shownClients()).toEqual([]);
    expect(part(REVIEW_FILTER.empty)?.hidden).toBe(false);
  });

  it("filters in place when the form is sent with Enter", () => {
    const { select, shownClients } = mount();
    select.value = "nadia";
    const submit = new Event("submit", { bubbles: true, cancelable: true });
    select.form?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(shownClients()).toEqual(["Grace"]);
  });
});
