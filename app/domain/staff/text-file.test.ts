/**
 * The CSV corpus (tests/corpus/csv, real bytes as spreadsheets and booking
 * systems write them) read by the one reader every import uses: the bytes
 * decoded (decodeTextFile), then split into rows (parseCsv). Each file's rows
 * are written out by hand below.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";
import { decodeTextFile, type TextEncoding } from "./text-file";

const CORPUS = new URL("../../../tests/corpus/csv/", import.meta.url);
/** The files the tests below have read, to check that none of the corpus is left out. */
const readFiles = new Set<string>();
const corpus = (name: string) => {
  readFiles.add(name);
  return new Uint8Array(readFileSync(new URL(name, CORPUS)));
};

function read(name: string) {
  const { text, encoding } = decodeTextFile(corpus(name));
  return { encoding, rows: parseCsv(text) };
}

const FRESHA = [
  [
    "Ref #",
    "Scheduled Date",
    "Time",
    "Location",
    "Team Member",
    "Service",
    "Price",
    "Client",
    "Client Mobile",
    "Client Email",
    "Status",
  ],
  [
    "FR-5001",
    "27/07/2026",
    "10:00",
    "Kestwick",
    "Agnès",
    "Cut and finish",
    "£16.00",
    "Zoë Brontë",
    "07700 900101",
    "zoe.bronte@example.com",
    "Confirmed",
  ],
  [
    "FR-5002",
    "27/07/2026",
    "11:30",
    "Kestwick",
    "Agnès",
    "Balayage — full head",
    "£118.50",
    "Siobhán Ó Briain",
    "+44 7700 900102",
    "siobhan@example.org",
    "Confirmed",
  ],
  [
    "FR-5003",
    "28/07/2026",
    "14:15",
    "Wrenbridge",
    "José",
    "Blow dry",
    "£32.00",
    "François Lefèvre",
    "07700 900103",
    "",
    "Cancelled",
  ],
];
const fresha = FRESHA.map((fields, i) => ({ line: i + 1, fields }));

