import { Link } from "~/components/link";
import { reviewCountText } from "~/domain/format";
import { reviewsPath, teamPath } from "~/domain/paths";
import { part } from "~/enhance/define-element";
import { REVIEW_FILTER, REVIEW_FILTER_FIELD } from "~/enhance/review-filter";
import { Pagination } from "./pagination";

export interface FilterStylist {
  slug: string;
  firstName: string;
  lastName: string;
}

export interface ListedReview {
  id: number;
  review: string;
  client: string;
  stylistSlug: string;
  stylistName: string | null;
}

/** One page of reviews and where it stands in the whole list. */
export interface ReviewPage {
  items: ListedReview[];
  page: number;
  pages: number;
  total: number;
}

/**
 * A page of reviews with a filter by stylist. Without JavaScript the filter
 * is a plain GET form with a "Show reviews" button, which the loader turns
 * from ?stylist= into /reviews/{slug}; autocomplete is off so a page loaded
 * again shows its own stylist, not the last choice. `<review-filter>`
 * (app/enhance/review-filter.ts) applies a choice the moment it is made, in
 * place: it fetches the stylist's page and swaps in its list, so moving
 * through the options by keyboard never leaves the page, and the address
 * follows the choice. The pages of a long list are plain links.
 */
export function ReviewFilter({
  stylists,
  current,
  reviews,
}: {
  stylists: FilterStylist[];
  current: string;
  reviews: ReviewPage;
}) {
  const stylist = stylists.find((s) => s.slug === current);
  const { items, page, pages, total } = reviews;
  return (
    <review-filter className="block">
      {/* biome-ignore lint/a11y/useSemanticElements: the form itself is the search landmark, named by its own label */}
      <form
        method="get"
        action="/reviews/all"
        role="search"
        aria-label="Filter reviews by stylist"
        className="flex flex-wrap items-end gap-3"
      >
        <div className="flex min-w-56 flex-1 flex-col gap-1.5 sm:flex-none">
          <label htmlFor="review-stylist" className="text-sm font-medium">
            Show reviews of
          </label>
          {/* key: a new route starts from its own stylist, not the last choice. */}
          <select
            key={current}
            id="review-stylist"
            name={REVIEW_FILTER_FIELD}
            defaultValue={stylist ? current : "all"}
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
        <button type="submit" className="btn-primary" {...part(REVIEW_FILTER.submit)}>
          Show reviews
        </button>
      </form>
      <p role="status" {...part(REVIEW_FILTER.status)} className="mt-6 text-sm text-muted">
        {reviewCountText(total, stylist && `${stylist.firstName} ${stylist.lastName}`, page, pages)}
      </p>
      <div {...part(REVIEW_FILTER.results)}>
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
                      <Link to={teamPath(r.stylistSlug)} className="underline underline-offset-2">
                        {r.stylistName}
                      </Link>
                    </>
                  ) : null}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        {items.length === 0 ? <p className="mt-6 text-muted">No reviews yet. Why not be the first?</p> : null}
        <Pagination path={reviewsPath(current)} page={page} pages={pages} label="Pages of reviews" />
      </div>
    </review-filter>
  );
}
