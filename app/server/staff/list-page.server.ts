import { and, eq } from "drizzle-orm";
import { type RouterContextProvider, redirect } from "react-router";
/**
 * The one page of rows a console list's loader hands its page: the gate, the
 * filters and search from the URL, and the audit row (lists show people's
 * details). Apart from lists.server.ts, whose helpers the audit log itself uses.
 */
import { pagePathOf } from "~/domain/site-path";
import type { SalonScope } from "~/domain/staff/access";
import type { AuditAction } from "~/domain/staff/audit-log";
import { pageOf } from "~/domain/staff/lists";
import type { StaffRouteKey } from "~/domain/staff/routes";
import { requestContext } from "~/server/request-context.server";
import type { Database } from "../db.server";
import { staffListFilters } from "../schema.server";
import { audit } from "./audit.server";
import { requireStaff } from "./auth.server";
import { describeFilter, type ListPage } from "./lists.server";

interface ListPageState {
  page: number;
  hasNext: boolean;
  /** The URL's query, so the pager and tabs keep the filters. */
  search: string;
  /** The search box's words, as understood. */
  q: string;
}

export interface ListQuery<Filter extends { q?: string }, Row> {
  filterOf(params: URLSearchParams): Filter;
  /** One page of rows, of the salons in the member of staff's scope where the rows have a salon. */
  rows(db: Database, filter: Filter, page: ListPage, scope: SalonScope): Promise<Row[]>;
  /** The audit log's name for looking at this list; none for the audit log itself. */
  audited?: AuditAction;
}

/**
 * One page of a console list for its loader: the gate, the filters and
 * search from the URL, one row more than a page to know whether another
 * follows, and the audit row saying who looked at which page with which filters.
 */
export async function loadListPage<Filter extends { q?: string }, Row>(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  key: StaffRouteKey,
  query: ListQuery<Filter, Row>,
) {
  const staff = await requireStaff(args, key);
  const url = new URL(args.request.url);
  // The audit log is opened for one record or person from their page, each time afresh: it remembers nothing.
  if (key !== "audit") await rememberFilters(args.context.get(requestContext).db, staff.staffId, key, url);
  const filter = query.filterOf(url.searchParams);
  const page = pageOf(url);
  const found = await query.rows(
    args.context.get(requestContext).db,
    filter,
    { limit: page.limit + 1, offset: page.offset },
    staff.scope,
  );
  const rows = found.slice(0, page.limit);
  if (query.audited)
    await audit(args.context.get(requestContext).db, staff, {
      action: query.audited,
      summary: `page ${page.page}, ${rows.length} shown; filters: ${describeFilter(filter)}`,
    });
  const list: ListPageState = {
    page: page.page,
    hasNext: found.length > page.limit,
    search: url.search,
    q: filter.q ?? "",
  };
  return { staff, filter, rows, list };
}

/** What of a list's query is remembered: its filters and order, never the page, nor the words searched for. */
const FORGOTTEN = new Set(["page", "q", "clear"]);

/**
 * Remembered filters: a list opened with a query stores its filters for this
 * member of staff (or forgets them when none is set, as "Clear" does); a list
 * opened without one goes to the filters last stored. The search box's words
 * are left out: they are often a client's name or number.
 */
async function rememberFilters(db: Database, staffId: number, list: StaffRouteKey, requested: URL): Promise<void> {
  // The address as the browser shows it, whether the page or its data (a navigation in the app) was asked for.
  const url = new URL(requested);
  url.pathname = pagePathOf(url.pathname);
  url.searchParams.delete("_routes");
  const mine = and(eq(staffListFilters.staffId, staffId), eq(staffListFilters.list, list));
  if (url.search === "") {
    const [saved] = await db.select({ search: staffListFilters.search }).from(staffListFilters).where(mine);
    if (saved) throw redirect(`${url.pathname}?${saved.search}`);
    return;
  }
  const kept = new URLSearchParams([...url.searchParams].filter(([name, value]) => value && !FORGOTTEN.has(name)));
  const search = kept.toString();
  if (url.searchParams.has("clear")) {
    await db.delete(staffListFilters).where(mine);
    url.searchParams.delete("clear");
    throw redirect(`${url.pathname}${url.search}`);
  }
  if (search === "") await db.delete(staffListFilters).where(mine);
  else
    await db
      .insert(staffListFilters)
      .values({ staffId, list, search })
      .onConflictDoUpdate({
        target: [staffListFilters.staffId, staffListFilters.list],
        set: { search, updatedAt: new Date() },
      });
}
