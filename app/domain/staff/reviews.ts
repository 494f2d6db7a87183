/**
 * Reviews as staff add, import and hide them. Every genuine review is shown,
 * whatever its rating: showing only the good ones would mislead the people
 * reading them (and UK consumer law forbids it). A review is published when
 * added; hiding one needs a reason, which is kept on the review and audited.
 */
import { londonDay } from "../salon-time";
import { z } from "../zod";
import { isoDate, optionalText, requiredText } from "./content";
import { parseCsv } from "./csv";
import { MAX_IMPORT_CHARS } from "./review-import";

/** 1 to 5 stars, or none when the source gave none. */
const rating = optionalText(10).pipe(
  z
    .string()
    .regex(/^[1-5]$/, "Please give the rating as a whole number of stars from 1 to 5, or leave it empty.")
    .transform(Number)
    .nullable(),
);

/** The day the client wrote it: a real day, and not one still to come (UK time). */
const reviewedOn = optionalText(10).pipe(
  isoDate("the day of the review")
    .refine((day) => day <= londonDay(new Date()), "The day of the review can't be in the future.")
    .nullable(),
);

export const reviewSchema = z.object({
  review: requiredText("the review", 2000),
  client: requiredText("the client's name as shown (such as Joanna P.)", 80),
  stylistSlug: requiredText("the stylist"),
  rating,
  reviewedOn,
  /** Where staff had it from ("Google", "a card at the desk"): the page says "Added by the salon from …". */
  sourceDetail: optionalText(80),
});

export type ReviewInput = z.infer<typeof reviewSchema>;

const HIDE_REASON_MESSAGE =
  "Please say why this review is hidden (for example: not a real client, or it names another client). Every genuine review is shown, good or bad.";

export const hideSchema = z.object({
  reason: z
    .string({ error: HIDE_REASON_MESSAGE })
    .trim()
    .min(5, HIDE_REASON_MESSAGE)
    .max(500, "Please keep the reason to 500 characters or fewer."),
});

export interface TeamName {
  slug: string;
  firstName: string;
  lastName: string;
}

/** A stylist named by slug ("isla"), first name ("Isla") or full name ("Isla Brennan"), if exactly one matches. */
export function findStylist(team: readonly TeamName[], name: string): TeamName | undefined {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return undefined;
  const bySlug = team.find((m) => m.slug === wanted);
  if (bySlug) return bySlug;
  const matches = team.filter(
    (m) => m.firstName.toLowerCase() === wanted || `${m.firstName} ${m.lastName}`.toLowerCase() === wanted,
  );
  return matches.length === 1 ? matches[0] : undefined;
}

const MAX_IMPORT_ROWS = 1000;
const REQUIRED_COLUMNS = ["review", "client", "stylist"] as const;

export type ImportResult =
  | { ok: true; reviews: ReviewInput[] }
  | { ok: false; error: string; problems: { row: number; message: string }[] };

/**
 * Reads a CSV of reviews: a header row naming the columns (review, client,
 * stylist, and optionally rating, date and source, in any order), then one review a
 * row. Every row is checked; if any is at fault the answer names each such
 * row as a spreadsheet numbers it (the header is row 1) and nothing is to be
 * imported.
 */
export function parseReviewsCsv(text: string, team: readonly TeamName[]): ImportResult {
  const refuse = (error: string, problems: { row: number; message: string }[] = []): ImportResult => ({
    ok: false,
    error,
    problems,
  });
  if (text.length > MAX_IMPORT_CHARS)
    return refuse("That file is too big to import at once: please split it into files of up to 1,000 reviews.");
  const rows = parseCsv(text);
  if (!rows) return refuse('The file has a quote (") that is never closed, so it cannot be read as CSV.');
  const [header, ...body] = rows;
  if (!header) return refuse("The file is empty: it needs a header row and at least one review.");
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0)
    return refuse(
      `The header row needs the columns ${REQUIRED_COLUMNS.join(", ")} (and may have rating, date and source); it lacks ${missing.join(", ")}.`,
    );
  if (body.length === 0) return refuse("The file has a header row but no reviews.");
  if (body.length > MAX_IMPORT_ROWS)
    return refuse(`That is ${body.length} reviews: please import at most ${MAX_IMPORT_ROWS} at a time.`);

  const column = (fields: string[], name: string) => {
    const at = names.indexOf(name);
    return at < 0 ? undefined : fields[at];
  };
  const problems: { row: number; message: string }[] = [];
  const reviews: ReviewInput[] = [];
  for (const { line, fields } of body) {
    if (fields.length !== names.length) {
      problems.push({ row: line, message: `has ${fields.length} fields where the header has ${names.length}.` });
      continue;
    }
    const stylistName = column(fields, "stylist") ?? "";
    const stylist = findStylist(team, stylistName);
    const parsed = reviewSchema.safeParse({
      review: column(fields, "review"),
      client: column(fields, "client"),
      stylistSlug: stylist?.slug ?? "",
      rating: column(fields, "rating"),
      reviewedOn: column(fields, "date"),
      sourceDetail: column(fields, "source"),
    });
    const messages: string[] = [];
    if (!stylist)
      messages.push(
        stylistName.trim() ? `no one in the team is called "${stylistName.trim()}".` : "the stylist is missing.",
      );
    if (!parsed.success)
      for (const issue of parsed.error.issues) if (issue.path[0] !== "stylistSlug") messages.push(issue.message);
    if (messages.length > 0) problems.push({ row: line, message: messages.join(" ") });
    else if (parsed.success) reviews.push(parsed.data);
  }
  if (problems.length > 0)
    return refuse(
      `Nothing was imported: ${problems.length === 1 ? "one row needs" : `${problems.length} rows need`} correcting first (${problems
        .map((p) => `row ${p.row}`)
        .join(", ")}).`,
      problems,
    );
  return { ok: true, reviews };
}
