/**
 * Text for messages that leave the site: how long a text message is in SMS
 * segments, and which part of a visitor's name is safe to greet them with.
 */

/** GSM 03.38 basic character set: one septet each. */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** GSM 03.38 extension table: an escape plus the character, two septets each. */
const GSM_EXTENDED = "^{}\\[~]|€\f";

const basic = new Set(GSM_BASIC);
const extended = new Set(GSM_EXTENDED);

type SmsEncoding = "GSM-7" | "UCS-2";

export interface SmsLength {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

/** Whether every character of the text can be sent in GSM-7. */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!basic.has(char) && !extended.has(char)) return false;
  return true;
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
  if (isGsm7(text)) {
    const costs = Array.from(text, (char) => (extended.has(char) ? 2 : 1));
    return { encoding: "GSM-7", units: sum(costs), segments: segmentsFor(costs, 160, 153) };
  }
  const costs = Array.from(text, (char) => char.length);
  return { encoding: "UCS-2", units: sum(costs), segments: segmentsFor(costs, 70, 67) };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function segmentsFor(costs: readonly number[], single: number, part: number): number {
  const total = sum(costs);
  if (total === 0) return 0;
  if (total <= single) return 1;
  let segments = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > part) {
      segments++;
      used = 0;
    }
    used += cost;
  }
  return segments;
}

/** A name is letters, with an apostrophe or hyphen between them ("O'Neil", "Mary-Jane"). */
const NAME = /^\p{L}+(?:['-]\p{L}+)*$/u;
const LONGEST_NAME = 24;

/**
 * The first word of what a visitor typed as their name, when it reads as a
 * name; null otherwise. Anything with a dot, slash, @, digit or other
 * punctuation could be a link, an address or a phone number, and a message
 * must never carry those from a stranger's input, so it is left out whole
 * (not cleaned, which could still leave "evilsitecom" behind). Accents the
 * GSM alphabet lacks are dropped ("Zoë" → "Zoe") so the greeting does not
 * switch the whole text to UCS-2; a name in another script is kept.
 */
export function safeFirstName(name: string): string | null {
  const first = (name.normalize("NFC").trim().split(/\s+/)[0] ?? "").replace(/’/g, "'");
  if (first.length === 0 || first.length > LONGEST_NAME || !NAME.test(first)) return null;
  if (isGsm7(first)) return first;
  const plain = Array.from(first, (char) =>
    isGsm7(char) ? char : char.normalize("NFD").replace(/\p{M}/gu, "") || char,
  ).join("");
  return plain.normalize("NFC");
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
