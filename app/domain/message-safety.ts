/**
 * What a visitor typed may reach other people's inboxes and phones (a quote
 * goes to whatever address the form was given), so per-recipient caps count
 * one mailbox however its address is spelt. (Names in messages are cleaned by
 * safeFirstName in message-text.ts.)
 */

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
