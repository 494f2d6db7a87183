/**
 * What the site sends, and when: the quote by e-mail and text message, a
 * thank-you to each job applicant (by e-mail) and hair-model applicant (by
 * text), and a note to staff for each application and feedback. Messages are queued in the caller's transaction; their text is
 * rendered when they are sent, with absolute links from PUBLIC_URL.
 */
import { sql } from "drizzle-orm";
import { formatLongDate } from "~/domain/dates";
import { discountedPence, FIRST_VISIT_OFFER, offerValidUntil } from "~/domain/first-visit-offer";
import { formatGBP, telHref } from "~/domain/format";
import { escapeHtml } from "~/domain/html";
import { fittingText, gsm7Form, oneLine, safeFirstName, TEXT_MAX_SEGMENTS } from "~/domain/message-text";
import { quoteBookPath, quotePath, quoteSkinTestPath } from "~/domain/paths";
import { type InvitationPayload, visitDayText } from "~/domain/review-invitations";
import {
  CONSULTATION_NOTE,
  SKIN_TEST_ANSWER_LABELS,
  SKIN_TEST_EXPLANATION,
  SKIN_TEST_NOTE,
  type SkinTestAnswer,
} from "~/domain/skin-test";
import { config } from "../config.server";
import type { Database } from "../db.server";
import { enqueue, type NewMessage, type OutboxRow } from "../outbox.server";
import { marketingText } from "../privacy/consents.server";
import { layoutHtml, mailButton, mailCard } from "./mail-layout.server";
import { leadAlertText, renderStaffMessage } from "./staff-messages.server";
import type { Email, TextMessage } from "./transports.server";

/**
 * At most this many quote messages to one mobile or e-mail address in 24
 * hours (app/server/queries/quotes.server.ts counts them as it saves).
 */
export const QUOTE_MESSAGES_PER_DAY = 3;

type Tx = Pick<Database, "insert" | "execute">;

export interface QuoteMessagePayload {
  /** As the visitor typed it; messages greet only its first word, and only when it reads as a name. */
  name: string;
  firstName: string;
  stylistName: string | null;
  levelName: string;
  salonName: string;
  /** The booking salon's phone (absent on messages queued before it was added). */
  salonPhone?: string | undefined;
  /** Each line as the site names it ("Foils: Full head"), priced to the penny. */
  lines: { service: string; pricePence: number }[];
  totalPence: number;
  regular: boolean;
  createdAt: string;
  link: string;
  hasColour: boolean;
  /** A colour quote's skin-test answer (absent on messages queued before it was asked, and on quotes without colour). */
  skinTest?: SkinTestAnswer | null | undefined;
  /** The client asked for a consultation before her colour. */
  consultation?: boolean | undefined;
}

/**
 * Slack before the site's daily ceiling on texts (SMS_DAILY_LIMIT): below
 * ceiling minus this, saves queue their text without waiting for each
 * other; within it, they take turns so that together they cannot pass it.
 */
export const SMS_CEILING_MARGIN = 50;

/**
 * The daily ceilings on texts (counted over the last 24 hours, all texts
 * together): `all`, SMS_DAILY_LIMIT, for a quote to an existing lead (a
 * mobile on a quote staff have moved on from New, which no stranger can
 * make); `newNumbers`, lower by SMS_RESERVED_PERCENT of it, for the texts
 * anyone's form causes (a quote to any other number, a model's thank-you,
 * the salon's alert of a new lead by text).
 * Strangers spending theirs leave the reserved share to the salon's leads.
 */
