/**
 * The checks of typed text that need no library: what the Zod schemas of
 * app/domain/forms.ts run on every field, and what the server uses wherever
 * a mobile number or an e-mail address arrives some other way (an SMS reply,
 * a bookings import, the console's search box). Browser-safe and pure.
 *
 * One normaliser for everything typed or pasted (decision 107): Unicode NFC,
 * invisible format characters gone, odd spaces made plain; a mobile number
 * also reads full-width digits and any dash; an e-mail's domain is stored in
 * its ASCII (punycode) form, which every mail server delivers to.
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

/**
 * Invisible characters a paste carries that nobody meant to type: every
 * format character (Unicode category Cf: the direction marks and embeddings
 * an iPhone's contacts wrap a number in, U+202D…U+202C and U+200E/U+200F;
 * zero-width spaces and joiners; word joiner; byte-order mark; soft hyphen),
 * the combining grapheme joiner, and the Hangul fillers, which show as
 * nothing. Two joiners are kept where they carry meaning (see JOINERS_KEPT).
 */
const INVISIBLE = /\p{Cf}|\u034F|[\u115F\u1160\u3164\uFFA0]/u;

/**
 * Zero-width joiner and non-joiner between letters of a script that shapes by
 * them (Persian, the Indic scripts: never Latin), and the joiner inside an
 * emoji sequence (👩‍🔧): there they change what the reader sees.
 */
const JOINERS_KEPT =
  /(?<=[\p{L}\p{M}])(?<!\p{sc=Latin})[\u200C\u200D](?=[\p{L}\p{M}])|(?<=\p{Extended_Pictographic}\uFE0F?|\p{Emoji_Modifier})\u200D(?=\p{Extended_Pictographic})/u;

/** Kept joiners first: where one matches, the second part (which would remove it) is not tried. */
const INVISIBLE_UNLESS_KEPT = new RegExp(`(${JOINERS_KEPT.source})|${INVISIBLE.source}`, "gu");

function withoutInvisible(value: string): string {
  return value.replace(INVISIBLE_UNLESS_KEPT, (_match, kept: string | undefined) => kept ?? "");
}

/**
 * Text as typed or pasted, the way it is validated, stored and compared:
 * untypeable controls and invisible format characters removed, Unicode NFC
 * (so "é" typed as e + accent and "é" typed whole are the same letters), and
 * every kind of space (no-break, thin, ideographic…) a plain one.
 *
 * - `"line"` (names, e-mails, numbers, the search box): all white space,
 *   line breaks included, collapsed to single spaces and trimmed.
 * - `"text"` (several lines, "About yourself"): line breaks kept as "\n"
 *   (CRLF, CR, U+2028/U+2029 included), other spaces made plain, trimmed.
 */
export function normaliseTypedText(value: string, shape: "line" | "text" = "line"): string {
  const clean = withoutInvisible(withoutUntypeable(value)).normalize("NFC");
  if (shape === "line") return clean.replace(/\s+/g, " ").trim();
  return clean
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replace(/[^\S\n\t]/g, " ")
    .trim();
}

/** Apostrophes and quotation marks as phones and word processors type them, each with the plain mark it stands for. */
export const SEARCH_QUOTE_FOLDS = [
  { from: "‘’‚‛′ʼʹ`´＇", to: "'" },
  { from: "“”„‟″＂", to: '"' },
] as const;

/**
 * A search term as the search compares it, and what the stored side is
 * folded to in SQL (app/server/staff/lists.server.ts): normalised as typed
 * text, with curly and straight apostrophes (and quotation marks) as one, so
 * O'Brien finds O’Brien and the other way round.
 */
