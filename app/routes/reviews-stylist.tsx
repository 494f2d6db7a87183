import { data, redirect } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { Link } from "~/components/link";
import { contentErrorBoundary } from "~/components/not-found-notice";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { ReviewFilter } from "~/components/review-filter";
import { REVIEW_FILTER_FIELD } from "~/components/review-filter-view";
import { pagePath, pageSuffix, requestedPage } from "~/domain/pagination";
import { reviewsPath, teamPath } from "~/domain/paths";
import { sourceCountsText } from "~/domain/review-invitations";
import { verifiedReviewsJsonLd } from "~/domain/structured-data";
import { config } from "~/server/config.server";
import { listEveryMember, reviewPage, reviewSourceCounts } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/reviews-stylist";

/**
 * /reviews/{slug} ("all" or a stylist), a page at a time (`?page=2`). A
 * loader, so the list is fetched afresh whenever the route changes, whichever
 * way the visitor got there.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const chosen = url.searchParams.get(REVIEW_FILTER_FIELD);
  if (chosen !== null) throw redirect(reviewsPath(chosen));

  const everyone = await listEveryMember(context.get(requestContext).db);
  // A member who has left keeps the page of their reviews; the filter lists the team as it is now, and them here.
  const stylist = params.slug === "all" ? null : everyone.find((m) => m.slug === params.slug);
  if (stylist === undefined) throw data("No such stylist", { status: 404 });
  const team = everyone.filter((m) => !m.retired || m === stylist);
  const page = requestedPage(url);
  const reviews =
    page === null ? null : await reviewPage(context.get(requestContext).db, everyone, stylist?.slug ?? null, page);
  if (!reviews) throw data("No such page of reviews", { status: 404 });
  return {
    sources: sourceCountsText(await reviewSourceCounts(context.get(requestContext).db, stylist?.slug ?? null)),
    structuredData: verifiedReviewsJsonLd(
      reviews.items.filter((r) => r.verified),
      config().PUBLIC_URL,
    ),
    slug: params.slug,
    stylist: stylist && {
      slug: stylist.slug,
      firstName: stylist.firstName,
      lastName: stylist.lastName,
      retired: stylist.retired,
    },
    reviews,
    stylists: team.map(({ slug, firstName, lastName }) => ({ slug, firstName, lastName })),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (!loaded)
    return seo(args, {
      title: "Reviews not found",
      description: "We couldn't find those reviews. Read every review of the Maison Ivy team.",
      noIndex: true,
    });
  const { page, pages, total } = loaded.reviews;
  // Each page of the list is its own page for search engines, not a copy of the first.
  const path = pagePath(reviewsPath(loaded.slug), page);
  if (!loaded.stylist) {
    return seo(args, {
      title: `All reviews${pageSuffix(page, pages)}`,
      description:
        "Every client review of the Maison Ivy team, with the stylist each client saw. Filter by stylist to find yours.",
      path,
    });
  }
  const name = `${loaded.stylist.firstName} ${loaded.stylist.lastName}`;
  return seo(args, {
    title: `Reviews of ${name}${pageSuffix(page, pages)}`,
    description: `What clients say about ${name} at Maison Ivy: ${total} reviews in their own words.`,
    path,
  });
};

export default function ReviewsForStylist({ loaderData }: Route.ComponentProps) {
  const { stylist, reviews, stylists, slug, sources, structuredData } = loaderData;
  const counted = `${reviews.total} ${reviews.total === 1 ? "review" : "reviews"}`;
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
                  <Link to={teamPath(stylist.slug)} className="underline underline-offset-2">
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
      {structuredData.length > 0 ? <JsonLd data={structuredData} /> : null}
      <div className="container-page py-12">
        <p className="mb-6 text-sm text-muted" data-testid="review-sources">
          {sources}
        </p>
        <ReviewFilter stylists={stylists} current={slug} reviews={reviews} />
        <p className="mt-12">
          <Link to="/reviews" className="btn-outline">
            Back to reviews
          </Link>
        </p>
      </div>
    </>
  );
}

export const ErrorBoundary = contentErrorBoundary({
  title: "We couldn't find that stylist",
  message:
    "There are no reviews under that name, or not that many pages of them. Read every review, or choose a stylist from the team page.",
  links: [
    { to: "/reviews/all", label: "Read all reviews" },
    { to: "/team-info", label: "Meet the team" },
    { to: "/", label: "Home" },
  ],
});
