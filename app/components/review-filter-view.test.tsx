// @vitest-environment happy-dom
import { act, type ComponentProps } from "react";
import { createRoot, type Root } from "react-dom/client";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReviewFilter } from "./review-filter-view";

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Props = ComponentProps<typeof ReviewFilter>;

const stylists = [
  { slug: "isla", firstName: "Isla", lastName: "Reid" },
  { slug: "nadia", firstName: "Nadia", lastName: "Okafor" },
  { slug: "theo", firstName: "Theo", lastName: "Marsh" },
];
const reviews: Props["reviews"]["items"] = [
  {
    id: 1,
    review: "Lovely",
    client: "Ada",
    stylistSlug: "isla",
    stylistName: "Isla",
    provenance: "Added by the salon",
  },
  {
    id: 2,
    review: "Perfect",
    client: "Grace",
    stylistSlug: "nadia",
    stylistName: "Nadia",
    provenance: "Added by the salon",
  },
  {
    id: 3,
    review: "Great",
    client: "Hedy",
    stylistSlug: "isla",
    stylistName: "Isla",
    provenance: "Added by the salon",
  },
];

function propsOf(current: string): Props {
  const items = reviews.filter((r) => current === "all" || r.stylistSlug === current);
  return { stylists, current, reviews: { items, page: 1, pages: 1, total: items.length } };
}

/** The page the server sends for /reviews/{slug}: the island's HTML and its props beside it. */
function serverPage(url: string): string {
  const props = propsOf(decodeURIComponent(url.split("/").pop() ?? "all"));
  return `<!doctype html><html><body><div data-island="review-filter">${renderToStaticMarkup(
    <ReviewFilter {...props} />,
  )}</div><script type="application/json" data-island-props="review-filter">${JSON.stringify(props)}</script></body></html>`;
}

let root: Root | undefined;

function mount() {
  const holder = document.createElement("div");
  document.body.replaceChildren(holder);
  root = createRoot(holder);
  act(() => root?.render(<ReviewFilter {...propsOf("all")} />));
  const select = holder.querySelector("select");
  if (!select) throw new Error("the select is missing");
  const shownClients = () =>
    Array.from(holder.querySelectorAll("figcaption > span:first-child")).map((span) => span.textContent);
  const status = () => holder.querySelector("[role=status]")?.textContent;
  const choose = (slug: string) =>
    act(() => {
      select.value = slug;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
  return { holder, select, shownClients, status, choose };
}

function serveReviewPages() {
  return vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(
      async (input) => new Response(serverPage(String(input)), { headers: { "content-type": "text/html" } }),
    );
}

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe("ReviewFilter (the review-filter island)", () => {
  it("hides the Show reviews button a page without JavaScript needs, but only once hydrated", () => {
    expect(mount().holder.querySelector<HTMLButtonElement>("button[type=submit]")?.hidden).toBe(true);
    const server = new DOMParser().parseFromString(
      renderToStaticMarkup(<ReviewFilter {...propsOf("all")} />),
      "text/html",
    );
    expect(server.querySelector<HTMLButtonElement>("button[type=submit]")?.hidden).toBe(false);
  });

  it("shows the chosen stylist's page of reviews, says how many, and replaces the address", async () => {
    const fetched = serveReviewPages();
    const replace = vi.spyOn(window.history, "replaceState");
    const { holder, select, shownClients, status, choose } = mount();
    expect(shownClients()).toEqual(["Ada", "Grace", "Hedy"]);
    choose("isla");
    await vi.waitFor(() => expect(shownClients()).toEqual(["Ada", "Hedy"]));
    expect(fetched).toHaveBeenLastCalledWith("/reviews/isla", expect.anything());
    expect(status()).toContain("Isla Reid");
    expect(replace).toHaveBeenLastCalledWith(null, "", "/reviews/isla");
    // The select is the same element, so the keyboard's focus stays on it.
    expect(holder.querySelector("select")).toBe(select);
    choose("theo");
    await vi.waitFor(() => expect(shownClients()).toEqual([]));
    expect(holder.textContent).toContain("No reviews yet");
  });

  it("filters in place when the form is sent with Enter", async () => {
    serveReviewPages();
    const { select, shownClients } = mount();
    select.value = "nadia";
    const submit = new Event("submit", { bubbles: true, cancelable: true });
    act(() => {
      select.form?.dispatchEvent(submit);
    });
    expect(submit.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(shownClients()).toEqual(["Grace"]));
  });

  it("goes to the stylist's page when it cannot load it", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("down", { status: 503 }));
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign } as Location);
    const { choose } = mount();
    choose("nadia");
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/reviews/nadia"));
  });
});
