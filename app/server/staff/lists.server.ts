/**
 * What every console list shares on the server: reading its filters and its
 * search from the URL, and the text search itself (list-page.server.ts reads
 * the one page of rows a list's loader hands its page).
 *
 * The search is ILIKE on the columns staff would recognise someone by, both
 * sides folded alike (typed-text.ts foldForSearch; schema.server.ts
 * searchFolded, the expression the trigram indexes hold, decision 118):
 * Unicode NFC, and curly and straight apostrophes as one, so O'Brien finds
 * O’Brien and a name stored decomposed is found by its composed spelling. Each
 * list is read newest first through its created/id index and stops after one
 * page, so a search reads rows until it has a page of matches; no list loads
 * everything, however long the salon keeps its records. Wildcards typed into
 * the box are matched literally.
 */
import { and, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, AnyPgTable } from "drizzle-orm/pg-core";
import { data } from "react-router";
import { DAY_YEARS, isSaneDay } from "~/domain/dates";
import { foldForSearch } from "~/domain/typed-text";
import { searchFolded, staffNotes } from "../schema.server";

/** Longer than any name, address or number anyone searches for; the box stops there too. */
const SEARCH_MAX_LENGTH = 100;
/** Words beyond these are ignored: each is one more pass over the same rows. */
const SEARCH_MAX_WORDS = 6;

const ID = /^[1-9]\d{0,8}$/;

/** A record's id from the URL, or nothing: unrecognised filters are ignored, never refused. */
export const idParam = (value: string | null) => (value && ID.test(value) ? Number(value) : undefined);

export const oneOf = <T extends string>(list: readonly T[], value: string | null) =>
  list.find((item) => item === value);

/**
 * A yyyy-mm-dd day from the URL, or nothing when it is left empty. A day the
 * calendar lacks (30 February), one outside DAY_YEARS or any other spelling
 * is refused with a 400 naming the field, before any query or download starts.
 */
export function dayParam(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name)?.trim();
  if (!value) return undefined;
  if (isSaneDay(value)) return value;
  throw data(
    {
      error: `The "${name}" date, ${value.slice(0, 20)}, is not a real date between ${DAY_YEARS.first} and ${DAY_YEARS.last}: please give it as yyyy-mm-dd.`,
    },
    { status: 400 },
  );
}

/** The start of a London day, as the database compares it. */
const londonDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/London')`;

/** Rows from the start of `from` to the end of `to` (London days, both inclusive). */
export function dayRange(column: AnyPgColumn, filter: { from?: string; to?: string }): SQL[] {
  const where: SQL[] = [];
  if (filter.from) where.push(sql`${column} >= ${londonDayStart(filter.from)}`);
  if (filter.to) where.push(sql`${column} < ${londonDayStart(filter.to)} + interval '1 day'`);
  return where;
}

/**
 * The search box's words (`q`), folded for search (typed-text.ts: invisible
 * marks gone, NFC, white space single, apostrophes plain), at most
 * SEARCH_MAX_LENGTH characters, or nothing.
 */
export function searchParam(params: URLSearchParams): string | undefined {
  const value = foldForSearch(params.get("q") ?? "")
    .slice(0, SEARCH_MAX_LENGTH)
    .trim();
  return value === "" ? undefined : value;
}

/** `%term%` for ILIKE, with the term's own %, _ and \ matched as themselves. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The digits of a typed phone number as they stand in a stored one: numbers
 * are kept as +447…, so "07700 900222", "+44 7700 900222" and "900222" all
 * become digits found inside it. Nothing when the term is not a number.
 */
export function mobileDigits(term: string): string | undefined {
  // Full-width digits (０７７００…) read as the digits they are.
  const typed = term.normalize("NFKC");
  if (!/^[\d\s()+-]+$/.test(typed)) return undefined;
  let digits = typed.replace(/\D/g, "").replace(/^00/, "");
  if (digits.length < 3) return undefined;
  // A whole international number (44 and ten or eleven digits): the country code goes, as does a "(0)" after it.
  if (digits.startsWith("44") && digits.length >= 12) digits = digits.slice(2);
  return digits.replace(/^0(?=7)/, "");
}

export interface SearchIn {
  /** Text columns matched word by word (name, e-mail, notes of the record itself…). */
  text: readonly (AnyPgColumn | SQL)[];
  /** A stored +447… mobile, matched on the typed number's digits. */
  mobile?: AnyPgColumn;
  /** The record's staff notes: its kind in staff_notes and its id column. */
  notes?: { subjectType: string; id: AnyPgColumn };
}

const ilike = (column: AnyPgColumn | SQL, pattern: string) => sql`${searchFolded(column)} ILIKE ${pattern} ESCAPE '\\'`;

/**
 * Rows where every word of the search is found in one of the columns (so
 * "ada 900201" finds Ada by her number), or where the whole search is a
 * phone number found in the mobile. Undefined (no condition) without a search.
 */
export function searchWhere(term: string | undefined, where: SearchIn): SQL | undefined {
  if (!term) return undefined;
  const digits = where.mobile ? mobileDigits(term) : undefined;
  if (where.mobile && digits) return sql`${where.mobile} ILIKE ${containsPattern(digits)} ESCAPE '\\'`;
  const words = term.split(" ").slice(0, SEARCH_MAX_WORDS);
  return and(
    ...words.map((word) => {
      const pattern = containsPattern(word);
      const found = where.text.map((column) => ilike(column, pattern));
      if (where.notes)
        found.push(
          // The notes' ids as one array, read once: so each arm of the OR is an index's (a correlated EXISTS
          // would have the planner read every row of the list instead).
          sql`${where.notes.id} = any(array(select ${staffNotes.subjectId} from ${staffNotes} where ${staffNotes.subjectType} = ${where.notes.subjectType} and ${staffNotes.kind} = 'note' and ${ilike(staffNotes.body, pattern)}))`,
        );
      return sql`(${sql.join(found, sql` or `)})`;
    }),
  );
}

/**
 * One page of a list: `offset` rows skipped (the console's pager), or, for a
 * download, the rows after the one whose id is `after` in the list's order
 * (a keyset, so the millionth row costs what the first does).
 */
export interface ListPage {
  limit: number;
  offset?: number;
  after?: number;
}

/**
 * Rows after row `after` in a list read newest first by (created_at, id):
 * the comparison walks the (created_at, id) index from where it left off.
 */
export function newestFirstAfter(
  table: AnyPgTable,
  t: { createdAt: AnyPgColumn; id: AnyPgColumn },
  after: number | undefined,
): SQL | undefined {
  if (after === undefined) return undefined;
  return sql`(${t.createdAt}, ${t.id}) < ((select ${t.createdAt} from ${table} where ${t.id} = ${after}), ${after})`;
}

/** The filters as words, for the audit log: only those the list understood, in the URL's terms. */
export function describeFilter(filter: object): string {
  const set = Object.entries(filter).filter(([, v]) => v !== undefined && v !== "");
  return set.length === 0 ? "none" : set.map(([k, v]) => `${k}=${v}`).join(", ");
}
