import { data } from "react-router";
import { ActionNotice, RecordWork } from "~/components/staff/record";
import { ContactButtons, StaffHeading, StaffSection, staffMeta, When } from "~/components/staff/ui";
import { requestContext } from "~/server/request-context.server";
import { getModelApplication } from "~/server/staff/applications.server";
import { auditView } from "~/server/staff/audit.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { listHistory, recordId, workRecord } from "~/server/staff/records.server";
import type { Route } from "./+types/model";

export const meta = ({ data }: Route.MetaArgs) => staffMeta(data ? `Model: ${data.model.name}` : "Model application");

const MISSING = "There is no model application with that number.";

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "model");
  const id = recordId(args.params.id);
  const row = id ? await getModelApplication(args.context.get(requestContext).db, id) : undefined;
  if (!id || !row) throw data({ error: MISSING }, { status: 404 });
  await auditView(args.context.get(requestContext).db, staff, "model.view", { type: "model", id });
  return {
    canUpdate: staff.can("applications.update"),
    history: await listHistory(args.context.get(requestContext).db, "model", id),
    model: {
      name: row.name,
      mobile: row.mobile,
      info: row.info,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "model");
  const id = recordId(args.params.id);
  if (!id) throw data({ error: MISSING }, { status: 404 });
  const outcome = await workRecord(args.context.get(requestContext).db, staff, "model", id, intent, input);
  return outcome.ok ? { done: outcome.done } : data({ error: outcome.error }, { status: outcome.status });
}

export default function Model({ loaderData, actionData }: Route.ComponentProps) {
  const m = loaderData.model;
  return (
    <>
      <StaffHeading title={`Model: ${m.name}`}>
        Received <When at={m.createdAt} />
      </StaffHeading>
      <ActionNotice message={actionData} />
      <StaffSection id="model-heading" title="Details" className="card mb-6 p-5">
        <ContactButtons mobile={m.mobile} />
        <p className="whitespace-pre-wrap">{m.info}</p>
      </StaffSection>
      <RecordWork kind="model" status={m.status} history={loaderData.history} canUpdate={loaderData.canUpdate} />
    </>
  );
}
