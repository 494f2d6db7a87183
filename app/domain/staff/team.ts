/**
 * A team member as the console edits them: who they are, where and at what
 * level they work, whether they take new clients, what their page says.
 */
import { z } from "../zod";
import { checkbox, optionalText, requiredText } from "./content";

const name = (what: string) =>
  requiredText(what, 40).regex(/^[\p{L}][\p{L}'’ .-]*$/u, `Please enter ${what} in letters only.`);

const id = (what: string) =>
  z
    .string({ error: `Please choose ${what}.` })
    .regex(/^\d{1,6}$/, `Please choose ${what}.`)
    .transform(Number);

/** An Instagram profile's full address, or nothing. */
const instagram = optionalText(200).refine(
  (v) => v === null || /^https:\/\/(www\.)?instagram\.com\/[A-Za-z0-9._]{1,30}\/?$/.test(v),
  "Please enter the Instagram profile's full address, such as https://www.instagram.com/isla.maisonivy/.",
);

/**
 * One coordinate of a photo's focal point, as the chooser's range input posts
 * it: a percentage from 0 to 100, whole; the middle (50) when not sent, as
 * from a form whose member has no photo yet.
 */
const focusPercent = (what: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return 50;
      const n = /^\d{1,3}(\.\d+)?$/.test(v) ? Math.round(Number(v)) : Number.NaN;
      if (!(n >= 0 && n <= 100)) {
        ctx.addIssue({ code: "custom", message: `Please choose the focal point's ${what} between 0 and 100%.` });
        return z.NEVER;
      }
      return n;
    });

export const teamMemberSchema = z.object({
  firstName: name("the first name"),
  lastName: name("the last name"),
  salonId: id("the salon"),
  levelId: id("the level"),
  para1: requiredText("the first paragraph", 1200),
  para2: requiredText("the second paragraph", 1200),
  para3: optionalText(1200),
  acceptingNewClients: checkbox,
  instagram,
  /** The portrait's focal point (see app/domain/picture-focus.ts). */
  photoFocusX: focusPercent("position across"),
  photoFocusY: focusPercent("position down"),
});

/** The address of a new member's pages: their first name ("isla"), made unique with a number if taken. */
export function slugFor(firstName: string, taken: ReadonlySet<string>): string {
  const base =
    firstName
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "stylist";
  // "all" is the reviews page of everyone (/reviews/all).
  if (base !== "all" && !taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
