import { RecordListPage } from "~/components/staff/list-page";
import { staffMeta } from "~/components/staff/ui";
import { listModelApplications, loadRecordList } from "~/server/staff/applications.server";
import type { Route } from "./+types/models";

export const meta = () => staffMeta("Model applications");

export const loader = (args: Route.LoaderArgs) =>
  loadRecordList(args, "models", { rows: listModelApplications, audited: "model.list" });

export default function Models({ loaderData }: Route.ComponentProps) {
  return <RecordListPage kind="models" data={loaderData} />;
}
