import { Link } from "react-router";
import { ExportLink } from "~/components/staff/export-link";
import { StatusTabs } from "~/components/staff/filters";
import { StatusBadge } from "~/components/staff/record";
import { Pager, pageOf, StaffHeading, staffMeta, When } from "~/components/staff/ui";
import { listJobApplications, statusFilterOf } from "~/server/staff/applications.server";
import { audit } from "~/server/staff/audit.server";
import { requireStaff } from "~/server/staff/auth.server";
import type { Route } from "./+types/jobs";

export const meta = () => staffMeta("Job applications");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "jobs");
  const url = new URL(args.request.url);
  const status = statusFilterOf(url.searchParams);
  const page = pageOf(url);
  const rows = await listJobApplications(args.context.db, { status }, { limit: page.limit + 1, offset: page.offset });
  const shown = rows.slice(0, page.limit);
  await audit(args.context.db, staff, {
    action: "job.list",
    summary: `${status}, page ${page.page}, ${shown.length} shown`,
  });
  return {
    status,
    page: page.page,
    hasNext: rows.length > page.limit,
    search: url.search,
    applications: shown.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title="Job applications">
        From the stylist, apprentice and Saturday forms, newest first.
      </StaffHeading>
      <ExportLink list="jobs" />
      <StatusTabs current={loaderData.status} />
      {loaderData.applications.length === 0 ? (
        <p className="text-muted">No applications here.</p>
      ) : (
        <ul className="space-y-3" aria-label="Job applications">
          {loaderData.applications.map((a) => (
            <li key={a.id} className="card flex flex-wrap items-start justify-between gap-3 p-4">
              <div>
                <Link to={`/staff/applications/${a.id}`} className="text-lg font-semibold underline underline-offset-2">
                  {a.name}
                </Link>
                <p className="text-sm text-muted">
                  {a.role} · {a.position} · {a.salon} · <When at={a.createdAt} />
                </p>
              </div>
              <StatusBadge status={a.status} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={loaderData.page} hasNext={loaderData.hasNext} search={loaderData.search} />
    </>
  );
}
