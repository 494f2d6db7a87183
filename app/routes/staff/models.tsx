import { ExportLink } from "~/components/staff/export-link";
import { StatusTabs } from "~/components/staff/filters";
import { SimpleList } from "~/components/staff/simple-list";
import { Pager, pageOf, StaffHeading, staffMeta } from "~/components/staff/ui";
import { listModelApplications, statusFilterOf } from "~/server/staff/applications.server";
import { audit } from "~/server/staff/audit.server";
import { requireStaff } from "~/server/staff/auth.server";
import type { Route } from "./+types/models";

export const meta = () => staffMeta("Model applications");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "models");
  const url = new URL(args.request.url);
  const status = statusFilterOf(url.searchParams);
  const page = pageOf(url);
  const rows = await listModelApplications(args.context.db, status, { limit: page.limit + 1, offset: page.offset });
  const shown = rows.slice(0, page.limit);
  await audit(args.context.db, staff, {
    action: "model.list",
    summary: `${status}, page ${page.page}, ${shown.length} shown`,
  });
  return {
    status,
    page: page.page,
    hasNext: rows.length > page.limit,
    search: url.search,
    items: shown.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

export default function Models({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title="Model applications">People offering to be hair models for training.</StaffHeading>
      <ExportLink list="models" />
      <StatusTabs current={loaderData.status} />
      <SimpleList label="Model applications" base="/staff/models" items={loaderData.items} />
      <Pager page={loaderData.page} hasNext={loaderData.hasNext} search={loaderData.search} />
    </>
  );
}
