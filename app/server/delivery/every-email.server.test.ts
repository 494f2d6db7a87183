/**
 * Every e-mail the site sends, with the names people type (line breaks, NUL,
 * U+2028, very long, other scripts), sent through the delivery path over real
 * SMTP to a stand-in server and read back with a mail parser: the headers are
 * exactly those meant, the subject is the one line meant, the parts are what
 * was written. The names go wherever a person's text goes: applications,
 * feedback, quotes, staff's own names and the subjects staff type.
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadAlertPayload } from "../lead-alerts.server";
import type { NewMessage, OutboxRow } from "../outbox.server";
import { deliverWith } from "./delivery.server";
import { applicantThankYou, type QuoteMessagePayload, renderMessage, staffNotification } from "./messages.server";
import {
  applicantReply,
  digestEmail,
  inviteEmail,
  ownerAlertEmail,
  passkeyAddedEmail,
  signInEmail,
} from "./staff-messages.server";
import { createMailer, fileSmsProvider } from "./transports.server";

const FORGED = "Ann\r\nReply-To: hr@evil.example\r\nContent-Type: text/html\r\n\r\n<h1>Sign in here</h1>";

/**
 * Each name as typed, the same on one line (as a subject must read it), and
 * the word a message greets with (null: the name is not used to greet).
 */
const NAMES: { label: string; typed: string; line: string; greets: string | null }[] = [
  {
    label: "CRLF forging headers and a body",
    typed: FORGED,
    line: "Ann Reply-To: hr@evil.example Content-Type: text/html <h1>Sign in here</h1>",
    greets: "Ann",
  },
  { label: "CR", typed: "Ann\rBcc: all@evil.example", line: "Ann Bcc: all@evil.example", greets: "Ann" },
  { label: "LF", typed: "Ann\nBcc: all@evil.example", line: "Ann Bcc: all@evil.example", greets: "Ann" },
  { label: "NUL", typed: "Ann\u0000Bcc: all@evil.example", line: "Ann Bcc: all@evil.example", greets: null },
  {
    label: "U+2028 and U+2029",
    typed: "Ann\u2028Reply-To: hr@evil.example\u2029\u2029Bcc: all@evil.example",
    line: "Ann Reply-To: hr@evil.example Bcc: all@evil.example",
    greets: "Ann",
  },
  {
    label: "500 characters in words",
    typed: `${"Annabelle Lee ".repeat(35)}Annabelle`,
    line: `${"Annabelle Lee ".repeat(35)}Annabelle`,
    greets: "Annabelle",
  },
  { label: "500 characters in one word", typed: `Ann${"a".repeat(497)}`, line: `Ann${"a".repeat(497)}`, greets: null },
  { label: "Cyrillic", typed: "Анна Каренина", line: "Анна Каренина", greets: "Анна" },
  { label: "Chinese", typed: "王芳", line: "王芳", greets: "王芳" },
  { label: "Arabic", typed: "فاطمة الزهراء", line: "فاطمة الزهراء", greets: "فاطمة" },
  { label: "emoji", typed: "Zoë 💇‍♀️✨", line: "Zoë 💇‍♀️✨", greets: "Zoë" },
];

const MAIL_FROM = "Maison Ivy <hello@salon.example>";
const PUBLIC_URL = "https://salon.example";
const STAFF = "team@salon.example";
const CLIENT = "client@example.com";

/** The headers every message carries, and no other: nothing a name could add (Reply-To, Bcc, a second type). */
const HEADERS = ["content-type", "date", "from", "message-id", "mime-version", "subject", "to"];

interface Case {
  name: string;
  message: NewMessage;
  /** The subject as meant, written out here. */
  subject: string;
  /** Words the text part must carry, written out here. */
  says: string[];
  /** Header lines beyond HEADERS, as sent: a marketing e-mail's one-click unsubscribe. */
  more?: Record<string, string>;
}

