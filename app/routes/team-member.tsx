import { data } from "react-router";
import { contentErrorBoundary } from "~/components/not-found-notice";
import { seo } from "~/components/page-meta";
import { StaticProfile, StylistDetail } from "~/components/team-profile";
import { truncate } from "~/domain/format";
import { getTeamMember, listFeedReviews } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/team-member";

/** The static profile pages: "/team/isla-profile" for a stylist with an Instagram profile (decision 002). */
const PROFILE_SUFFIX = "-profile";

export async function loader({ params, context }: Route.LoaderArgs) {
  const member = await getTeamMember(context.get(requestContext).db, params.slug);
  if (member) {
    return {
      view: "detail" as const,
      member,
      reviews: await listFeedReviews(context.get(requestContext).db, member.slug),
    };
  }
  if (params.slug.endsWith(PROFILE_SUFFIX)) {
    const profiled = await getTeamMember(context.get(requestContext).db, params.slug.slice(0, -PROFILE_SUFFIX.length));
    if (profiled?.instagram) return { view: "profile" as const, member: profiled, reviews: [] };
  }
  throw data("No such team member", { status: 404 });
}

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (!loaded) {
    return seo(args, {
      title: "Stylist not found",
      description: "We couldn't find that stylist. Meet the whole Maison Ivy team instead.",
      noIndex: true,
    });
  }
  const { member, view } = loaded;
  const name = `${member.firstName} ${member.lastName}`;
  return seo(args, {
    title: view === "profile" ? `${name}: profile` : `${name}, ${member.levelName}`,
    description: truncate(member.para1, 155),
    image: view === "profile" ? member.image : member.montageImage,
  });
};

export default function TeamMember({ loaderData }: Route.ComponentProps) {
  return loaderData.view === "profile" ? (
    <StaticProfile member={loaderData.member} />
  ) : (
    <StylistDetail member={loaderData.member} reviews={loaderData.reviews} />
  );
}

export const ErrorBoundary = contentErrorBoundary({
  title: "We couldn't find that stylist",
  message:
    "They may have moved on, or the link may be mistyped. The whole team is on our team page, with everyone's prices.",
  links: [
    { to: "/team-info", label: "Meet the team" },
    { to: "/prices", label: "Get a price quote" },
    { to: "/", label: "Home" },
  ],
});
