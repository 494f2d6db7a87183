/**
 * A text file's bytes read as text, in the encoding they were written in
 * (decision 108). Booking systems export UTF-8, but a file opened and saved
 * again in Excel on Windows comes back in Windows-1252 ("CSV (Comma
 * delimited)") or UTF-16 ("Unicode Text"), and a spreadsheet that leaves £
 * as byte A3 would otherwise read as "�16.00".
 *
 * The rule, in order, each step decided from the bytes alone:
 * 1. A byte-order mark names the encoding: EF BB BF UTF-8, FF FE UTF-16
 *    little-endian, FE FF UTF-16 big-endian.
 * 2. Without one, NUL bytes in every other place are UTF-16 (each Latin
 *    letter is one byte and a NUL); which places they fill gives the byte
 *    order. No CSV holds NUL characters, so this is never real UTF-8.
 * 3. Bytes that are valid UTF-8 are UTF-8 (a Windows-1252 file with any
 *    letter beyond ASCII is almost never valid UTF-8 by chance).
 * 4. Anything else is Windows-1252, the code page of Excel on Windows in the
 *    UK (a superset of ISO 8859-1 for every character that prints).
 *
 * The decoding itself is the platform's TextDecoder (WHATWG Encoding), the
 * same in the browser and in Node.
 */

const TEXT_ENCODINGS = ["utf-8", "utf-8-bom", "utf-16le", "utf-16be", "windows-1252"] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

/** How each encoding is named to the manager who chose the file. */
export const TEXT_ENCODING_LABELS: Readonly<Record<TextEncoding, string>> = {
  "utf-8": "UTF-8",
  "utf-8-bom": "UTF-8 with a byte-order mark",
  "utf-16le": "UTF-16 (Excel's Unicode Text)",
  "utf-16be": "UTF-16 big-endian",
  "windows-1252": "Windows-1252 (Excel on Windows)",
};

export const isTextEncoding = (value: string | undefined): value is TextEncoding =>
  value !== undefined && (TEXT_ENCODINGS as readonly string[]).includes(value);

/** How many bytes the NUL pattern is judged on: enough lines of any CSV to be sure. */
const SAMPLE_BYTES = 4096;

/** "le" or "be" when the bytes look like UTF-16 without a byte-order mark, else null. */
function utf16ByNuls(bytes: Uint8Array): "le" | "be" | null {
  const length = Math.min(bytes.length, SAMPLE_BYTES) & ~1;
  if (length < 4) return null;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenNuls++;
    if (bytes[i + 1] === 0) oddNuls++;
  }
  const pairs = length / 2;
  // Most characters of an export are ASCII: their high byte is NUL, the low one almost never (U+4E00 has one).
  if (oddNuls >= pairs * 0.5 && evenNuls * 4 < oddNuls) return "le";
  if (evenNuls >= pairs * 0.5 && oddNuls * 4 < evenNuls) return "be";
  return null;
}

/**
 * The text of a file and the encoding it was read in, by the rule above; a
 * byte-order mark is not part of the text. Never fails: Windows-1252 gives
 * every byte a character.
 */
export function decodeTextFile(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  const decode = (label: string, from = 0, fatal = false) =>
    new TextDecoder(label, { fatal, ignoreBOM: true }).decode(bytes.subarray(from));
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: decode("utf-8", 3), encoding: "utf-8-bom" };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: decode("utf-16le", 2), encoding: "utf-16le" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: decode("utf-16be", 2), encoding: "utf-16be" };
  const utf16 = utf16ByNuls(bytes);
  if (utf16) return { text: decode(`utf-16${utf16}`), encoding: `utf-16${utf16}` };
  try {
    return { text: decode("utf-8", 0, true), encoding: "utf-8" };
  } catch {
    // Node 20.18.3 and later decode windows-1252 in one call as Latin-1, so € (80) and — (97) come out as
    // control characters (nodejs/node#60888); a streamed decode goes through ICU's real table, as browsers do.
    const decoder = new TextDecoder("windows-1252");
    return { text: decoder.decode(bytes, { stream: true }) + decoder.decode(), encoding: "windows-1252" };
  }
}
