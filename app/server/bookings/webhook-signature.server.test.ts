import { describe, expect, it } from "vitest";
import { bookingSignature, checkBookingSignature } from "./webhook-signature.server";

describe("the booking system's webhook signature", () => {
  const secret = "whsec_test";
  const body = '{"event":"appointment.created"}';
  const at = 1_790_000_000;
  const signed = (timestamp: string, signature = bookingSignature(secret, timestamp, body)) =>
    checkBookingSignature(secret, { timestamp, signature }, body, at * 1000);

  it("accepts a signature over the timestamp and body, up to five minutes either way", () => {
    expect(signed(String(at))).toEqual({ ok: true });
    expect(signed(String(at - 300))).toEqual({ ok: true });
    expect(signed(String(at + 300))).toEqual({ ok: true });
  });
  it("refuses an old or missing timestamp with 400, whatever the signature", () => {
    expect(signed(String(at - 301))).toMatchObject({ ok: false, status: 400 });
    expect(signed("")).toMatchObject({ ok: false, status: 400 });
    expect(signed("soon")).toMatchObject({ ok: false, status: 400 });
  });
  it("refuses another secret, another body or another timestamp's signature with 401", () => {
    expect(signed(String(at), bookingSignature("other", String(at), body))).toMatchObject({ status: 401 });
    expect(signed(String(at), bookingSignature(secret, String(at), `${body} `))).toMatchObject({ status: 401 });
    expect(signed(String(at), bookingSignature(secret, String(at - 1), body))).toMatchObject({ status: 401 });
    expect(signed(String(at), "sha256=short")).toMatchObject({ status: 401 });
  });
  it("is the HMAC-SHA256 of timestamp, dot and body, in hex", () => {
    // As `printf '1.{}' | openssl dgst -sha256 -hmac key` computes it.
    expect(bookingSignature("key", "1", "{}")).toBe(
      "sha256=1ba6b8171186efc613e8bcc0cbdab2748f24984d7c5a84faa2637afa0e40d224",
    );
  });
});
