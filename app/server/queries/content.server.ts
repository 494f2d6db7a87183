/** Team, blog, reviews, news, shop and settings: the site's editorial content. */
import { and, asc, count, desc, eq, getTableColumns, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias, type PgTable } from "drizzle-orm/pg-core";
import { BLOG_EXCERPT_CHARS, type BlogCardPost } from "~/domain/blog";
import { BRAND_SETTING_KEYS, type BrandSettings, DEFAULT_BRAND } from "~/domain/brand";
import { DEFAULT_SHARED_END_DATE } from "~/domain/offers";
import { FEED_REVIEW_COUNT, POSTS_PER_PAGE, pageCount, REVIEWS_PER_PAGE } from "~/domain/pagination";
import type { PictureRef } from "~/domain/pictures";
import { typicalCutAndColourPence } from "~/domain/price-preview";
import { provenanceText, type SourceCounts } from "~/domain/review-invitations";
import { londonDay } from "~/domain/salon-time";
import { shuffled } from "~/domain/shuffle";
import { noticeShows } from "~/domain/staff/site-content";
import { CATALOGUE_TABLES, cached, shows } from "../cache.server";
import { now } from "../clock.server";
import type { Database } from "../db.server";
import { htmlExcerpt } from "../sanitize.server";
import {
  blogPosts,
  levels,
  newsItems,
  notices,
  pictures,
  reviews,
  salons,
  shopBanners,
  shopTiles,
  siteSettings,
  stylists,
} from "../schema.server";
import { loadCatalogue } from "./catalogue.server";

/** A post as the pages read it, with its uploaded cover (null: the illustration `image`). */
export type BlogPostRow = typeof blogPosts.$inferSelect & { cover: PictureRef | null };
/** A news item as the pages read it, with its uploaded photo (null: the illustration `image`). */
export type NewsItemRow = typeof newsItems.$inferSelect & { picture: PictureRef | null };
export type ReviewRow = typeof reviews.$inferSelect;

const photos = alias(pictures, "photo");
const montages = alias(pictures, "montage");
const covers = alias(pictures, "cover");
/** The one picture of a row that has one (news items, shop tiles, offers, salons). */
const uploaded = alias(pictures, "uploaded");

/** What a page needs of a picture (a PictureRef), from the pictures table or an alias of it. */
const refColumns = (t: typeof photos | typeof montages | typeof covers | typeof uploaded) => ({
  id: t.id,
  alt: t.alt,
  width: t.width,
  height: t.height,
  widths: t.widths,
  focusX: t.focusX,
  focusY: t.focusY,
});

const teamColumns = {
  id: stylists.id,
  slug: stylists.slug,
  firstName: stylists.firstName,
  lastName: stylists.lastName,
  salonId: stylists.salonId,
  levelId: stylists.levelId,
  levelName: levels.name,
  image: stylists.image,
  montageImage: stylists.montageImage,
  para1: stylists.para1,
  para2: stylists.para2,
  para3: stylists.para3,
  acceptingNewClients: stylists.acceptingNewClients,
  instagram: stylists.instagram,
  retired: stylists.retiredAt,
  photo: refColumns(photos),
  montage: refColumns(montages),
};

/**
 * Everyone, retired members included, in the team's order, with their
 * uploaded pictures (if any). Uncached: the console reads it this way.
 */
export async function readEveryMember(db: Database) {
  const rows = await db
    .select(teamColumns)
    .from(stylists)
    .innerJoin(levels, eq(levels.id, stylists.levelId))
    .leftJoin(photos, eq(photos.id, stylists.photoId))
    .leftJoin(montages, eq(montages.id, stylists.montageId))
    .orderBy(asc(stylists.displayOrder), asc(stylists.id));
  const catalogue = await loadCatalogue(db);
  return rows.map(({ retired, ...m }) => ({
    ...m,
    typicalPricePence: typicalCutAndColourPence(catalogue, m.levelId),
    retired: retired !== null,
    photo: m.photo as PictureRef | null,
    montage: m.montage as PictureRef | null,
  }));
}

export type TeamMember = Awaited<ReturnType<typeof readEveryMember>>[number];

// Content reads are cached per process (see cache.server.ts); callers must not mutate the results.

/** Every member, retired ones too: for the names on their reviews, which stay published. */
export function listEveryMember(db: Database): Promise<TeamMember[]> {
  return cached(db, "team-all", ["stylists", ...CATALOGUE_TABLES], () => readEveryMember(db));
}

