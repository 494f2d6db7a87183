import { Link, redirect } from "react-router";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { ReviewFeed } from "~/components/review-feed";
import { ReviewFilter, reviewsPath } from "~/components/review-filter";
import { listFeedReviews, listTeam } from "~/server/queries/content.server";
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
  const [reviews, team] = await Promise.all([listFeedReviews(context.db), listTeam(context.db)]);
  return {
    reviews,
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
        lead="We're proud of our 700+ 5 star reviews. Here are a few of them, in our clients' own words."
      >
        <Link to="/reviews/all" className="btn-primary">
          Read all reviews
        </Link>
      </PageIntro>
      <div className="container-page space-y-12 py-16">
        <ReviewFeed reviews={reviews} />
        <section aria-labelledby="by-stylist-heading" className="card p-6 sm:p-8">
          <h2 id="by-stylist-heading" className="text-2xl">
            Reviews by stylist
          </h2>
          <p className="mt-2 text-muted">Thinking of booking with someone in particular? See what their clients say.</p>
          <div className="mt-6">
            <ReviewFilter stylists={stylists} current="all" />
          </div>
          <ul aria-label="Reviews of each stylist" className="mt-6 flex flex-wrap gap-2">
            {stylists.map((s) => (
              <li key={s.slug}>
                <Link
                  to={`/reviews/${s.slug}`}
                  className="inline-flex min-h-10 items-center rounded-full border border-line bg-white px-4 text-sm hover:border-ink"
                >
                  {s.firstName}
                  <span className="sr-only"> {s.lastName}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
