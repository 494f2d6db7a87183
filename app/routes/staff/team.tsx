import { data, Form } from "react-router";
import { ActionNotice } from "~/components/staff/record";
import { RowAction, SelectField, StaffHeading, StaffSection, staffMeta, TextField, When } from "~/components/staff/ui";
import { EMAIL_MAX_LENGTH } from "~/domain/form-texts";
import { staffPersonSchema } from "~/domain/forms";
import { isStaffRole, ROLE_LABELS, STAFF_ROLES } from "~/domain/staff/access";
import { requestContext } from "~/server/request-context.server";
import { changeRole, disableStaff, inviteStaff, listStaff, signOutEverywhere } from "~/server/staff/accounts.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { leadFilterChoices } from "~/server/staff/leads.server";
import { recordId } from "~/server/staff/records.server";
import type { Route } from "./+types/team";

export const meta = () => staffMeta("Team");

const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "team");
  const { db } = args.context.get(requestContext);
  const [staff, { salons }] = await Promise.all([listStaff(db), leadFilterChoices(db, me.scope)]);
  return {
    me: me.staffId,
    salons,
    staff: staff.map((s) => ({
      id: s.id,
      name: s.name,
      email: s.email,
      role: s.role,
      salonIds: s.salonIds,
      active: s.active,
      lastSignInAt: s.lastSignInAt?.toISOString() ?? null,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "team");
  const { db } = args.context.get(requestContext);
  // An owner's account is of all salons whatever is ticked (accountSalons), so only other roles are asked.
  const salonIds = input.role === "owner" ? null : salonsOf(input.salons);
  if (salonIds === "both") return data({ error: BOTH_SALON_CHOICES }, { status: 400 });
  if (intent === "invite") {
    const person = staffPersonSchema.safeParse({ name: input.name ?? "", email: input.email ?? "" });
    if (!person.success || !isStaffRole(input.role) || salonIds === undefined)
      return data({ error: "Give a name, a working e-mail address, a role and the salons." }, { status: 400 });
    const invited = await inviteStaff(db, { ...person.data, role: input.role, salonIds }, staff);
    return invited.ok
      ? { done: `${person.data.name} is invited: the e-mail is on its way.` }
      : data({ error: invited.error }, { status: 409 });
  }
  const id = recordId(input.staff);
  if (!id) return data({ error: "There is no such account." }, { status: 404 });
  if (intent === "role") {
    if (!isStaffRole(input.role) || salonIds === undefined)
      return data({ error: "Choose one of the roles, and the salons or all salons." }, { status: 400 });
    const problem = await changeRole(db, staff, id, input.role, salonIds);
    return problem ? data({ error: problem }, { status: 409 }) : { done: "Role and salons changed." };
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

const BOTH_SALON_CHOICES =
  "Tick All salons or particular salons, not both: nothing was changed, so no one was given more salons than meant.";

/**
 * The salons ticked on the form ("all", or salon ids, as "1,3"): null for all, the ids, "both" when "all" is
 * ticked with particular salons (which was meant is not for the site to guess: taking "all" gave a person
 * meant for one salon every salon's clients), or undefined when the field is missing or holds anything else.
 */
function salonsOf(value: string | undefined): number[] | null | "both" | undefined {
  const parts = (value ?? "").split(",").filter(Boolean);
  if (parts.length === 0 || parts.length > 50) return undefined;
  if (parts.includes("all")) return parts.length === 1 ? null : "both";
  return parts.every((p) => /^[1-9]\d{0,8}$/.test(p)) ? parts.map(Number) : undefined;
}

/**
 * A tick and its words, a row a thumb can take at the front desk: the box 20 px and the row 44 px high, so ticks
 * wrapped onto two lines of a phone's screen are not within each other's reach (WCAG 2.2's target size).
 */
const TICK_ROW = "flex min-h-11 items-center gap-2 text-sm";

/**
 * With JavaScript, ticking a salon unticks "All salons" and ticking "All salons" unticks the salons, so the form
 * never sends both (without it, the server refuses both).
 */
function keepSalonTicksApart(event: React.ChangeEvent<HTMLInputElement>) {
  const tick = event.currentTarget;
  if (!tick.checked) return;
  for (const other of tick.closest("fieldset")?.querySelectorAll<HTMLInputElement>("input[name=salons]") ?? [])
    if ((other.value === "all") !== (tick.value === "all")) other.checked = false;
}

/** Ticks for "All salons" and each salon: an owner's account is always of all salons, whatever is ticked. */
function SalonTicks({
  salons,
  chosen,
  of,
}: {
  salons: readonly { id: number; name: string }[];
  chosen: readonly number[] | null;
  of?: string;
}) {
  return (
    <fieldset className="mb-4">
      <legend className="text-sm font-semibold">
        Salons<span className="sr-only">{of ? ` of ${of}` : ""}</span>
      </legend>
      <div className="flex flex-wrap gap-x-5">
        <label className={TICK_ROW}>
          <input
            type="checkbox"
            name="salons"
            value="all"
            defaultChecked={chosen === null}
            onChange={keepSalonTicksApart}
            className="size-5"
          />
          All salons
        </label>
        {salons.map((salon) => (
          <label key={salon.id} className={TICK_ROW}>
            <input
              type="checkbox"
              name="salons"
              value={salon.id}
              defaultChecked={chosen?.includes(salon.id) ?? false}
              onChange={keepSalonTicksApart}
              className="size-5"
            />
            {salon.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const salonName = new Map(loaderData.salons.map((s) => [s.id, s.name]));
  return (
    <>
      <StaffHeading title="Team">Who can sign in to the console, and what they may do.</StaffHeading>
      <ActionNotice message={actionData} />
      <StaffSection id="invite-heading" title="Invite someone" className="card mb-6 p-5">
        <Form method="post" preventScrollReset className="mt-3 grid gap-x-4 sm:grid-cols-3">
          <TextField label="Name" name="name" required maxLength={100} autoComplete="off" />
          <TextField
            label="E-mail address"
            name="email"
            type="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            autoComplete="off"
          />
          <SelectField label="Role" name="role" options={ROLE_OPTIONS} defaultValue="front-desk" />
          <div className="sm:col-span-3">
            {/* Nothing ticked: whoever invites says which salons, rather than all of them by default. */}
            <SalonTicks salons={loaderData.salons} chosen={[]} />
          </div>
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
                {s.email} · {ROLE_LABELS[s.role as keyof typeof ROLE_LABELS] ?? s.role} ·{" "}
                {s.salonIds === null
                  ? "all salons"
                  : s.salonIds.map((id) => salonName.get(id) ?? `salon ${id}`).join(", ")}{" "}
                · last signed in <When at={s.lastSignInAt} />
              </p>
            </div>
            {s.id !== loaderData.me && s.active ? (
              <div className="flex flex-wrap items-end gap-3">
                <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="staff" value={s.id} />
                  <SelectField
                    label={`Role of ${s.name}`}
                    name="role"
                    options={ROLE_OPTIONS}
                    defaultValue={s.role}
                    idSuffix={`-${s.id}`}
                  />
                  <SalonTicks salons={loaderData.salons} chosen={s.salonIds} of={s.name} />
                  <button type="submit" name="intent" value="role" className="btn-outline mb-4">
                    Change
                  </button>
                </Form>
                <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="staff" value={s.id} />
                  <label className={`mb-4 ${TICK_ROW}`}>
                    <input type="checkbox" name="passkeys" value="remove" className="size-5" />
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
