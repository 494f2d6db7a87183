/**
 * Twilio signs every webhook it sends: X-Twilio-Signature is the Base64
 * HMAC-SHA1, keyed with the account's auth token, of the full URL Twilio
 * called followed by each POST parameter's name and value, sorted by name.
 * Anything else claiming to be Twilio cannot produce it without the token.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export function twilioSignature(authToken: string, url: string, params: Iterable<[string, string]>): string {
  const sorted = [...params].sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const data = url + sorted.map(([name, value]) => name + value).join("");
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/** Compares in constant time; a missing token or header is never valid. */
export function validTwilioSignature(
  authToken: string | undefined,
  signature: string | null,
  url: string,
  params: Iterable<[string, string]>,
): boolean {
  if (!authToken || !signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
