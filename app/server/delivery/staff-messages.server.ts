/**
 * E-mails the staff console sends: sign-in codes and links, invitations, the
 * new-quotes digest, and staff's replies to job applicants and to clients
 * about their quotes. Like every message they go through the outbox and are
 * rendered when sent.
 */
import { formatGBP } from "~/domain/format";
import { escapeHtml } from "~/domain/html";
import { fittingText, safeFirstName } from "~/domain/message-text";
import { staffPath } from "~/domain/staff/routes";
import type { NewMessage, OutboxRow } from "../outbox.server";
import { layoutHtml } from "./mail-layout.server";
import type { Email } from "./transports.server";

type Rendered = Omit<Email, "to" | "from" | "messageId">;

function plainEmail(subject: string, text: string): Rendered {
  const html = text
    .split("\n\n")
    .map((para) => `<p>${escapeHtml(para).replace(/\n/g, "<br>")}</p>`)
    .join("");
  return { subject, text, html: layoutHtml(subject, html) };
}

export interface SignInPayload {
  name: string;
  code: string;
  /** Path of the one-time link, under PUBLIC_URL. */
  path: string;
  minutes: number;
}

export const signInEmail = (to: string, payload: SignInPayload): NewMessage => ({
  channel: "email",
  recipient: to,
  template: "staff-sign-in",
  payload: { ...payload },
});

export interface InvitePayload {
  name: string;
  role: string;
  path: string;
  hours: number;
}

export const inviteEmail = (to: string, payload: InvitePayload): NewMessage => ({
  channel: "email",
  recipient: to,
  template: "staff-invite",
  payload: { ...payload },
});

export interface PasskeyAddedPayload {
  name: string;
  label: string;
  /** When, as the salon reads it (London time). */
  when: string;
}

/** Every new passkey is told to the account's owner: one they did not add means someone else can get in. */
export const passkeyAddedEmail = (to: string, payload: PasskeyAddedPayload): NewMessage => ({
  channel: "email",
  recipient: to,
  template: "staff-passkey-added",
  payload: { ...payload },
});

export interface DigestPayload {
  quotes: { id: number; name: string; salon: string; totalPence: number; created: string }[];
}

export const digestEmail = (to: string, payload: DigestPayload): NewMessage => ({
  channel: "email",
  recipient: to,
  template: "staff-quote-digest",
  payload: { ...payload },
});

/** A reply is written out when staff send it, so the record on the application is exactly what went. */
export const applicantReply = (to: string, subject: string, text: string): NewMessage => ({
  channel: "email",
  recipient: to,
  template: "applicant-reply",
  payload: { subject, text },
});

export interface OwnerAlertPayload {
  cause: string;
  subject: string;
  text: string;
}

/** Trouble the owner should know of (app/server/alerts.server.ts); the text says what to do. */
export const ownerAlertEmail = (to: string, payload: OwnerAlertPayload): NewMessage => ({
  channel: "email",
  recipient: to,
  template: "owner-alert",
  payload: { ...payload },
});

/** A lead alert's payload as lead-alerts.server.ts writes it. */
interface LeadAlertPayload {
  kind: "quote" | "job" | "model";
  id: number;
  firstName: string;
  totalPence: number | null;
  who: string | null;
  salon: string;
}

const LEAD_PAGES = { quote: "leads", job: "applications", model: "models" } as const;
const LEAD_WORDS = { quote: "quote", job: "job application", model: "hair model application" } as const;

/** The lead's page in the console, the one link an alert carries. */
function leadAlertParts(p: Record<string, unknown>, publicUrl: string) {
  const lead = p as unknown as LeadAlertPayload;
  const kind = lead.kind in LEAD_PAGES ? lead.kind : "quote";
  // A name that could be a link or an address is left out, as in every message (message-text.ts).
  const who = safeFirstName(String(lead.firstName ?? "")) ?? "A client";
  const url = new URL(staffPath(`${LEAD_PAGES[kind]}/${Number(lead.id)}`), publicUrl).href;
  const what =
    kind === "quote"
      ? `${formatGBP(Number(lead.totalPence ?? 0))}${lead.who ? ` with ${lead.who}` : ""}`
      : (lead.who ?? "");
  return { kind, who, url, what, salon: String(lead.salon ?? ""), words: LEAD_WORDS[kind] };
}

/**
 * The salon's text about a new lead: no mobile or e-mail of the client, only where to reply from. It opens with
 * the salon's name as kept ("Maison Ivy Wrenbridge"), which already says whose text it is.
 */
