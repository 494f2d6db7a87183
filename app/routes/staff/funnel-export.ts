/** GET /staff/funnel/export: the funnel's figures as a CSV file, one line per week, salon, level, stylist and source. */
import { CSV_BOM, csvHeader, csvRow } from "~/domain/staff/csv";
import { funnelCsvColumns } from "~/domain/staff/funnel";
import { requestContext } from "~/server/request-context.server";
import { audit } from "~/server/staff/audit.server";
import { requireStaff } from "~/server/staff/auth.server";
import { loadFunnel } from "~/server/staff/funnel.server";
import type { Route } from "./+types/funnel-export";

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "funnelExport");
  const { db } = args.context.get(requestContext);
  // A few hundred lines at most (keys × weeks, never events or quotes), so the file is made whole.
  const funnel = await loadFunnel(db, staff.scope);
  const columns = funnelCsvColumns(funnel.names);
  let file = CSV_BOM + csvHeader(columns);
  for (const row of funnel.rows) file += csvRow(columns, row);
  await audit(db, staff, { action: "funnel.export", summary: `${funnel.rows.length} rows` });
  return new Response(file, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="maison-ivy-funnel-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
