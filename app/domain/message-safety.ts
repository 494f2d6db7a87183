/**
 * What a visitor typed may reach other people's inboxes and phones (a quote
 * goes to whatever address the form was given), so messages never carry
 * anything from visitor input that could work as a link or an address, and
 * per-recipient caps count one mailbox however its address is spelt.
 */

/**
 * A name as people write one: a letter first, then letters (any script) and
 * the odd digit, joined by an apostrophe or hyphen; at most 30 characters and
 * too few digits to be a phone number.
 */
const NAME_WORD = /^\p{L}[\p{L}\p{M}\p{Nd}]*(?:['’-]\p{L}[\p{L}\p{M}\p{Nd}]*)*$/u;
const MAX_NAME_LENGTH = 30;
const MAX_DIGITS = 3;

/**
 * The first word of the visitor's name, for "Hi X" in a message, or the
 * fallback when it is anything but a plain name: a word with a dot, colon,
 * slash, @ or any other sign (a link, a domain, an e-mail address), or with
 * the digits of a phone number, is never copied into a message.
 */
export function greetingName(name: string, fallback = "there"): string {
  const first = name.trim().split(/\s+/)[0] ?? "";
  const digits = first.replace(/\D/g, "").length;
  return first.length > 0 && first.length <= MAX_NAME_LENGTH && digits <= MAX_DIGITS && NAME_WORD.test(first)
    ? first
    : fallback;
}

/**
 * One spelling per mailbox or phone, for counting messages per recipient:
 * e-mail addresses in lower case without a +tag in the local part
 * (victim+1@… and Victim@… are one inbox); numbers without spaces or signs
 * other than a leading +.
 */
export function recipientKey(channel: "email" | "sms", address: string): string {
  const trimmed = address.trim();
  if (channel === "sms") return trimmed.replace(/(?!^\+)[^\d]/g, "");
  const lower = trimmed.toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  const local = lower.slice(0, at).split("+")[0] ?? "";
  return `${local}@${lower.slice(at + 1)}`;
}