export function foldForSearch(value: string): string {
  let folded = normaliseTypedText(value);
  for (const fold of SEARCH_QUOTE_FOLDS) folded = folded.replace(new RegExp(`[${fold.from}]`, "g"), fold.to);
  return folded;
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

/** What people type in a phone number besides digits and a leading "+" (any dash: hyphen, en dash, minus…). */
const PHONE_PUNCTUATION = /[\s().\-\u2010-\u2015\u2212]/g;

/**
 * Normalises a UK mobile number as people type or paste it into E.164
 * (+447…), or null when it is not a UK mobile (landline, too short or long,
 * letters, foreign). Read through normaliseTypedText and Unicode NFKC first,
 * so the invisible marks of a number copied from a phone's contacts and
 * full-width digits (０７７００…) make no difference.
 *
 * Accepted spellings: 07700 900123, 07700-900-123, (07700) 900123, 7700 900123,
 * +44 7700 900123, +44 (0)7700 900123, 0044 7700 900123, 447700900123.
 */
export function normaliseUkMobile(input: string): string | null {
  const trimmed = normaliseTypedText(input).normalize("NFKC");
  if (trimmed.length === 0 || trimmed.length > MAX_MOBILE_LENGTH) return null;
  // Digits and punctuation only, "+" allowed once at the very start.
  if (!/^\+?[\d\s().\-\u2010-\u2015\u2212]+$/.test(trimmed)) return null;

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

/** A stored UK mobile (+447700900123), in the two groups people read it in: 7700 and 900123. */
const STORED_UK_MOBILE = /^\+44(7\d{3})(\d{6})$/;

/**
 * A stored mobile (+447700900123) as people read it, in its international
 * form with spaces: "+44 7700 900123". A spreadsheet opening a CSV keeps
 * this as text (the spaces stop it being read as a number, so no 4.477E+11
 * and no lost "+"), with no mark in front. Anything else is returned as it is.
 */
export function internationalMobile(e164: string): string {
  const match = STORED_UK_MOBILE.exec(e164);
  return match ? `+44 ${match[1]} ${match[2]}` : e164;
}

/**
 * A stored mobile (+447700900123) as people in the UK read it out and dial it: "07700 900123", for a call
 * button at a front desk. Anything else is returned as it is.
 */
export function nationalMobile(e164: string): string {
  const match = STORED_UK_MOBILE.exec(e164);
  return match ? `0${match[1]} ${match[2]}` : e164;
}

// ---------------------------------------------------------------------------
// E-mail addresses
// ---------------------------------------------------------------------------

/**
 * A practical address check: dot-separated local parts of the characters
 * people use, and a domain with a real top-level name (letters, or an
 * internationalised one in its xn-- form). The schemas pass it to
 * Zod's `z.email`, so the browser and the server use this one pattern.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+(?:[A-Za-z]{2,}|xn--[A-Za-z0-9-]+)$/;

/** What may stand in a domain name before it is converted (no URL syntax to smuggle in). */
const DOMAIN_AS_TYPED = /^[^\s/?#:@\\[\]%<>"]+$/u;

/**
 * An e-mail address as typed or pasted, in the form that is checked, stored
 * and delivered: normalised as typed text, with no space or invisible mark
 * left anywhere in it, and an internationalised domain (jo@münchen.de) in its
 * ASCII form (jo@xn--mnchen-3ya.de), which every mail server delivers to. The
 * conversion is the WHATWG URL parser's (UTS #46), the same in Node and every
 * browser. The local part is kept as typed: addresses with non-ASCII local
 * parts need SMTPUTF8 all the way and still fail EMAIL_PATTERN. An address
 * that cannot be converted is returned cleaned but otherwise as it is, for
 * the pattern to refuse.
 */
export function normaliseEmailAddress(input: string): string {
  const address = normaliseTypedText(input).replace(/\s/g, "");
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  const domain = address.slice(at + 1);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: an ASCII check
  if (/^[\x00-\x7F]*$/.test(domain) || !DOMAIN_AS_TYPED.test(domain)) return address;
  try {
    return `${address.slice(0, at)}@${new URL(`http://${domain}`).hostname}`;
  } catch {
    return address;
  }
}
