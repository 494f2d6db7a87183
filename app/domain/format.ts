/**
 * Display and parsing helpers (the "cut to N characters" filter and the en-GB
 * GBP amounts) plus exact decimal parsers for seed data. Dates live in dates.ts, so pages that show none do not load date-fns.
 */

/**
 * An amount of whole pence as clients read it: "£98" when it is whole pounds,
 * "£86.50" otherwise, "£1,235" past a thousand, "-£1.50" below nothing: en-GB's
 * way with pounds sterling, the text `Intl.NumberFormat` gives (the tests hold
 * it to that). Nothing is rounded here: every amount is already exact to the
 * penny (docs/decisions/007), so the lines shown always add up to the total
 * shown. Throws a RangeError for anything but a safe integer.
 *
 * Written out rather than asked of `Intl`: a browser's first number format
 * loads its locale data, most of the calculator's blocking time on a phone
 * (docs/decisions/128). Integer arithmetic only, so it is exact at any size.
 */
export function formatGBP(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Not a whole number of pence: ${pence}`);
  const size = Math.abs(pence);
  const penny = size % 100;
  const pounds = String((size - penny) / 100).replace(/\B(?=(\d{3})+$)/g, ",");
  return `${pence < 0 ? "-" : ""}£${pounds}${penny === 0 ? "" : `.${String(penny).padStart(2, "0")}`}`;
}

/**
 * At most `max` characters (code points, so an emoji is never split in half),
 * followed by "…" only when something was cut. The cut falls between words
 * when the kept part has a space, so no word is left half-written, and
 * whitespace, a comma or a full stop before the "…" is dropped so it never
 * reads "word …" or "word.…" (four dots, in a review cut after a sentence).
 */
export function truncate(text: string, max: number): string {
  if (!Number.isInteger(max) || max < 0) throw new RangeError(`Invalid max length: ${max}`);
  // A string has no more code points than UTF-16 units; otherwise only the first `max` code points are walked.
  if (text.length <= max) return text;
  let end = 0;
  for (let count = 0; count < max && end < text.length; count++) end += (text.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
  if (end >= text.length) return text;
  let kept = text.slice(0, end);
  const midWord = /\S$/.test(kept) && /\S/.test(text.charAt(end));
  const lastSpace = kept.search(/\s\S*$/);
  if (midWord && lastSpace > 0) kept = kept.slice(0, lastSpace);
  return `${kept.replace(/[\s,;:.…]+$/, "")}…`;
}

/** "Showing 4 reviews of Isla Brennan", "Showing all 49 reviews": what a filtered list of reviews holds. */
export function reviewCountText(count: number, stylistName: string | undefined, page = 1, pages = 1): string {
  const reviews = `${count} ${count === 1 ? "review" : "reviews"}`;
  const where = pages > 1 ? `, page ${page} of ${pages}` : "";
  return `${stylistName ? `Showing ${reviews} of ${stylistName}` : `Showing all ${reviews}`}${where}`;
}

/**
 * An exact decimal string with at most `decimals` fraction digits, scaled to an
 * integer ("-81.41", 2 → -8141). Parsed as text so no float rounding is involved;
 * anything else throws, since bad seed data should stop the seed, not be guessed at.
 */
function parseScaledDecimal(text: string, decimals: number, allowNegative: boolean): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  const [, sign = "", whole = "", fraction = ""] = match ?? [];
  if (!match || (sign && !allowNegative) || fraction.length > decimals) {
    throw new RangeError(`Not a valid amount: "${text}"`);
  }
  const scaled = Number(whole + fraction.padEnd(decimals, "0"));
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`Amount too large: "${text}"`);
  return sign ? 0 - scaled : scaled; // 0 - 0 is +0, so "-0" does not yield -0
}

/** "49.50" → 4950, "18.8" → 1880, "5" → 500 (price-list strings). */
export function penceFromPounds(text: string): number {
  return parseScaledDecimal(text, 2, false);
}

/** A level adapter percentage as stored in Level.adapterBp: "-81.41" → -8141, "25.3" → 2530. */
export function adapterBpFromPercent(text: string): number {
  return parseScaledDecimal(text, 2, true);
}

const KIB = 1024;
const sizeFormats = {
  kB: new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 }),
  MB: new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 }),
};

/**
 * A file's size in bytes as people read it: "34 kB" under a megabyte (never "0.0 MB"), "2.5 MB" from one on, in
 * the 1,024-byte units the console's upload limits use. Under 1 kB shows as "1 kB": a file is never shown as empty.
 */
export function fileSize(bytes: number): string {
  if (bytes < KIB * KIB) return `${sizeFormats.kB.format(Math.max(1, Math.round(bytes / KIB)))} kB`;
  return `${sizeFormats.MB.format(bytes / (KIB * KIB))} MB`;
}

/** A `tel:` link for a number as the salon writes it ("01632 960 123"): only the digits and a +. */
export function telHref(telephone: string): string {
  return `tel:${telephone.replace(/[^\d+]/g, "")}`;
}
