/**
 * The pieces every content screen's schema is made of. Form fields arrive as
 * strings (or not at all, for an unticked box); these turn them into the
 * values the tables hold, with messages a member of staff can act on.
 */
import { DAY_YEARS, isSaneDay } from "../dates";
import { penceFromPounds } from "../format";
import { isSitePath } from "../site-path";
import { normaliseTypedText } from "../typed-text";
import { z } from "../zod";

/**
 * Text as staff type or paste it, normalised as the public forms' is
 * (normaliseTypedText, decision 107): line breaks kept as "\n" whatever the
 * device sent (a Windows browser's CRLF), invisible marks gone, NFC, trimmed.
 */
const asTyped = (value: string) => normaliseTypedText(value, "text");

/**
 * One line as staff type or paste it (an amount, a percentage): normalised as a line, so the zero-width and
 * no-break spaces, direction marks and byte-order marks a value copied from a web page, a phone or a spreadsheet
 * carries are no part of it.
 */
export const typedLine = (error: string) => z.string({ error }).overwrite((value) => normaliseTypedText(value));

/** Required text, normalised, with its own "please enter" message. */
export const requiredText = (what: string, max = 2000) =>
  z
    .string({ error: `Please enter ${what}.` })
    .overwrite(asTyped)
    .min(1, `Please enter ${what}.`)
    .max(max, `Please keep ${what} to ${max} characters or fewer.`);

/** Text that may be left empty: stored as null. */
export const optionalText = (max = 2000) =>
  z
    .string()
    .overwrite(asTyped)
    .max(max, `Please keep this to ${max} characters or fewer.`)
    .optional()
    .transform((v) => (v ? v : null));

/** A ticked box posts "on"; an unticked one posts nothing. */
export const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on");

/** Commas only as thousands separators ("1,250", "1,250.50"). */
const GROUPED_POUNDS = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/**
 * An amount in pounds as typed or pasted ("45", "45.5", "£45.50", "1,250") to whole pence, read as one line of
 * typed text (normaliseTypedText: the zero-width and no-break spaces a price copied from a web page or a
 * spreadsheet carries are no part of it). A comma anywhere but between thousands is refused, not dropped:
 * "33,50" (a decimal comma, as phones in many languages type it) would be £3,350.
 */
export const pounds = (what: string) =>
  typedLine(`Please enter ${what}.`).transform((v, ctx) => {
    const typed = v.replace(/^£\s*/, "");
    if (typed.includes(",") && !GROUPED_POUNDS.test(typed)) {
      ctx.addIssue({ code: "custom", message: `Please enter ${what} with a point before the pence, such as 33.50.` });
      return z.NEVER;
    }
    try {
      return penceFromPounds(typed.replaceAll(",", ""));
    } catch {
      ctx.addIssue({ code: "custom", message: `Please enter ${what} in pounds, such as 45 or 45.50.` });
      return z.NEVER;
    }
  });

/** A calendar date from a date field (YYYY-MM-DD). */
export const isoDate = (what: string) =>
  z
    .string({ error: `Please enter ${what}.` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Please enter ${what} as a date.`)
    // A day the calendar lacks (30 February) would roll over into the next month: refuse it, and a year outside
    // DAY_YEARS.
    .refine(isSaneDay, `Please enter ${what} as a real date between ${DAY_YEARS.first} and ${DAY_YEARS.last}.`);

/** An address on this site ("/offers") or a full web address. */
export const link = (what: string) =>
  z
    .string({ error: `Please enter ${what}.` })
    .trim()
    .refine(
      (v) => isSitePath(v) || /^https:\/\/[^\s\\]+$/.test(v),
      `Please enter ${what} as a path on this site (starting with /) or a full https:// address.`,
    );
