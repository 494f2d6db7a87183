// @vitest-environment happy-dom
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
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

const filterOf = (current: string) => {
  const items = reviews.filter((r) => current === "all" || r.stylistSlug === current);
  return (
    <ReviewFilter stylists={stylists} current={current} reviews={{ items, page: 1, pages: 1, total: items.length }} />
  );
};

/** The page the server sends for /reviews/{slug}, as the element fetches it. */
function serverPage(url: string): string {
  const slug = decodeURIComponent(url.split("/").pop() ?? "all");
  const router = createMemoryRouter([{ path: "*", element: filterOf(slug) }]);
  return `<!doctype html><html><body>${renderToStaticMarkup(<RouterProvider router={router} />)}</body></html>`;
}

function mount() {
  defineReviewFilter();
  renderIntoDocument(filterOf("all"));
  const element = document.querySelector<HTMLElement>(REVIEW_FILTER.tag);
  const select = element?.querySelector("select");
  if (!element || !select) throw new Error("ReviewFilter did not render the parts <review-filter> needs");
  const part = (attribute: Parameters<typeof selector>[0]) => element.querySelector<HTMLElement>(selector(attribute));
  const shownClients = () =>
    Array.from(element.querySelectorAll("figcaption > span:first-child")).map((span) => span.textContent);
  const choose = (slug: string) => {
    select.value = slug;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  };
  return { select, part, shownClients, choose };
}

function serveReviewPages() {
  return vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(
      async (input) => new Response(serverPage(String(input)), { headers: { "content-type": "text/html" } }),
    );
}

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe("<review-filter>", () => {
  it("hides the Show reviews button a page without JavaScript needs", () => {
    expect(mount().part(REVIEW_FILTER.submit)?.hidden).toBe(true);
  });

  it("swaps in the chosen stylist's page of reviews, says how many, and replaces the address", async () => {
    const fetched = serveReviewPages();
    const replace = vi.spyOn(window.history, "replaceState");
    const { part, shownClients, choose } = mount();
    expect(shownClients()).toEqual(["Ada", "Grace", "Hedy"]);
    choose("isla");
    await vi.waitFor(() => expect(shownClients()).toEqual(["Ada", "Hedy"]));
    expect(fetched).toHaveBeenLastCalledWith("/reviews/isla", expect.anything());
    expect(part(REVIEW_FILTER.status)?.textContent).toContain("Isla Reid");
    expect(replace).toHaveBeenLastCalledWith(null, "", "/reviews/isla");
    choose("theo");
    await vi.waitFor(() => expect(shownClients()).toEqual([]));
    expect(part(REVIEW_FILTER.results)?.textContent).toContain("No reviews yet");
  });

  it("filters in place when the form is sent with Enter", async () => {
    serveReviewPages();
    const { select, shownClients } = mount();
    select.value = "nadia";
    const submit = new Event("submit", { bubbles: true, cancelable: true });
    select.form?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(shownClients()).toEqual(["Grace"]));
  });
});
