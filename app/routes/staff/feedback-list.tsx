import { RecordListPage } from "~/components/staff/list-page";
import { staffMeta } from "~/components/staff/ui";
import { listFeedback, loadRecordList } from "~/server/staff/applications.server";
import type { Route } from "./+types/feedback-list";

export const meta = () => staffMeta("Feedback");

export const loader = (args: Route.LoaderArgs) =>
  loadRecordList(
    args,
    "feedbackList",
    { rows: listFeedback, audited: "feedback.list" },
    (r) => `experience ${r.experience}/5, result ${r.result}/5`,
  );

export default function FeedbackList({ loaderData }: Route.ComponentProps) {
  return <RecordListPage kind="feedback" data={loaderData} />;
}
