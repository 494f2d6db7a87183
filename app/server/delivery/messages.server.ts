/**
 * What the site sends, and when: the quote by e-mail and text message, a
 * thank-you to each job applicant, and a note to staff for each application
 * and feedback. Messages are queued in the caller's transaction; their text is
 * rendered when they are sent, with absolute links from PUBLIC_URL.
 */
import { sql } from "drizzle-orm";
import { formatLongDate } from "~/domain/dates";
import { discountedPence, FIRST_VISIT_OFFER, firstNameOf, offerValidUntil } from "~/domain/first-visit-offer";
import { formatGBPExact } from "~/domain/format";
import type { Database } from "../db.server";
import { enqueue, type NewMessage, type OutboxRow } from "../outbox.server";
import { renderStaffMessage } from "./staff-messages.server";
import type { Email, TextMessage } from "./transports.server";

/** At most this many quote messages to one mobile or e-mail address in 24 hours. */
export const QUOTE_MESSAGES_PER_DAY = 3;

type Tx = Pick<Database, "insert" | "execute">;

export interface QuoteMessagePayload {
  name: string;
  firstName: string;
  stylistName: string | null;
  levelName: string;
  salonName: string;
  lines: { service: string; pricePence: number }[];
  totalPence: number;
  regular: boolean;
  createdAt: string;
  link: string;
  hasColour: boolean;
}

/**
 * Queues the quote e-mail and text unless either address already had
 * QUOTE_MESSAGES_PER_DAY quote messages in the last 24 hours. Returns whether
 * they were queued. The advisory locks make concurrent saves for the same
 * address count one after the other.
 */
export async function queueQuoteMessages(
  tx: Tx,
  to: { email: string; mobile: string },
  payload: QuoteMessagePayload,
  mailDomain: string,
): Promise<boolean> {
  const email = to.email.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quote-to:${email}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quote-to:${to.mobile}`}))`);
  const recent = await tx.execute<{ emails: number | string; texts: number | string }>(sql`
    select count(*) filter (where template = 'quote-email' and lower(recipient) = ${email}) as emails,
           count(*) filter (where template = 'quote-sms' and recipient = ${to.mobile}) as texts
    from outbox
    where template in ('quote-email', 'quote-sms') and created_at > now() - interval '24 hours'`);
  const counts = recent.rows[0];
  if (Math.max(Number(counts?.emails ?? 0), Number(counts?.texts ?? 0)) >= QUOTE_MESSAGES_PER_DAY) return false;
  const body = payload as unknown as Record<string, unknown>;
  await enqueue(
    tx,
    [
      { channel: "email", recipient: email, template: "quote-email", payload: body },
      { channel: "sms", recipient: to.mobile, template: "quote-sms", payload: body },
    ],
    mailDomain,
  );
  return true;
}

export function staffNotification(
  staffEmail: string,
  kind: "job" | "model" | "feedback",
  fields: Record<string, unknown>,
): NewMessage {
  return { channel: "email", recipient: staffEmail, template: `staff-${kind}`, payload: fields };
}

export function applicantThankYou(email: string, fields: { id: number; name: string; role: string }): NewMessage {
  return { channel: "email", recipient: email, template: "job-thank-you", payload: fields };
}

// ── rendering ────────────────────────────────────────────────────────────

