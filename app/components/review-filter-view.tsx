import { useEffect, useRef, useState } from "react";
import { reviewCountText } from "~/domain/format";
import { reviewsPath, teamPath } from "~/domain/paths";
import { Pagination } from "./pagination";
import { useHydrated } from "./use-hydrated";

/** The filter's select: its name is the query parameter the page reads without JavaScript. */
export const REVIEW_FILTER_FIELD = "stylist";

interface FilterStylist {
  slug: string;
  firstName: string;
  lastName: string;
}

interface ListedReview {
  id: number;
  review: string;
  client: string;
  stylistSlug: string;
  stylistName: string | null;
  /** Where it came from, as the page says it: "Verified visit on 12 November 2026", "Added by the salon". */
  provenance: string;
}

/** One page of reviews and where it stands in the whole list. */
interface ReviewPage {
  items: ListedReview[];
  page: number;
  pages: number;
  total: number;
}

export interface ReviewFilterProps {
  stylists: FilterStylist[];
  current: string;
  reviews: ReviewPage;
}

/**
 * What the stylist's page (/reviews/{slug}, where the form leads without
 * JavaScript) gave this island as props: the same list the server would
 * show there, so nothing is worked out twice.
 */
async function loadFilterProps(path: string, signal: AbortSignal): Promise<ReviewFilterProps> {
  const response = await fetch(path, { signal, headers: { Accept: "text/html" } });
  if (!response.ok) throw new Error(`${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const json = page.querySelector('script[data-island-props="review-filter"]')?.textContent;
  if (!json) throw new Error("no review filter on the page");
  return JSON.parse(json) as ReviewFilterProps;
}

/**
 * The review-filter island: a page of reviews with a filter by stylist.
 * Without JavaScript the filter is a plain GET form with a "Show reviews"
 * button, which the loader turns from ?stylist= into /reviews/{slug};
 * autocomplete is off so a page loaded again shows its own stylist, not the
 * last choice. Hydrated, it applies a choice the moment it is made, in
 * place: it loads the stylist's page and shows its list, pages and count, so
 * moving through the options by keyboard never leaves the page. The address
 * is replaced, not pushed, so arrowing through leaves no trail of history,
 * and a reload or a shared link shows the same reviews. Should loading fail,
 * it goes to that page instead. The pages of a long list are plain links.
 */
export function ReviewFilter(initial: ReviewFilterProps) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(initial);
  const loading = useRef<AbortController | null>(null);
  useEffect(() => () => loading.current?.abort(), []);
  const { stylists, current, reviews } = shown;
  const stylist = stylists.find((s) => s.slug === current);
  const { items, page, pages, total } = reviews;

  const apply = async (slug: string) => {
    const path = reviewsPath(slug);
    // Only the latest choice counts: one still loading is dropped.
    loading.current?.abort();
    const request = new AbortController();
    loading.current = request;
    try {
      const next = await loadFilterProps(path, request.signal);
      if (request.signal.aborted) return;
      setShown(next);
      window.history.replaceState(null, "", path);
    } catch {
      if (!request.signal.aborted) window.location.assign(path);
    }
  };

  return (
    <div className="block">
      {/* biome-ignore lint/a11y/useSemanticElements: the form itself is the search landmark, named by its own label */}
      <form
        method="get"
        action="/reviews/all"
        role="search"
        aria-label="Filter reviews by stylist"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          // Enter still submits the form: filter in place rather than load the page.
          event.preventDefault();
          const select = event.currentTarget.elements.namedItem(REVIEW_FILTER_FIELD);
          if (select instanceof HTMLSelectElement) void apply(select.value);
        }}
      >
        <div className="flex min-w-56 flex-1 flex-col gap-1.5 sm:flex-none">
          <label htmlFor="review-stylist" className="text-sm font-medium">
            Show reviews of
          </label>
          <select
            id="review-stylist"
            name={REVIEW_FILTER_FIELD}
            defaultValue={stylist ? current : "all"}
            onChange={(event) => void apply(event.currentTarget.value)}
            autoComplete="off"
            className="min-h-11 rounded-full border border-ink bg-white px-4 py-2 text-sm"
          >
            <option value="all">All stylists</option>
            {stylists.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.firstName} {s.lastName}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary" hidden={hydrated}>
          Show reviews
        </button>
      </form>
      <p role="status" className="mt-6 text-sm text-muted">
        {reviewCountText(total, stylist && `${stylist.firstName} ${stylist.lastName}`, page, pages)}
      </p>
      <div>
        <ul className="mt-4 grid gap-6 md:grid-cols-2" data-testid="review-list">
          {items.map((r) => (
            <li key={r.id} className="card p-6 sm:p-8">
              <figure>
                <blockquote className="font-display text-lg leading-relaxed">
                  <p>“{r.review}”</p>
                </blockquote>
                <figcaption className="mt-4 text-sm text-muted">
                  <span className="font-medium text-ink">{r.client}</span>
                  {r.stylistName ? (
                    <>
                      {" "}
                      with{" "}
                      <a href={teamPath(r.stylistSlug)} className="underline underline-offset-2">
                        {r.stylistName}
                      </a>
                    </>
                  ) : null}
                  <span className="mt-1 block" data-testid="provenance">
                    {r.provenance}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        {items.length === 0 ? <p className="mt-6 text-muted">No reviews yet. Why not be the first?</p> : null}
        <Pagination path={reviewsPath(current)} page={page} pages={pages} label="Pages of reviews" />
      </div>
    </div>
  );
}
