import { ExportLink } from "~/components/staff/export-link";
import { StatusTabs } from "~/components/staff/filters";
import { SimpleList } from "~/components/staff/simple-list";
import { Pager, pageOf, StaffHeading, staffMeta } from "~/components/staff/ui";
import { listFeedback, statusFilterOf } from "~/server/staff/applications.server";
import { audit } from "~/server/staff/audit.server";
import { requireStaff } from "~/server/staff/auth.server";
import type { Route } from "./+types/feedback-list";

export const meta = () => staffMeta("Feedback");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "feedbackList");
  const url = new URL(args.request.url);
  const status = statusFilterOf(url.searchParams);
  const page = pageOf(url);
  const rows = await listFeedback(args.context.db, status, { limit: page.limit + 1, offset: page.offset });
  const shown = rows.slice(0, page.limit);
  await audit(args.context.db, staff, {
    action: "feedback.list",
    summary: `${status}, page ${page.page}, ${shown.length} shown`,
  });
  return {
    status,
    page: page.page,
    hasNext: rows.length > page.limit,
    search: url.search,
    items: shown.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      detail: `experience ${r.experience}/5, result ${r.result}/5`,
    })),
  };
}

export default function FeedbackList({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title="Feedback">Answers to the client survey, newest first.</StaffHeading>
      <ExportLink list="feedback" />
      <StatusTabs current={loaderData.status} />
      <SimpleList label="Feedback" base="/staff/feedback" items={loaderData.items} />
      <Pager page={loaderData.page} hasNext={loaderData.hasNext} search={loaderData.search} />
    </>
  );
}
