import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { seo } from "~/components/page-meta";
import { ReviewFeed } from "~/components/review-feed";
import { truncate } from "~/domain/format";
import { SOCIAL_LINKS } from "~/domain/salon-info";
import { hairSalonJsonLd } from "~/domain/structured-data";
import { config } from "~/server/config.server";
import { listSalons } from "~/server/queries/catalogue.server";
import { listFeedReviews, listNewsItems } from "~/server/queries/content.server";
import type { Route } from "./+types/home";

export const HOME_NEWS_COUNT = 4;
const NEWS_BODY_CHARS = 120;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Maison Ivy",
    description:
      "Award-winning hair salons and a training academy. Colour, cutting and styling by a team with 700+ five-star reviews. Get an instant price quote online.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const [news, reviews, salons] = await Promise.all([
    listNewsItems(context.db),
    listFeedReviews(context.db),
    listSalons(context.db),
  ]);
  const origin = config().PUBLIC_URL;
  return {
    news: news.slice(0, HOME_NEWS_COUNT),
    reviews,
    structuredData: salons.map((s) => hairSalonJsonLd(s, origin)),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { news, reviews, structuredData } = loaderData;
  return (
    <>
      {structuredData.map((ld) => (
        <JsonLd key={ld["@id"]} data={ld} />
      ))}
      <section className="bg-blush/60">
        <div className="container-page flex flex-col items-center py-16 text-center sm:py-24">
          <img src="/images/logo.svg" alt="" width={220} height={60} className="h-14 w-auto sm:h-16" />
          <h1 className="mt-8 max-w-3xl text-4xl leading-tight sm:text-6xl">Hair that feels like you, only more so</h1>
          <p className="mt-6 max-w-xl text-lg text-muted">
            Three connected salons and a training academy, celebrating 20 years of colour, cutting and styling.
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
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {news.map((item, i) => (
            <li key={item.slug} className="card overflow-hidden">
              {/* The first picture is in the first screen on a phone: load it at once. */}
              <img
                src={item.image}
                alt={item.alt}
                width={400}
                height={260}
                loading={i === 0 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : "auto"}
                className="aspect-[20/13] w-full object-cover"
              />
              <div className="p-5">
                <h3 className="text-lg">{item.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted">{truncate(item.body, NEWS_BODY_CHARS)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <div className="container-page">
        <ReviewFeed reviews={reviews} />
      </div>

      <section aria-labelledby="social-heading" className="container-page py-16 text-center">
        <h2 id="social-heading" className="text-2xl">
          Follow us
        </h2>
        <ul className="mt-6 flex flex-wrap justify-center gap-3">
          {SOCIAL_LINKS.map((s) => (
            <li key={s.name}>
              <a href={s.href} className="btn-outline" rel="noopener">
                {s.name}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
