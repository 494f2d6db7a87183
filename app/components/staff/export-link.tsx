import { useLocation, useRouteLoaderData } from "react-router";
import { can, type StaffRole } from "~/domain/staff/access";
import { type ExportList, staffPath } from "~/domain/staff/routes";

/** Who is signed in, as the console's layout loader says (routes/staff/layout.tsx). */
export function useStaffUser() {
  return useRouteLoaderData<{ staff: { role: StaffRole } | null }>("routes/staff/layout")?.staff ?? null;
}

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
