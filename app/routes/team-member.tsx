import { data } from "react-router";
import { contentErrorBoundary } from "~/components/not-found-notice";
import { seo } from "~/components/page-meta";
import { montageShown, StaticProfile, StylistDetail } from "~/components/team-profile";
import { truncate } from "~/domain/format";
import { shownAddress } from "~/domain/pictures";
import { bookingLinkFor } from "~/server/booking-links.server";
import { getTeamMember, listFeedReviews } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/team-member";

/** The static profile pages: "/team/isla-profile" for a stylist with an Instagram profile (decision 002). */
const PROFILE_SUFFIX = "-profile";

/** The phone bar's Book on a stylist's page books that stylist (page-handle.ts). */
const bookWith = (member: { firstName: string }, href: string | null) =>
  href ? { href, label: `with ${member.firstName}` } : undefined;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext);
  // A stylist's page books that stylist: their own link when the owner set one, else their salon's.
  const bookingOf = (m: { id: number; salonId: number }) => bookingLinkFor(db, { salonId: m.salonId, stylistId: m.id });
  const member = await getTeamMember(db, params.slug);
  if (member) {
    const [reviews, bookingUrl] = await Promise.all([listFeedReviews(db, member.slug), bookingOf(member)]);
    return { view: "detail" as const, member, reviews, bookingUrl, bookAt: bookWith(member, bookingUrl) };
  }
  if (params.slug.endsWith(PROFILE_SUFFIX)) {
    const profiled = await getTeamMember(db, params.slug.slice(0, -PROFILE_SUFFIX.length));
    if (profiled?.instagram) {
      const bookingUrl = await bookingOf(profiled);
      return {
        view: "profile" as const,
        member: profiled,
        reviews: [],
        bookingUrl,
        bookAt: bookWith(profiled, bookingUrl),
      };
    }
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
    // The share card shows what the page shows: an uploaded photo, never the drawing it replaced.
    image:
      view === "profile"
        ? shownAddress({ image: member.image, picture: member.photo })
        : shownAddress({ image: member.montageImage, picture: montageShown(member) }),
  });
};

export default function TeamMember({ loaderData }: Route.ComponentProps) {
  return loaderData.view === "profile" ? (
    <StaticProfile member={loaderData.member} bookingUrl={loaderData.bookingUrl} />
  ) : (
    <StylistDetail member={loaderData.member} reviews={loaderData.reviews} bookingUrl={loaderData.bookingUrl} />
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
