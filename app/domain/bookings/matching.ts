/**
 * Bookings matched back to quotes (decision 070): which quote, if any, an
 * appointment from the salon's booking system books. Pure: the server hands
 * in the appointment and the quotes that share its mobile or e-mail, and
 * acts on the answer (app/server/staff/bookings.server.ts).
 *
 * The rules, in the order they apply:
 * - Only quotes saved in the 60 days before the appointment count.
 * - A quote whose status a person set to Booked or Not booked is theirs: it
 *   is never a candidate to change ("locked"), whatever else agrees.
 * - A candidate shares the normalised mobile (E.164) or the normalised
 *   e-mail. Its name "agrees" when the surnames are within a typo of each
 *   other and the first names are too (or one is the other's initial or
 *   short form); a booking with one name only compares that one.
 * - Exactly one open candidate whose name agrees: a confident match.
 * - Two or more such open candidates (the same person asked twice): a person
 *   chooses, in the review list.
 * - Open candidates none of whose names agree: the same phone or e-mail
 *   under another name (a family sharing a phone, a partner booking) goes
 *   to the review list too, never straight to Booked.
 */
import { normaliseEmail } from "../privacy";
import { normaliseTypedText, normaliseUkMobile } from "../typed-text";

/** How far back a quote may have been saved and still be booked by an appointment. */
export const MATCH_WINDOW_DAYS = 60;
const DAY_MS = 86_400_000;

/** A mobile as the quotes store it (+447700900123), or null when it is not a UK mobile. */
export function normaliseMobile(input: string | null | undefined): string | null {
  return input ? normaliseUkMobile(input) : null;
}

/** An e-mail as compared (normalised as typed, lower case), or null when there is none that could be one. */
export function normaliseAppointmentEmail(input: string | null | undefined): string | null {
  const email = normaliseEmail(input ?? "");
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
}

/**
 * A name as words of its own letters, in any script: NFKC (so full-width and
 * compatibility forms read as their letters) and case-folded, Latin accents
 * gone (a booking system often drops them), every other mark kept where it is
 * part of the letter (Devanagari vowel signs, Hebrew points), punctuation and
 * invisible marks gone: "Zoë O'Brien-Hart" → "zoe obrienhart", "Ольга" → "ольга",
 * "김민지" (as typed or as jamo) → "김민지".
 */
function nameWords(name: string): string[] {
  return (
    normaliseTypedText(name)
      .normalize("NFKC")
      .toLowerCase()
      .normalize("NFD")
      // Accents on Latin letters only: in other scripts a mark can be a letter's vowel.
      .replace(/(?<=\p{sc=Latin})\p{M}+/gu, "")
      .normalize("NFC")
      .replace(/[^\p{L}\p{M}\p{N}\s]/gu, "")
      .split(/\s+/)
      .filter(Boolean)
  );
}

/** Edit distance (insertions, deletions, substitutions, and a swap of two neighbours counts as one). */
function distance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * Scripts whose one character is a whole syllable (Chinese, Korean, Japanese
 * kana): one character more or less is another name, not a typo, and there
 * are no initials or short forms to allow.
 */
const SYLLABIC = /[\p{sc=Han}\p{sc=Hangul}\p{sc=Hiragana}\p{sc=Katakana}]/u;

/** Two spellings of one word, allowing the typos of a busy front desk: one slip in a short word, two in a long one. */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (SYLLABIC.test(a) || SYLLABIC.test(b)) return false;
  const allowed = Math.min(a.length, b.length) <= 5 ? 1 : 2;
  return distance(a, b) <= allowed;
}

/** "K" for "Kate", "Kath" for "Katherine", "Bex" is beyond us: an initial or a short form of at least three letters. */
function sameFirstName(a: string, b: string): boolean {
  if (sameWord(a, b)) return true;
  if (SYLLABIC.test(a) || SYLLABIC.test(b)) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length === 1 ? long.startsWith(short) : short.length >= 3 && long.startsWith(short);
}

/** Whether two names can be the same person's, as typed in two systems. */
export function namesAgree(a: string, b: string): boolean {
  const x = nameWords(a);
  const y = nameWords(b);
  if (x.length === 0 || y.length === 0) return false;
  // The same letters spaced differently ("王 秀英" and "王秀英", "Mary Jane" and "MaryJane").
  if (x.join("") === y.join("")) return true;
  const firstAgrees = sameFirstName(x[0] as string, y[0] as string);
  if (x.length === 1 || y.length === 1) return firstAgrees;
  return firstAgrees && sameWord(x.at(-1) as string, y.at(-1) as string);
}

export interface AppointmentToMatch {
  name: string;
  /** Normalised (normaliseMobile), or null. */
  mobile: string | null;
  /** Normalised (normaliseAppointmentEmail), or null. */
  email: string | null;
  startsAt: Date;
}

export interface QuoteToMatch {
  id: number;
  name: string;
  mobile: string;
  email: string;
  createdAt: Date;
  /** A person set its status to Booked or Not booked: nothing automatic changes it. */
  locked: boolean;
}

export type MatchReason = "same-person" | "shared-phone" | "name-mismatch" | "two-open-quotes";

export const MATCH_REASON_LABELS: Readonly<Record<MatchReason, string>> = {
  "same-person": "Same mobile or e-mail and name",
  "shared-phone": "Same mobile, another name (a shared family phone?)",
  "name-mismatch": "Same e-mail, another name",
  "two-open-quotes": "More than one open quote from this client",
};

export type MatchResult =
  | { kind: "confident"; quoteId: number; reason: "same-person" }
  | { kind: "review"; quoteIds: number[]; reason: Exclude<MatchReason, "same-person"> }
  /** Only quotes a person already settled: the appointment is kept, nothing changes. */
  | { kind: "locked"; quoteIds: number[] }
  | { kind: "none" };

/** Whether the quote was saved in the window before the appointment (and not after it). */
function inMatchWindow(quoteCreatedAt: Date, startsAt: Date): boolean {
  const age = startsAt.getTime() - quoteCreatedAt.getTime();
  return age >= -DAY_MS && age <= MATCH_WINDOW_DAYS * DAY_MS;
}

/** The quote an appointment books, or why a person should choose, or nothing. */
export function matchAppointment(appointment: AppointmentToMatch, quotes: readonly QuoteToMatch[]): MatchResult {
  const sharing = quotes.filter(
    (q) =>
      inMatchWindow(q.createdAt, appointment.startsAt) &&
      ((appointment.mobile !== null && q.mobile === appointment.mobile) ||
        (appointment.email !== null && q.email !== "" && normaliseEmail(q.email) === appointment.email)),
  );
  if (sharing.length === 0) return { kind: "none" };
  const open = sharing.filter((q) => !q.locked);
  const newestFirst = (list: readonly QuoteToMatch[]) =>
    [...list].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((q) => q.id);
  if (open.length === 0) return { kind: "locked", quoteIds: newestFirst(sharing) };
  const agreeing = open.filter((q) => namesAgree(q.name, appointment.name));
  if (agreeing.length === 1)
    return { kind: "confident", quoteId: (agreeing[0] as QuoteToMatch).id, reason: "same-person" };
  if (agreeing.length > 1) return { kind: "review", quoteIds: newestFirst(agreeing), reason: "two-open-quotes" };
  // The same contact under a name that does not agree: someone else, perhaps, or the same client renamed.
  const byPhone = open.some((q) => appointment.mobile !== null && q.mobile === appointment.mobile);
  return { kind: "review", quoteIds: newestFirst(open), reason: byPhone ? "shared-phone" : "name-mismatch" };
}
