import { FollowUs } from "~/components/follow-us";
import { JsonLd } from "~/components/json-ld";
import { Link } from "~/components/link";
import { NewsCards } from "~/components/news-cards";
import { seo } from "~/components/page-meta";
import { ReviewFeed } from "~/components/review-feed";
import { groupLine, sentence } from "~/domain/brand";
import { HOME_NEWS_COUNT, newsCardOf } from "~/domain/news";
import { hairSalonJsonLd } from "~/domain/structured-data";
import { config } from "~/server/config.server";
import { loadBrand } from "~/server/queries/brand.server";
import { listSalons } from "~/server/queries/catalogue.server";
import { listFeedReviews, listNewsItems } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Maison Ivy",
    description:
      "Award-winning hair salons and a training academy. Colour, cutting and styling by a team with 700+ five-star reviews. Get an instant price quote online.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const [news, reviews, salons, brand] = await Promise.all([
    listNewsItems(context.get(requestContext).db, HOME_NEWS_COUNT),
    listFeedReviews(context.get(requestContext).db),
    listSalons(context.get(requestContext).db),
    loadBrand(context.get(requestContext).db),
  ]);
  const origin = config().PUBLIC_URL;
  return {
    news: news.slice(0, HOME_NEWS_COUNT).map(newsCardOf),
    reviews,
    structuredData: salons.map((s) => hairSalonJsonLd(s, origin)),
    brand,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { news, reviews, structuredData, brand } = loaderData;
  return (
    <>
      {structuredData.map((ld) => (
        <JsonLd key={ld["@id"]} data={ld} />
      ))}
      <section className="bg-blush/60">
        <div className="container-page flex flex-col items-center py-16 text-center sm:py-24">
          <h1 className="max-w-3xl text-4xl leading-tight sm:text-6xl">Hair that feels like you, only more so</h1>
          <p className="mt-6 max-w-xl text-lg text-muted">
            {sentence(groupLine(brand))}, celebrating {brand.years} years of colour, cutting and styling.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/prices" className="btn-accent">
              Get a price quote
            </Link>
            <Link to="/team-info" className="btn-outline">
              Meet the team
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="news-heading" className="container-page py-16">
        <h2 id="news-heading" className="text-3xl">
          News from the salon
        </h2>
        <NewsCards items={news} eagerFirst className="mt-8 sm:grid-cols-2 lg:grid-cols-4" />
      </section>

      <div className="container-page">
        <ReviewFeed reviews={reviews} />
      </div>

      <FollowUs id="social-heading" className="container-page py-16" />
    </>
  );
}
