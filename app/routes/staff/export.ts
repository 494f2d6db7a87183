/** GET /staff/export/{list}?{the list's filters}: the list as a CSV file, for owners and managers only. */
import { data } from "react-router";
import { pagePathOf } from "~/domain/site-path";
import { EXPORT_LISTS, EXPORT_ROUTES, staffPath } from "~/domain/staff/routes";
import { requestContext } from "~/server/request-context.server";
import { requireStaff } from "~/server/staff/auth.server";
import { exportCsv, exportFileName } from "~/server/staff/export.server";
import type { Route } from "./+types/export";

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const path = pagePathOf(url.pathname);
  const list = EXPORT_LISTS.find((l) => path === staffPath(`export/${l}`));
  if (!list) throw data({ error: "There is no such list to download." }, { status: 404 });
  const staff = await requireStaff(args, EXPORT_ROUTES[list]);
  return new Response(await exportCsv(args.context.get(requestContext).db, staff, list, url.searchParams), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(list)}"`,
    },
  });
}
