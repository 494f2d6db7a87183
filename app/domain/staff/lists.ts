/** How many rows one page of a console list shows. */
const PAGE_SIZE = 25;

/** Which page of a console list the URL asks for (1-based), and the rows to skip. */
export function pageOf(url: URL): { page: number; offset: number; limit: number } {
  const page = Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  return { page, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
}

/** What the loader says of the page shown (loadListPage). */
export interface ListState {
  page: number;
  hasNext: boolean;
  search: string;
  q: string;
}

/** A list of records worked by status (applications, models, feedback), as its loader hands it to the page. */
export interface RecordListData {
  status: string;
  list: ListState;
  items: { id: number; name: string; createdAt: string; status: string; detail?: string }[];
}

/** The orders the quotes list offers; the first is the default. */
export const LEAD_SORTS = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "total-high", label: "Highest total first" },
  { value: "total-low", label: "Lowest total first" },
] as const;
export type LeadSort = (typeof LEAD_SORTS)[number]["value"];

/** How many records one bulk action takes: a page and then some. */
export const BULK_MAX = 100;