export function smsCeilings(dailyLimit = config().SMS_DAILY_LIMIT): { all: number; newNumbers: number } {
  return { all: dailyLimit, newNumbers: dailyLimit - Math.ceil((dailyLimit * config().SMS_RESERVED_PERCENT) / 100) };
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

/**
 * The model applicant's confirmation of what happens next, by text (the form
 * asks no e-mail address). Unless this mobile already had one in the last 24
 * hours: an application repeated, or a stranger's number typed in again and
 * again, never sends a run of texts. Nor once the site's texts reach the
 * ceiling for what strangers' forms cause (smsCeilings().newNumbers; checked
 * without a lock, so saves at that moment may pass it by a few). Returns
 * whether it was queued.
 */
export async function queueModelThankYou(
  tx: Tx,
  mobile: string,
  fields: { id: number; name: string },
  mailDomain: string,
): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`model-thank-you:${mobile}`}))`);
  const recent = await tx.execute<{ texts: number | string }>(sql`
    select count(*) as texts from outbox
    where template = 'model-thank-you' and recipient = ${mobile} and created_at > now() - interval '24 hours'`);
  if (Number(recent.rows[0]?.texts ?? 0) > 0) return false;
  const ceiling = smsCeilings().newNumbers;
  const today = await tx.execute<{ texts: number | string }>(sql`
    select count(*) as texts from (select from outbox where channel = 'sms' and created_at > now() - interval '24 hours'
      limit ${ceiling}) as counted`);
  if (Number(today.rows[0]?.texts ?? 0) >= ceiling) return false;
  await enqueue(tx, [{ channel: "sms", recipient: mobile, template: "model-thank-you", payload: fields }], mailDomain);
  return true;
}

/**
 * In the voice of the job applicants' thanks; what happens next, and the one
 * thing to know before a colour. In two segments: a name in a script the GSM
 * alphabet lacks shortens the wording rather than the greeting.
 */
function modelThankYouText(name: string): string {
  const hi = `Hi ${safeFirstName(name) ?? "there"}`;
  return fittingText([
    `${hi}, thanks for applying to be a hair model at The Ivy Academy! We'll be in touch when we have a training session that suits your hair. Every appointment is supervised by a senior educator, and colour needs a skin test 48 hours before. The Maison Ivy team`,
    `${hi}, thanks for applying to be a hair model at The Ivy Academy! We'll be in touch about a session. Colour needs a skin test 48h before.`,
    "Hi there, thanks for applying to be a hair model at The Ivy Academy! We'll be in touch when we have a training session that suits your hair. Every appointment is supervised by a senior educator, and colour needs a skin test 48 hours before. The Maison Ivy team",
  ]);
}

// ── rendering ────────────────────────────────────────────────────────────

const CANCELLATION_NOTE =
  "We ask for 48 hours' notice to cancel or move an appointment; otherwise a 50% charge applies.";
const ESTIMATE_NOTE = "This is an estimate: your stylist confirms the final price at your free consultation.";

/** What the quote messages say, worked out once so the e-mail's two parts and the text agree. */
function quoteFacts(p: QuoteMessagePayload, publicUrl: string) {
  const validUntil = formatLongDate(offerValidUntil(new Date(p.createdAt)));
  return {
    name: safeFirstName(p.name ?? p.firstName),
    url: new URL(quotePath(p.link), publicUrl).href,
    // Through the site, so the click is counted on the quote, then on to the salon's, stylist's or service's link.
    bookUrl: new URL(quoteBookPath(p.link), publicUrl).href,
    total: formatGBP(p.totalPence),
    validUntil,
    offer: p.regular
      ? null
      : {
          percent: FIRST_VISIT_OFFER.percent,
          code: FIRST_VISIT_OFFER.code,
          total: formatGBP(discountedPence(p.totalPence)),
        },
    withWhom: p.stylistName ?? `one of our ${p.levelName}s`,
    skin: skinTestFacts(p, publicUrl),
  };
}

/**
 * What the quote's messages say about the skin test: the answer, and for
 * "no" or "not sure" the booking link for the test (through the site, on to
 * the salon's skin-test link) with the 48 hours explained; null for a quote
 * without colour or queued before the question was asked (the general note).
 */
function skinTestFacts(p: QuoteMessagePayload, publicUrl: string) {
  // Queued before the question existed: no answer field at all.
  if (!p.hasColour || p.skinTest === undefined) return null;
  return {
    // Not answered (a JSON client that does not ask) is treated as "not sure": the link costs nothing.
    answer: p.skinTest ? SKIN_TEST_ANSWER_LABELS[p.skinTest] : "Not answered",
    bookUrl: p.skinTest === "yes" ? null : new URL(quoteSkinTestPath(p.link), publicUrl).href,
    consultation: p.consultation === true,
  };
}