export function leadAlertText(p: Record<string, unknown>, publicUrl: string): string {
  const { who, url, what, salon, words } = leadAlertParts(p, publicUrl);
  const alert = (from: string) =>
    `${salon}: new ${words} from ${from}${what ? `, ${what}` : ""}. Reply from the console: ${url}`;
  return fittingText([alert(who), alert("a client")]);
}

export function renderStaffMessage(row: Pick<OutboxRow, "template" | "payload">, publicUrl: string): Rendered | null {
  const p = row.payload;
  const url = (path: unknown) => new URL(String(path), publicUrl).href;
  switch (row.template) {
    case "staff-sign-in":
      return plainEmail(
        `Your Maison Ivy sign-in code: ${String(p.code)}`,
        `Hi ${String(p.name)},\n\nYour code to sign in to the Maison Ivy staff console is ${String(p.code)}.\n\nOr open this link on the device you are signing in on: ${url(p.path)}\n\nBoth work once, for ${String(p.minutes)} minutes. If you did not ask to sign in, ignore this e-mail: nobody can sign in without it.`,
      );
    case "staff-invite":
      return plainEmail(
        "You're invited to the Maison Ivy staff console",
        `Hi ${String(p.name)},\n\nYou have been given a ${String(p.role)} account on the Maison Ivy staff console. Open this link to sign in for the first time, then add a passkey so you can sign in with your fingerprint, face or screen lock:\n\n${url(p.path)}\n\nThe link works once, for ${String(p.hours)} hours.`,
      );
    case "staff-passkey-added":
      return plainEmail(
        "A passkey was added to your Maison Ivy staff account",
        `Hi ${String(p.name)},\n\nA passkey named "${String(p.label)}" was added to your staff console account on ${String(p.when)}. It can sign in as you from now on.\n\nIf that was you, there is nothing to do. If it was not, tell the salon's owner at once: on the Team page they can sign you out everywhere and remove every passkey. Your own devices page is ${url("/staff/devices")}.`,
      );
    case "staff-quote-digest": {
      const quotes = (p.quotes ?? []) as DigestPayload["quotes"];
      const lines = quotes.map(
        (q) => `${q.name}, ${q.salon}, ${formatGBP(q.totalPence)} (${q.created}): ${url(staffPath(`leads/${q.id}`))}`,
      );
      return plainEmail(
        `${quotes.length} new ${quotes.length === 1 ? "quote" : "quotes"} on the website`,
        `New quotes since the last digest:\n\n${lines.join("\n")}\n\nAll quotes: ${url(staffPath("leads"))}`,
      );
    }
    case "lead-alert": {
      const { kind, who, url, what, salon, words } = leadAlertParts(p, publicUrl);
      const asked =
        kind === "quote"
          ? `${who} saved a quote on the website for ${salon}: ${what}.`
          : `${who} sent a ${words} for ${salon}${what ? ` (${what})` : ""}.`;
      return plainEmail(
        `New ${words} for ${salon}: ${who}${kind === "quote" ? `, ${what}` : ""}`,
        `${asked}\n\nThe client's details and how to reach them are in the console: ${url}\n\nAlerts go to this salon's front-desk address, set on the console's Salons page.`,
      );
    }
    case "lead-uncontacted": {
      const quotes = (p.quotes ?? []) as { id: number; name: string; salon: string; created: string }[];
      const hours = Number(p.hours);
      const lines = quotes.map(
        (q) =>
          `${safeFirstName(String(q.name ?? "")) ?? "A client"}, ${q.salon}, saved ${q.created}: ${url(staffPath(`leads/${q.id}`))}`,
      );
      return plainEmail(
        quotes.length === 1
          ? `A quote is still waiting for a reply after ${hours} opening ${hours === 1 ? "hour" : "hours"}`
          : `${quotes.length} quotes are still waiting for a reply after ${hours} opening hours`,
        `Nobody has changed ${quotes.length === 1 ? "this lead's" : "these leads'"} status from New yet:\n\n${lines.join("\n")}\n\nEvery lead waiting for a reply is on the console's home page: ${url(staffPath(""))}\n\nYou are told once about each lead.`,
      );
    }
    // Staff's replies are written out when sent, so the history shows exactly what went.
    case "applicant-reply":
    case "quote-reply-email":
      return plainEmail(String(p.subject), String(p.text));
    case "owner-alert":
      return plainEmail(
        `Maison Ivy website: ${String(p.subject)}`,
        `${String(p.text)}\n\nThe console's Settings page shows the site's health: ${url("/staff/settings")}\n\nYou get this e-mail at most once an hour for each kind of trouble.`,
      );
    default:
      return null;
  }
}
