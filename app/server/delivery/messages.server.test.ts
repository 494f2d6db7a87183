import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { smsLength } from "~/domain/message-text";
import { QUOTE_TEXT_MAX_SEGMENTS, type QuoteMessagePayload, renderMessage } from "./messages.server";

const quote: QuoteMessagePayload = {
  name: "Ada Lovelace",
  firstName: "Ada",
  stylistName: "Isla",
  levelName: "Advanced Stylist",
  salonName: "Maison Ivy Kestwick",
  salonPhone: "01632 960587",

  lines: [
    { service: "Classic: Root colour", pricePence: 5387 },
    { service: "Plex treatment: Olaplex", pricePence: 2000 },
    { service: "Finish: Cut & blow-dry", pricePence: 5300 },
  ],
  totalPence: 12687,
  regular: false,
  createdAt: "2026-11-21T10:00:00.000Z",
  link: "Zx9_k2LmQp4RtV7w",
  hasColour: true,
};

const email = (p: QuoteMessagePayload) => {
  const r = renderMessage(
    { template: "quote-email", payload: p as unknown as Record<string, unknown> },
    "https://salon.example",
  );
  if (r.channel !== "email") throw new Error("expected an e-mail");
  return r.email;
};

const text = (p: QuoteMessagePayload, publicUrl = "https://salon.example") => {
  const r = renderMessage({ template: "quote-sms", payload: p as unknown as Record<string, unknown> }, publicUrl);
  if (r.channel !== "sms") throw new Error("expected a text");
  return r.sms.body;
};

