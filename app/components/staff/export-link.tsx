import { useLocation } from "react-router";
import { can } from "~/domain/staff/access";
import { type ExportList, staffPath } from "~/domain/staff/routes";
import { useStaffUser } from "~/routes/staff/layout";

/**
 * "Download as CSV" for a list, carrying the filters the list shows now
 * (every page of it, so no page number). Hidden from those the server would
 * refuse anyway.
 */
export function ExportLink({ list }: { list: ExportList }) {
  const staff = useStaffUser();
  const { search } = useLocation();
  if (!staff || !can(staff.role, "export")) return null;
  const params = new URLSearchParams(search);
  params.delete("page");
  const query = params.toString();
  return (
    <p className="mb-4">
      <a href={`${staffPath(`export/${list}`)}${query ? `?${query}` : ""}`} download className="btn-outline">
        Download as CSV
      </a>
    </p>
  );
}