export const escapeHtml = (value: unknown) =>
  String(value ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

export function layoutHtml(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#faf7f2;color:#1f1b16;font-family:Georgia,'Times New Roman',serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border:1px solid #ddd3c5;border-radius:16px" cellpadding="0" cellspacing="0"><tr><td style="padding:32px;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.55">
<p style="margin:0 0 24px;font-family:Georgia,serif;font-size:22px;letter-spacing:.12em">MAISON IVY</p>
${bodyHtml}
</td></tr></table></td></tr></table></body></html>`;
}

const SKIN_TEST_NOTE =
  "Colour services need a skin test at least 48 hours before your appointment (a skin test within the last 6 months counts).";
const CANCELLATION_NOTE =
  "We ask for 48 hours' notice to cancel or move an appointment; otherwise a 50% charge applies.";

function quoteEmail(p: QuoteMessagePayload, publicUrl: string): Omit<Email, "to" | "from" | "messageId"> {
  const url = new URL(`/quote/${p.link}`, publicUrl).href;
  const withWhom = p.stylistName ?? `one of our ${p.levelName}s`;
  const ends = formatLongDate(offerValidUntil(new Date(p.createdAt)));
  const offerTotal = formatGBPExact(discountedPence(p.totalPence));
  const lines = p.lines.map((l) => `${l.service}: ${formatGBPExact(l.pricePence)}`);
  const text = [
    `Hi ${p.firstName},`,
    "",
    `Here's your personalised quote with ${withWhom} at ${p.salonName}.`,
    "",
    ...lines,
    `Estimated total: ${formatGBPExact(p.totalPence)} (an estimate; your stylist confirms the final price at your consultation)`,
    "",
    ...(p.regular
      ? []
      : [
          `First visit offer: ${FIRST_VISIT_OFFER.percent}% off, so ${offerTotal}. Use code ${FIRST_VISIT_OFFER.code} when you book, before ${ends}.`,
          "",
        ]),
    `See your quote and book: ${url}`,
    "",
    ...(p.hasColour ? [SKIN_TEST_NOTE] : []),
    CANCELLATION_NOTE,
    "",
    "See you soon,",
    "The Maison Ivy team",
  ].join("\n");
  const rows = p.lines
    .map(
      (l) =>
        `<tr><td style="padding:6px 0;border-bottom:1px solid #efe7dc">${escapeHtml(l.service)}</td><td align="right" style="padding:6px 0;border-bottom:1px solid #efe7dc">${formatGBPExact(l.pricePence)}</td></tr>`,
    )
    .join("");
  const html = layoutHtml(
    "Your Maison Ivy quote",
    `<p>Hi ${escapeHtml(p.firstName)},</p>
<p>Here's your personalised quote with ${escapeHtml(withWhom)} at ${escapeHtml(p.salonName)}.</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:16px 0">${rows}
<tr><td style="padding:10px 0;font-weight:bold">Estimated total</td><td align="right" style="padding:10px 0;font-weight:bold">${formatGBPExact(p.totalPence)}</td></tr></table>
<p style="font-size:13px;color:#5c5349">This is an estimate: your stylist confirms the final price at your consultation.</p>
${
  p.regular
    ? ""
    : `<div style="margin:20px 0;padding:16px;border-radius:12px;background:#f3e3dc"><strong>First visit offer: ${FIRST_VISIT_OFFER.percent}% off</strong><br>Your total would be <strong>${offerTotal}</strong>. Use code <strong>${FIRST_VISIT_OFFER.code}</strong> when you book, before ${escapeHtml(ends)}.</div>`
}
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 22px;border-radius:999px;background:#1f1b16;color:#faf7f2;text-decoration:none">View your quote</a></p>
${p.hasColour ? `<p style="font-size:13px;color:#5c5349">${SKIN_TEST_NOTE}</p>` : ""}
<p style="font-size:13px;color:#5c5349">${CANCELLATION_NOTE}</p>
<p>See you soon,<br>The Maison Ivy team</p>`,
  );
  return { subject: `Your quote from Maison Ivy${p.stylistName ? ` with ${p.stylistName}` : ""}`, text, html };
}

function fieldsEmail(
  subject: string,
  intro: string,
  fields: Record<string, unknown>,
): Omit<Email, "to" | "from" | "messageId"> {
  const entries = Object.entries(fields).filter(([, v]) => v !== null && v !== undefined && v !== "");
  const text = [intro, "", ...entries.map(([k, v]) => `${k}: ${String(v)}`)].join("\n");
  const html = layoutHtml(
    subject,
    `<p>${escapeHtml(intro)}</p><table role="presentation" cellpadding="0" cellspacing="0">${entries
      .map(
        ([k, v]) =>
          `<tr><td style="padding:4px 16px 4px 0;vertical-align:top;color:#5c5349">${escapeHtml(k)}</td><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
      )
      .join("")}</table>`,
  );
  return { subject, text, html };
}

export type Rendered =
  | { channel: "email"; email: Omit<Email, "to" | "from" | "messageId"> }
  | { channel: "sms"; sms: Omit<TextMessage, "to"> };

export function renderMessage(row: Pick<OutboxRow, "template" | "payload">, publicUrl: string): Rendered {
  const p = row.payload;
  switch (row.template) {
    case "quote-email":
      return { channel: "email", email: quoteEmail(p as unknown as QuoteMessagePayload, publicUrl) };
    case "quote-sms": {
      const q = p as unknown as QuoteMessagePayload;
      return {
        channel: "sms",
        sms: {
          body: `Hi ${q.firstName}, here's a link to your quote at ${q.salonName}: ${new URL(`/quote/${q.link}`, publicUrl).href}`,
        },
      };
    }
    case "job-thank-you": {
      const name = firstNameOf(String(p.name ?? ""));
      const text = `Hi ${name},\n\nThanks for applying to Maison Ivy for the ${String(p.role ?? "")} role! We'll be in touch when a position becomes available. Your application covers all 3 of our connected salons.\n\nThe Maison Ivy team`;
      return {
        channel: "email",
        email: {
          subject: "Thanks for applying to Maison Ivy",
          text,
          html: layoutHtml(
            "Thanks for applying",
            text
              .split("\n\n")
              .map((para) => `<p>${escapeHtml(para).replace(/\n/g, "<br>")}</p>`)
              .join(""),
          ),
        },
      };
    }
    case "staff-job":
      return {
        channel: "email",
        email: fieldsEmail(
          `New job application: ${String(p.name)} (${String(p.role)})`,
          "A new job application arrived on the website.",
          p,
        ),
      };
    case "staff-model":
      return {
        channel: "email",
        email: fieldsEmail(
          `New hair model application: ${String(p.name)}`,
          "A new hair model application arrived on the website.",
          p,
        ),
      };
    case "staff-feedback":
      return {
        channel: "email",
        email: fieldsEmail(`New client feedback from ${String(p.name)}`, "A client sent the feedback survey.", p),
      };
    default: {
      const staffMessage = renderStaffMessage(row, publicUrl);
      if (staffMessage) return { channel: "email", email: staffMessage };
      throw new Error(`Unknown message template "${row.template}"`);
    }
  }
}
