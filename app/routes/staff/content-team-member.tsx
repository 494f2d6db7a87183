import { data, Link } from "react-router";
import { EditNotice, ViewOnSite } from "~/components/staff/edit";
import { TeamMemberForm } from "~/components/staff/team-member-form";
import { CreatedNotice, StaffHeading, staffMeta } from "~/components/staff/ui";
import { teamPath } from "~/domain/paths";
import { staffPath } from "~/domain/staff/routes";
import { listLevels, listSalons } from "~/server/queries/catalogue.server";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { getMemberForStaff, memberFormValues, updateMember } from "~/server/staff/team-content.server";
import type { Route } from "./+types/content-team-member";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  staffMeta(loaderData ? `Edit ${loaderData.member.firstName} ${loaderData.member.lastName}` : "Team member");

const memberId = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : 0);

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "contentTeamMember");
  const { db } = args.context.get(requestContext);
  const [member, salons, levels] = await Promise.all([
    getMemberForStaff(db, memberId(args.params.id)),
    listSalons(db),
    listLevels(db),
  ]);
  if (!member) throw data({ error: "There is no such team member." }, { status: 404 });
  return {
    member,
    current: memberFormValues(member),
    added: new URL(args.request.url).searchParams.has("added"),
    salons: salons.map(({ id, name }) => ({ id, name })),
    levels: levels.map(({ id, name }) => ({ id, name })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, input, files } = await requireStaffAction(args, "contentTeamMember");
  const refusal = await updateMember(
    args.context.get(requestContext).db,
    staff,
    memberId(args.params.id),
    input,
    files,
  );
  if (refusal) return refusal;
  return { done: `Saved. The site shows ${input.firstName}'s changes now.` };
}

export default function EditTeamMember({ loaderData }: Route.ComponentProps) {
  const { member } = loaderData;
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={staffPath("content/team")} className="underline">
          The whole team
        </Link>
      </p>
      <StaffHeading title={`Edit ${name}`}>
        {member.retired ? (
          "Retired: not on the site. Bring them back from the team list."
        ) : (
          <ViewOnSite href={teamPath(member.slug)}>View {member.firstName}'s page</ViewOnSite>
        )}
      </StaffHeading>
      {loaderData.added ? <CreatedNotice>{name} is on the team.</CreatedNotice> : null}
      <EditNotice />
      <TeamMemberForm
        intent="save"
        version={member.version}
        current={loaderData.current}
        salons={loaderData.salons}
        levels={loaderData.levels}
        photo={member.photo}
        montage={member.montage}
        image={member.image}
        montageImage={member.montageImage}
        submitLabel="Save changes"
      />
    </>
  );
}