/** The HTML with its tags and entities taken out, as a reader sees it. */
const visibleText = (html: string) =>
  html
    .replace(/<(style|title)[^>]*>[\s\S]*?<\/\1>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ");

describe("quote e-mail", () => {
  it("names each line as the site does, with the site's amounts, and the total they add up to", () => {
    const { subject, text, html } = email(quote);
    expect(subject).toContain("Isla");
    expect(text).toContain("Hi Ada,");
    expect(text).toContain("Here's your quote with Isla at Maison Ivy Kestwick");
    expect(text).toContain("Classic: Root colour – £53.87");
    expect(text).toContain("Plex treatment: Olaplex – £20");
    expect(text).toContain("Finish: Cut & blow-dry – £53");
    expect(text).toContain("Estimated total – £126.87");
    for (const amount of ["£53.87", "£20", "£53", "£126.87"]) expect(visibleText(html)).toContain(amount);
    expect(visibleText(html)).toContain("Classic: Root colour");
    expect(visibleText(html)).toContain("Estimated total");
  });

  it("offers a first-time client 20% off with QG20 until four weeks after the quote, in both parts", () => {
    const { text, html } = email(quote);
    expect(text).toContain("Quote code QG20");
    expect(text).toContain("£101.50"); // 12687 × 0.8 = 10149.6 → 10150
    expect(text).toContain("December 19th 2026");
    expect(visibleText(html)).toContain("£101.50");
    expect(visibleText(html)).toContain("QG20");
    expect(visibleText(html)).toContain("December 19th 2026");
  });

  it("tells a returning client how long the quote is valid, with no offer", () => {
    const { text, html } = email({ ...quote, regular: true });
    expect(text).not.toContain("QG20");
    expect(html).not.toContain("QG20");
    expect(text).toContain("Your quote is valid until December 19th 2026.");
    expect(visibleText(html)).toContain("Your quote is valid until December 19th 2026.");
  });

  it("links to the quote and the booking page, and gives the salon's phone, in both parts", () => {
    const { text, html } = email(quote);
    expect(text).toContain("https://salon.example/quote/Zx9_k2LmQp4RtV7w");
    expect(text).toContain("Book your free consultation: https://salon.example/quote/Zx9_k2LmQp4RtV7w/book");
    expect(text).toContain("Or call Maison Ivy Kestwick on 01632 960587.");
    expect(html).toContain('href="https://salon.example/quote/Zx9_k2LmQp4RtV7w"');
    expect(html).toContain('href="https://salon.example/quote/Zx9_k2LmQp4RtV7w/book"');
    expect(html).toContain('href="tel:01632960587"');
  });

  it("mentions the skin test only when a colour service is in the quote", () => {
    expect(email(quote).text).toMatch(/skin test at least 48 hours/);
    expect(visibleText(email(quote).html)).toMatch(/skin test at least 48 hours/);
    const cutOnly = email({ ...quote, hasColour: false });
    expect(cutOnly.text).not.toMatch(/skin test/i);
    expect(cutOnly.html).not.toMatch(/skin test/i);
    expect(cutOnly.text).toMatch(/48 hours' notice.*50% charge/);
  });

  it("fits a narrow mail client: a card as wide as the screen up to 560 px, and prices that never wrap", () => {
    const { html } = email(quote);
    expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    // No fixed width but Outlook's, in the conditional comment only it reads (the browser test renders it at 360 px).
    const outsideOutlook = html.replace(/<!--\[if mso\]>.*?<!\[endif\]-->/gs, "");
    expect(outsideOutlook.match(/\bwidth="[1-9]\d{2,}"/g)).toBeNull();
    expect(outsideOutlook.match(/[^-]width:\s*[1-9]\d{2,}px/g)).toBeNull();
    expect(outsideOutlook).toContain('style="width:100%;max-width:560px;');
    expect(html.match(/white-space:nowrap">£/g)?.length).toBe(quote.lines.length + 1);
  });

  describe("in desktop Outlook, whose Word engine drops much of CSS", () => {
    const page = (html: string) => {
      const window = new Window();
      window.document.write(html);
      return window.document;
    };
    const link = (document: Document, label: string) => {
      const found = [...document.querySelectorAll("a")].find((a) => a.textContent === label);
      if (!found) throw new Error(`no link "${label}"`);
      return found;
    };

    it("draws each button as a table cell with its colour as bgcolor, the link inside it", () => {
      const document = page(email(quote).html) as unknown as Document;
      for (const [label, colour, href] of [
        ["Book your free consultation", "#1f1b16", "https://salon.example/quote/Zx9_k2LmQp4RtV7w/book"],
        ["View your quote", "#ffffff", "https://salon.example/quote/Zx9_k2LmQp4RtV7w"],
      ] as const) {
        const a = link(document, label);
        expect(a.getAttribute("href")).toBe(href);
        const cell = a.parentElement!;
        expect(cell.tagName).toBe("TD");
        expect(cell.getAttribute("bgcolor")).toBe(colour);
        // The button's size is the cell's padding, which Outlook keeps; a link's padding it drops.
        expect(cell.getAttribute("style")).toMatch(/(^|;)padding:12px 20px(;|$)/);
        expect(a.getAttribute("style")).not.toMatch(/padding|display/);
        expect(cell.closest("table")?.getAttribute("role")).toBe("presentation");
      }
    });

    it("holds the card at 560 px in a table only Outlook reads, the offer's box as a cell with bgcolor", () => {
      const { html } = email(quote);
      expect(html).toContain(
        '<!--[if mso]><table role="presentation" width="560" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->',
      );
      expect(html).toContain("<!--[if mso]></td></tr></table><![endif]-->");
      const document = page(html) as unknown as Document;
      const brand = [...document.querySelectorAll("p")].find((p) => p.textContent === "MAISON IVY");
      const card = brand?.closest("table");
      expect(card?.getAttribute("width")).toBe("100%");
      expect(card?.getAttribute("bgcolor")).toBe("#ffffff");
      expect(card?.parentElement?.closest("table")?.getAttribute("bgcolor")).toBe("#faf7f2");
      const offer = [...document.querySelectorAll("strong")].find(
        (s) => s.textContent === "First-visit offer: 20% off",
      );
      const box = offer?.parentElement;
      expect(box?.tagName).toBe("TD");
      expect(box?.getAttribute("bgcolor")).toBe("#f3e3dc");
      expect(box?.closest("table")?.getAttribute("width")).toBe("100%");
    });

    it("leans on no CSS that Outlook drops: no flex, grid, divs, inline blocks or background images", () => {
      for (const p of [quote, { ...quote, regular: true }]) {
        const { html } = email(p);
        expect(html).not.toMatch(/display:\s*(flex|grid|inline-block)|background-image|url\(|<div/i);
      }
    });
  });

  it("escapes what visitors typed in the HTML version and never greets with a link", () => {
    const scripted = email({ ...quote, name: "<script>alert(1)</script>" });
    expect(scripted.html).not.toContain("<script>");
    expect(scripted.text).toContain("Hello,");
    const linked = email({ ...quote, name: "www.evil.example Smith", firstName: "www.evil.example" });
    expect(linked.text).not.toContain("evil");
    expect(linked.html).not.toContain("evil");
    const colon = email({ ...quote, name: "Verify:evil.example/x", firstName: "Verify:evil.example/x" });
    expect(colon.text).not.toContain("evil.example");
  });
});

describe("quote text message", () => {
  it("gives a new client the name, salon, total, offer with code and end date, link and phone", () => {
    const body = text(quote);
    expect(body).toBe(
      "Hi Ada, your quote at Maison Ivy Kestwick is £126.87. As a new client you get 20% off your first visit: £101.50 with code QG20, until December 19th 2026. See it: https://salon.example/quote/Zx9_k2LmQp4RtV7w Book: https://salon.example/quote/Zx9_k2LmQp4RtV7w/book Or call 01632 960587.",
    );
    expect(smsLength(body)).toMatchObject({ encoding: "GSM-7", segments: 2 });
  });

  it("gives a returning client the total and how long it is valid, without the offer", () => {
    const body = text({ ...quote, regular: true });
    expect(body).not.toContain("QG20");
    expect(body).toContain("£126.87");
    expect(body).toContain("valid until December 19th 2026");
    expect(body).toContain("01632 960587");
    expect(smsLength(body).segments).toBeLessThanOrEqual(QUOTE_TEXT_MAX_SEGMENTS);
  });

  it.each([
    { why: "a web address", name: "www.cheaphair.test", leaked: ["www", "cheaphair", "test"] },
    { why: "a link", name: "http://evil.test/x", leaked: ["http:", "evil"] },
    { why: "an e-mail address", name: "ada@mailbox.test", leaked: ["ada", "mailbox", "@"] },
    { why: "a phone number", name: "07700900123", leaked: ["07700900123"] },
    { why: "markup", name: "<b>Ada</b>", leaked: ["<b>", "Ada"] },
    { why: "nothing", name: "   ", leaked: [] },
  ])("never copies $why from the name into the text", ({ name, leaked }) => {
    const body = text({ ...quote, name, firstName: name });
    expect(body.startsWith("Hi, your quote at Maison Ivy Kestwick")).toBe(true);
    for (const part of leaked) expect(body).not.toContain(part);
  });

  it("keeps a name's accents within the GSM alphabet so the text stays in two segments", () => {
    const body = text({ ...quote, name: "Zoë Brontë" });
    expect(body.startsWith("Hi Zoe, ")).toBe(true);
    expect(smsLength(body).encoding).toBe("GSM-7");
  });

  it.each([
    { site: "https://salon.example" },
    { site: "https://a-much-longer-web-address-for-the-salon.example.co.uk" },
  ])("fits in two segments at $site, for every kind of client and salon", ({ site }) => {
    const salons = ["Maison Ivy", "Maison Ivy Kestwick", "Maison Ivy Academy at Harrowgate Street"];
    const names = ["Ada Lovelace", "Maximiliana-Christabel Featherstonehaugh", "王小明", "Zoë", "x"];
    for (const salonName of salons) {
      for (const name of names) {
        for (const regular of [true, false]) {
          const body = text({ ...quote, salonName, name, regular, totalPence: 123456 }, site);
          expect(smsLength(body).segments, body).toBeLessThanOrEqual(QUOTE_TEXT_MAX_SEGMENTS);
          expect(body).toContain(`${site}/quote/Zx9_k2LmQp4RtV7w`);
          expect(body).toContain("£1,234.56");
          expect(body).toContain("01632 960587");
          if (!regular) expect(body).toMatch(/QG20.*December 19th 2026/);
        }
      }
    }
  });
});

describe("the skin-test answer in the quote's messages", () => {
  const skinLink = "https://salon.example/quote/Zx9_k2LmQp4RtV7w/skin-test";

  it("sends the skin-test link and the 48 hours to a client who answered no or not sure, never to a yes", () => {
    for (const [answer, label] of [
      ["no", "No"],
      ["not-sure", "Not sure"],
    ] as const) {
      const mail = email({ ...quote, skinTest: answer });
      expect(mail.text).toContain(`Skin test with us in the last 6 months: ${label}`);
      expect(mail.text).toContain(`Book your skin test: ${skinLink}`);
      expect(mail.text).toMatch(/skin test at least 48 hours before your appointment/);
      expect(mail.html).toContain(`href="${skinLink}"`);
      expect(text({ ...quote, skinTest: answer })).toContain(skinLink);
    }
    const yes = email({ ...quote, skinTest: "yes", consultation: true });
    expect(yes.text).toContain("Skin test with us in the last 6 months: Yes");
    expect(yes.text).toContain("You asked for a consultation before your colour");
    expect(yes.text).not.toContain("/skin-test");
    expect(text({ ...quote, skinTest: "yes" })).not.toContain("/skin-test");
  });

  it("keeps the link in a text of two segments at a long address, whatever the name", () => {
    const site = "https://bookings.maison-ivy-salons.example.co.uk";
    for (const name of ["Ada Lovelace", "Maximiliana-Christabel Featherstonehaugh", "王小明"]) {
      for (const regular of [true, false]) {
        const body = text({ ...quote, name, regular, totalPence: 123456, skinTest: "not-sure" }, site);
        expect(smsLength(body).segments, body).toBeLessThanOrEqual(QUOTE_TEXT_MAX_SEGMENTS);
        expect(body).toContain(`${site}/quote/Zx9_k2LmQp4RtV7w/skin-test`);
        expect(body).toContain(`${site}/quote/Zx9_k2LmQp4RtV7w/book`);
        expect(body).toContain("£1,234.56");
      }
    }
  });
});

describe("staff and applicant messages", () => {
  it("lists the application's fields for staff, escaped", () => {
    const r = renderMessage(
      { template: "staff-job", payload: { name: "Sam <b>Jones</b>", role: "Stylist", about: "Hello" } },
      "https://salon.example",
    );
    if (r.channel !== "email") throw new Error("expected an e-mail");
    expect(r.email.subject).toContain("Stylist");
    expect(r.email.text).toContain("about: Hello");
    expect(r.email.html).toContain("Sam &lt;b&gt;Jones&lt;/b&gt;");
  });

  it("thanks the applicant by first name", () => {
    const r = renderMessage(
      { template: "job-thank-you", payload: { name: "Sam Jones", role: "Apprentice" } },
      "https://salon.example",
    );
    if (r.channel !== "email") throw new Error("expected an e-mail");
    expect(r.email.text).toContain("Hi Sam,");
    expect(r.email.text).toContain("We'll be in touch when a position becomes available");
  });

  it("texts a hair-model applicant what happens next, by first name, in at most two text segments", () => {
    const r = renderMessage(
      { template: "model-thank-you", payload: { id: 1, name: "Mia Stone" } },
      "https://salon.example",
    );
    if (r.channel !== "sms") throw new Error("expected a text");
    expect(r.sms.body).toMatch(/^Hi Mia, thanks for applying to be a hair model/);
    expect(r.sms.body).toContain("We'll be in touch when we have a training session that suits your hair");
    expect(r.sms.body.length).toBeLessThanOrEqual(306);
  });

  it("refuses a template it does not know", () => {
    expect(() => renderMessage({ template: "nope", payload: {} }, "https://salon.example")).toThrow(
      /Unknown message template/,
    );
  });
});
