import { Link } from "~/components/link";
import type { NewsCardItem } from "~/domain/news";
import { SITE_NAME } from "~/domain/seo";
import { FollowUs } from "./follow-us";
import { NEWS_CARD_CLASS, NewsCardText, NewsPicture } from "./news-cards";
import { Wordmark } from "./wordmark";

/** The title and description of /links and /link-tree, one hub at two addresses. */
export const LINK_HUB_SEO = {
  title: "Links",
  description:
    "Book, get a price quote, meet the team, refer a friend and catch up on the latest news from Maison Ivy, all in one place.",
};

/** The hub's links, in the order people look for them. */
const HUB_LINKS: ReadonlyArray<{ to: string; label: string }> = [
  { to: "/prices", label: "Get a price quote" },
  { to: "/bookings#skin-test", label: "Skin test info" },
  { to: "/refer-a-friend", label: "Refer a friend, get £20" },
  { to: "/team-info", label: "Meet the team" },
  { to: "/bookings", label: "Booking guide" },
  { to: "/recruitment", label: "Join our team" },
  { to: "/models", label: "Models wanted" },
  { to: "/online-shop", label: "Online shop" },
  { to: "/blog-info", label: "Read our blog" },
];

/**
 * The link hub of /link-tree (where social profiles send people, so it stands
 * alone without the navigation bar) and /links: one column of large links,
 * the latest news and the social profiles.
 */
export function LinkHub({
  news,
  bookingUrl,
  places,
}: {
  news: readonly NewsCardItem[];
  bookingUrl: string;
  places: string;
}) {
  return (
    <div className="mx-auto w-full max-w-xl px-5 py-12 sm:py-16">
      <header className="text-center">
        <Link to="/" className="inline-block rounded-lg">
          <Wordmark places={places} size="large" />
        </Link>
        <h1 className="mt-6 text-3xl sm:text-4xl">Hello from {SITE_NAME}</h1>
        <p className="mt-3 text-muted">
          Everything in one place: book, get a price, meet the team and catch up on our news.
        </p>
      </header>

      <nav aria-label="Quick links" className="mt-10">
        <ul className="space-y-3" data-testid="hub-links">
          <li>
            <a href={bookingUrl} className="btn-accent w-full py-3.5 text-base" rel="noopener">
              Book an appointment
            </a>
          </li>
          {HUB_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="btn w-full border border-line bg-white py-3.5 text-center text-base text-ink hover:border-ink"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="hub-news" className="mt-14">
        <h2 id="hub-news" className="text-center text-2xl">
          Latest news
        </h2>
        <ul className="mt-6 space-y-4" data-testid="hub-news">
          {news.map((item) => (
            <li key={item.slug} className={`${NEWS_CARD_CLASS} flex gap-4 p-3`}>
              <NewsPicture
                item={item}
                fallbackWidth={120}
                fallbackHeight={80}
                sizes="7rem"
                loading="lazy"
                className="h-20 w-28 shrink-0 rounded-xl object-cover"
              />
              <div className="min-w-0 py-1">
                <NewsCardText item={item} titleClass="text-base leading-snug" bodyClass="mt-1" />
              </div>
            </li>
          ))}
        </ul>
      </section>

      <FollowUs id="hub-social" className="mt-14" />
    </div>
  );
}
