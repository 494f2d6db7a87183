/**
 * Lists as CSV files a spreadsheet opens correctly: fields quoted only when
 * they must be (RFC 4180: a comma, quote, CR or LF inside), quotes doubled,
 * lines ended by CRLF, and a byte-order mark so Excel reads UTF-8 rather than
 * guessing a Windows code page and mangling "é".
 *
 * Everything in these files was typed by the public, and a spreadsheet runs a
 * cell starting with = + - @ (or a tab or CR, which some strip first) as a
 * formula: "=HYPERLINK(...)" in a name would become a live link on a
 * manager's machine. Such cells get a leading apostrophe, which spreadsheets
 * show as text and do not evaluate. One shape is let through as it is: a
 * phone number in its spaced international form ("+44 7700 900123", as the
 * exports write mobiles), digits and single spaces after the plus, which
 * holds no function, reference or link to run, and which a spreadsheet keeps
 * as text because of its spaces.
 */

import { CsvError, parse } from "csv-parse/sync";
import { londonStamp } from "../salon-time";

export type CsvCell = string | number | boolean | Date | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value(row: Row): CsvCell;
}

/** What a spreadsheet runs as a formula: a cell starting with = + - @, a tab or a CR. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** "+44 7700 900123": a plus, a country code and groups of digits, each after one space. */
const SPACED_PHONE_NUMBER = /^\+\d{1,3}(?: \d{2,6}){2,}$/;

/** A number the export itself wrote is data, not a formula, even when negative. */
function text(cell: CsvCell): string {
  if (cell === null || cell === undefined) return "";
  // The salon's own clock, as everywhere in the console: the column's header says so.
  if (cell instanceof Date) return londonStamp(cell);
  if (typeof cell === "boolean") return cell ? "yes" : "no";
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  return FORMULA_START.test(cell) && !SPACED_PHONE_NUMBER.test(cell) ? `'${cell}` : cell;
}

/** A field as it stands in the file: quoted, quotes doubled, only where it must be. */
export const quotedField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export function csvField(cell: CsvCell): string {
  return quotedField(text(cell));
}

export const CSV_BOM = "\uFEFF";

/** One record, ended by CRLF. */
function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(",")}\r\n`;
}

export const csvHeader = <Row>(columns: readonly CsvColumn<Row>[]) => csvLine(columns.map((c) => c.header));
export const csvRow = <Row>(columns: readonly CsvColumn<Row>[], row: Row) => csvLine(columns.map((c) => c.value(row)));

/** A whole file at once: BOM, header line, one line per row. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  let file = CSV_BOM + csvHeader(columns);
  for (const row of rows) file += csvRow(columns, row);
  return file;
}

/**
 * The delimiter a file uses: of comma, tab and semicolon, the one its first
 * line has most of outside quotes, comma on a tie. Excel saves "Unicode
 * Text" with tabs, and in much of Europe its "CSV" with semicolons.
 */
function delimiterOf(text: string): string {
  const firstLine = (/^[^\r\n]*/.exec(text)?.[0] ?? "").replace(/"[^"]*"/g, "");
  const count = (c: string) => firstLine.split(c).length - 1;
  return ["\t", ";"].reduce((best, c) => (count(c) > count(best) ? c : best), ",");
}

/**
 * A CSV file read back as rows of fields, by csv-parse (decision 108):
 * fields separated by commas (or tabs or semicolons, see delimiterOf), RFC
 * 4180 quoting (commas, doubled quotes and line breaks inside quotes), a
 * quote inside an unquoted field taken as a character (as spreadsheets
 * write it), rows of any length, a leading byte-order mark dropped. Line
 * ends are read as LF whatever the file used (CRLF, LF or an old Mac's CR),
 * inside quoted fields too. Each row carries the line it starts on, so a
 * refusal can name the row as a text editor numbers it; rows whose fields are
 * all blank (",,,," left by a spreadsheet) are skipped. Answers null when the
 * text is not CSV at all (a quote never closed).
 */
export function parseCsv(text: string): { line: number; fields: string[] }[] | null {
  const rows: { line: number; fields: string[] }[] = [];
  try {
    parse(text.replace(/\r\n?/g, "\n"), {
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      on_record: (fields: string[], { lines }) => {
        // csv-parse counts the line a record ends on; the line breaks inside its fields say where it began.
        const breaks = fields.reduce((sum, field) => sum + (field.match(/\n/g)?.length ?? 0), 0);
        if (fields.some((field) => field.trim() !== "")) rows.push({ line: lines - breaks, fields });
        return null;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) return null;
    throw error;
  }
  return rows;
}
