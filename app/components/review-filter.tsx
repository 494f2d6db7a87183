import { useNavigate } from "react-router";

export interface FilterStylist {
  slug: string;
  firstName: string;
  lastName: string;
}

/** Where the filter sends the visitor: /reviews/{slug}, or /reviews/all. */
export function reviewsPath(slug: string | null | undefined): string {
  const value = (slug ?? "").trim();
  return `/reviews/${encodeURIComponent(value === "" ? "all" : value)}`;
}

/**
 * Choose a stylist and go to their reviews page. Without JavaScript it is a
 * plain GET form (the loader turns ?stylist= into /reviews/{slug}); with it,
 * the same submit navigates straight there. It never navigates on change
 * alone, so moving through the options by keyboard doesn't leave the page.
 */
export function ReviewFilter({ stylists, current }: { stylists: FilterStylist[]; current: string }) {
  const navigate = useNavigate();
  return (
    <form
      method="get"
      action="/reviews/all"
      role="search"
      aria-label="Filter reviews by stylist"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = new FormData(event.currentTarget).get("stylist");
        navigate(reviewsPath(typeof chosen === "string" ? chosen : null));
      }}
    >
      <div className="flex min-w-56 flex-1 flex-col gap-1.5 sm:flex-none">
        <label htmlFor="review-stylist" className="text-sm font-medium">
          Show reviews of
        </label>
        {/* key: a new route starts from its own stylist, not the last choice. */}
        <select
          key={current}
          id="review-stylist"
          name="stylist"
          defaultValue={current}
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
      <button type="submit" className="btn-primary">
        Show reviews
      </button>
    </form>
  );
}
