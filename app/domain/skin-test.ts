/**
 * Colour readiness: the salon's skin-test rule (spec, "Business rules": a
 * skin test is required 48 hours before any colour service; a test on
 * record within 6 months counts). Pure: the server hands in the instants of
 * the client's recorded tests and of her colour appointment.
 *
 * - The 48 hours are elapsed time between the two appointments' start
 *   instants (a clock change does not shorten them); exactly 48 hours is enough.
 * - The 6 months are calendar months on London's calendar from the day of the
 *   test: a test on 31 August is valid until 28 February (29 in a leap year),
 *   the last day of the month when the day does not exist (date-fns addMonths).
 *   A colour appointment on the last valid day is covered.
 */
import { addMonths, format, parseISO } from "date-fns";
import { Cat1, ColourCat, needsSkinTest, type Service } from "./catalogue";
import { londonDay, londonTime } from "./salon-time";

/** The client's answer to "Have you had a skin test with us in the last 6 months?". */
export const SKIN_TEST_ANSWERS = ["yes", "no", "not-sure"] as const;
export type SkinTestAnswer = (typeof SKIN_TEST_ANSWERS)[number];

/** Whether a stored value is one of the answers (the column is text). */
export const isSkinTestAnswer = (value: unknown): value is SkinTestAnswer =>
  SKIN_TEST_ANSWERS.some((answer) => answer === value);

export const SKIN_TEST_ANSWER_LABELS: Readonly<Record<SkinTestAnswer, string>> = {
  yes: "Yes",
  no: "No",
  "not-sure": "Not sure",
};

export const SKIN_TEST_QUESTION = "Have you had a skin test with us in the last 6 months?";

/** Hours between a skin test and a colour service, at the least. */
const SKIN_TEST_LEAD_HOURS = 48;
/** Calendar months a skin test on record counts for. */
const SKIN_TEST_VALID_MONTHS = 6;

/** The plain explanation sent with the booking link to a client who has no test on record. */
export const SKIN_TEST_EXPLANATION =
  "Before any colour we need a quick skin test at least 48 hours before your appointment, so that any reaction shows before the colour goes on. A test with us in the last 6 months counts.";

/** Said to a client who answered yes: the 48 hours, and that her recent test counts. */
export const SKIN_TEST_NOTE =
  "Colour services need a skin test at least 48 hours before your appointment (a skin test within the last 6 months counts).";

/** Said to a client who ticked the consultation box on her colour quote. */
export const CONSULTATION_NOTE = "You asked for a consultation before your colour: we'll be in touch to arrange it.";

/** How many days of colour appointments the console home's morning list looks ahead, today included. */
export const COLOUR_CHECK_DAYS = 3;

/** The words the owner has not changed: an appointment whose service names one is a skin test. */
export const DEFAULT_SKIN_TEST_WORDS: readonly string[] = ["skin test", "patch test"];

/** Colour categories where a consultation before the day is worth offering (ColourCat). */
const CONSULTATION_CATS: ReadonlySet<number> = new Set([
  ColourCat.Foils,
  ColourCat.Bleach,
  ColourCat.Vivids,
  ColourCat.Correction,
]);

/** Whether a quote's services include colour, so the skin-test question is asked (catalogue.needsSkinTest). */
export function quoteNeedsSkinTest(services: readonly Pick<Service, "cat1" | "cat2" | "service">[]): boolean {
  return services.some(needsSkinTest);
}

/** Whether a quote's services include foils, bleach, vivids or a correction: the consultation request is offered. */
export function offersConsultation(services: readonly Pick<Service, "cat1" | "cat2" | "service">[]): boolean {
  return services.some((s) => s.cat1 === Cat1.Colour && CONSULTATION_CATS.has(s.cat2) && needsSkinTest(s));
}

/** Whether an appointment's service (as the booking system names it) is a skin test, by the owner's words. */
export function isSkinTestService(service: string, words: readonly string[]): boolean {
  const name = service.toLowerCase();
  return words.some((word) => word.trim() !== "" && name.includes(word.trim().toLowerCase()));
}

