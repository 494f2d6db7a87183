import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { TeamCard, teamCardMember } from "~/components/team-card";
import { listTeam } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/team-info";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Meet the team",
    description:
      "Every Maison Ivy stylist with their level, speciality and typical cut & colour price, so you can choose who suits your hair and your budget.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const team = await listTeam(context.get(requestContext).db);
  return {
    team: team.map(teamCardMember),
  };
}

export default function TeamInfo({ loaderData }: Route.ComponentProps) {
  const { team } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow="Our team"
        title="Meet the team"
        lead={
          <p data-testid="team-count">
            We're a team of {team.length} across Wrenbridge, Kestwick and the Ivy Academy. Each stylist works at a level
            that sets their prices, so whatever your budget there's someone here for you.
          </p>
        }
      />
      <section aria-label="Team members" className="container-page py-8 sm:py-16">
        <ul className="grid gap-3 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
          {team.map((member, i) => (
            <li key={member.slug}>
              <TeamCard member={member} eager={i === 0} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
