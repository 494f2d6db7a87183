/**
 * Names, numbers and addresses as people type and paste them, each with what
 * the site should make of it, written out by hand. Personal details
 * are invented; numbers are from Ofcom's drama range (07700 900000–900999).
 *
 * Escapes are spelled out (\u202D…) so the invisible characters can be read.
 */

export interface MobileCase {
  /** Where such a spelling comes from. */
  source: string;
  typed: string;
  /** As stored: E.164. */
  e164: string;
}

export const PASTED_MOBILE_IPHONE = "\u202D+44\u00A07700\u00A0900123\u202C";

/** UK mobiles as typed on a keyboard and as pasted from a phone, a web page or a spreadsheet. */
export const MOBILES: readonly MobileCase[] = [
  {
    source: "iPhone contacts, copied (LRO … PDF around it, no-break spaces)",
    typed: PASTED_MOBILE_IPHONE,
    e164: "+447700900123",
  },
  { source: "iPhone contacts, national form", typed: "\u202D07700 900123\u202C", e164: "+447700900123" },
  { source: "Android, with a left-to-right mark", typed: "\u200E07700 900124", e164: "+447700900124" },
  { source: "right-to-left mark from an Arabic keyboard", typed: "\u200F+447700900125\u200F", e164: "+447700900125" },
  { source: "left-to-right isolate (U+2066 … U+2069)", typed: "\u206607700900126\u2069", e164: "+447700900126" },
  { source: "web page with no-break spaces", typed: "07700\u00A0900\u00A0127", e164: "+447700900127" },
  { source: "narrow no-break space (French formatting)", typed: "07700\u202F900128", e164: "+447700900128" },
  { source: "zero-width spaces from a chat app", typed: "07700\u200B900\u200B129", e164: "+447700900129" },
  { source: "byte-order mark at the start (a text file)", typed: "\uFEFF07700900130", e164: "+447700900130" },
  { source: "trailing zero-width space", typed: "07700 900131\u200B", e164: "+447700900131" },
  { source: "word joiner", typed: "07700\u2060900132", e164: "+447700900132" },
  { source: "full-width digits (Japanese or Chinese input)", typed: "０７７００ ９００１３３", e164: "+447700900133" },
  { source: "typed with spaces", typed: "07700 900 123", e164: "+447700900123" },
  { source: "+44 with the trunk 0 in brackets", typed: "+44 (0) 7700 900123", e164: "+447700900123" },
  { source: "non-breaking hyphens (Word)", typed: "07700\u2011900\u2011134", e164: "+447700900134" },
  { source: "en dashes", typed: "07700 – 900135", e164: "+447700900135" },
  { source: "tab from a spreadsheet cell", typed: "\t07700900136\t", e164: "+447700900136" },
];

/** Not UK mobiles, however they are dressed: each stays refused. */
export const NOT_MOBILES: readonly string[] = [
  "\u202D020 7946 0018\u202C", // a London landline, pasted from contacts
  "07700 90012", // a digit short
  "+33 6 12 34 56 78", // French mobile
  "07700 900123 ext 4",
  "\u200B",
];

export interface EmailCase {
  source: string;
  typed: string;
  /** As stored: cleaned, the domain in its ASCII form. */
  stored: string;
}

export const EMAILS: readonly EmailCase[] = [
  {
    source: "trailing zero-width space (copied from a web page)",
    typed: "jo.bloggs@example.com\u200B",
    stored: "jo.bloggs@example.com",
  },
  { source: "left-to-right marks around it", typed: "\u200Ejo@example.com\u200E", stored: "jo@example.com" },
  { source: "no-break space before the @ (autocorrect)", typed: "jo\u00A0@example.com", stored: "jo@example.com" },
  { source: "IDN domain, German", typed: "jo@münchen.de", stored: "jo@xn--mnchen-3ya.de" },
  { source: "IDN domain, decomposed ü (NFD)", typed: "jo@mu\u0308nchen.de", stored: "jo@xn--mnchen-3ya.de" },
  { source: "IDN domain in capitals", typed: "Jo@MÜNCHEN.DE", stored: "Jo@xn--mnchen-3ya.de" },
  { source: "IDN domain, Cyrillic", typed: "olga@пример.рф", stored: "olga@xn--e1afmkfd.xn--p1ai" },
  { source: "already in punycode", typed: "jo@xn--mnchen-3ya.de", stored: "jo@xn--mnchen-3ya.de" },
];

export interface NameCase {
  source: string;
  typed: string;
  /** As stored: NFC, invisible marks gone, spaces single. */
  stored: string;
}

export const NAMES: readonly NameCase[] = [
  {
    source: "Irish, typed on an iPhone (right single quotation mark)",
    typed: "Siobhán O’Brien",
    stored: "Siobhán O’Brien",
  },
  { source: "Irish, typed on a keyboard", typed: "Siobhán O'Brien", stored: "Siobhán O'Brien" },
  {
    source: "decomposed (NFD, as macOS file names and some imports give it)",
    typed: "Zoe\u0308 Le\u0301ger",
    stored: "Zoë Léger",
  },
  { source: "Polish", typed: "Łukasz Wróblewski", stored: "Łukasz Wróblewski" },
  { source: "Polish, NFD", typed: "Małgorzata Kon\u0301czak", stored: "Małgorzata Kończak" },
  { source: "Norwegian, Vietnamese, Turkish", typed: "Øystein Nguyễn Yılmaz", stored: "Øystein Nguyễn Yılmaz" },
  { source: "Cyrillic", typed: "Ольга Смирнова", stored: "Ольга Смирнова" },
  { source: "Greek", typed: "Ελένη Παπαδοπούλου", stored: "Ελένη Παπαδοπούλου" },
  {
    source: "Arabic, with a right-to-left mark pasted after it",
    typed: "فاطمة الزهراء\u200F",
    stored: "فاطمة الزهراء",
  },
  { source: "Hebrew", typed: "נועה כהן", stored: "נועה כהן" },
  { source: "Chinese", typed: "王秀英", stored: "王秀英" },
  { source: "Korean", typed: "김민지", stored: "김민지" },
  {
    source: "Korean, decomposed jamo (NFD)",
    typed: "\u1100\u1175\u11B7\u1106\u1175\u11AB\u110C\u1175",
    stored: "김민지",
  },
  { source: "Devanagari", typed: "प्रिया शर्मा", stored: "प्रिया शर्मा" },
  {
    source: "Persian, with a zero-width non-joiner that shapes it",
    typed: "نازنین\u200Cزاده",
    stored: "نازنین\u200Cزاده",
  },
  { source: "double spaces and a no-break space", typed: "  Mary-Jane\u00A0 Smith ", stored: "Mary-Jane Smith" },
  { source: "zero-width space inside", typed: "Ann\u200Be Lee", stored: "Anne Lee" },
  {
    source: "35-letter surname",
    typed: "Ann Wolfeschlegelsteinhausenbergerdorff",
    stored: "Ann Wolfeschlegelsteinhausenbergerdorff",
  },
];

/** Search terms and the stored names they must find (the console's search). */
export const SEARCHES: readonly { typed: string; finds: string }[] = [
  { typed: "O'Brien", finds: "Siobhán O’Brien" },
  { typed: "O’Brien", finds: "Siobhán O'Brien" },
  { typed: "Zoë", finds: "Zoe\u0308 Le\u0301ger" },
  { typed: "\u202Dsiobhán\u202C", finds: "Siobhán O’Brien" },
];
