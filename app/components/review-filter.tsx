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
 * Choose a stylist and go to their reviews page: a plain GET form, which the
 * loader turns from ?stylist= into /reviews/{slug}. It never navigates on
 * change alone, so moving through the options by keyboard doesn't leave the page.
 * Coming back to a page, the browser must not put back the last choice:
 * the select shows the page's own stylist (autocomplete off, and
 * app/enhance/index.ts resets it when the page returns from the back-forward cache).
 */
export function ReviewFilter({ stylists, current }: { stylists: FilterStylist[]; current: string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the form itself is the search landmark, named by its own label
    <form
      method="get"
      action="/reviews/all"
      role="search"
      data-reset-on-return=""
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
          name="stylist"
          defaultValue={current}
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
      <button type="submit" className="btn-primary">
        Show reviews
      </button>
    </form>
  );
}
