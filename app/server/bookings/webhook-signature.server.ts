/**
 * The booking system's webhook signature (decision 070): an HMAC-SHA256,
 * keyed with the secret the owner set in the console, over the timestamp,
 * a dot and the body exactly as sent. A call older (or newer) than the
 * window is refused whatever its signature, so a captured call cannot be
 * sent again later; within the window a repeat is harmless, since each
 * appointment is stored once.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "x-booking-signature";
export const TIMESTAMP_HEADER = "x-booking-timestamp";
/** How far the call's clock may be from ours, either way. */
const TIMESTAMP_WINDOW_SECONDS = 5 * 60;

/** "sha256=<hex>" for this timestamp and body: what the booking system sends, and what tests sign with. */
export function bookingSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export type SignatureCheck = { ok: true } | { ok: false; status: 400 | 401; error: string };

export function checkBookingSignature(
  secret: string,
  headers: { timestamp: string | null; signature: string | null },
  body: string,
  nowMs: number,
): SignatureCheck {
  const { timestamp, signature } = headers;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp))
    return { ok: false, status: 400, error: `Send the time of the call in seconds in ${TIMESTAMP_HEADER}.` };
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > TIMESTAMP_WINDOW_SECONDS)
    return { ok: false, status: 400, error: "The call's timestamp is outside the five minutes we accept." };
  const expected = Buffer.from(bookingSignature(secret, timestamp, body));
  const given = Buffer.from(signature ?? "");
  // Same length first: timingSafeEqual needs it, and the length of our own signature is no secret.
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, status: 401, error: "The signature does not match our secret." };
  return { ok: true };
}