/** The team as the public pages show it: retired members are gone. */
export async function listTeam(db: Database): Promise<TeamMember[]> {
  return (await listEveryMember(db)).filter((m) => !m.retired);
}

/** Each member's uploaded portrait by slug (null: the illustration), for pages that list stylists. */
export async function teamPhotos(db: Database): Promise<Map<string, PictureRef | null>> {
  return new Map((await listEveryMember(db)).map((m) => [m.slug, m.photo]));
}

/** A salon's illustration and uploaded photo (null: none), for a page that shows the salon itself. */
export function salonPicture(db: Database, id: number): Promise<{ image: string; picture: PictureRef | null } | null> {
  return cached(db, `salon-picture:${id}`, ["salons"], async () => {
    const [row] = withPictures<typeof salons.$inferSelect>(
      await selectWithPicture(db, salons).where(eq(salons.id, id)),
    );
    return row ? { image: row.image, picture: row.picture } : null;
  });
}

/** One member's uploaded photo, by their address or their id (a saved quote keeps the id); null for none. */
export async function memberPhoto(db: Database, who: { slug: string } | { id: number }): Promise<PictureRef | null> {
  const member = (await listEveryMember(db)).find((m) => ("slug" in who ? m.slug === who.slug : m.id === who.id));
  return member?.photo ?? null;
}

export async function getTeamMember(db: Database, slug: string): Promise<TeamMember | undefined> {
  return (await listTeam(db)).find((m) => m.slug === slug);
}

/** One page of a list, newest first, with where it stands; null for a page past the end. */
export interface ListPage<T> {
  items: T[];
  page: number;
  pages: number;
  total: number;
}

/** Pinned posts first (decision 090), then newest first: on the blog and in the console alike. */
export const POSTS_ORDER = [desc(blogPosts.pinned), desc(blogPosts.publishedAt), desc(blogPosts.id)];

/** Posts with their uploaded covers, as every read of them for the pages starts. */
const selectPosts = (db: Database) =>
  db
    .select({ ...getTableColumns(blogPosts), cover: refColumns(covers) })
    .from(blogPosts)
    .leftJoin(covers, eq(covers.id, blogPosts.coverId));

const withCovers = (rows: Awaited<ReturnType<typeof selectPosts>>): BlogPostRow[] =>
  rows.map((row) => ({ ...row, cover: row.cover as PictureRef | null }));

/**
 * The posts visitors see at `at`: published, and not scheduled for later
 * (the rule of app/domain/blog.ts, in SQL). Lists keep a cache, so a
 * scheduled post appears within the cache's lifetime of its time.
 */
const publicPosts = (at: Date): SQL =>
  and(eq(blogPosts.status, "published"), or(isNull(blogPosts.publishAt), lte(blogPosts.publishAt, at))) as SQL;

/** Every post visitors see, with its body: the API's list. Pages use `blogPostPage` or `listPostDates`. */
export function listBlogPosts(db: Database): Promise<BlogPostRow[]> {
  return cached(db, "blog", ["blog_posts"], async () =>
    withCovers(
      await selectPosts(db)
        .where(publicPosts(now()))
        .orderBy(...POSTS_ORDER),
    ),
  );
}

/** Each post's address and date, newest first: what the sitemap needs, without the bodies. */
export function listPostDates(db: Database): Promise<{ slug: string; publishedAt: string }[]> {
  return cached(db, "blog-dates", ["blog_posts"], () =>
    db
      .select({ slug: blogPosts.slug, publishedAt: blogPosts.publishedAt })
      .from(blogPosts)
      .where(publicPosts(now()))
      .orderBy(...POSTS_ORDER),
  );
}

/**
 * One page of posts as their cards show them, newest first, `perPage` to a page; null past the last page. The
 * cards, excerpts included, are made once per change to the posts and kept with the page: taking the plain text
 * out of each body was most of the blog pages' own work when it was done on every request.
 */
export async function blogPostPage(
  db: Database,
  page: number,
  perPage = POSTS_PER_PAGE,
): Promise<ListPage<BlogCardPost> | null> {
  const total = await cached(
    db,
    "blog-count",
    ["blog_posts"],
    async () => (await db.select({ n: count() }).from(blogPosts).where(publicPosts(now())))[0]?.n ?? 0,
  );
  const pages = pageCount(total, perPage);
  if (page > pages) return null;
  const items = await cached(db, `blog-page:${perPage}:${page}`, ["blog_posts"], async () =>
    withCovers(
      await selectPosts(db)
        .where(publicPosts(now()))
        .orderBy(...POSTS_ORDER)
        .limit(perPage)
        .offset((page - 1) * perPage),
    ).map(blogCard),
  );
  return { items, page, pages, total };
}

