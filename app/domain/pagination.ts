/**
 * Lists that grow with the salon (reviews, blog posts) are shown a page at a
 * time, so a page's weight and rendering time stay the same however many
 * rows there are. Pages are plain links (`?page=2`): they work without
 * JavaScript and crawlers follow them.
 */

/** How many of each list one page shows. The demo content's reviews fit on one page. */
export const REVIEWS_PER_PAGE = 50;
export const POSTS_PER_PAGE = 12;
/** The rotating review feeds on the home and team pages carry a sample of this many. */
export const FEED_REVIEW_COUNT = 12;

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * The page a URL asks for: 1 when it names none, null when `page` is not a
 * whole number from 1 (the route answers 404, as for a page past the end).
 */
export function requestedPage(url: URL): number | null {
  const raw = url.searchParams.get("page");
  if (raw === null) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}

/** The address of one page of a list: page 1 is the list's own address, without a `page` parameter. */
export function pagePath(path: string, page: number): string {
  return page <= 1 ? path : `${path}?page=${page}`;
}

/** " (page 2 of 5)" for a title, nothing for a list that fits on one page or for its first page. */
export function pageSuffix(page: number, pages: number): string {
  return page > 1 ? ` (page ${page} of ${pages})` : "";
}
