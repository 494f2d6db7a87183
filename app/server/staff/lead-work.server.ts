/**
 * What the front desk works a lead from, beside its status and notes: the
 * client's choices about marketing on each channel, the first-visit offer
 * their quote promised, every message about the quote and how it went, and
 * the salon's own replies sent by e-mail or text through the outbox.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { discountedPence, FIRST_VISIT_OFFER, firstNameOf, offerValidUntil } from "~/domain/first-visit-offer";
import { formatGBP } from "~/domain/format";
import { lineLabel } from "~/domain/line-labels";
import { oneLine } from "~/domain/message-text";
import { quotePath } from "~/domain/paths";
import {
  fillTemplate,
  REPLY_BODY_MAX,
  REPLY_SUBJECT_MAX,
  REPLY_TEXT_MAX,
  type ReplyTemplateKey,
} from "~/domain/staff/records";
import { config } from "../config.server";
import type { Database } from "../db.server";
import { mailDomainOf } from "../delivery/delivery.server";
import { enqueue, type NewMessage, resendMessages, wakeOutbox } from "../outbox.server";
import { consentState } from "../privacy/consents.server";
import { idempotencyKeys, outbox, quotes, salons, services, staffNotes } from "../schema.server";
import { replyTemplatesOf } from "./applications.server";
import { audit } from "./audit.server";
import { noteStatusChange, type ScopedActor } from "./records.server";
import { inSalonScope } from "./scope.server";

/** The messages about a quote the client receives: the quote itself, and the salon's replies. */
const CLIENT_MESSAGE_TEMPLATES = ["quote-email", "quote-sms", "quote-reply-email", "quote-reply-sms"] as const;
type ClientTemplate = (typeof CLIENT_MESSAGE_TEMPLATES)[number];

const MESSAGE_NAMES: Readonly<Record<ClientTemplate, string>> = {
  "quote-email": "The quote, by e-mail",
  "quote-sms": "The quote, by text",
  "quote-reply-email": "A reply, by e-mail",
  "quote-reply-sms": "A reply, by text",
};

/** The reply templates a lead's page offers, by the channel they go on. */
const REPLY_BY_CHANNEL = { email: "quote-email", sms: "quote-text" } as const satisfies Record<
  "email" | "sms",
  ReplyTemplateKey
>;

type Quote = typeof quotes.$inferSelect;

/** A quote's own fields for its replies: the names in braces of TEMPLATE_FIELDS.quote. */
function replyValues(quote: Quote, salon: { shortName: string; telephone: string }) {
  return {
    firstName: firstNameOf(quote.name),
    salon: salon.shortName,
    total: formatGBP(quote.totalPence),
    phone: salon.telephone,
    quoteLink: new URL(quotePath(quote.link), config().PUBLIC_URL).href,
  };
}

/** Where the client's replies go from: the lead's salon (the stylist's, or the one chosen). */
async function replySalon(db: Database, quote: Quote) {
  const [salon] = await db
    .select({ shortName: salons.shortName, telephone: salons.telephone })
    .from(salons)
    .where(eq(salons.id, quote.salonId));
  return salon ?? { shortName: "", telephone: "" };
}

export async function leadWork(db: Database, quote: Quote) {
  const erased = quote.anonymisedAt !== null;
  const [emailConsent, smsConsent, messages, lineServices, templates, salon] = await Promise.all([
    erased ? null : consentState(db, quote.email, "email"),
    erased ? null : consentState(db, quote.mobile, "sms"),
    db
      .select({
        id: outbox.id,
        template: outbox.template,
        status: outbox.status,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
        failedAt: outbox.failedAt,
      })
      .from(outbox)
      // The expression and the templates of the partial index outbox_quote_link_idx.
      .where(
        and(sql`(${outbox.payload}->>'link') = ${quote.link}`, inArray(outbox.template, [...CLIENT_MESSAGE_TEMPLATES])),
      )
      .orderBy(asc(outbox.id)),
    db
      .select({ id: services.id, cat1: services.cat1, cat2: services.cat2 })
      .from(services)
      .where(
        inArray(
          services.id,
          quote.lines.map((l) => l.serviceId),
        ),
      ),
    replyTemplatesOf(db),
    replySalon(db, quote),
  ]);
  const values = replyValues(quote, salon);
  const validUntil = offerValidUntil(quote.createdAt);
  return {
    consent: emailConsent && smsConsent ? { email: emailConsent, sms: smsConsent } : null,
    offer: quote.regular
      ? null
      : {
          code: FIRST_VISIT_OFFER.code,
          percent: FIRST_VISIT_OFFER.percent,
          totalPence: discountedPence(quote.totalPence),
          validUntil,
          ended: validUntil.getTime() < Date.now(),
        },
    messages: messages.map((m) => ({
      ...m,
      what: MESSAGE_NAMES[m.template as ClientTemplate] ?? m.template,
    })),
    lines: quote.lines.map((line, index) => {
      const service = lineServices.find((s) => s.id === line.serviceId);
      return {
        key: `${index}-${line.serviceId}`,
        label: service
          ? lineLabel({ ...line, cat1: service.cat1, cat2: service.cat2 })
          : (line.clientName ?? line.service),
        till: line.service,
        pricePence: line.pricePence,
      };
    }),
    clientHref: quotePath(quote.link),
    // The salon's wording with this quote's details in, for staff to read and change before sending.
    replies: erased
      ? null
      : {
          email: draftOf(templates, REPLY_BY_CHANNEL.email, values),
          sms: draftOf(templates, REPLY_BY_CHANNEL.sms, values),
        },
  };
}

