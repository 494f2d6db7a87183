import { data, Form } from "react-router";
import { ActionNotice } from "~/components/staff/record";
import { RowAction, SelectField, StaffHeading, StaffSection, staffMeta, TextField, When } from "~/components/staff/ui";
import { isStaffRole, ROLE_LABELS, STAFF_ROLES } from "~/domain/staff/access";
import { requestContext } from "~/server/request-context.server";
import { changeRole, disableStaff, inviteStaff, listStaff, signOutEverywhere } from "~/server/staff/accounts.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { recordId } from "~/server/staff/records.server";
import type { Route } from "./+types/team";

export const meta = () => staffMeta("Team");

const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "team");
  const staff = await listStaff(args.context.get(requestContext).db);
  return {
    me: me.staffId,
    staff: staff.map((s) => ({
      id: s.id,
      name: s.name,
      email: s.email,
      role: s.role,
      active: s.active,
      lastSignInAt: s.lastSignInAt?.toISOString() ?? null,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "team");
  const { db } = args.context.get(requestContext);
  if (intent === "invite") {
    const email = (input.email ?? "").trim();
    const name = (input.name ?? "").trim();
    if (
      !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ||
      email.length > 200 ||
      !name ||
      name.length > 100 ||
      !isStaffRole(input.role)
    )
      return data({ error: "Give a name, a working e-mail address and a role." }, { status: 400 });
    const invited = await inviteStaff(db, { email, name, role: input.role }, staff);
    return invited.ok
      ? { done: `${name} is invited: the e-mail is on its way.` }
      : data({ error: invited.error }, { status: 409 });
  }
  const id = recordId(input.staff);
  if (!id) return data({ error: "There is no such account." }, { status: 404 });
  if (intent === "role") {
    if (!isStaffRole(input.role)) return data({ error: "Choose one of the roles." }, { status: 400 });
    const problem = await changeRole(db, staff, id, input.role);
    return problem ? data({ error: problem }, { status: 409 }) : { done: "Role changed." };
  }
  if (intent === "sign-out-everywhere") {
    const passkeys = input.passkeys === "remove";
    const problem = await signOutEverywhere(db, staff, id, { passkeys });
    if (problem) return data({ error: problem }, { status: 409 });
    return { done: passkeys ? "Signed out everywhere, and every passkey removed." : "Signed out everywhere." };
  }
  const problem = await disableStaff(db, staff, id);
  return problem
    ? data({ error: problem }, { status: 409 })
    : { done: "The account is disabled and signed out everywhere." };
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title="Team">Who can sign in to the console, and what they may do.</StaffHeading>
      <ActionNotice message={actionData} />
      <StaffSection id="invite-heading" title="Invite someone" className="card mb-6 p-5">
        <Form method="post" preventScrollReset className="mt-3 grid gap-x-4 sm:grid-cols-3">
          <TextField label="Name" name="name" required maxLength={100} autoComplete="off" />
          <TextField label="E-mail address" name="email" type="email" required maxLength={200} autoComplete="off" />
          <SelectField label="Role" name="role" options={ROLE_OPTIONS} defaultValue="front-desk" />
          <div>
            <button type="submit" name="intent" value="invite" className="btn-primary">
              Send invitation
            </button>
          </div>
        </Form>
      </StaffSection>
      <ul className="space-y-3" aria-label="Staff accounts">
        {loaderData.staff.map((s) => (
          <li key={s.id} id={`staff-${s.id}`} className="card flex flex-wrap items-end justify-between gap-4 p-4">
            <div>
              <p className="font-semibold">
                {s.name} {s.active ? "" : "(disabled)"}
              </p>
              <p className="text-sm text-muted">
                {s.email} · {ROLE_LABELS[s.role as keyof typeof ROLE_LABELS] ?? s.role} · last signed in{" "}
                <When at={s.lastSignInAt} />
              </p>
            </div>
            {s.id !== loaderData.me && s.active ? (
              <div className="flex flex-wrap items-end gap-3">
                <Form method="post" preventScrollReset className="flex items-end gap-2">
                  <input type="hidden" name="staff" value={s.id} />
                  <SelectField
                    label={`Role of ${s.name}`}
                    name="role"
                    options={ROLE_OPTIONS}
                    defaultValue={s.role}
                    idSuffix={`-${s.id}`}
                  />
                  <button type="submit" name="intent" value="role" className="btn-outline mb-4">
                    Change
                  </button>
                </Form>
                <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="staff" value={s.id} />
                  <label className="mb-4 flex items-center gap-2 text-sm">
                    <input type="checkbox" name="passkeys" value="remove" />
                    Also remove their passkeys<span className="sr-only"> ({s.name})</span>
                  </label>
                  <button type="submit" name="intent" value="sign-out-everywhere" className="btn-outline mb-4">
                    Sign out everywhere<span className="sr-only"> {s.name}</span>
                  </button>
                </Form>
                <RowAction field="staff" value={s.id} intent="disable" label="Disable" of={s.name} className="mb-4" />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
