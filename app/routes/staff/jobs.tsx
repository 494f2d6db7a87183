import { RecordListPage } from "~/components/staff/list-page";
import { staffMeta } from "~/components/staff/ui";
import { jobRoleLabel } from "~/domain/form-texts";
import { listJobApplications, loadRecordList } from "~/server/staff/applications.server";
import type { Route } from "./+types/jobs";

export const meta = () => staffMeta("Job applications");

export const loader = (args: Route.LoaderArgs) =>
  loadRecordList(
    args,
    "jobs",
    { rows: listJobApplications, audited: "job.list" },
    (a) => `${jobRoleLabel(a)} · ${a.position} · ${a.salon}`,
  );

export default function Jobs({ loaderData }: Route.ComponentProps) {
  return <RecordListPage kind="jobs" data={loaderData} />;
}
