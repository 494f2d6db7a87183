/**
 * The salons' ids, as the seed numbers them: every page, form and rule names a
 * salon through these, never through a bare number. Kept apart from
 * salon-info, which holds the salons screen's schema, so a script in the
 * browser can name a salon without carrying that schema along.
 */
export const SALON_IDS = { wrenbridge: 1, kestwick: 2, academy: 3 } as const;

/** The salon in the site header and on the contact page; job applications are filed under it. */
export const MAIN_SALON_ID = SALON_IDS.wrenbridge;
/** The salon a quote is priced for until the visitor or their stylist says otherwise. */
export const DEFAULT_SALON_ID = SALON_IDS.kestwick;
export const ACADEMY_SALON_ID = SALON_IDS.academy;

/** A salon's name in its public page's address ("kestwick" for /salons/kestwick): the seed's names for the ids. */
export type SalonSlug = keyof typeof SALON_IDS;

/** Every salon's slug, in id order. */
export const SALON_SLUGS = Object.keys(SALON_IDS) as SalonSlug[];

/** The salon id a page slug names, or null for a slug that names no salon. */
export function salonIdOfSlug(slug: string): number | null {
  return Object.hasOwn(SALON_IDS, slug) ? SALON_IDS[slug as SalonSlug] : null;
}

/** The slug of salon `id`, or null for an id the seed never made. */
export function salonSlugOf(id: number): SalonSlug | null {
  return SALON_SLUGS.find((slug) => SALON_IDS[slug] === id) ?? null;
}
