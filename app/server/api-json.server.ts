/**
 * The JSON shapes of the read API, with the field names its existing clients already use.
 * Prices leave the API in pounds (as the price list states them); the pence
 * they are stored in convert exactly because they are whole numbers.
 */

import { coverAddress } from "~/domain/blog";
import type { Level, Service } from "~/domain/catalogue";
import { type PictureRef, shownAddress } from "~/domain/pictures";
import type { SalonRow, StylistRow } from "./queries/catalogue.server";
import type { BlogPostRow, getStoreData, NewsItemRow, ReviewRow, TeamMember } from "./queries/content.server";

const pounds = (pence: number) => pence / 100;

export const reviewJson = (r: ReviewRow) => ({ review: r.review, client: r.client, stylist: r.stylistSlug });

export const teamMemberJson = (m: TeamMember) => ({
  slug: m.slug,
  first_name: m.firstName,
  last_name: m.lastName,
  level_name: m.levelName,
  image: shownAddress({ image: m.image, picture: m.photo }),
  montage_image: shownAddress({ image: m.montageImage, picture: m.montage }),
  para_1: m.para1,
  para_2: m.para2,
  para_3: m.para3,
  price: m.typicalPricePence === null ? null : pounds(m.typicalPricePence),
  accepting_new_clients: m.acceptingNewClients,
});

export const blogPostJson = (p: BlogPostRow) => ({
  slug: p.slug,
  title: p.title,
  image: coverAddress(p),
  body: p.bodyHtml,
  author: p.author,
  date: p.publishedAt,
});

export const newsItemJson = (n: NewsItemRow) => ({
  slug: n.slug,
  title: n.title,
  image: shownAddress(n),
  alt: n.picture?.alt ?? n.alt,
  body: n.body,
});

export const storeDataJson = ({ banners, tiles }: Awaited<ReturnType<typeof getStoreData>>) => ({
  banners: banners.map((b) => ({ image: b.desktopImage, mobile_image: b.mobileImage, alt: b.alt, url: b.url })),
  tiles: tiles.map((t) => ({
    image: shownAddress(t),
    brand: t.brand,
    description: t.description,
    title: t.title,
    url: t.url,
  })),
});

export const salonJson = (s: SalonRow) => ({ id: s.id, name: s.name, logo: s.logo, image: s.image });

export const serviceJson = (s: Service) => ({
  id: s.id,
  service: s.service,
  client_name: s.clientName,
  price: pounds(s.pricePence),
  product_price: pounds(s.productPricePence),
  cat1: s.cat1,
  cat2: s.cat2,
  group: s.groupName,
  min_level: s.minLevel,
});

/** A calculator stylist, with the address of what the pages show of them: their photo once uploaded. */
export const stylistJson = (s: StylistRow, photo: PictureRef | null) => ({
  id: s.id,
  slug: s.slug,
  first_name: s.firstName,
  last_name: s.lastName,
  salon: s.salonId,
  level: s.levelId,
  remote_image: shownAddress({ image: s.image, picture: photo }),
  para_1: s.para1,
  para_2: s.para2,
  para_3: s.para3,
  accepting_new_clients: s.acceptingNewClients,
});

export const levelJson = (l: Level) => ({ id: l.id, name: l.name, adapter: l.adapterBp / 100 });

/** A JSON answer; read-only catalogue and content answers may be cached briefly by browsers. */
export function jsonResponse(body: unknown, init: { status?: number; maxAge?: number } = {}): Response {
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8" });
  headers.set("Cache-Control", init.maxAge ? `public, max-age=${init.maxAge}` : "no-store");
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

export const notFoundJson = (what: string) => jsonResponse({ error: `${what} not found` }, { status: 404 });
