import { describe, expect, it } from "vitest";
import { CSV_BOM, csvField, toCsv } from "./csv";

describe("CSV fields", () => {
  it("leaves plain text alone", () => {
    expect(csvField("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvField("Zoë Brontë")).toBe("Zoë Brontë");
  });

  it("quotes a field holding a comma, a quote or a line break, doubling the quotes", () => {
    expect(csvField("Smith, Jo")).toBe('"Smith, Jo"');
    expect(csvField('She said "lovely"')).toBe('"She said ""lovely"""');
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
    expect(csvField("a\r\nb")).toBe('"a\r\nb"');
  });

  it("turns cells a spreadsheet would run as a formula into text", () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvField("+447700900123")).toBe("'+447700900123");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\t=1")).toBe("'\t=1");
    expect(csvField("\r=1")).toBe('"\'\r=1"');
    // Only the start matters.
    expect(csvField("a=b")).toBe("a=b");
  });

  it("writes a mobile in its spaced international form as it is, and nothing else that starts with +", () => {
    expect(csvField("+44 7700 900123")).toBe("+44 7700 900123");
    for (const cell of ["+44 7700 900123+1", "+44 7700 A1", "+44  7700 900123", "+44 7700\t900123", "+1 23"])
      expect(csvField(cell)).toBe(`'${cell}`);
  });

  it("writes numbers, booleans, dates and blanks as data", () => {
    expect(csvField(-12)).toBe("-12");
    expect(csvField(4.5)).toBe("4.5");
    expect(csvField(Number.NaN)).toBe("");
    expect(csvField(true)).toBe("yes");
    expect(csvField(false)).toBe("no");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    // In the salon's time, winter and summer, and across the night the clocks go back.
    expect(csvField(new Date("2026-11-23T10:00:00Z"))).toBe("2026-11-23 10:00:00");
    expect(csvField(new Date("2026-07-01T23:30:15Z"))).toBe("2026-07-02 00:30:15");
    expect(csvField(new Date("2026-10-25T00:59:59Z"))).toBe("2026-10-25 01:59:59");
    expect(csvField(new Date("2026-10-25T01:00:00Z"))).toBe("2026-10-25 01:00:00");
    expect(csvField(new Date("2026-03-29T01:00:00Z"))).toBe("2026-03-29 02:00:00");
  });
});

describe("CSV files", () => {
  const columns = [
    { header: "Name", value: (r: { name: string; n: number }) => r.name },
    { header: "Count, total", value: (r: { name: string; n: number }) => r.n },
  ];

  it("starts with a byte-order mark and ends every line with CRLF", () => {
    const file = toCsv(columns, [
      { name: "Ada", n: 1 },
      { name: "=cmd", n: 2 },
    ]);
    expect(file.startsWith(CSV_BOM)).toBe(true);
    expect(file.slice(1)).toBe('Name,"Count, total"\r\nAda,1\r\n\'=cmd,2\r\n');
  });

  it("has the header line alone when there are no rows", () => {
    expect(toCsv(columns, [])).toBe(`${CSV_BOM}Name,"Count, total"\r\n`);
  });
});