function quote(name: string, stylistName: string): QuoteMessagePayload {
  return {
    name,
    firstName: name.trim().split(/\s+/)[0] ?? "",
    stylistName,
    levelName: "Advanced Stylist",
    salonName: "Maison Ivy Kestwick",
    salonPhone: "01632 960587",
    lines: [{ service: "Classic: Root colour", pricePence: 5387 }],
    totalPence: 5387,
    regular: false,
    createdAt: "2026-11-21T10:00:00.000Z",
    link: "Zx9_k2LmQp4RtV7w",
    hasColour: true,
  };
}

const leadAlert = (kind: "quote" | "job" | "model", name: string, who: string | null, totalPence: number | null) => ({
  channel: "email" as const,
  recipient: STAFF,
  template: "lead-alert",
  payload: {
    ...JSON.parse(
      leadAlertPayload({
        kind,
        firstName: name.trim().split(/\s+/)[0] ?? "",
        totalPence,
        who,
        link: "Zx9_k2LmQp4RtV7w",
      }),
    ),
    id: 7,
    salon: "Kestwick",
  },
});

/** Every e-mail template the site has, each carrying the name where a person's text goes. */
function casesFor({ typed, line, greets }: (typeof NAMES)[number]): Case[] {
  const client = greets ?? "A client";
  return [
    {
      name: "the client's quote",
      message: { channel: "email", recipient: CLIENT, template: "quote-email", payload: { ...quote(typed, "Isla") } },
      subject: "Your quote from Maison Ivy with Isla",
      says: [greets ? `Hi ${greets},` : "Hello,", "Estimated total – £53.87"],
    },
    {
      name: "the client's quote with a stylist named in the console",
      message: { channel: "email", recipient: CLIENT, template: "quote-email", payload: { ...quote("Jo", typed) } },
      subject: `Your quote from Maison Ivy with ${line}`,
      says: ["Hi Jo,", `Here's your quote with ${typed} at Maison Ivy Kestwick.`],
    },
    {
      // The client's name and the service come from a booking export or webhook, not from the site's own forms.
      name: "the client's review invitation",
      message: {
        channel: "email",
        recipient: CLIENT,
        template: "review-invitation-email",
        payload: {
          firstName: typed,
          stylistName: "Isla",
          service: typed,
          visitedOn: "2026-11-20",
          link: "/review/Zx9_k2LmQp4RtV7wZx9_k2LmQp4RtV7w",
        },
      },
      subject: "How was your visit with Isla?",
      says: [greets ? `Hi ${greets},` : "Hello,", `Would you tell other clients about your ${typed} with Isla`],
    },
    {
      name: "the client's review invitation, with its way out",
      message: {
        channel: "email",
        recipient: CLIENT,
        template: "review-invitation-email",
        payload: {
          firstName: typed,
          stylistName: "Isla",
          service: "Cut",
          visitedOn: "2026-11-20",
          link: "/review/x",
          unsubscribe: "/unsubscribe/Zx9_k2LmQp4RtV7wZx9_k2",
        },
      },
      subject: "How was your visit with Isla?",
      says: [`To stop our e-mails: ${PUBLIC_URL}/unsubscribe/Zx9_k2LmQp4RtV7wZx9_k2`],
      more: {
        "list-unsubscribe": `List-Unsubscribe: <${PUBLIC_URL}/unsubscribe/Zx9_k2LmQp4RtV7wZx9_k2>`,
        "list-unsubscribe-post": "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
      },
    },
    {
      name: "the client's review invitation with a stylist named in the console",
      message: {
        channel: "email",
        recipient: CLIENT,
        template: "review-invitation-email",
        payload: { firstName: "Jo", stylistName: typed, service: "Cut", visitedOn: "2026-11-20", link: "/review/x" },
      },
      subject: `How was your visit with ${line}?`,
      says: ["Hi Jo,", `your Cut with ${typed} on`],
    },
    {
      name: "the job applicant's thanks",
      message: applicantThankYou(CLIENT, { id: 3, name: typed, role: "Stylist" }),
      subject: "Thanks for applying to Maison Ivy",
      says: [`Hi ${greets ?? "there"},`, "for the Stylist role"],
    },
    {
      name: "the staff note of a job application",
      message: staffNotification(STAFF, "job", { id: 3, name: typed, email: CLIENT, role: "Stylist" }),
      subject: `New job application: ${line} (Stylist)`,
      says: ["A new job application arrived on the website.", `name: ${typed}`, `email: ${CLIENT}`],
    },
    {
      name: "the staff note of a hair model application",
      message: staffNotification(STAFF, "model", { id: 4, name: typed, mobile: "+447700900123" }),
      subject: `New hair model application: ${line}`,
      says: ["A new hair model application arrived on the website.", `name: ${typed}`],
    },
    {
      name: "the staff note of feedback",
      message: staffNotification(STAFF, "feedback", { id: 5, name: typed, comments: typed }),
      subject: `New client feedback from ${line}`,
      says: ["A client sent the feedback survey.", `comments: ${typed}`],
    },
    {
      name: "the quote's alert to the salon",
      message: leadAlert("quote", typed, "Isla", 5387),
      subject: `New quote for Kestwick: ${client}, £53.87 with Isla`,
      says: [`${client} saved a quote on the website for Kestwick: £53.87 with Isla.`],
    },
    {
      name: "a job application's alert to the salon",
      message: leadAlert("job", typed, "Stylist", null),
      subject: `New job application for Kestwick: ${client}`,
      says: [`${client} sent a job application for Kestwick (Stylist).`],
    },
    {
      name: "a hair model application's alert to the salon",
      message: leadAlert("model", typed, null, null),
      subject: `New hair model application for Kestwick: ${client}`,
      says: [`${client} sent a hair model application for Kestwick.`],
    },
    {
      name: "the managers' e-mail of leads still New",
      message: {
        channel: "email",
        recipient: STAFF,
        template: "lead-uncontacted",
        payload: { hours: 2, quotes: [{ id: 7, name: typed, salon: "Kestwick", created: "21 Nov 10:00" }] },
      },
      subject: "A quote is still waiting for a reply after 2 opening hours",
      says: [`${client}, Kestwick, saved 21 Nov 10:00: ${PUBLIC_URL}/staff/leads/7`],
    },
    {
      name: "the staff digest",
      message: digestEmail(STAFF, {
        quotes: [{ id: 7, name: typed, salon: "Kestwick", totalPence: 5387, created: "21 Nov 10:00" }],
      }),
      subject: "1 new quote on the website",
      says: [`${typed}, Kestwick, £53.87 (21 Nov 10:00): ${PUBLIC_URL}/staff/leads/7`],
    },
    {
      name: "a sign-in code",
      message: signInEmail(STAFF, { name: typed, code: "493021", path: "/staff/sign-in/link/abc", minutes: 10 }),
      subject: "Your Maison Ivy sign-in code: 493021",
      says: [`Hi ${typed},`, "is 493021.", `${PUBLIC_URL}/staff/sign-in/link/abc`],
    },
    {
      name: "an invitation",
      message: inviteEmail(STAFF, { name: typed, role: "Front desk", path: "/staff/invite/abc", hours: 48 }),
      subject: "You're invited to the Maison Ivy staff console",
      says: [`Hi ${typed},`, "a Front desk account"],
    },
    {
      name: "a new passkey's notice",
      message: passkeyAddedEmail(STAFF, { name: typed, label: typed, when: "21 November 2026 at 10:00" }),
      subject: "A passkey was added to your Maison Ivy staff account",
      says: [`Hi ${typed},`, `A passkey named "${typed}" was added`],
    },
    {
      name: "a reply to a job applicant",
      message: applicantReply(CLIENT, `Your application, ${typed}`, `Dear ${typed},\n\nThank you.`),
      subject: `Your application, ${line}`,
      says: [`Dear ${typed},`, "Thank you."],
    },
    {
      name: "the front desk's reply about a quote",
      message: {
        channel: "email",
        recipient: CLIENT,
        template: "quote-reply-email",
        payload: { subject: `About your quote, ${typed}`, text: `Hi ${typed},\n\nSee you soon.`, link: "Zx9" },
      },
      subject: `About your quote, ${line}`,
      says: [`Hi ${typed},`, "See you soon."],
    },
    {
      name: "an alert to the owner",
      message: ownerAlertEmail(STAFF, { cause: "outbox", subject: `Mail to ${typed} failed`, text: typed }),
      subject: `Maison Ivy website: Mail to ${line} failed`,
      says: [typed, `${PUBLIC_URL}/staff/settings`],
    },
  ];
}

