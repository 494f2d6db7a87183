import { data, Link, redirect } from "react-router";
import { ContentErrorBoundary } from "~/components/not-found-notice";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { ReviewFilter, reviewsPath } from "~/components/review-filter";
import { listReviews, listTeam } from "~/server/queries/content.server";
import type { Route } from "./+types/reviews-stylist";

/**
 * /reviews/{slug} ("all" or a stylist). A loader, so the list is fetched
 * afresh whenever the route changes, whichever way the visitor got there.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const chosen = new URL(request.url).searchParams.get("stylist");
  if (chosen !== null) throw redirect(reviewsPath(chosen));

  const team = await listTeam(context.db);
  const stylist = params.slug === "all" ? null : team.find((m) => m.slug === params.slug);
  if (stylist === undefined) throw data("No such stylist", { status: 404 });

  const names = new Map(team.map((m) => [m.slug, m.firstName]));
  const rows = await listReviews(context.db, params.slug);
  return {
    slug: params.slug,
    stylist: stylist && { slug: stylist.slug, firstName: stylist.firstName, lastName: stylist.lastName },
    reviews: rows.map((r) => ({
      id: r.id,
      review: r.review,
      client: r.client,
      stylistSlug: r.stylistSlug,
      stylistName: names.get(r.stylistSlug) ?? null,
    })),
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
    description: `What clients say about ${name} at Maison Ivy: ${loaded.reviews.length} reviews in their own words.`,
  });
};

export default function ReviewsForStylist({ loaderData }: Route.ComponentProps) {
  const { stylist, reviews, stylists, slug } = loaderData;
  const count = `${reviews.length} ${reviews.length === 1 ? "review" : "reviews"}`;
  return (
    <>
      <PageIntro
        eyebrow="Reviews"
        title={stylist ? `Reviews of ${stylist.firstName} ${stylist.lastName}` : "All reviews"}
        lead={
          stylist ? (
            <p>
              {count} from {stylist.firstName}'s clients.{" "}
              <Link to={`/team/${stylist.slug}`} className="underline underline-offset-2">
                Read {stylist.firstName}'s profile
              </Link>
              .
            </p>
          ) : (
            <p>{count} from clients of our whole team. Choose a stylist to see only theirs.</p>
          )
        }
      />
      <div className="container-page py-12">
        <ReviewFilter stylists={stylists} current={slug} />
        {reviews.length === 0 ? (
          <p className="mt-10 text-muted">No reviews yet. Why not be the first?</p>
        ) : (
          <ul className="mt-10 grid gap-6 md:grid-cols-2" data-testid="review-list">
            {reviews.map((r) => (
              <li key={r.id} className="card p-6 sm:p-8">
                <figure>
                  <blockquote className="font-display text-lg leading-relaxed">
                    <p>“{r.review}”</p>
                  </blockquote>
                  <figcaption className="mt-4 text-sm text-muted">
                    <span className="font-medium text-ink">{r.client}</span>
                    {r.stylistName ? (
                      <>
                        {" "}
                        with{" "}
                        <Link to={`/team/${r.stylistSlug}`} className="underline underline-offset-2">
                          {r.stylistName}
                        </Link>
                      </>
                    ) : null}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        )}
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
