import { redirect } from "react-router";
import { EditNotice } from "~/components/staff/edit";
import { TeamMemberForm } from "~/components/staff/team-member-form";
import { StaffHeading, staffMeta } from "~/components/staff/ui";
import { staffPath } from "~/domain/staff/routes";
import { listLevels, listSalons } from "~/server/queries/catalogue.server";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { createMember } from "~/server/staff/team-content.server";
import type { Route } from "./+types/content-team-new";

export const meta = () => staffMeta("Add a team member");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "contentTeamNew");
  const [salons, levels] = await Promise.all([
    listSalons(args.context.get(requestContext).db),
    listLevels(args.context.get(requestContext).db),
  ]);
  return { salons: salons.map(({ id, name }) => ({ id, name })), levels: levels.map(({ id, name }) => ({ id, name })) };
}

export async function action(args: Route.ActionArgs) {
  const { staff, input, files } = await requireStaffAction(args, "contentTeamNew");
  const created = await createMember(args.context.get(requestContext).db, staff, input, files);
  if (!created.ok) return created.refusal;
  throw redirect(`${staffPath(`content/team/${created.id}`)}?added=1`);
}

export default function NewTeamMember({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title="Add a team member">
        They appear on the team pages and in the calculator as soon as you save, at the end of the team.
      </StaffHeading>
      <EditNotice />
      <TeamMemberForm
        intent="create"
        version={1}
        current={{ acceptingNewClients: "on" }}
        salons={loaderData.salons}
        levels={loaderData.levels}
        photo={null}
        montage={null}
        image="/images/team/placeholder.svg"
        montageImage="/images/team/placeholder-montage.svg"
        submitLabel="Add to the team"
      />
    </>
  );
}
