import { describe, expect, it } from "vitest";
import { type QuoteMessagePayload, renderMessage } from "./messages.server";

const quote: QuoteMessagePayload = {
  name: "Ada Lovelace",
  firstName: "Ada",
  stylistName: "Isla",
  levelName: "Advanced Stylist",
  salonName: "Maison Ivy Kestwick",
  lines: [
    { service: "Roots", pricePence: 5387 },
    { service: "Olaplex", pricePence: 2000 },
  ],
  totalPence: 7387,
  regular: false,
  createdAt: "2026-11-21T10:00:00.000Z",
  link: "Zx9_k2LmQp4RtV7wYb3N",
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

describe("quote e-mail", () => {
  it("greets by first name, itemises to the penny and marks the total as an estimate", () => {
    const { subject, text, html } = email(quote);
    expect(subject).toContain("Isla");
    expect(text).toContain("Hi Ada,");
    expect(text).toContain("Here's your personalised quote with Isla");
    expect(text).toContain("Roots: £53.87");
    expect(text).toContain("Olaplex: £20.00");
    expect(text).toContain("Estimated total: £73.87");
    expect(html).toContain("£53.87");
    expect(html).toContain("Estimated total");
  });

  it("offers a first-time client 20% off with QG20 until four weeks after the quote", () => {
    const { text, html } = email(quote);
    expect(text).toContain("code QG20");
    expect(text).toContain("£59.10");
    expect(text).toContain("December 19th 2026");
    expect(html).toContain("QG20");
  });

  it("has no first-visit offer for a returning client", () => {
    const { text, html } = email({ ...quote, regular: true });
    expect(text).not.toContain("QG20");
    expect(html).not.toContain("QG20");
  });

  it("links to the quote with an absolute address and carries the skin test and cancellation notes", () => {
    const { text, html } = email(quote);
    expect(text).toContain("https://salon.example/quote/Zx9_k2LmQp4RtV7wYb3N");
    expect(html).toContain('href="https://salon.example/quote/Zx9_k2LmQp4RtV7wYb3N"');
    expect(text).toMatch(/skin test at least 48 hours/);
    expect(text).toMatch(/48 hours' notice.*50% charge/);
    expect(email({ ...quote, hasColour: false }).text).not.toMatch(/skin test/);
  });

  it("never carries markup or a link a visitor typed as their name", () => {
    const { html, text } = email({ ...quote, firstName: "<script>alert(1)</script>" });
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain("&lt;script&gt;");
    expect(html).toContain("Hi there,");
    expect(email({ ...quote, firstName: "Verify:evil.example/x" }).text).not.toContain("evil.example");
    expect(text).toContain("Hi there,");
  });
});

describe("quote text message", () => {
  it("is the spec's sentence with the absolute link", () => {
    const r = renderMessage(
      { template: "quote-sms", payload: quote as unknown as Record<string, unknown> },
      "https://salon.example",
    );
    expect(r).toEqual({
      channel: "sms",
      sms: {
        body: "Hi Ada, here's a link to your quote at Maison Ivy Kestwick: https://salon.example/quote/Zx9_k2LmQp4RtV7wYb3N",
      },
    });
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

  it("refuses a template it does not know", () => {
    expect(() => renderMessage({ template: "nope", payload: {} }, "https://salon.example")).toThrow(
      /Unknown message template/,
    );
  });
});
