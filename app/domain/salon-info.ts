/** Business constants that pages and structured data share. */

/** The salon in the site header and job applications, and the academy. */
export const MAIN_SALON_ID = 1;
export const ACADEMY_SALON_ID = 3;

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

/** One day's hours as a salon row holds them: null when closed. */
export type DayHours = { opens: string; closes: string } | null;

/** The week as the site shows it, Monday first; the salons' hours are stored in this order. */
export const WEEK_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** "09:00" → "9am", "08:30" → "8:30am", "20:00" → "8pm". */
function clockLabel(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const suffix = h < 12 ? "am" : "pm";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${hour}${suffix}` : `${hour}:${String(m).padStart(2, "0")}${suffix}`;
}

/**
 * A salon's stored week as the pages show it. A salon without hours (never
 * the case once seeded) reads as closed every day rather than inventing any.
 */
export function openingDays(hours: readonly DayHours[] | null | undefined): OpeningDay[] {
  return WEEK_DAYS.map((day, i) => {
    const today = hours?.[i] ?? null;
    return {
      day,
      schemaDay: day,
      opens: today?.opens ?? null,
      closes: today?.closes ?? null,
      label: today ? `${clockLabel(today.opens)} – ${clockLabel(today.closes)}` : "Closed",
    };
  });
}

export const SOCIAL_LINKS = [
  { name: "Instagram", href: "https://www.instagram.com/maisonivyhair" },
  { name: "Facebook", href: "https://www.facebook.com/maisonivyhair" },
  { name: "Twitter", href: "https://twitter.com/maisonivyhair" },
  { name: "Pinterest", href: "https://www.pinterest.com/maisonivyhair" },
] as const;