function quoteEmail(p: QuoteMessagePayload, publicUrl: string): Omit<Email, "to" | "from" | "messageId"> {
  const f = quoteFacts(p, publicUrl);
  const hi = f.name ? `Hi ${f.name},` : "Hello,";
  const offerText = f.offer
    ? `First-visit offer: ${f.offer.percent}% off, so your total would be ${f.offer.total}. Quote code ${f.offer.code} when you book, before the offer ends on ${f.validUntil}.`
    : `Your quote is valid until ${f.validUntil}.`;
  const callText = p.salonPhone ? `Or call ${p.salonName} on ${p.salonPhone}.` : null;
  const text = [
    hi,
    "",
    `Here's your quote with ${f.withWhom} at ${p.salonName}.`,
    "",
    ...p.lines.map((l) => `${l.service} – ${formatGBP(l.pricePence)}`),
    `Estimated total – ${f.total}`,
    "",
    ESTIMATE_NOTE,
    "",
    offerText,
    "",
    `See your quote: ${f.url}`,
    `Book your free consultation: ${f.bookUrl}`,
    ...(callText ? [callText] : []),
    "",
    ...(f.skin
      ? [
          `Skin test with us in the last 6 months: ${f.skin.answer}`,
          ...(f.skin.bookUrl ? [SKIN_TEST_EXPLANATION, `Book your skin test: ${f.skin.bookUrl}`] : [SKIN_TEST_NOTE]),
          ...(f.skin.consultation ? [CONSULTATION_NOTE] : []),
          "",
        ]
      : p.hasColour
        ? [SKIN_TEST_NOTE, ""]
        : []),
    CANCELLATION_NOTE,
    "",
    "See you soon,",
    "The Maison Ivy team",
  ].join("\n");

  const cell = "padding:8px 0;border-bottom:1px solid #efe7dc;vertical-align:top";
  const rows = p.lines
    .map(
      (l) =>
        `<tr><td style="${cell};padding-right:12px">${escapeHtml(l.service)}</td><td align="right" style="${cell};white-space:nowrap">${formatGBP(l.pricePence)}</td></tr>`,
    )
    .join("");
  const muted = "font-size:14px;color:#5c5349";
  const html = layoutHtml(
    "Your Maison Ivy quote",
    `<p style="margin:0 0 12px">${escapeHtml(hi)}</p>
<p style="margin:0 0 12px">Here's your quote with ${escapeHtml(f.withWhom)} at ${escapeHtml(p.salonName)}.</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:16px 0 8px">${rows}
<tr><td style="padding:12px 12px 0 0;font-weight:bold">Estimated total</td><td align="right" style="padding:12px 0 0;font-weight:bold;font-size:20px;white-space:nowrap">${f.total}</td></tr></table>
<p style="margin:0 0 16px;${muted}">${ESTIMATE_NOTE}</p>
${
  f.offer
    ? mailCard(
        `<strong>First-visit offer: ${f.offer.percent}% off</strong><br>Your total would be <strong>${f.offer.total}</strong>. Quote code <strong>${f.offer.code}</strong> when you book, before the offer ends on ${escapeHtml(f.validUntil)}.`,
        "#f3e3dc",
      )
    : `<p style="margin:0 0 16px">Your quote is valid until ${escapeHtml(f.validUntil)}.</p>`
}
${mailButton(f.bookUrl, "Book your free consultation", "solid")}${mailButton(f.url, "View your quote", "outline")}
${callText && p.salonPhone ? `<p style="margin:0 0 16px">Or call ${escapeHtml(p.salonName)} on <a href="${escapeHtml(telHref(p.salonPhone))}" style="color:#1f1b16">${escapeHtml(p.salonPhone)}</a>.</p>` : ""}
${
  f.skin
    ? mailCard(
        `<strong>Skin test with us in the last 6 months: ${escapeHtml(f.skin.answer)}</strong><br>${
          f.skin.bookUrl ? SKIN_TEST_EXPLANATION : SKIN_TEST_NOTE
        }${f.skin.consultation ? `<br><br>${CONSULTATION_NOTE}` : ""}`,
        "#f4eee4",
      ) + (f.skin.bookUrl ? mailButton(f.skin.bookUrl, "Book your skin test", "solid") : "")
    : p.hasColour
      ? `<p style="margin:0 0 12px;${muted}">${SKIN_TEST_NOTE}</p>`
      : ""
}
<p style="margin:0 0 16px;${muted}">${CANCELLATION_NOTE}</p>
<p style="margin:0">See you soon,<br>The Maison Ivy team</p>`,
  );
  return { subject: `Your quote from Maison Ivy${p.stylistName ? ` with ${p.stylistName}` : ""}`, text, html };
}

