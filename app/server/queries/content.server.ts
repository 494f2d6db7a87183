/** Team, blog, reviews, news, shop and settings: the site's editorial content. */
import { asc, desc, eq, isNull } from "drizzle-orm";
import { DEFAULT_SHARED_END_DATE } from "~/domain/offers";
import { cached } from "../cache.server";
import type { Database } from "../db.server";
import {
  blogPosts,
  levels,
  newsItems,
  reviews,
  shopBanners,
  shopTiles,
  siteSettings,
  stylists,
} from "../schema.server";

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type NewsItemRow = typeof newsItems.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;

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
  averagePricePence: stylists.averagePricePence,
  acceptingNewClients: stylists.acceptingNewClients,
  instagram: stylists.instagram,
};

function selectTeam(db: Database) {
  return db.select(teamColumns).from(stylists).innerJoin(levels, eq(levels.id, stylists.levelId));
}

export type TeamMember = Awaited<ReturnType<typeof selectTeam>>[number];

// Content reads are cached per process (see cache.server.ts); callers must not mutate the results.

export function listTeam(db: Database): Promise<TeamMember[]> {
  return cached(db, "team", () => selectTeam(db).orderBy(asc(stylists.displayOrder), asc(stylists.id)));
}

export async function getTeamMember(db: Database, slug: string): Promise<TeamMember | undefined> {
  return (await listTeam(db)).find((m) => m.slug === slug);
}

export function listBlogPosts(db: Database): Promise<BlogPostRow[]> {
  return cached(db, "blog", () => db.select().from(blogPosts).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)));
}

export async function getBlogPost(db: Database, slug: string): Promise<BlogPostRow | undefined> {
  return (await listBlogPosts(db)).find((p) => p.slug === slug);
}

/** Published reviews (all but those hidden, with a reason, from the console) of one stylist, or of everyone for "all". */
export async function listReviews(db: Database, stylistSlug = "all"): Promise<ReviewRow[]> {
  const all = await cached(db, "reviews", () =>
    db.select().from(reviews).where(isNull(reviews.hiddenReason)).orderBy(asc(reviews.id)),
  );
  return stylistSlug === "all" ? all : all.filter((r) => r.stylistSlug === stylistSlug);
}

export function listNewsItems(db: Database): Promise<NewsItemRow[]> {
  return cached(db, "news", () => db.select().from(newsItems).orderBy(asc(newsItems.displayOrder), asc(newsItems.id)));
}

export async function getNewsItem(db: Database, slug: string): Promise<NewsItemRow | undefined> {
  return (await listNewsItems(db)).find((n) => n.slug === slug);
}

export function getStoreData(db: Database) {
  return cached(db, "store", async () => {
    const [banners, tiles] = await Promise.all([
      db.select().from(shopBanners).orderBy(asc(shopBanners.displayOrder), asc(shopBanners.id)),
      db.select().from(shopTiles).orderBy(asc(shopTiles.displayOrder), asc(shopTiles.id)),
    ]);
    return { banners, tiles };
  });
}

export interface SiteSettings {
  hideOffers: boolean;
  /** ISO date (yyyy-mm-dd) the offers without their own end date end on. */
  endDate: string;
}

export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const rows = await cached(db, "settings", () => db.select().from(siteSettings));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return {
    hideOffers: byKey.get("hideOffers") === "true",
    endDate: byKey.get("endDate") ?? DEFAULT_SHARED_END_DATE,
  };
}

/** Every review with the first name of the stylist it is about, for the reviews pages' list. */
export async function listReviewsWithNames(db: Database, team: readonly TeamMember[]) {
  const names = new Map(team.map((m) => [m.slug, m.firstName]));
  return (await listReviews(db)).map((r) => ({
    id: r.id,
    review: r.review,
    client: r.client,
    stylistSlug: r.stylistSlug,
    stylistName: names.get(r.stylistSlug) ?? null,
  }));
}

/** Reviews for the rotating feed, shuffled on the server so the page and its hydration agree. */
export async function listFeedReviews(db: Database, stylistSlug = "all") {
  const [rows, team] = await Promise.all([listReviews(db, stylistSlug), listTeam(db)]);
  const names = new Map(team.map((m) => [m.slug, m.firstName]));
  return shuffle(
    rows.map((r) => ({ review: r.review, client: r.client, stylistName: names.get(r.stylistSlug) ?? null })),
  );
}

/** Fisher–Yates: every order equally likely. */
function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
