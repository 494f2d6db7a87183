import { data } from "react-router";
import { Link } from "~/components/link";
import { NewsCards, NewsPicture } from "~/components/news-cards";
import { contentErrorBoundary } from "~/components/not-found-notice";
import { seo } from "~/components/page-meta";
import { truncate } from "~/domain/format";
import { newsCardOf } from "~/domain/news";
import { shownAddress } from "~/domain/pictures";
import { getNewsItem, listNewsItems } from "~/server/queries/content.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/news-item";

const DESCRIPTION_CHARS = 155;
const MORE_NEWS_COUNT = 3;

/** /news/{slug}: one news item in full, with the latest others beneath it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const item = await getNewsItem(context.get(requestContext).db, params.slug);
  if (!item) throw data("No such news item", { status: 404 });
  // One more than shown, in case this item is among the first.
  const others = (await listNewsItems(context.get(requestContext).db, MORE_NEWS_COUNT + 1))
    .filter((n) => n.slug !== item.slug)
    .slice(0, MORE_NEWS_COUNT);
  return {
    item: newsCardOf(item),
    description: truncate(item.body, DESCRIPTION_CHARS),
    others: others.map(newsCardOf),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (!loaded)
    return seo(args, {
      title: "News not found",
      description: "We couldn't find that news item. The latest news from Maison Ivy is on the home page.",
      noIndex: true,
    });
  return seo(args, {
    title: loaded.item.title,
    description: loaded.description,
    image: shownAddress(loaded.item),
  });
};

export default function NewsItem({ loaderData }: Route.ComponentProps) {
  const { item, others } = loaderData;
  return (
    <>
      <article className="container-page py-12 sm:py-16">
        <div className="mx-auto max-w-3xl">
          <p className="eyebrow">News from the salon</p>
          <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">{item.title}</h1>
        </div>
        <div className="mx-auto mt-8 max-w-3xl">
          <NewsPicture
            item={item}
            fallbackWidth={1200}
            fallbackHeight={780}
            sizes="(min-width: 768px) 768px, 100vw"
            fetchPriority="high"
            className="aspect-[20/13] w-full rounded-2xl border border-line bg-sand object-cover"
          />
        </div>
        <div className="mx-auto mt-8 max-w-3xl">
          <p className="text-lg leading-relaxed" data-testid="news-body">
            {item.body}
          </p>
          <div className="mt-10 flex flex-wrap gap-3 border-t border-line pt-8">
            <Link to="/prices" className="btn-accent">
              Get a price quote
            </Link>
            <Link to="/" className="btn-outline">
              Back to the home page
            </Link>
          </div>
        </div>
      </article>
      {others.length > 0 ? (
        <section aria-labelledby="more-news-heading" className="container-page pb-8">
          <h2 id="more-news-heading" className="text-3xl">
            More news
          </h2>
          <NewsCards items={others} className="mt-8 sm:grid-cols-2 lg:grid-cols-3" />
        </section>
      ) : null}
    </>
  );
}

export const ErrorBoundary = contentErrorBoundary({
  title: "We couldn't find that news item",
  message: "It may have been taken down, or the link may be mistyped. The latest news is on the home page.",
  links: [{ to: "/", label: "Home" }],
});
