import { redirect } from "react-router";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { ReviewBrowser, reviewsPath } from "~/components/review-filter";
import { listReviewsWithNames, listTeam } from "~/server/queries/content.server";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Reviews",
    description:
      "What our clients say: 700+ five-star reviews of the Maison Ivy team. Read them all, or choose a stylist to see their reviews.",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const stylist = new URL(request.url).searchParams.get("stylist");
  if (stylist !== null) throw redirect(reviewsPath(stylist));
  const team = await listTeam(context.db);
  return {
    reviews: await listReviewsWithNames(context.db),
    stylists: team.map(({ slug, firstName, lastName }) => ({ slug, firstName, lastName })),
  };
}

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { reviews, stylists } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow="Reviews"
        title="Client reviews"
        lead="We're proud of our 700+ 5 star reviews. Here are some of them, in our clients' own words. Thinking of booking with someone in particular? Choose them to see what their clients say."
      />
      <div className="container-page py-12">
        <ReviewBrowser stylists={stylists} current="all" reviews={reviews} />
      </div>
    </>
  );
}
