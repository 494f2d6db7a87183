/**
 * The checks of typed text that need no library: what the Zod schemas of
 * app/domain/forms.ts run on every field, and what the server uses wherever
 * a mobile number or an e-mail address arrives some other way (an SMS reply).
 */

// ---------------------------------------------------------------------------
// Text as typed
// ---------------------------------------------------------------------------

/**
 * Characters nobody types and no database should hold: C0 controls other than
 * tab and line breaks (PostgreSQL refuses NUL outright, so a NUL would turn a
 * bad request into a server error), and lone UTF-16 surrogates (which cannot be
 * encoded as UTF-8 and would be silently replaced on the way into the database).
 */
const UNTYPEABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Drops what `UNTYPEABLE` matches, so what is stored is exactly what was validated. */
export function withoutUntypeable(value: string): string {
  return value.replace(UNTYPEABLE, "");
}

// ---------------------------------------------------------------------------
// UK mobile numbers
// ---------------------------------------------------------------------------

/** Longest way anyone types a mobile number, spaces and +44 (0) included. */
const MAX_MOBILE_LENGTH = 32;

/**
 * UK mobile ranges after the leading 7 of the national number: 71–75 and 77–79
 * are mobiles; in 76 only 7624 (Isle of Man mobiles) is, the rest being pagers;
 * 70 is "personal numbering", which forwards anywhere and cannot take our SMS.
 */
const UK_MOBILE_NATIONAL = /^7(?:[1-57-9]\d{8}|624\d{6})$/;

/** What people type in a phone number besides digits and a leading "+". */
const PHONE_PUNCTUATION = /[\s().-]/g;

/**
 * Normalises a UK mobile number as people type it into E.164 (+447…), or null
 * when it is not a UK mobile (landline, too short or long, letters, foreign).
 *
 * Accepted spellings: 07700 900123, 07700-900-123, (07700) 900123, 7700 900123,
 * +44 7700 900123, +44 (0)7700 900123, 0044 7700 900123, 447700900123.
 */
export function normaliseUkMobile(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_MOBILE_LENGTH) return null;
  // Digits and punctuation only, "+" allowed once at the very start.
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;

  const international = trimmed.startsWith("+");
  const digits = trimmed.replace(PHONE_PUNCTUATION, "").replace(/^\+/, "");

  let national: string;
  if (international) {
    if (!digits.startsWith("44")) return null;
    // "+44 (0)7700…" keeps the trunk 0 that must not be dialled after +44.
    national = digits.slice(2).replace(/^0/, "");
  } else if (digits.startsWith("0044")) {
    national = digits.slice(4).replace(/^0/, "");
  } else if (digits.startsWith("44") && digits.length === 12) {
    national = digits.slice(2);
  } else if (digits.startsWith("0")) {
    national = digits.slice(1);
  } else {
    // Typed without the trunk 0 ("7700 900123"); the pattern below still insists on 10 digits.
    national = digits;
  }

  return UK_MOBILE_NATIONAL.test(national) ? `+44${national}` : null;
}

// ---------------------------------------------------------------------------
// E-mail addresses
// ---------------------------------------------------------------------------

/**
 * A practical address check: dot-separated local parts of the characters
 * people use, and a domain with a real top-level name. The schemas pass it to
 * Zod's `z.email`, so the browser and the server use this one pattern.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
