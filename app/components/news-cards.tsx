import { Link } from "~/components/link";
import { truncate } from "~/domain/format";
import type { NewsCardItem } from "~/domain/news";
import { newsPath } from "~/domain/paths";
import { Picture, type PictureProps } from "./picture";

/** Cards sit four, three or two to a row on wider screens, one on a phone. */
const NEWS_CARD_SIZES = "(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw";

/**
 * A news item's picture: its uploaded photo, described by its own text, or
 * the illustration with the item's description of it.
 */
export function NewsPicture({
  item,
  ...props
}: { item: Pick<NewsCardItem, "image" | "alt" | "picture"> } & Omit<PictureProps, "picture" | "fallback" | "alt">) {
  return <Picture picture={item.picture} fallback={item.image} alt={item.picture ? undefined : item.alt} {...props} />;
}

/** The body on a card is cut to this many characters plus "…"; the item's page has it all. */
const NEWS_BODY_CHARS = 120;

/** A news card's frame: the whole card is the link's target, so it shows the link's focus ring. */
export const NEWS_CARD_CLASS =
  "card group relative overflow-hidden has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent";

/** A news card's title, its link stretched over the whole card, and the start of its body. */
export function NewsCardText({
  item,
  titleClass,
  bodyClass,
}: {
  item: NewsCardItem;
  titleClass: string;
  bodyClass: string;
}) {
  return (
    <>
      <h3 className={titleClass}>
        <Link
          to={newsPath(item.slug)}
          className="underline-offset-4 after:absolute after:inset-0 after:content-[''] group-hover:underline focus-visible:outline-none"
        >
          {item.title}
        </Link>
      </h3>
      <p className={`${bodyClass} text-sm leading-relaxed text-muted`}>{truncate(item.body, NEWS_BODY_CHARS)}</p>
    </>
  );
}

/**
 * News items as cards, each leading to its own page: the title is the link,
 * stretched over the card so the picture is clickable too, and "Read more"
 * says where the card goes without a second link to tab through.
 */
export function NewsCards({
  items,
  className = "",
  eagerFirst = false,
}: {
  items: readonly NewsCardItem[];
  className?: string;
  /** The first picture is in the first screen on a phone: load it at once. */
  eagerFirst?: boolean;
}) {
  return (
    <ul className={`grid gap-6 ${className}`}>
      {items.map((item, i) => {
        const eager = eagerFirst && i === 0;
        return (
          <li key={item.slug} className={`${NEWS_CARD_CLASS} flex flex-col transition-shadow hover:shadow-md`}>
            <NewsPicture
              item={item}
              fallbackWidth={400}
              fallbackHeight={260}
              sizes={NEWS_CARD_SIZES}
              loading={eager ? "eager" : "lazy"}
              fetchPriority={eager ? "high" : "auto"}
              className="aspect-[20/13] w-full bg-sand object-cover"
            />
            <div className="flex flex-1 flex-col p-5">
              <NewsCardText item={item} titleClass="text-lg" bodyClass="mt-2" />
              <p aria-hidden="true" className="mt-auto pt-4 text-sm font-semibold text-accent-dark">
                Read more
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
