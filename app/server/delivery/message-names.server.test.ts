/**
 * Names from outside a–z in the texts the site sends: every text
 * in at most two segments, with its greeting and its Book link. The segment
 * count is this file's own, written from GSM 03.38 and 3GPP TS 23.040, not
 * taken from the code under test.
 */
import { describe, expect, it } from "vitest";
import type { QuoteMessagePayload } from "./messages.server";
import { renderMessage } from "./messages.server";

// GSM 03.38 default alphabet, row by row of the standard's table (0x00–0x7F), and its extension table.
const GSM_DEFAULT =
  "@£$¥èéùìòÇ\nØø\rÅå" +
  "Δ_ΦΓΛΩΠΨΣΘΞ\u001BÆæßÉ" +
  " !\"#¤%&'()*+,-./" +
  "0123456789:;<=>?" +
  "¡ABCDEFGHIJKLMNO" +
  "PQRSTUVWXYZÄÖÑÜ§" +
  "¿abcdefghijklmno" +
  "pqrstuvwxyzäöñüà";
const GSM_EXTENSION = "\f^{}\\[~]|€";

/**
 * Segments of a text per 3GPP TS 23.040: GSM-7 when every character is in the
 * default alphabet or its extension (an extension character takes an escape
 * septet too), 160 septets in one segment, 153 per part of a longer one;
 * otherwise UCS-2, 70 UTF-16 units in one, 67 per part. A part never ends
 * between an escape and its character, or between two halves of a pair.
 */
function segments(text: string): { encoding: "GSM-7" | "UCS-2"; count: number } {
  const chars = [...text];
  const gsm = chars.every((c) => GSM_DEFAULT.includes(c) || GSM_EXTENSION.includes(c));
  const sizes = chars.map((c) => (gsm ? (GSM_EXTENSION.includes(c) ? 2 : 1) : c.length));
  const [single, part] = gsm ? [160, 153] : [70, 67];
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total <= single) return { encoding: gsm ? "GSM-7" : "UCS-2", count: 1 };
  let count = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > part) {
      count++;
      used = 0;
    }
    used += size;
  }
  return { encoding: gsm ? "GSM-7" : "UCS-2", count };
}

const SITE = "https://www.maisonivy.co.uk";
const quote: QuoteMessagePayload = {
  name: "Łukasz Wróblewski",
  firstName: "Łukasz",
  stylistName: "Isla",
  levelName: "Advanced Stylist",
  salonName: "Maison Ivy Kestwick",
  salonPhone: "01632 960587",
  lines: [{ service: "Classic: Root colour", pricePence: 5387 }],
  totalPence: 12687,
  regular: false,
  createdAt: "2026-11-21T10:00:00.000Z",
  link: "Zx9_k2LmQp4RtV7w",
  hasColour: true,
};
const BOOK_LINK = `${SITE}/quote/Zx9_k2LmQp4RtV7w/book`;

function sms(template: string, payload: object): string {
  const r = renderMessage({ template, payload: payload as Record<string, unknown> }, SITE);
  if (r.channel !== "sms") throw new Error("expected a text");
  return r.sms.body;
}

function email(payload: QuoteMessagePayload): string {
  const r = renderMessage({ template: "quote-email", payload: payload as unknown as Record<string, unknown> }, SITE);
  if (r.channel !== "email") throw new Error("expected an e-mail");
  return r.email.text;
}

