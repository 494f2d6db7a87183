import { data, Link, redirect } from "react-router";
import { ContentErrorBoundary } from "~/components/not-found-notice";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { ReviewBrowser, reviewsPath } from "~/components/review-filter";
import { listEveryMember, listReviewsWithNames } from "~/server/queries/content.server";
import type { Route } from "./+types/reviews-stylist";

/**
 * /reviews/{slug} ("all" or a stylist). A loader, so the list is fetched
 * afresh whenever the route changes, whichever way the visitor got there.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const chosen = new URL(request.url).searchParams.get("stylist");
  if (chosen !== null) throw redirect(reviewsPath(chosen));

  const everyone = await listEveryMember(context.db);
  // A member who has left keeps the page of their reviews; the filter lists the team as it is now, and them here.
  const stylist = params.slug === "all" ? null : everyone.find((m) => m.slug === params.slug);
  if (stylist === undefined) throw data("No such stylist", { status: 404 });
  const team = everyone.filter((m) => !m.retired || m === stylist);

  // Every review, not only this stylist's: the filter on the page switches between them in place.
  const reviews = await listReviewsWithNames(context.db);
  return {
    slug: params.slug,
    stylist: stylist && {
      slug: stylist.slug,
      firstName: stylist.firstName,
      lastName: stylist.lastName,
      retired: stylist.retired,
    },
    count: stylist ? reviews.filter((r) => r.stylistSlug === stylist.slug).length : reviews.length,
    reviews,
    stylists: team.map(({ slug, firstName, lastName }) => ({ slug, firstName, lastName })),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (!loaded)
    return seo(args, {
      title: "Stylist not found",
      description: "We couldn't find that stylist's reviews. Read every review of the Maison Ivy team.",
      noIndex: true,
    });
  if (!loaded.stylist) {
    return seo(args, {
      title: "All reviews",
      description:
        "Every client review of the Maison Ivy team, with the stylist each client saw. Filter by stylist to find yours.",
    });
  }
  const name = `${loaded.stylist.firstName} ${loaded.stylist.lastName}`;
  return seo(args, {
    title: `Reviews of ${name}`,
    description: `What clients say about ${name} at Maison Ivy: ${loaded.count} reviews in their own words.`,
  });
};

export default function ReviewsForStylist({ loaderData }: Route.ComponentProps) {
  const { stylist, reviews, stylists, slug, count } = loaderData;
  const counted = `${count} ${count === 1 ? "review" : "reviews"}`;
  return (
    <>
      <PageIntro
        eyebrow="Reviews"
        title={stylist ? `Reviews of ${stylist.firstName} ${stylist.lastName}` : "All reviews"}
        lead={
          stylist ? (
            <p>
              {counted} from {stylist.firstName}'s clients.
              {stylist.retired ? (
                ` ${stylist.firstName} has moved on from Maison Ivy.`
              ) : (
                <>
                  {" "}
                  <Link to={`/team/${stylist.slug}`} className="underline underline-offset-2">
                    Read {stylist.firstName}'s profile
                  </Link>
                  .
                </>
              )}
            </p>
          ) : (
            <p>{counted} from clients of our whole team. Choose a stylist to see only theirs.</p>
          )
        }
      />
      <div className="container-page py-12">
        <ReviewBrowser stylists={stylists} current={slug} reviews={reviews} />
        <p className="mt-12">
          <Link to="/reviews" className="btn-outline">
            Back to reviews
          </Link>
        </p>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ContentErrorBoundary
      error={error}
      notFound={{
        title: "We couldn't find that stylist",
        message: "There are no reviews under that name. Read every review, or choose a stylist from the team page.",
        links: [
          { to: "/reviews/all", label: "Read all reviews" },
          { to: "/team-info", label: "Meet the team" },
          { to: "/", label: "Home" },
        ],
      }}
    />
  );
}