/** What a post's card on the blog pages shows of it. */
const blogCard = (p: BlogPostRow): BlogCardPost => ({
  slug: p.slug,
  title: p.title,
  image: p.image,
  cover: p.cover,
  author: p.author,
  publishedAt: p.publishedAt,
  excerpt: htmlExcerpt(p.bodyHtml, BLOG_EXCERPT_CHARS),
});

/** Not cached: the slug comes from the address, and the cache would keep every one anybody typed. */
export async function getBlogPost(db: Database, slug: string): Promise<BlogPostRow | undefined> {
  shows(["blog_posts"]);
  const [row] = withCovers(await selectPosts(db).where(and(eq(blogPosts.slug, slug), publicPosts(now()))));
  return row;
}

/**
 * Published reviews (all but those hidden, with a reason, from the console) of one stylist, or of everyone
 * for "all": the API's list. Pages use `reviewPage`.
 */
export async function listReviews(db: Database, stylistSlug = "all"): Promise<ReviewRow[]> {
  const all = await cached(db, "reviews", ["reviews"], () =>
    db.select().from(reviews).where(isNull(reviews.hiddenReason)).orderBy(asc(reviews.id)),
  );
  return stylistSlug === "all" ? all : all.filter((r) => r.stylistSlug === stylistSlug);
}

/**
 * Rows of a table whose rows can show an uploaded photo instead of their
 * illustration (`picture_id`), each with that photo's PictureRef under
 * `picture`; `withPictures` gives the rows their type.
 */
export const selectWithPicture = <T extends PgTable & { pictureId: AnyPgColumn }>(
  db: Pick<Database, "select">,
  table: T,
) =>
  db
    .select({ ...getTableColumns(table), picture: refColumns(uploaded) })
    .from(table as PgTable)
    .leftJoin(uploaded, eq(uploaded.id, table.pictureId));

export const withPictures = <R>(rows: readonly Record<string, unknown>[]) =>
  rows.map((row) => ({ ...row, picture: row.picture as PictureRef | null })) as (R & { picture: PictureRef | null })[];

/** News items with their uploaded photos, as every read of them for the pages starts. */
const selectNews = (db: Database) => selectWithPicture(db, newsItems);

/** The first `limit` news items in their display order (all of them without a limit: the API's list). */
export function listNewsItems(db: Database, limit?: number): Promise<NewsItemRow[]> {
  return cached(db, `news:${limit ?? "all"}`, ["news_items"], async () => {
    // Pinned items first (decision 090), then in the order staff put them.
    const query = selectNews(db).orderBy(desc(newsItems.pinned), asc(newsItems.displayOrder), asc(newsItems.id));
    return withPictures<typeof newsItems.$inferSelect>(await (limit === undefined ? query : query.limit(limit)));
  });
}

/** Not cached, as `getBlogPost`. */
export async function getNewsItem(db: Database, slug: string): Promise<NewsItemRow | undefined> {
  shows(["news_items"]);
  const [row] = withPictures<typeof newsItems.$inferSelect>(await selectNews(db).where(eq(newsItems.slug, slug)));
  return row;
}

export type NoticeRow = typeof notices.$inferSelect;

/** The notice at `path` if it shows today (London), read like the rest of the content through the cache. */
export async function getNotice(db: Database, path: string): Promise<NoticeRow | undefined> {
  return (await listNotices(db)).find((n) => n.path === path);
}

/** Every notice showing today (London), for their pages and the sitemap. */
export async function listNotices(db: Database): Promise<NoticeRow[]> {
  const all = await cached(db, "notices", ["notices"], () => db.select().from(notices).orderBy(asc(notices.id)));
  const today = londonDay(now());
  return all.filter((n) => noticeShows(n, today));
}

export function getStoreData(db: Database) {
  return cached(db, "store", ["shop_banners", "shop_tiles"], async () => {
    const [banners, tiles] = await Promise.all([
      db.select().from(shopBanners).orderBy(asc(shopBanners.displayOrder), asc(shopBanners.id)),
      selectWithPicture(db, shopTiles).orderBy(asc(shopTiles.displayOrder), asc(shopTiles.id)),
    ]);
    return { banners, tiles: withPictures<typeof shopTiles.$inferSelect>(tiles) };
  });
}

