/** GET /staff/scorecard/export: the scorecard as a CSV file, one line per salon and week, stylist and level. */
import { CSV_BOM, csvHeader, csvRow } from "~/domain/staff/csv";
import { scorecardCsvColumns } from "~/domain/staff/scorecard";
import { requestContext } from "~/server/request-context.server";
import { audit } from "~/server/staff/audit.server";
import { requireStaff } from "~/server/staff/auth.server";
import { loadScorecard } from "~/server/staff/scorecard.server";
import type { Route } from "./+types/scorecard-export";

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "scorecardExport");
  const { db } = args.context.get(requestContext);
  // The account's salons only, as the gate gives them (decision 109).
  const scorecard = await loadScorecard(db, staff.scope);
  const rows = [...scorecard.bySalonWeek, ...scorecard.byStylist, ...scorecard.byLevel];
  const columns = scorecardCsvColumns(scorecard.names);
  let file = CSV_BOM + csvHeader(columns);
  for (const row of rows) file += csvRow(columns, row);
  await audit(db, staff, { action: "scorecard.export", summary: `${rows.length} rows` });
  return new Response(file, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="maison-ivy-scorecard-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