/**
 * The owner's words as typed (one per line or comma-separated) to a list:
 * trimmed, lower case, without repeats or empties; at most 10 words of up to
 * 40 characters each, or null when the text breaks those limits.
 */
export function parseSkinTestWords(text: string): string[] | null {
  const words = [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((w) => w.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (words.length === 0 || words.length > 10 || words.some((w) => w.length > 40)) return null;
  return words;
}

/** The last London day (yyyy-mm-dd) a skin test given at `testedAt` counts for. */
export function skinTestValidUntil(testedAt: Date): string {
  return format(addMonths(parseISO(londonDay(testedAt)), SKIN_TEST_VALID_MONTHS), "yyyy-MM-dd");
}

/** A London day (yyyy-mm-dd) as the UK writes it: "28 February 2027". */
export function ukDate(day: string): string {
  return format(parseISO(day), "d MMMM yyyy");
}

export type ColourReadiness =
  /** A test at least 48 hours before, still valid on the day. */
  | { kind: "ready"; testedAt: Date; validUntil: string }
  /** No test before the appointment at all. */
  | { kind: "no-test" }
  /** The latest test is less than 48 hours before the appointment (or after it). */
  | { kind: "too-soon"; testedAt: Date; hoursBefore: number }
  /** Every test early enough ran out before the appointment's day. */
  | { kind: "expired"; testedAt: Date; validUntil: string };

const HOUR_MS = 3_600_000;

/**
 * Whether a colour appointment starting at `colourAt` is covered by one of
 * the client's skin tests (their start instants, in any order): the latest
 * test at least 48 hours before decides; without one, the latest test at
 * all (too soon); without any, none.
 */
export function colourReadiness(tests: readonly Date[], colourAt: Date): ColourReadiness {
  const latestFirst = [...tests].sort((a, b) => b.getTime() - a.getTime());
  const early = latestFirst.find((t) => colourAt.getTime() - t.getTime() >= SKIN_TEST_LEAD_HOURS * HOUR_MS);
  if (early) {
    const validUntil = skinTestValidUntil(early);
    return londonDay(colourAt) <= validUntil
      ? { kind: "ready", testedAt: early, validUntil }
      : { kind: "expired", testedAt: early, validUntil };
  }
  const latest = latestFirst[0];
  if (!latest) return { kind: "no-test" };
  return {
    kind: "too-soon",
    testedAt: latest,
    hoursBefore: Math.floor((colourAt.getTime() - latest.getTime()) / HOUR_MS),
  };
}

/** An instant as the front desk reads it: "3 September 2026 at 10:00" (London). */
function ukDateTime(at: Date): string {
  return `${ukDate(londonDay(at))} at ${londonTime(at)}`;
}

/** The skin-test line of a lead: "Skin test needed", or "Skin test on D, valid until D + 6 months". */
export function skinTestStatusWords(latest: { on: string; validUntil: string; current: boolean } | null): string {
  if (!latest) return "Skin test needed";
  if (!latest.current)
    return `Skin test needed: the last one, on ${ukDate(latest.on)}, was valid until ${ukDate(latest.validUntil)}`;
  return `Skin test on ${ukDate(latest.on)}, valid until ${ukDate(latest.validUntil)}`;
}

/** Why a booked colour appointment is flagged, in words; null when a skin test covers it. */
export function colourFlagWords(readiness: ColourReadiness, colourAt: Date): string | null {
  const when = ukDateTime(colourAt);
  switch (readiness.kind) {
    case "ready":
      return null;
    case "no-test":
      return `Colour booked for ${when} with no skin test on record`;
    case "too-soon":
      return readiness.hoursBefore < 0
        ? `Colour booked for ${when}, before the skin test on ${ukDateTime(readiness.testedAt)}`
        : `Colour booked for ${when}, only ${readiness.hoursBefore} hours after the skin test (${SKIN_TEST_LEAD_HOURS} needed)`;
    case "expired":
      return `Colour booked for ${when}, after the skin test's 6 months ran out on ${ukDate(readiness.validUntil)}`;
  }
}
