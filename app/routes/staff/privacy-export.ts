/**
 * POST /staff/privacy/export: everything held about one person (from an
 * e-mail address, a mobile number, or a name with a day, and every address and
 * number their records lead to), as a JSON or CSV download for a subject access request.
 * Owners only, after a recent sign-in; each download is a logged, audited request.
 */
import { data } from "react-router";
import { parseSubject } from "~/domain/privacy";
import { exportPersonalData } from "~/server/privacy/rights.server";
import { requestContext } from "~/server/request-context.server";
import { noPage, requireStaffAction } from "~/server/staff/auth.server";
import type { Route } from "./+types/privacy-export";

export const loader = () => noPage();

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "privacyExport");
  const subject = parseSubject(input.identifier ?? "", input.day?.trim() || undefined);
  if (!subject)
    return data(
      { error: "Enter an e-mail address, a UK mobile number, or a name with the day one of their records was made." },
      { status: 422 },
    );
  const exported = await exportPersonalData(args.context.get(requestContext).db, subject, staff);
  const json = intent === "json";
  const file = `${exported.reference.replace("/", "-")}.${json ? "json" : "csv"}`;
  return new Response(json ? exported.json : exported.csv, {
    headers: {
      "Content-Type": json ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file}"`,
      "Cache-Control": "no-store",
    },
  });
}