function draftOf(
  templates: Awaited<ReturnType<typeof replyTemplatesOf>>,
  key: ReplyTemplateKey,
  values: Record<string, string>,
) {
  const template = templates.find((t) => t.key === key);
  return { subject: fillTemplate(template?.subject ?? "", values), body: fillTemplate(template?.body ?? "", values) };
}

export type ReplyOutcome = { ok: true; done: string } | { ok: false; status: 400 | 404; error: string };

/**
 * Sends staff's reply about a quote through the outbox, records it in the
 * quote's history and the audit log, and marks a New lead Contacted: all in
 * one transaction, so a reply is sent once and recorded once. The form's
 * idempotency key makes a second press (or a retry after a lost answer) a
 * no-op that answers as the first did.
 */
export async function sendLeadReply(
  db: Database,
  actor: ScopedActor,
  quoteId: number,
  reply: { channel: "email" | "sms"; subject: string; body: string; key: string },
): Promise<ReplyOutcome> {
  // On one line, as it goes out (the template fills in the client's name as typed), so the record says what went.
  const subject = reply.channel === "email" ? oneLine(reply.subject).trim() : "";
  const body = reply.body.trim();
  if (reply.channel === "email" && (!subject || subject.length > REPLY_SUBJECT_MAX))
    return { ok: false, status: 400, error: `The e-mail needs a subject of up to ${REPLY_SUBJECT_MAX} characters.` };
  const max = reply.channel === "sms" ? REPLY_TEXT_MAX : REPLY_BODY_MAX;
  if (!body || body.length > max)
    return {
      ok: false,
      status: 400,
      error:
        reply.channel === "sms"
          ? `The text needs a message of up to ${REPLY_TEXT_MAX} characters (three text messages).`
          : `The e-mail needs a message of up to ${REPLY_BODY_MAX.toLocaleString("en-GB")} characters.`,
    };
  const channelName = reply.channel === "sms" ? "Text" : "E-mail";
  const done = `${channelName} queued to send.`;
  const outcome = await db.transaction(async (tx): Promise<ReplyOutcome | "again"> => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ key: `quote-reply:${reply.key}` })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) return "again";
    const [quote] = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.id, quoteId), inSalonScope(actor.scope, quotes.salonId)))
      .for("update");
    if (!quote) return { ok: false, status: 404, error: "There is no quote with that number." };
    if (quote.anonymisedAt)
      return { ok: false, status: 400, error: "The client's details were erased: there is no one to reply to." };
    const message: NewMessage =
      reply.channel === "sms"
        ? {
            channel: "sms",
            recipient: quote.mobile,
            template: "quote-reply-sms",
            payload: { text: body, link: quote.link },
          }
        : {
            channel: "email",
            recipient: quote.email,
            template: "quote-reply-email",
            payload: { subject, text: body, link: quote.link },
          };
    const [outboxId] = await enqueue(tx, [message], mailDomainOf(config().PUBLIC_URL));
    const to = reply.channel === "sms" ? quote.mobile : quote.email;
    await tx.insert(staffNotes).values({
      subjectType: "quote",
      subjectId: quoteId,
      staffId: actor.staffId,
      kind: "reply",
      body: `${channelName} to ${to}${subject ? `: "${subject}"` : ""}\n\n${body}`,
      outboxId: outboxId ?? null,
    });
    await audit(tx, actor, { action: "quote.reply", subject: { type: "quote", id: quoteId }, summary: channelName });
    // A reply is the contact "New" waits for: the lead leaves "Needs a reply" with it.
    if (quote.status === "new") {
      await tx.update(quotes).set({ status: "contacted" }).where(eq(quotes.id, quoteId));
      await noteStatusChange(tx, actor, "quote", quoteId, "contacted");
    }
    return { ok: true, done };
  });
  if (outcome === "again") return { ok: true, done };
  if (outcome.ok) wakeOutbox();
  return outcome;
}

/**
 * A failed message about this quote goes back in the queue (the same as the
 * Messages page's re-send), from the lead's page: only a message of this
 * quote's, so the lead's permission is the one that counts.
 */
export async function resendLeadMessage(
  db: Database,
  actor: ScopedActor,
  quoteId: number,
  messageId: number,
): Promise<ReplyOutcome> {
  const sent = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ template: outbox.template })
      .from(outbox)
      .innerJoin(quotes, sql`(${outbox.payload}->>'link') = ${quotes.link}`)
      .where(
        and(
          eq(outbox.id, messageId),
          eq(quotes.id, quoteId),
          inSalonScope(actor.scope, quotes.salonId),
          inArray(outbox.template, [...CLIENT_MESSAGE_TEMPLATES]),
        ),
      );
    if (!row) return null;
    if ((await resendMessages(tx, { ids: [messageId] })).length === 0) return false;
    await audit(tx, actor, {
      action: "message.resend",
      subject: { type: "message", id: messageId },
      summary: `${row.template} about quote ${quoteId}`,
    });
    return true;
  });
  if (sent === null) return { ok: false, status: 404, error: "That message is not one of this quote's." };
  if (!sent) return { ok: false, status: 400, error: "Only a message that failed can be sent again." };
  wakeOutbox();
  return { ok: true, done: "The message is queued to send again." };
}
