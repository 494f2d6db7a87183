/** Team, blog, reviews, news, shop and settings: the site's editorial content. */
import { asc, desc, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PictureRef } from "~/domain/pictures";
import { cached } from "../cache.server";
import type { Database } from "../db.server";
import {
  blogPosts,
  levels,
  newsItems,
  pictures,
  reviews,
  shopBanners,
  shopTiles,
  siteSettings,
  stylists,
} from "../schema.server";

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type NewsItemRow = typeof newsItems.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;

const photos = alias(pictures, "photo");
const montages = alias(pictures, "montage");

const refColumns = (t: typeof photos | typeof montages) => ({
  id: t.id,
  alt: t.alt,
  width: t.width,
  height: t.height,
  widths: t.widths,
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
  averagePricePence: stylists.averagePricePence,
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
  return rows.map(({ retired, ...m }) => ({
    ...m,
    retired: retired !== null,
    photo: m.photo as PictureRef | null,
    montage: m.montage as PictureRef | null,
  }));
}

export type TeamMember = Awaited<ReturnType<typeof readEveryMember>>[number];

// Content reads are cached per process (see cache.server.ts); callers must not mutate the results.

/** Every member, retired ones too: for the names on their reviews, which stay published. */
export function listEveryMember(db: Database): Promise<TeamMember[]> {
  return cached(db, "team-all", () => readEveryMember(db));
}

/** The team as the public pages show it: retired members are gone. */
export async function listTeam(db: Database): Promise<TeamMember[]> {
  return (await listEveryMember(db)).filter((m) => !m.retired);
}

/** Each member's uploaded portrait by slug (null: the illustration), for pages that list stylists. */
export async function teamPhotos(db: Database): Promise<Map<string, PictureRef | null>> {
  return new Map((await listEveryMember(db)).map((m) => [m.slug, m.photo]));
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
  /** ISO date (yyyy-mm-dd) the shared offers end on. */
  endDate: string;
  /** Offer flag key → shown. */
  offers: Record<string, boolean>;
}

export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const rows = await cached(db, "settings", () => db.select().from(siteSettings));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const offers: Record<string, boolean> = {};
  for (const [key, value] of byKey) if (key.startsWith("offer_")) offers[key] = value === "true";
  return {
    hideOffers: byKey.get("hideOffers") === "true",
    endDate: byKey.get("endDate") ?? "2025-06-30",
    offers,
  };
}

/** Every review with the first name of the stylist it is about, for the reviews pages' list. */
export async function listReviewsWithNames(db: Database) {
  const names = new Map((await listEveryMember(db)).map((m) => [m.slug, m.firstName]));
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
  const [rows, team] = await Promise.all([listReviews(db, stylistSlug), listEveryMember(db)]);
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
