/**
 * Text for messages that leave the site: how long a text message is in SMS
 * segments, a text's GSM-7 form where one exists, and which part of a
 * visitor's name is safe to greet them with.
 */

/** GSM 03.38 basic character set: one septet each. */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** GSM 03.38 extension table: an escape plus the character, two septets each. */
const GSM_EXTENDED = "^{}\\[~]|€\f";

const basic = new Set(GSM_BASIC);
const extended = new Set(GSM_EXTENDED);

/** Characters as a regular expression's character class holds them literally. */
const classOf = (chars: string) => `[${chars.replace(/[\\\][^-]/g, "\\$&")}]`;
/** A whole text in the GSM alphabet; one regular expression, as every message is checked before it goes. */
const ALL_GSM7 = new RegExp(`^${classOf(GSM_BASIC + GSM_EXTENDED)}*$`, "u");
/** The extension table's characters, each two septets. */
const EXTENDED_CHARS = new RegExp(classOf(GSM_EXTENDED), "gu");

type SmsEncoding = "GSM-7" | "UCS-2";

export interface SmsLength {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

/** Whether every character of the text can be sent in GSM-7. */
export function isGsm7(text: string): boolean {
  return ALL_GSM7.test(text);
}

/**
 * How a text message is sent: GSM-7 when every character is in the GSM
 * alphabet (an extension character such as € costs two septets), otherwise
 * UCS-2 (UTF-16 code units, so an emoji costs two). One segment holds 160
 * septets or 70 units; a longer message is split into segments of 153 or 67,
 * as each part carries a header to join them up again. A part never ends
 * halfway through an escape or a surrogate pair.
 */
export function smsLength(text: string): SmsLength {
  const gsm = isGsm7(text);
  const [single, part] = gsm ? [160, 153] : [70, 67];
  // Every GSM-7 character is one UTF-16 code unit, so both counts start from the length.
  const units = gsm ? text.length + (text.match(EXTENDED_CHARS)?.length ?? 0) : text.length;
  const encoding = gsm ? "GSM-7" : "UCS-2";
  if (units <= single) return { encoding, units, segments: units === 0 ? 0 : 1 };
  // Split at `part` units without breaking a character: an escape with its character, a surrogate pair.
  let segments = 1;
  let used = 0;
  for (const char of text) {
    const cost = gsm ? (extended.has(char) ? 2 : 1) : char.length;
    if (used + cost > part) {
      segments++;
      used = 0;
    }
    used += cost;
  }
  return { encoding, units, segments };
}

/** Every text the site writes fits in this many segments: it arrives as one message on every phone. */
export const TEXT_MAX_SEGMENTS = 2;

/**
 * GSM-7 forms of characters outside the GSM alphabet that Unicode does not
 * decompose to one inside it: the Latin letters with a stroke, bar or other
 * built-in mark (Polish ł, Croatian đ, Maltese ħ, Turkish ı, Icelandic þ and
 * ð), ligatures, and the typographic punctuation phones type (’ “ – …).
 * Accented letters that do decompose (ë → e) need no entry. Letters the GSM
 * alphabet has (é, ñ, ü, Ø, ß, Æ, Å) are kept as they are.
 */
const GSM_FORMS: Readonly<Record<string, string>> = {
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ħ: "h",
  Ħ: "H",
  ı: "i",
  ŀ: "l",
  Ŀ: "L",
  ŧ: "t",
  Ŧ: "T",
  þ: "th",
  Þ: "Th",
  ð: "d",
  Ð: "D",
  œ: "oe",
  Œ: "OE",
  ĸ: "k",
  ŋ: "n",
  Ŋ: "N",
  ſ: "s",
  ƒ: "f",
  ɨ: "i",
  ʉ: "u",
  "‘": "'",
  "’": "'",
  "‚": "'",
  "‛": "'",
  ʼ: "'",
  "`": "'",
  "´": "'",
  "“": '"',
  "”": '"',
  "„": '"',
  "‐": "-",
  "‑": "-",
  "‒": "-",
  "–": "-",
  "—": "-",
  "−": "-",
  "…": "...",
  "\u00A0": " ",
  "\u202F": " ",
};

/**
 * A text in the GSM alphabet wherever each character has a GSM-7 form
 * (GSM_FORMS, or the character without its accents, compatibility forms
 * included: "ĳ" → "ij"); a character with none (Cyrillic, Chinese, an emoji)
 * is kept, and the text then goes as UCS-2. One such character costs a whole
 * text half its room, so nothing that has a GSM-7 form is left to do that.
 */
export function gsm7Form(text: string): string {
  const composed = text.normalize("NFC");
  if (isGsm7(composed)) return composed;
  let out = "";
  for (const char of composed) {
    if (basic.has(char) || extended.has(char)) out += char;
    else if (GSM_FORMS[char] !== undefined) out += GSM_FORMS[char];
    else {
      const plain = char.normalize("NFKD").replace(/\p{M}/gu, "");
      out += plain !== "" && isGsm7(plain) ? plain : char;
    }
  }
  return out;
}

/**
 * The first of `candidates` (fullest wording first) whose GSM-7 form fits in
 * TEXT_MAX_SEGMENTS, in that form; the last one's when none does. Each
 * caller's last candidate is written to fit whatever the visitor typed.
 */
export function fittingText(candidates: readonly [string, ...string[]]): string {
  // In turn, fullest first: the first that fits is nearly always the first candidate, so the rest are never formed.
  let form = "";
  for (const candidate of candidates) {
    form = gsm7Form(candidate);
    if (smsLength(form).segments <= TEXT_MAX_SEGMENTS) return form;
  }
  return form;
}

/** A name is letters, with an apostrophe or hyphen between them ("O'Neil", "Mary-Jane"). */
const NAME = /^\p{L}+(?:['-]\p{L}+)*$/u;
const LONGEST_NAME = 24;

/** Titles people type before their name, with or without a dot, in any case. */
const TITLE = /^(?:mr|mrs|ms|miss|mx|dr)\.?$/i;

/**
 * The part of a name a greeting uses: the first word, with a title skipped
 * ("Mrs Jane Smith" → "Jane"); a title with a surname only is kept as the
 * pair ("Mrs Smith" → "Mrs Smith", "dr. smith" → "dr smith"), so nobody is
 * greeted by the title alone. Not checked: see safeFirstName before a message.
 */
export function greetingName(name: string): string {
  const words = name.normalize("NFC").trim().split(/\s+/);
  if (words.length < 2 || !TITLE.test(words[0] as string)) return words[0] ?? "";
  const title = (words[0] as string).replace(/\.$/, "");
  return words.length === 2 ? `${title} ${words[1]}` : (words[1] as string);
}

/**
 * What a message greets a visitor by (greetingName), when it reads as a name;
 * null otherwise. Anything with a dot, slash, @, digit or other punctuation
 * could be a link, an address or a phone number, and a message must never
 * carry those from a stranger's input, so it is left out whole (not cleaned,
 * which could still leave "evilsitecom" behind). The name is spelled as
 * typed (in NFC): an e-mail greets Łukasz as Łukasz, and a text gives it in
 * its GSM-7 form with the rest of its words (fittingText: "Lukasz").
 */
export function safeFirstName(name: string): string | null {
  const words = greetingName(name).replace(/[’ʼ]/g, "'").split(" ");
  const first = words.at(-1) as string;
  if (first.length === 0 || first.length > LONGEST_NAME || !NAME.test(first) || TITLE.test(first)) return null;
  return words.join(" ");
}

/** Line breaks (CR, LF, U+2028, U+2029), NUL and every other control character, a run of them at a time. */
const BREAKS_AND_CONTROLS = /[\p{Cc}\u2028\u2029]+/gu;

/**
 * Text for a one-line header such as an e-mail's subject: each run of line
 * breaks (CR, LF, CRLF, U+2028, U+2029), NUL or other control characters
 * becomes one space. A header field is one line (RFC 5322 §2.2), so a name
 * typed with a line break still reads as the subject meant, on one line, and
 * can never start a header of its own.
 */
export const oneLine = (text: string): string => text.replace(BREAKS_AND_CONTROLS, " ");
