/** Business constants that pages and structured data share. */

/**
 * The salons' ids, as the seed numbers them: every page, form and rule names a
 * salon through these, never through a bare number.
 */
export const SALON_IDS = { wrenbridge: 1, kestwick: 2, academy: 3 } as const;

/** The salon in the site header and on the contact page; job applications are filed under it. */
export const MAIN_SALON_ID = SALON_IDS.wrenbridge;
/** The salon a quote is priced for until the visitor or their stylist says otherwise. */
export const DEFAULT_SALON_ID = SALON_IDS.kestwick;
export const ACADEMY_SALON_ID = SALON_IDS.academy;

/** "Wrenbridge · Kestwick": each town with a salon once, in the salons' order, for under the wordmark. */
export function salonPlaces(salons: ReadonlyArray<{ town: string }>): string {
  return [...new Set(salons.map((s) => s.town))].join(" · ");
}

export interface OpeningDay {
  day: string;
  /** schema.org day name, for structured data. */
  schemaDay: string;
  /** 24-hour "HH:MM" times, or null when closed. */
  opens: string | null;
  closes: string | null;
  label: string;
}

export const OPENING_HOURS: readonly OpeningDay[] = [
  { day: "Monday", schemaDay: "Monday", opens: null, closes: null, label: "Closed" },
  { day: "Tuesday", schemaDay: "Tuesday", opens: "09:00", closes: "17:00", label: "9am – 5pm" },
  { day: "Wednesday", schemaDay: "Wednesday", opens: "11:00", closes: "20:00", label: "11am – 8pm" },
  { day: "Thursday", schemaDay: "Thursday", opens: "11:00", closes: "20:00", label: "11am – 8pm" },
  { day: "Friday", schemaDay: "Friday", opens: "09:00", closes: "17:00", label: "9am – 5pm" },
  { day: "Saturday", schemaDay: "Saturday", opens: "08:30", closes: "16:30", label: "8:30am – 4:30pm" },
  { day: "Sunday", schemaDay: "Sunday", opens: null, closes: null, label: "Closed" },
];

export const SOCIAL_LINKS = [
  { name: "Instagram", href: "https://www.instagram.com/maisonivyhair" },
  { name: "Facebook", href: "https://www.facebook.com/maisonivyhair" },
  { name: "Twitter", href: "https://twitter.com/maisonivyhair" },
  { name: "Pinterest", href: "https://www.pinterest.com/maisonivyhair" },
] as const;