export interface SiteSettings {
  hideOffers: boolean;
  /** ISO date (yyyy-mm-dd) the offers without their own end date end on. */
  endDate: string;
}

const settingRows = async (db: Database) =>
  new Map(
    (await cached(db, "settings", ["site_settings"], () => db.select().from(siteSettings))).map((r) => [
      r.key,
      r.value,
    ]),
  );

export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const byKey = await settingRows(db);
  return {
    hideOffers: byKey.get("hideOffers") === "true",
    endDate: byKey.get("endDate") ?? DEFAULT_SHARED_END_DATE,
  };
}

/** How the group describes itself (app/domain/brand.ts), as staff keep it; the demo's where a row is missing. */
export async function getBrandSettings(db: Database): Promise<BrandSettings> {
  const byKey = await settingRows(db);
  return {
    founded: byKey.get(BRAND_SETTING_KEYS.founded) ?? DEFAULT_BRAND.founded,
    groupLine: byKey.get(BRAND_SETTING_KEYS.groupLine) ?? DEFAULT_BRAND.groupLine,
  };
}

/**
 * One page of published reviews, newest first, of one stylist or of everyone (null),
 * each with the first name of the stylist it is about.
 */
export async function reviewPage(db: Database, team: readonly TeamMember[], stylistSlug: string | null, page: number) {
  const which = stylistSlug ?? "all";
  const where = and(
    isNull(reviews.hiddenReason),
    stylistSlug === null ? undefined : eq(reviews.stylistSlug, stylistSlug),
  );
  const total = await cached(
    db,
    `reviews-count:${which}`,
    ["reviews"],
    async () => (await db.select({ n: count() }).from(reviews).where(where))[0]?.n ?? 0,
  );
  const pages = pageCount(total, REVIEWS_PER_PAGE);
  if (page > pages) return null;
  const rows = await cached(db, `reviews-page:${which}:${page}`, ["reviews"], () =>
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(desc(reviews.id))
      .limit(REVIEWS_PER_PAGE)
      .offset((page - 1) * REVIEWS_PER_PAGE),
  );
  const names = new Map(team.map((m) => [m.slug, m.firstName]));
  const items = rows.map((r) => ({
    id: r.id,
    review: r.review,
    client: r.client,
    stylistSlug: r.stylistSlug,
    stylistName: names.get(r.stylistSlug) ?? null,
    rating: r.rating,
    verified: r.source === "visit",
    provenance: provenanceText(r),
    reviewedOn: r.reviewedOn,
  }));
  return { items, page, pages, total } satisfies ListPage<(typeof items)[number]>;
}

/** How many published reviews, of one stylist or of everyone (null), came from verified visits and from the salon. */
export async function reviewSourceCounts(db: Database, stylistSlug: string | null): Promise<SourceCounts> {
  return cached(db, `reviews-sources:${stylistSlug ?? "all"}`, ["reviews"], async () => {
    const rows = await db
      .select({ source: reviews.source, n: count() })
      .from(reviews)
      .where(and(isNull(reviews.hiddenReason), stylistSlug === null ? undefined : eq(reviews.stylistSlug, stylistSlug)))
      .groupBy(reviews.source);
    const of = (source: string) => rows.find((r) => r.source === source)?.n ?? 0;
    return { verified: of("visit"), salon: of("salon") };
  });
}

/**
 * Published reviews for a rotating feed: a random sample of `FEED_REVIEW_COUNT`, however
 * many there are, shuffled on the server so the page and its hydration agree.
 * The sample is drawn again when the content cache expires.
 */
export async function listFeedReviews(db: Database, stylistSlug = "all") {
  const [rows, team] = await Promise.all([
    cached(db, `feed-reviews:${stylistSlug}`, ["reviews"], () =>
      db
        .select()
        .from(reviews)
        .where(
          and(isNull(reviews.hiddenReason), stylistSlug === "all" ? undefined : eq(reviews.stylistSlug, stylistSlug)),
        )
        .orderBy(sql`random()`)
        .limit(FEED_REVIEW_COUNT),
    ),
    listEveryMember(db),
  ]);
  const names = new Map(team.map((m) => [m.slug, m.firstName]));
  return shuffled(
    rows.map((r) => ({ review: r.review, client: r.client, stylistName: names.get(r.stylistSlug) ?? null })),
  );
}
