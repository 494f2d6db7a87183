/**
 * The schemas of the console screens for the blog, notices, news and the
 * online shop, shared by the server (which trusts nothing else) and the unit
 * tests.
 */
import { fromLondonLocal } from "../salon-time";
import { z } from "../zod";
import { checkbox, isoDate, link, optionalText, requiredText } from "./content";

/** Lower-case words joined by hyphens: the last part of a page's address. */
const slug = (what: string) =>
  z
    .string({ error: `Please enter ${what}.` })
    .trim()
    .min(1, `Please enter ${what}.`)
    .max(80, `Please keep ${what} to 80 characters or fewer.`)
    .regex(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
      `Please write ${what} in lower-case letters and numbers joined by hyphens, such as winter-colour-care.`,
    );

/** A picture the site serves itself (an illustration under /images/). */
const sitePicture = (what: string) =>
  z
    .string({ error: `Please choose ${what}.` })
    .trim()
    .regex(/^\/images\/[a-z0-9/_-]+\.(?:svg|png|jpe?g|webp|avif)$/, `Please choose ${what} from the list.`);

/** A date that may be left empty: stored as null. */
const optionalDate = (what: string) =>
  z
    .union([z.literal(""), isoDate(what)])
    .optional()
    .transform((v) => v || null);

/** Text split into paragraphs at blank lines, each trimmed, empty ones dropped. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.replace(/\s*\r?\n\s*/g, " ").trim())
    .filter(Boolean);
}

export const blogPostSchema = z
  .object({
    title: requiredText("the title", 120),
    slug: slug("the address"),
    author: requiredText("the author's name", 80),
    image: sitePicture("a cover picture"),
    /** Back to the illustration: the uploaded cover is taken off the post. */
    removeCover: checkbox,
    markdown: requiredText("the post", 50_000),
    status: z.enum(["draft", "published"], { error: "Please choose draft or published." }),
    /** London wall-clock time, from a datetime-local field; empty means "now" when publishing. */
    publishAt: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v) return null;
        const at = fromLondonLocal(v);
        if (!at) {
          ctx.addIssue({ code: "custom", message: "Please enter the publishing time as a date and a time." });
          return z.NEVER;
        }
        return at;
      }),
  })
  .strip();
export type BlogPostInput = z.infer<typeof blogPostSchema>;

export const newsItemSchema = z.object({
  title: requiredText("the headline", 120),
  slug: slug("the address"),
  image: sitePicture("a picture"),
  /** Needed only while the item shows its illustration (the news screen checks it). */
  alt: optionalText(200),
  body: requiredText("the text", 2000),
  removePicture: checkbox,
});

export const shopBannerSchema = z.object({
  mobileImage: sitePicture("the phone picture"),
  desktopImage: sitePicture("the wide-screen picture"),
  alt: requiredText("what the banner says", 200),
  url: link("where the banner leads"),
});

export const shopTileSchema = z.object({
  image: sitePicture("the brand's picture"),
  brand: requiredText("the brand", 60),
  title: requiredText("the range", 60),
  description: requiredText("the description", 400),
  url: link("where the tile leads"),
  removePicture: checkbox,
});

const offerCode = z
  .string()
  .trim()
  .toUpperCase()
  .optional()
  .transform((v) => v || null)
  .refine(
    (v) => v === null || /^[A-Z0-9]{2,20}$/.test(v),
    "Please write the code in letters and numbers, such as AG30.",
  );

export const noticeSchema = z
  .object({
    title: requiredText("the title", 120),
    lead: optionalText(600),
    body: requiredText("the text", 6000),
    publishFrom: optionalDate("the first day"),
    publishUntil: optionalDate("the last day"),
    sisterSalonText: optionalText(300),
    alternativeStylists: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(/[\s,]+/)
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine(
        (slugs) => slugs.every((s) => /^[a-z0-9-]+$/.test(s)),
        "Please list the stylists' page names, such as isla, priya.",
      ),
    offerCode,
    offerPercent: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v) return null;
        const n = Number(v.replace(/%$/, ""));
        if (!Number.isInteger(n) || n < 1 || n > 100) {
          ctx.addIssue({ code: "custom", message: "Please enter the discount as a whole percentage from 1 to 100." });
          return z.NEVER;
        }
        return n;
      }),
    offerText: optionalText(400),
    offerSmallPrint: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    if (v.publishFrom && v.publishUntil && v.publishUntil < v.publishFrom)
      ctx.addIssue({
        code: "custom",
        path: ["publishUntil"],
        message: "Please make the last day on or after the first.",
      });
    if (v.offerCode && (v.offerPercent === null || !v.offerText))
      ctx.addIssue({
        code: "custom",
        path: [v.offerPercent === null ? "offerPercent" : "offerText"],
        message: "An offer needs its discount and its text, or no code at all.",
      });
  });
export type NoticeInput = z.infer<typeof noticeSchema>;

/** Whether a notice shows on `day` (London yyyy-mm-dd): both ends inclusive, null for no limit. */
export function noticeShows(notice: { publishFrom: string | null; publishUntil: string | null }, day: string): boolean {
  return (
    (notice.publishFrom === null || notice.publishFrom <= day) &&
    (notice.publishUntil === null || day <= notice.publishUntil)
  );
}

/** The brand screen's two settings, each a form of its own (app/routes/staff/content-brand.tsx). */
export const brandFoundedSchema = z.object({ founded: isoDate("the day the first salon opened") });

export const brandLineSchema = z.object({
  groupLine: z
    .string()
    .trim()
    .max(120, "Please keep the line to 120 characters or fewer.")
    .optional()
    .transform((v) => v ?? ""),
});
