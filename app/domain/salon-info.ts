/** Business constants that pages and structured data share, and the salons screen's schema. */
import { checkbox, requiredText } from "./staff/content";
import { EMAIL_PATTERN, normaliseUkMobile } from "./typed-text";
import { z } from "./zod";

export { ACADEMY_SALON_ID, DEFAULT_SALON_ID, MAIN_SALON_ID, SALON_IDS } from "./salon-ids";

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

// ---------------------------------------------------------------------------
// What the salons screen accepts
// ---------------------------------------------------------------------------

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The form's names of one day's times: "monday-opens", "monday-closes". */
export const hoursFieldNames = (day: (typeof WEEK_DAYS)[number]) => {
  const key = day.toLowerCase();
  return { opens: `${key}-opens`, closes: `${key}-closes` };
};

const dayFields = Object.fromEntries(
  WEEK_DAYS.flatMap((day) => {
    const names = hoursFieldNames(day);
    const time = z
      .string()
      .optional()
      .transform((v) => v?.trim() ?? "")
      .refine((v) => v === "" || TIME.test(v), `Please give ${day}'s times as hours and minutes, such as 09:00.`);
    return [
      [names.opens, time],
      [names.closes, time],
    ];
  }),
);

/** A salon as its form posts it: the details visitors see and a week of hours (both times, or neither for closed). */
export const salonSchema = z
  .object({
    name: requiredText("the salon's name", 80),
    address: requiredText("the street address", 120),
    town: requiredText("the town", 60),
    postcode: requiredText("the postcode", 10).regex(
      /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/,
      "Please enter a UK postcode, such as WB1 2MR.",
    ),
    telephone: requiredText("the telephone number", 20).regex(
      /^(\+44 ?|0)\d[\d ]{8,12}$/,
      "Please enter a UK telephone number, such as 01632 960214.",
    ),
    bookingUrl: requiredText("the booking link", 300).regex(
      /^https:\/\/[^\s]+$/,
      "Please enter the booking link as a full https:// address.",
    ),
    removePicture: checkbox,
    /** Where the salon's alerts of new leads go: the front desk's e-mail (none: no alerts). */
    alertEmail: z
      .string()
      .trim()
      .max(254, "Please keep the alerts e-mail to 254 characters or fewer.")
      .optional()
      .transform((v) => (v ? v.toLowerCase() : null))
      .pipe(
        z
          .email({
            pattern: EMAIL_PATTERN,
            error: "Please enter the alerts e-mail as an address, such as desk@maisonivy.example.",
          })
          .nullable(),
      ),
    /** And a UK mobile for a text as well, if the salon wants one. */
    alertMobile: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v) return null;
        const e164 = normaliseUkMobile(v);
        if (e164 === null) {
          ctx.issues.push({
            code: "custom",
            message: "Please enter a UK mobile number, such as 07700 900123.",
            input: v,
          });
          return z.NEVER;
        }
        return e164;
      }),
    ...dayFields,
  })
  .transform((salon, ctx) => {
    const fields = salon as unknown as Record<string, string>;
    const openingHours: DayHours[] = WEEK_DAYS.map((day) => {
      const names = hoursFieldNames(day);
      const opens = fields[names.opens] ?? "";
      const closes = fields[names.closes] ?? "";
      if (!opens && !closes) return null;
      if (!opens || !closes) {
        ctx.addIssue({
          code: "custom",
          path: [opens ? names.closes : names.opens],
          message: `Please give ${day} both an opening and a closing time, or neither if closed.`,
        });
        return null;
      }
      if (closes <= opens)
        ctx.addIssue({
          code: "custom",
          path: [names.closes],
          message: `${day} must close after it opens.`,
        });
      return { opens, closes };
    });
    return {
      removePicture: salon.removePicture,
      name: salon.name,
      address: salon.address,
      town: salon.town,
      postcode: salon.postcode.toUpperCase(),
      telephone: salon.telephone,
      bookingUrl: salon.bookingUrl,
      openingHours,
      alerts: { email: salon.alertEmail, mobile: salon.alertMobile },
    };
  });

/** The form's view of a salon's week. */
export function hoursFormValues(hours: readonly DayHours[] | null | undefined): Record<string, string> {
  return Object.fromEntries(
    WEEK_DAYS.flatMap((day, i) => {
      const names = hoursFieldNames(day);
      return [
        [names.opens, hours?.[i]?.opens ?? ""],
        [names.closes, hours?.[i]?.closes ?? ""],
      ];
    }),
  );
}