/** Line ends as a parser hands them back: CRLF and a lone CR both read as LF. */
const lf = (text: string) => text.replace(/\r\n?/g, "\n");

let server: SMTPServer;
let dataDir: string;
const arrived = new Map<string, { envelope: { from: string; to: string[] }; mail: ParsedMail }>();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "every-email-"));
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        arrived.set(mail.messageId ?? "", {
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          mail,
        });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dataDir, { recursive: true, force: true });
});

describe.each(NAMES)("every e-mail with a name: $label", (name) => {
  it("arrives over SMTP with only its own headers, its subject on one line and its parts as written", async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
      dataDir,
    });
    const deliver = deliverWith(mailer, fileSmsProvider(dataDir), async () => {}, { MAIL_FROM, PUBLIC_URL });
    const cases = casesFor(name);
    try {
      for (const [index, each] of cases.entries()) {
        const messageId = `<${index}-${Math.random().toString(36).slice(2)}@salon.example>`;
        await deliver({ ...each.message, messageId } as OutboxRow);
        const got = arrived.get(messageId);
        expect(got, each.name).toBeDefined();
        const { mail, envelope } = got!;
        expect(envelope, each.name).toEqual({ from: "hello@salon.example", to: [each.message.recipient] });
        // Each header once, as sent (not as the parser merges them), a long one unfolded.
        expect(mail.headerLines.map((header) => header.key).sort(), each.name).toEqual(
          [...HEADERS, ...Object.keys(each.more ?? {})].sort(),
        );
        for (const [key, line] of Object.entries(each.more ?? {}))
          expect(
            mail.headerLines.find((header) => header.key === key)?.line.replace(/\r?\n(?=[ \t])/g, ""),
            each.name,
          ).toBe(line);
        expect(mail.subject, each.name).toBe(each.subject);
        expect(mail.from?.value, each.name).toEqual([{ address: "hello@salon.example", name: "Maison Ivy" }]);
        const to = Array.isArray(mail.to) ? mail.to : [mail.to];
        expect(
          to.flatMap((list) => list?.value ?? []),
          each.name,
        ).toEqual([{ address: each.message.recipient, name: "" }]);
        expect(mail.replyTo, each.name).toBeUndefined();
        expect(mail.bcc, each.name).toBeUndefined();
        expect(mail.attachments, each.name).toEqual([]);
        expect(mail.headers.get("content-type"), each.name).toMatchObject({ value: "multipart/alternative" });
        // The parts: the text carries what was written, the page is the site's, with every typed "<" escaped.
        for (const words of each.says) expect(lf(mail.text ?? ""), each.name).toContain(lf(words));
        const written = renderMessage(each.message, PUBLIC_URL);
        if (written.channel !== "email") throw new Error(`${each.name} is not an e-mail`);
        expect(lf(mail.text ?? ""), each.name).toBe(lf(written.email.text));
        expect(lf(mail.html || ""), each.name).toBe(lf(written.email.html));
        expect(mail.html, each.name).toMatch(/^<!doctype html>/);
        expect(mail.html, each.name).not.toContain("<h1>");
      }
    } finally {
      mailer.close();
    }
  });
});