/** A quote text never runs past two segments: it arrives as one message on every phone. */
export const QUOTE_TEXT_MAX_SEGMENTS = TEXT_MAX_SEGMENTS;

/**
 * The quote by text: a greeting, the salon, the total, the first-visit offer
 * for a new client, the Book link and the salon's phone, in GSM-7 wherever
 * the name and salon have a GSM-7 form. The fullest wording that fits in two
 * segments is sent: a long web address or a name in another script drops the
 * quote's own link, then shortens the words, then greets without the name;
 * never the greeting, the Book link or the numbers. A colour quote's
 * skin-test answer (and for "no" or "not sure" its link, the 48 hours said)
 * is in every wording; with two links at a long address the phone goes.
 */
function quoteText(p: QuoteMessagePayload, publicUrl: string): string {
  const f = quoteFacts(p, publicUrl);
  const call = p.salonPhone ? ` Or call ${p.salonPhone}.` : "";
  const tel = p.salonPhone ? ` Tel ${p.salonPhone}` : "";
  const compact = (hi: string, withTel = true) =>
    `${hi}${p.salonName} quote: ${f.total}. ${
      f.offer
        ? `New client ${f.offer.percent}% off: ${f.offer.total}, code ${f.offer.code}, to ${f.validUntil}.`
        : `Valid to ${f.validUntil}.`
    } Book: ${f.bookUrl}${withTel ? tel : ""}`;
  const hi = f.name ? `Hi ${f.name}, ` : "Hi, ";
  const offerWords = f.offer
    ? `As a new client you get ${f.offer.percent}% off your first visit: ${f.offer.total} with code ${f.offer.code}, until ${f.validUntil}.`
    : `It is valid until ${f.validUntil}.`;
  // The skin-test answer and, for "no" or "not sure", its booking link are never dropped: only their wording shortens.
  const skin = f.skin
    ? {
        full: ` Skin test in last 6 months: ${f.skin.answer}.${
          f.skin.bookUrl ? ` Colour needs a skin test at least 48 hours before. Book it: ${f.skin.bookUrl}` : ""
        }${f.skin.consultation ? " Consultation requested." : ""}`,
        short: ` Skin test: ${f.skin.answer}.${f.skin.bookUrl ? ` Needed 48h before colour: ${f.skin.bookUrl}` : ""}${
          f.skin.consultation ? " Consultation asked." : ""
        }`,
        // The link itself says the answer was not yes.
        least: f.skin.bookUrl ? ` Skin test 48h before colour: ${f.skin.bookUrl}` : ` Skin test: ${f.skin.answer}.`,
      }
    : { full: "", short: "", least: "" };
  return fittingText([
    `${hi}your quote at ${p.salonName} is ${f.total}. ${offerWords} See it: ${f.url} Book: ${f.bookUrl}${call}${skin.full}`,
    // The Book link counts the click on the quote and leads on to booking; the quote's own page is the optional part.
    `${hi}your quote at ${p.salonName} is ${f.total}. ${offerWords} Book: ${f.bookUrl}${call}${skin.full}`,
    `${compact(hi)}${skin.full}`,
    `${compact(hi)}${skin.short}`,
    // A name in a script the GSM alphabet lacks makes the whole text UCS-2, at less than half the room.
    `${compact("Hi, ")}${skin.short}`,
    // Two links at a long web address: the salon's phone goes before the skin-test link does.
    `${compact(hi, !f.skin)}${skin.least}`,
    `${compact("Hi, ", !f.skin)}${skin.least}`,
  ]);
}

/**
 * The invitation to review a visit: the same words to every client invited
 * (decision 112), naming the stylist, the service and the day, with the
 * one-time link.
 */
