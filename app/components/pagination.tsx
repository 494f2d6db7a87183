import { pagePath } from "~/domain/pagination";

/**
 * Links to the previous and next page of a list, with where the visitor is.
 * Plain anchors: they work without JavaScript, and every page has its own
 * address. Nothing is shown for a list that fits on one page.
 */
export function Pagination({ path, page, pages, label }: { path: string; page: number; pages: number; label: string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap items-center justify-between gap-3" data-pagination="">
      {page > 1 ? (
        <a href={pagePath(path, page - 1)} rel="prev" className="btn-outline">
          Previous page
        </a>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <a href={pagePath(path, page + 1)} rel="next" className="btn-outline">
          Next page
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
