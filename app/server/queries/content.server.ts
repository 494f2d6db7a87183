/** Team, blog, reviews, news, shop and settings: the site's editorial content. */
import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "../db.server";
import { blogPosts, levels, newsItems, reviews, shopBanners, shopTiles, siteSettings, stylists } from "../schema.server";

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

export function listTeam(db: Database): Promise<TeamMember[]> {
  return selectTeam(db).orderBy(asc(stylists.displayOrder), asc(stylists.id));
}

export async function getTeamMember(db: Database, slug: string): Promise<TeamMember | undefined> {
  const [row] = await selectTeam(db).where(eq(stylists.slug, slug));
  return row;
}
export function listBlogPosts(db: Database): Promise<BlogPostRow[]> {
  return db.select().from(blogPosts).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
}

export async function getBlogPost(db: Database, slug: string): Promise<BlogPostRow | undefined> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
  return row;
}

/** Reviews of one stylist, or of everyone for "all". */
export function listReviews(db: Database, stylistSlug = "all"): Promise<ReviewRow[]> {
  const query = db.select().from(reviews);
  return (stylistSlug === "all" ? query : query.where(eq(reviews.stylistSlug, stylistSlug))).orderBy(asc(reviews.id));
}

export function listNewsItems(db: Database): Promise<NewsItemRow[]> {
  return db.select().from(newsItems).orderBy(asc(newsItems.displayOrder), asc(newsItems.id));
}

export async function getStoreData(db: Database) {
  const [banners, tiles] = await Promise.all([
    db.select().from(shopBanners).orderBy(asc(shopBanners.displayOrder), asc(shopBanners.id)),
    db.select().from(shopTiles).orderBy(asc(shopTiles.displayOrder), asc(shopTiles.id)),
  ]);
  return { banners, tiles };
}

export interface SiteSettings {
  hideOffers: boolean;
  /** ISO date (yyyy-mm-dd) the shared offers end on. */
  endDate: string;
  /** Offer flag key → shown. */
  offers: Record<string, boolean>;
}

export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const rows = await db.select().from(siteSettings);
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const offers: Record<string, boolean> = {};
  for (const [key, value] of byKey) if (key.startsWith("offer_")) offers[key] = value === "true";
  return {
    hideOffers: byKey.get("hideOffers") === "true",
    endDate: byKey.get("endDate") ?? "2025-06-30",
    offers,
  };
}

/** Reviews for the rotating feed, shuffled on the server so the page and its hydration agree. */
export async function listFeedReviews(db: Database, stylistSlug = "all") {
  const rows = await db
    .select({ review: reviews.review, client: reviews.client, stylistName: stylists.firstName })
    .from(reviews)
    .leftJoin(stylists, eq(stylists.slug, reviews.stylistSlug))
    .where(stylistSlug === "all" ? undefined : eq(reviews.stylistSlug, stylistSlug));
  return shuffle(rows);
}

/** Fisher–Yates: every order equally likely. */
export function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
