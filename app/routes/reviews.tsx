import { data, redirect } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { ReviewFilter } from "~/components/review-filter";
import { REVIEW_FILTER_FIELD } from "~/components/review-filter-view";
import { reviewsPath } from "~/domain/paths";
import { sourceCountsText } from "~/domain/review-invitations";
import { verifiedReviewsJsonLd } from "~/domain/structured-data";
import { config } from "~/server/config.server";
import { listEveryMember, reviewPage, reviewSourceCounts } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Reviews",
    description:
      "What our clients say: 700+ five-star reviews of the Maison Ivy team. Read them all, or choose a stylist to see their reviews.",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const stylist = new URL(request.url).searchParams.get(REVIEW_FILTER_FIELD);
  if (stylist !== null) throw redirect(reviewsPath(stylist));
  // Reviews keep the name of a stylist who has left; the filter lists the team as it is now.
  const everyone = await listEveryMember(context.get(requestContext).db);
  const team = everyone.filter((m) => !m.retired);
  // The first page of everyone's reviews; the next ones are at /reviews/all?page=2 and on.
  const reviews = await reviewPage(context.get(requestContext).db, everyone, null, 1);
  if (!reviews) throw data("No reviews", { status: 404 });
  return {
    reviews,
    sources: sourceCountsText(await reviewSourceCounts(context.get(requestContext).db, null)),
    structuredData: verifiedReviewsJsonLd(
      reviews.items.filter((r) => r.verified),
      config().PUBLIC_URL,
    ),
    stylists: team.map(({ slug, firstName, lastName }) => ({ slug, firstName, lastName })),
  };
}

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { reviews, stylists, sources, structuredData } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow="Reviews"
        title="Client reviews"
        lead="We're proud of our 700+ 5 star reviews. Here are some of them, in our clients' own words. Thinking of booking with someone in particular? Choose them to see what their clients say."
      />
      {structuredData.length > 0 ? <JsonLd data={structuredData} /> : null}
      <div className="container-page py-12">
        <p className="mb-6 text-sm text-muted" data-testid="review-sources">
          {sources}
        </p>
        <ReviewFilter stylists={stylists} current="all" reviews={reviews} />
      </div>
    </>
  );
}
