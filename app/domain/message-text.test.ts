import { describe, expect, it } from "vitest";
import { isGsm7, oneLine, safeFirstName, smsLength } from "./message-text";

describe("smsLength", () => {
  it.each([
    { why: "nothing", text: "", encoding: "GSM-7", units: 0, segments: 0 },
    { why: "one plain character", text: "a", encoding: "GSM-7", units: 1, segments: 1 },
    { why: "160 septets fill one segment", text: "a".repeat(160), encoding: "GSM-7", units: 160, segments: 1 },
    { why: "161 need two of 153", text: "a".repeat(161), encoding: "GSM-7", units: 161, segments: 2 },
    { why: "306 fill two", text: "a".repeat(306), encoding: "GSM-7", units: 306, segments: 2 },
    { why: "307 need three", text: "a".repeat(307), encoding: "GSM-7", units: 307, segments: 3 },
    { why: "£ is in the basic set", text: "£".repeat(160), encoding: "GSM-7", units: 160, segments: 1 },
    { why: "€ is an extension: two septets", text: "€".repeat(80), encoding: "GSM-7", units: 160, segments: 1 },
    { why: "81 € overflow one segment", text: "€".repeat(81), encoding: "GSM-7", units: 162, segments: 2 },
    {
      why: "an escape is never split across segments",
      text: `${"a".repeat(152)}[${"a".repeat(10)}`,
      encoding: "GSM-7",
      units: 164,
      segments: 2,
    },
    {
      why: "an escape that would straddle 153 starts the next segment",
      text: `${"a".repeat(152)}[${"a".repeat(152)}`,
      encoding: "GSM-7",
      units: 306,
      segments: 3,
    },
    { why: "ë is not GSM: UCS-2", text: "Zoë", encoding: "UCS-2", units: 3, segments: 1 },
    { why: "70 UCS-2 units fill one segment", text: "ë".repeat(70), encoding: "UCS-2", units: 70, segments: 1 },
    { why: "71 need two of 67", text: "ë".repeat(71), encoding: "UCS-2", units: 71, segments: 2 },
    { why: "134 fill two", text: "ë".repeat(134), encoding: "UCS-2", units: 134, segments: 2 },
    { why: "an emoji is two units", text: "😀".repeat(35), encoding: "UCS-2", units: 70, segments: 1 },
    {
      why: "a surrogate pair is never split",
      text: `${"ë".repeat(66)}😀${"ë".repeat(10)}`,
      encoding: "UCS-2",
      units: 78,
      segments: 2,
    },
    {
      why: "a pair that would straddle 67 starts the next segment",
      text: `${"ë".repeat(66)}😀${"ë".repeat(66)}`,
      encoding: "UCS-2",
      units: 134,
      segments: 3,
    },
    { why: "a curly quote forces UCS-2", text: "it’s", encoding: "UCS-2", units: 4, segments: 1 },
  ])("$why", ({ text, encoding, units, segments }) => {
    expect(smsLength(text)).toEqual({ encoding, units, segments });
  });
});

describe("isGsm7", () => {
  it.each(["Hello, £20 off!", "é è ù ì ò Ç Ø å Æ ß É Ä Ö Ñ Ü ä ö ñ ü à", "{}[]~|^€\\", "line\nbreak"])(
    "accepts %j",
    (text) => expect(isGsm7(text)).toBe(true),
  );
  it.each(["ë", "ç", "’", "😀", "王", "`"])("rejects %j", (text) => expect(isGsm7(text)).toBe(false));
});

describe("safeFirstName", () => {
  it.each([
    { name: "Ada Lovelace", expected: "Ada" },
    { name: "  mary-jane  smith ", expected: "mary-jane" },
    { name: "O’Neil", expected: "O'Neil" },
    { name: "Zoë", expected: "Zoë", why: "spelled as typed; a text gives its GSM-7 form" },
    { name: "Zoe\u0308", expected: "Zoë", why: "decomposed accents composed" },
    { name: "Łukasz Wróblewski", expected: "Łukasz" },
    { name: "Mrs Jane Smith", expected: "Jane", why: "a title is skipped" },
    { name: "mrs. smith", expected: "mrs smith", why: "a title with a surname only is kept as the pair" },
    { name: "Émile", expected: "Émile", why: "É is in the GSM alphabet" },
    { name: "王小明", expected: "王小明", why: "another script is kept; the text builder decides" },
  ])("greets $name as $expected", ({ name, expected }) => {
    expect(safeFirstName(name)).toBe(expected);
  });

  it.each([
    "www.example.com",
    "example.com",
    "http://x.test",
    "ada@example.com",
    "07700900123",
    "Ada2",
    "<b>Ada</b>",
    "Ada!",
    "J.",
    "-Ada",
    "",
    "   ",
    "A".repeat(25),
  ])("leaves out %j", (name) => {
    expect(safeFirstName(name)).toBeNull();
  });
});

describe("safeFirstName against what could be a link, a domain, an address or a number", () => {
  it.each([
    "Verify:evil.example/x",
    "evil.example",
    "www.evil",
    "https://x.y",
    "me@evil.example",
    "07700900123",
    "Call08001234567",
    "x07700900123",
    "bit.ly/abc Smith",
    "<b>Bob</b>",
    "-Bob",
    "",
    "A".repeat(31),
  ])("%s is never copied into a message", (name) => {
    expect(safeFirstName(name)).toBeNull();
  });
});

describe("oneLine, for a subject", () => {
  it.each([
    ["Ann\r\nReply-To: hr@evil.example\r\n\r\n<h1>Hi</h1>", "Ann Reply-To: hr@evil.example <h1>Hi</h1>"],
    ["Ann\rBcc: x@evil.example", "Ann Bcc: x@evil.example"],
    ["Ann\nBcc: x@evil.example", "Ann Bcc: x@evil.example"],
    ["Ann\u0000Bcc", "Ann Bcc"],
    ["Ann\u2028Bcc\u2029Cc", "Ann Bcc Cc"],
    ["Ann\tLee\u0085\u007f\u001bX", "Ann Lee X"],
    ["Zoë 💇‍♀️ 王芳 فاطمة Анна", "Zoë 💇‍♀️ 王芳 فاطمة Анна"],
    ["Ann  Lee", "Ann  Lee"],
  ])("%j reads %j", (typed, line) => {
    expect(oneLine(typed)).toBe(line);
  });
});