describe("the CSV corpus, read", () => {
  it.each<[string, TextEncoding]>([
    ["fresha-utf8.csv", "utf-8"],
    ["fresha-utf8-bom-crlf.csv", "utf-8-bom"],
    ["fresha-excel-windows-1252.csv", "windows-1252"],
    ["fresha-excel-unicode-text-utf16le.txt", "utf-16le"],
    ["fresha-utf16le-no-bom.csv", "utf-16le"],
    ["fresha-utf16be-bom.csv", "utf-16be"],
  ])("%s: the same three appointments, read as %s", (name, encoding) => {
    expect(read(name)).toEqual({ encoding, rows: fresha });
  });

  it("plain headers, LF", () => {
    expect(read("plain-headers.csv")).toEqual({
      encoding: "utf-8",
      rows: [
        { line: 1, fields: ["Date", "Time", "Client Name", "Mobile", "Email", "Staff", "Service", "Price"] },
        {
          line: 2,
          fields: [
            "27/07/2026",
            "09:30",
            "Amelia Hart",
            "07700 900201",
            "amelia.hart@example.com",
            "Agnes",
            "Cut and finish",
            "£65.00",
          ],
        },
        {
          line: 3,
          fields: [
            "27/07/2026",
            "09:30",
            "Amelia Hart",
            "07700 900201",
            "amelia.hart@example.com",
            "Agnes",
            "Blow dry",
            "£20.00",
          ],
        },
        { line: 4, fields: ["27/07/2026", "13:00", "Bea Cole", "07700 900202", "", "Isla", "Colour", "£95.00"] },
        { line: 5, fields: ["28/07/2026", "10:00", "Cara Dunn", "", "cara@example.org", "Isla", "Cut", "£45.00"] },
      ],
    });
  });

  it("refund lines, CRLF", () => {
    const { rows } = read("phorest-refund-lines.csv");
    expect(rows?.map((r) => [r.line, r.fields[0], r.fields[5], r.fields[6]])).toEqual([
      [1, "Appointment ID", "Service Name", "Price"],
      [2, "PH-7001", "Cut and finish", "£45.00"],
      [3, "PH-7001", "Refund: fringe trim", "-£5.00"],
      [4, "PH-7002", "Colour", "£80.00"],
      [5, "PH-7003", "Goodwill credit", "(£10.00)"],
    ]);
    expect(rows?.every((r) => r.fields.length === 12)).toBe(true);
  });

  it("UTC instants and an offset", () => {
    expect(read("square-utc-instants.csv").rows?.map((r) => r.fields.slice(0, 3))).toEqual([
      ["Booking ID", "Start At", "Customer Name"],
      ["sq-8001", "2026-07-27T13:30:00Z", "Grace Hill"],
      ["sq-8002", "2026-01-15T13:30:00Z", "Hana Iqbal"],
      ["sq-8003", "2026-07-27T15:00:00+01:00", "Ivy Jones"],
      ["sq-8004", "2026-10-25T00:30:00Z", "Jade King"],
    ]);
  });

  it("quoted fields holding commas, quotes and a line break, numbered by the line each starts on", () => {
    expect(read("quoted-fields.csv").rows).toEqual([
      { line: 1, fields: ["Reference", "Date", "Time", "Client", "Mobile", "Email", "Stylist", "Service", "Price"] },
      {
        line: 2,
        fields: [
          "Q-1",
          "2026-11-27",
          "10:00",
          "Hart, Amelia",
          "07700 900501",
          "",
          "Agnes",
          "Cut, wash and finish",
          "£65.00",
        ],
      },
      {
        line: 3,
        fields: [
          "Q-2",
          "2026-11-27",
          "11:00",
          'Nora "Nell" Quinn',
          "07700 900502",
          "",
          "Agnes",
          "Colour\n(root touch-up)",
          "£70.00",
        ],
      },
      {
        line: 5,
        fields: [
          "Q-3",
          "2026-11-27",
          "12:00",
          "Olive Reed",
          "07700 900503",
          "",
          "Agnes",
          'Treatment, "bond repair"',
          "£1,250.00",
        ],
      },
    ]);
  });

  it("names in several scripts, kept as written", () => {
    expect(read("names-in-several-scripts.csv").rows?.map((r) => [r.line, r.fields[3]])).toEqual([
      [1, "Client"],
      [2, "Анна Петрова"],
      [3, "김민준"],
      [4, "王芳"],
      [5, "فاطمة الزهراء"],
      [6, "Łukasz Wójcik"],
      [7, "Ελένη Παπαδοπούλου"],
      [8, "Nguyễn Thị Hương"],
      [9, "राहुल शर्मा"],
    ]);
  });

  it("a reviews file saved by Excel on Windows", () => {
    expect(read("reviews-excel-windows-1252.csv")).toEqual({
      encoding: "windows-1252",
      rows: [
        { line: 1, fields: ["review", "client", "stylist", "rating", "date"] },
        { line: 2, fields: ["Lovely welcome — Agnès made me feel at home", "Zoë B.", "Isla", "5", "2026-10-01"] },
        { line: 3, fields: ["Colour spot on, £95 well spent", "François L.", "Theo Marsh", "4", "2026-10-02"] },
      ],
    });
  });

  it("has read every file of the corpus", () => {
    const files = readdirSync(CORPUS).filter((name) => name !== "README.md" && !name.startsWith("."));
    expect([...readFiles].sort()).toEqual(files.sort());
  });
});

describe("decodeTextFile", () => {
  it("reads bytes that are not valid UTF-8 as Windows-1252, and valid UTF-8 as UTF-8", () => {
    expect(decodeTextFile(new Uint8Array([0xa3, 0x31, 0x36, 0x80]))).toEqual({
      text: "£16€",
      encoding: "windows-1252",
    });
    expect(decodeTextFile(new TextEncoder().encode("£16€"))).toEqual({ text: "£16€", encoding: "utf-8" });
  });

  it("takes NULs in every other byte for UTF-16 without a byte-order mark, CJK letters among them", () => {
    const le = (s: string) => new Uint8Array(Buffer.from(s, "utf16le"));
    expect(decodeTextFile(le("Date,Client\n2026-11-27,一二三\n"))).toMatchObject({ encoding: "utf-16le" });
    expect(decodeTextFile(le("Date,Client\n2026-11-27,一二三\n")).text).toBe("Date,Client\n2026-11-27,一二三\n");
    // One stray NUL in a UTF-8 file is not UTF-16.
    expect(decodeTextFile(new TextEncoder().encode("a,b\n1,\u00002\n")).encoding).toBe("utf-8");
  });

  it("reads an empty file as empty UTF-8", () => {
    expect(decodeTextFile(new Uint8Array())).toEqual({ text: "", encoding: "utf-8" });
  });
});