describe("the quote text to a name with letters GSM-7 lacks", () => {
  it.each([
    { name: "Łukasz Wróblewski", greeting: "Hi Lukasz, " },
    { name: "Małgorzata Kończak", greeting: "Hi Malgorzata, " },
    { name: "Đorđe Petrović", greeting: "Hi Dorde, " },
    { name: "Øystein Berg", greeting: "Hi Øystein, " },
    { name: "Ñuria Müller", greeting: "Hi Ñuria, " },
    { name: "Zoë Brontë", greeting: "Hi Zoe, " },
  ])("$name: GSM-7, two segments, greeted, with the Book link", ({ name, greeting }) => {
    for (const regular of [false, true]) {
      const body = sms("quote-sms", { ...quote, name, firstName: name.split(" ")[0], regular });
      expect(segments(body), body).toEqual({ encoding: "GSM-7", count: 2 });
      expect(body.startsWith(greeting), body).toBe(true);
      expect(body).toContain(BOOK_LINK);
    }
  });

  it.each(["Ольга Смирнова", "王秀英", "김민지", "فاطمة الزهراء", "Ελένη Παπαδοπούλου", "प्रिया शर्मा"])(
    "%s: at most two segments, still a greeting and the Book link",
    (name) => {
      const body = sms("quote-sms", { ...quote, name, firstName: name });
      expect(segments(body).count, body).toBeLessThanOrEqual(2);
      expect(body).toMatch(/^Hi\b/);
      expect(body).toContain(BOOK_LINK);
      expect(body).toContain("£126.87");
    },
  );
});

describe("greetings skip titles, and an e-mail spells the name as typed", () => {
  it("greets Łukasz as Łukasz by e-mail and as Lukasz by text", () => {
    expect(email(quote)).toContain("Hi Łukasz,");
    expect(sms("quote-sms", quote).startsWith("Hi Lukasz, ")).toBe(true);
  });

  it.each([
    { name: "Mrs Jane Smith", hi: "Hi Jane," },
    { name: "mrs. jane smith", hi: "Hi jane," },
    { name: "Dr Amir Khan", hi: "Hi Amir," },
    { name: "MISS Ava Jones", hi: "Hi Ava," },
    { name: "Mx Sam Taylor", hi: "Hi Sam," },
    { name: "Ms. Chloé Martin", hi: "Hi Chloé," },
    { name: "Mr Tom Hardy", hi: "Hi Tom," },
    { name: "Mrs Smith", hi: "Hi Mrs Smith," },
    { name: "Dr. Khan", hi: "Hi Dr Khan," },
  ])("$name is greeted “$hi”", ({ name, hi }) => {
    expect(email({ ...quote, name, firstName: name })).toContain(hi);
    expect(sms("quote-sms", { ...quote, name, firstName: name }).startsWith(hi)).toBe(true);
  });

  it("a title alone greets nobody by it", () => {
    expect(email({ ...quote, name: "Mrs", firstName: "Mrs" })).toContain("Hello,");
    expect(sms("quote-sms", { ...quote, name: "Mrs.", firstName: "Mrs." })).toMatch(/^Hi, /);
  });
});

describe("every other text in two segments", () => {
  it.each(["Łukasz Wróblewski", "Ольга Смирнова", "王秀英"])("the hair-model thanks to %s", (name) => {
    const body = sms("model-thank-you", { id: 1, name });
    expect(segments(body).count, body).toBeLessThanOrEqual(2);
    expect(body).toMatch(/^Hi \S+, thanks for applying to be a hair model/);
  });

  it("the hair-model thanks to Łukasz greets him in GSM-7", () => {
    const body = sms("model-thank-you", { id: 1, name: "Łukasz" });
    expect(body.startsWith("Hi Lukasz, ")).toBe(true);
    expect(segments(body).encoding).toBe("GSM-7");
  });

  it.each(["Łukasz", "Ольга", "王秀英"])("the staff alert of a quote from %s", (firstName) => {
    const body = sms("lead-alert-sms", {
      kind: "quote",
      id: 12345,
      firstName,
      totalPence: 12687,
      who: "Isla Featherstonehaugh-Montgomery",
      salon: "Kestwick",
    });
    expect(segments(body).count, body).toBeLessThanOrEqual(2);
    expect(body).toContain(`${SITE}/staff/leads/12345`);
  });

  it("a reply typed on a phone keeps to GSM-7 where its punctuation has a GSM-7 form", () => {
    const body = sms("quote-reply-sms", { text: "Hi Łukasz, it’s booked – see you Friday…", link: "x" });
    expect(body).toBe("Hi Lukasz, it's booked - see you Friday...");
    expect(segments(body).encoding).toBe("GSM-7");
  });
});