function reviewInvitationEmail(p: InvitationPayload, publicUrl: string): Omit<Email, "to" | "from" | "messageId"> {
  const url = new URL(p.link, publicUrl).href;
  const unsubscribeUrl = p.unsubscribe ? new URL(p.unsubscribe, publicUrl).href : undefined;
  const name = safeFirstName(p.firstName);
  const hi = name ? `Hi ${name},` : "Hello,";
  const visit = `your ${p.service} with ${p.stylistName} on ${visitDayText(p.visitedOn)}`;
  const why =
    "The link is yours alone and works once. You are receiving this because you agreed to hear from us by e-mail.";
  const text = [
    hi,
    "",
    `Thank you for visiting Maison Ivy. Would you tell other clients about ${visit}? Every review is published, whatever it says, marked as a verified visit.`,
    "",
    `Write your review: ${url}`,
    "",
    unsubscribeUrl ? `${why} To stop our e-mails: ${unsubscribeUrl}` : why,
    "",
    "The Maison Ivy team",
  ].join("\n");
  const stop = unsubscribeUrl ? ` <a href="${escapeHtml(unsubscribeUrl)}" style="color:#5c5349">Unsubscribe</a>` : "";
  const html = layoutHtml(
    "How was your visit?",
    `<p style="margin:0 0 12px">${escapeHtml(hi)}</p>
<p style="margin:0 0 16px">Thank you for visiting Maison Ivy. Would you tell other clients about ${escapeHtml(visit)}? Every review is published, whatever it says, marked as a verified visit.</p>
${mailButton(url, "Write your review", "solid")}
<p style="margin:16px 0;font-size:14px;color:#5c5349">${escapeHtml(why)}${stop}</p>
<p style="margin:0">The Maison Ivy team</p>`,
  );
  return { subject: `How was your visit with ${oneLine(p.stylistName)}?`, text, html, unsubscribeUrl };
}

/** The invitation by text, in two segments at most, the way out (STOP) always in it. */
function reviewInvitationText(p: InvitationPayload, publicUrl: string): string {
  const url = new URL(p.link, publicUrl).href;
  const hi = safeFirstName(p.firstName) ? `Hi ${safeFirstName(p.firstName)}, ` : "Hi, ";
  return fittingText([
    marketingText(
      `${hi}how was your ${p.service} with ${p.stylistName} at Maison Ivy? Tell other clients in a review: ${url}`,
    ),
    marketingText(`${hi}how was your visit with ${p.stylistName} at Maison Ivy? Review it: ${url}`),
    marketingText(`Hi, how was your Maison Ivy visit? Review it: ${url}`),
  ]);
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
  | { channel: "sms"; sms: Omit<TextMessage, "to" | "messageId"> };

export function renderMessage(row: Pick<OutboxRow, "template" | "payload">, publicUrl: string): Rendered {
  const p = row.payload;
  switch (row.template) {
    case "quote-email":
      return { channel: "email", email: quoteEmail(p as unknown as QuoteMessagePayload, publicUrl) };
    case "quote-sms": {
      const q = p as unknown as QuoteMessagePayload;
      return { channel: "sms", sms: { body: quoteText(q, publicUrl) } };
    }
    case "job-thank-you": {
      const name = safeFirstName(String(p.name ?? "")) ?? "there";
      const text = `Hi ${name},\n\nThanks for applying to Maison Ivy for the ${String(p.role ?? "")} role! We'll be in touch when a position becomes available. Your application covers both our salons and the academy.\n\nThe Maison Ivy team`;
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
    case "review-invitation-email":
      return { channel: "email", email: reviewInvitationEmail(p as unknown as InvitationPayload, publicUrl) };
    case "review-invitation-sms":
      return { channel: "sms", sms: { body: reviewInvitationText(p as unknown as InvitationPayload, publicUrl) } };
    case "quote-reply-sms":
      // Staff's own words, in GSM-7 where they have a GSM-7 form (a phone's ’ would otherwise halve the room).
      return { channel: "sms", sms: { body: gsm7Form(String(p.text)) } };
    case "lead-alert-sms":
      return { channel: "sms", sms: { body: leadAlertText(p, publicUrl) } };
    case "model-thank-you":
      return { channel: "sms", sms: { body: modelThankYouText(String(p.name ?? "")) } };
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
