import { data } from "react-router";
import { ActionNotice, RecordWork } from "~/components/staff/record";
import { StaffHeading, StaffSection, staffMeta, When } from "~/components/staff/ui";
import { FEEDBACK_LABELS, FEEDBACK_QUESTIONS } from "~/domain/forms";
import { clientName } from "~/domain/staff/records";
import { requestContext } from "~/server/request-context.server";
import { getFeedback } from "~/server/staff/applications.server";
import { auditView } from "~/server/staff/audit.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { listHistory, recordId, workRecord } from "~/server/staff/records.server";
import type { Route } from "./+types/feedback";

export const meta = ({ data }: Route.MetaArgs) =>
  staffMeta(data ? `Feedback from ${clientName(data.name)}` : "Feedback");

const MISSING = "There is no feedback with that number.";
const yesNo = (value: boolean | null) => (value === null ? "not answered" : value ? "yes" : "no");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "feedback");
  const id = recordId(args.params.id);
  const row = id ? await getFeedback(args.context.get(requestContext).db, id) : undefined;
  if (!id || !row) throw data({ error: MISSING }, { status: 404 });
  await auditView(args.context.get(requestContext).db, staff, "feedback.view", { type: "feedback", id });
  return {
    canUpdate: staff.can("feedback.update"),
    history: await listHistory(args.context.get(requestContext).db, "feedback", id),
    name: row.name,
    mobile: row.mobile,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    answers: [
      ...(Object.keys(FEEDBACK_QUESTIONS) as (keyof typeof FEEDBACK_QUESTIONS)[]).map((key) => ({
        question: FEEDBACK_QUESTIONS[key],
        answer: `${row[key]} out of 5`,
      })),
      { question: FEEDBACK_LABELS.rec, answer: yesNo(row.rec) },
      { question: FEEDBACK_LABELS.points, answer: yesNo(row.points) },
      { question: FEEDBACK_LABELS.return, answer: row.returnReason },
      { question: FEEDBACK_LABELS.repeat, answer: row.repeat },
      { question: "Comments", answer: row.comments ?? "" },
    ],
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "feedback");
  const id = recordId(args.params.id);
  if (!id) throw data({ error: MISSING }, { status: 404 });
  const outcome = await workRecord(args.context.get(requestContext).db, staff, "feedback", id, intent, input);
  return outcome.ok ? { done: outcome.done } : data({ error: outcome.error }, { status: outcome.status });
}

export default function Feedback({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title={`Feedback from ${clientName(loaderData.name)}`}>
        Sent <When at={loaderData.createdAt} />
        {loaderData.mobile ? ` · ${loaderData.mobile}` : null}
      </StaffHeading>
      <ActionNotice message={actionData} />
      <StaffSection id="answers-heading" title="Answers" className="card mb-6 p-5">
        <dl className="mt-3 space-y-2">
          {loaderData.answers.map((a) => (
            <div key={a.question}>
              <dt className="text-muted">{a.question}</dt>
              <dd className="whitespace-pre-wrap">{a.answer || "—"}</dd>
            </div>
          ))}
        </dl>
      </StaffSection>
      <RecordWork
        kind="feedback"
        status={loaderData.status}
        history={loaderData.history}
        canUpdate={loaderData.canUpdate}
      />
    </>
  );
}
