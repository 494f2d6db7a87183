/**
 * Saved quotes: saving a selection (priced by quote-pricing.server.ts, never
 * from prices a client sends) with a snapshot of its lines and the messages
 * about it, and reading a saved quote back for its public page.
 */

import { randomBytes } from "node:crypto";
import { isAfter } from "date-fns";
import { eq, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { z } from "zod";
import {
  CALCULATOR_TYPES,
  type CalculatorState,
  type Catalogue,
  SELECTOR_MODES,
  SERVICE_SLOTS,
  type ServiceSlot,
  SLOT_LABELS,
} from "~/domain/calculator-state";
import { Cat1, needsSkinTest } from "~/domain/catalogue";
import { discountedPence, FIRST_VISIT_OFFER, firstNameOf, offerValidUntil } from "~/domain/first-visit-offer";
import { quoteDetailsFields, withSkinTestAnswered } from "~/domain/forms";
import { cleanHost, cleanUtm } from "~/domain/funnel";
import { lineLabel } from "~/domain/line-labels";
import { recipientKey } from "~/domain/message-safety";
import { quotePath } from "~/domain/paths";
import { levelTakesNewClients, problemFieldErrors, type Resolution, resolveQuote } from "~/domain/quote-resolution";
import { DEFAULT_SALON_ID } from "~/domain/salon-info";
import { isSkinTestAnswer, offersConsultation, quoteNeedsSkinTest, type SkinTestAnswer } from "~/domain/skin-test";
import { config } from "../config.server";
import type { Database } from "../db.server";
import { mailDomainOf } from "../delivery/delivery.server";
import {
  QUOTE_MESSAGES_PER_DAY,
  type QuoteMessagePayload,
  SMS_CEILING_MARGIN,
  smsCeilings,
} from "../delivery/messages.server";
import { type GroupCommit, groupCommit } from "../group-commit.server";
import { answerKeys, KEY_REUSED_MESSAGE, previousAnswer } from "../idempotency.server";
import { alertRowsFrom, type LeadAlertDetails, leadAlertPayload } from "../lead-alerts.server";
import { log } from "../log.server";
import { newMessageId, wakeOutbox } from "../outbox.server";
import { behindPooler } from "../pg-pool.server";
import { marketingConsentRows } from "../privacy/consents.server";
import { hitRateLimit, type RateLimitRule } from "../rate-limit.server";
import { levels, type QuoteLine, quotes, salons } from "../schema.server";
import { check, type SubmissionOutcome, type SubmissionScope } from "../submissions.server";
import { getSalon, listServices } from "./catalogue.server";
import { loadQuoteCatalogue, type QuoteCatalogue } from "./quote-pricing.server";

// ---------------------------------------------------------------------------
// Constants

/** 12 random bytes = 96 bits, written as 16 URL-safe characters: unguessable and short enough for a text message. */
const LINK_BYTES = 12;
export const QUOTE_LINK_PATTERN = /^[A-Za-z0-9_-]{16}$/;

export function newQuoteLink(): string {
  return randomBytes(LINK_BYTES).toString("base64url");
}

/** Saving stores a row and sends an e-mail and a text: generous for people, useless for a flood. */
export const SAVE_QUOTE_RATE_LIMIT: RateLimitRule = { name: "save-quote", limit: 20, windowSeconds: 3600 };

/**
 * Quotes saved from the site for one mobile number, and for one e-mail
 * address (one mailbox however spelt, recipientKey), in a day, from every
 * client together: more than anyone comparing options saves, and so many
 * addresses cannot pile leads (and their alerts) onto one person's details.
 */
export const QUOTES_PER_CONTACT_LIMIT: RateLimitRule = { name: "save-quote-contact", limit: 10, windowSeconds: 86_400 };

export const QUOTES_PER_CONTACT_MESSAGE =
  "We've saved several quotes for this mobile number or e-mail address today. Please try again tomorrow, or call the salon.";

const RATE_LIMITED_MESSAGE =
  "You've saved a lot of quotes in a short time. Please wait a little and try again, or give us a call.";

// ---------------------------------------------------------------------------
// Saving

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** JSON null and a blank form field both mean "not sent". */
const absentIfBlank = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** A whole id: an integer from JSON, or its canonical digits from a form. */
function idField(what: string) {
  const message = `${what} must be a whole number id`;
  return z.preprocess(
    absentIfBlank,
    z
      .union(
        [
          z.number().int().min(1).max(999_999_999),
          z
            .string()
            .regex(/^[1-9]\d{0,8}$/)
            .transform(Number),
        ],
        {
          error: message,
        },
      )
      .optional(),
  );
}

/** The calculator part of a save request; field names equal the calculator's URL parameters. */
const quoteSelectionSchema = z.object({
  type: z.preprocess(
    absentIfBlank,
    z.enum(CALCULATOR_TYPES, { error: "Choose a calculator type: colour, cutting or mens" }),
  ),
  mode: z.preprocess(
    absentIfBlank,
    z.enum(SELECTOR_MODES, { error: 'Selector mode must be "level" or "stylist"' }).optional(),
  ),
  level: idField("Level"),
  stylist: z.preprocess(
    absentIfBlank,
    z
      .string({ error: "Stylist must be a stylist's slug" })
      .max(100)
      .regex(SLUG, "Stylist must be a stylist's slug")
      .optional(),
  ),
  via: z.preprocess(absentIfBlank, z.literal("level", { error: 'Via must be "level" or left out' }).optional()),
  salon: idField("Salon").transform((id) => id ?? DEFAULT_SALON_ID),
  cc: z.preprocess(
    absentIfBlank,
    z
      .union(
        [
          z.number().int().min(0).max(6),
          z
            .string()
            .regex(/^[0-6]$/)
            .transform(Number),
        ],
        {
          error: "Colour category must be a number from 0 to 6",
        },
      )
      .optional(),
  ),
  ...(Object.fromEntries(SERVICE_SLOTS.map((slot) => [slot, idField(SLOT_LABELS[slot])])) as Record<
    ServiceSlot,
    ReturnType<typeof idField>
  >),
  regular: z.preprocess(
    absentIfBlank,
    z.union([z.boolean(), z.enum(["yes", "no"]).transform((answer) => answer === "yes")], {
      error: "Tell us whether you have been to the salon before (within the last 18 months)",
    }),
  ),
});

/**
 * The selector the visitor used: "Level" for a quote made by level, even when
 * they then picked one of that level's stylists; "Stylist" when they named the
 * stylist first.
 */
function selectorOf(quote: { mode: "level" | "stylist"; state: { via?: "level" | undefined } }) {
  return quote.mode === "stylist" && quote.state.via !== "level" ? "Stylist" : "Level";
}

/** A colour request may leave out the category: it is the colour service's own. */
function withColourCategory(state: CalculatorState, catalogue: Catalogue): CalculatorState {
  if (state.type !== "colour" || state.cc !== undefined || state.colour === undefined) return state;
  const colour = catalogue.services.find((service) => service.id === state.colour && service.cat1 === Cat1.Colour);
  return colour ? { ...state, cc: colour.cat2 } : state;
}

/** A line as stored: the schema's snapshot plus what the quote page needs without the live price list. */
interface SavedQuoteLine extends QuoteLine {
  group: string;
  cat1: number;
  cat2: number;
}

interface SavedQuote {
  link: string;
  totalPence: number;
  lines: SavedQuoteLine[];
}

/** messagesSent is false when the address already had its quota of quote messages today. */
export type SaveQuoteResult = SubmissionOutcome<{
  link: string;
  url: string;
  quote: SavedQuote;
  messagesSent: boolean;
}>;

/** Saved quotes share the other forms' steps, with their own key scope and a limit of their own. */
const QUOTE_SCOPE: SubmissionScope = {
  name: "quote",
  rateLimit: SAVE_QUOTE_RATE_LIMIT,
  rateLimitedMessage: RATE_LIMITED_MESSAGE,
};

/** A save request: the visitor's details and the calculator's choices, in one flat object as the form posts them. */
export const saveQuoteSchema = withSkinTestAnswered(
  quoteDetailsFields.extend(quoteSelectionSchema.shape).extend(attributionSchema().shape),
);

/**
 * Where the visitor came from, carried by the form from the page they landed
 * on (decision 076). Cleaned rather than checked: a campaign tag too long or
 * garbled is cut or dropped, never a reason to refuse someone's quote.
 */
function attributionSchema() {
  const utm = z
    .string()
    .optional()
    .transform((value) => cleanUtm(value) || null);
  return z.object({
    utm_source: utm,
    utm_medium: utm,
    utm_campaign: utm,
    utm_content: utm,
    utm_term: utm,
    ref: z
      .string()
      .optional()
      .transform((value) => cleanHost(value) || null),
  });
}

export interface SaveQuoteOptions {
  /** The client (clientKey) as the site saw it: when given, the save is rate-limited per client and per contact. */
  clientIp?: string;
  /** The Idempotency-Key header an API client sent, if any. */
  idempotencyHeader?: string;
  /** Tests only: a link generator, to provoke a collision. */
  newLink?: () => string;
  /** The site's daily ceiling on texts; SMS_DAILY_LIMIT unless given. */
  smsDailyLimit?: number;
  /** Tests only: the moment the salon's alert is written at (quiet hours); the database's clock unless given. */
  now?: Date;
}

/** What is kept under a save's idempotency key, to answer a retry exactly as the first time. */
interface SavedAnswer {
  link: string;
  totalPence: number;
  lines: SavedQuoteLine[];
  messagesSent: boolean;
}

/** A refusal of the choices, as the form shows it: 422 with the fields at fault. */
const refusedChoices = (fieldErrors: Record<string, string[]>) =>
  ({
    ok: false,
    status: 422,
    error: "This quote can't be saved as it stands: please check your choices.",
    fieldErrors,
  }) as const;

type CheckedValue = z.infer<typeof saveQuoteSchema>;

/** The quote as priced on the server, with the lines it stores and whether it holds a colour service. */
interface PricedQuote {
  quote: Extract<
    Resolution<QuoteCatalogue["stylists"][number], QuoteCatalogue["salons"][number]>,
    { ok: true }
  >["quote"];
  lines: SavedQuoteLine[];
  colour: boolean;
}

/**
 * Prices the visitor's choices against the catalogue (never the browser's
 * figures) and checks what the calculator itself would not offer: a level
 * taking no new clients. A refusal is a 422 naming the field.
 */
async function priceChoices(
  db: Database,
  value: CheckedValue,
): Promise<
  { ok: true; priced: PricedQuote } | { ok: false; status: 422; error: string; fieldErrors: Record<string, string[]> }
> {
  const {
    name,
    mobile,
    email,
    referral,
    marketing_email,
    marketing_sms,
    skin_test,
    skin_test_asked,
    consultation,
    regular,
    utm_source,
    utm_medium,
    utm_campaign,
    utm_content,
    utm_term,
    ref,
    ...chosen
  } = value;
  const catalogue = await loadQuoteCatalogue(db);
  const resolution = resolveQuote(withColourCategory(chosen, catalogue), catalogue);
  if (!resolution.ok) return refusedChoices(problemFieldErrors(resolution.problem));
  const quote = resolution.quote;
  if (quote.mode === "level" && !levelTakesNewClients(catalogue.stylists, quote.level.id))
    // The calculator never offers such a level; a quote for it would promise a stylist the salon cannot give.
    return refusedChoices({
      level: [`Nobody at ${quote.level.name} level is taking new clients at the moment: please choose another level`],
    });
  const colour = quoteNeedsSkinTest(quote.lines.map((line) => line.service));
  const lines: SavedQuoteLine[] = quote.lines.map((line) => ({
    serviceId: line.serviceId,
    service: line.service.service,
    clientName: line.service.clientName,
    pricePence: line.pricePence,
    group: line.service.groupName,
    cat1: line.service.cat1,
    cat2: line.service.cat2,
  }));
  return { ok: true, priced: { quote, lines, colour } };
}

/**
 * The quote's row, less its link. One salon per lead (decision 109): the
 * named stylist's, else the one chosen; its messages name it, and every
 * console surface (lists, the lead, the dashboard, exports, the funnel)
 * reads it from quotes.salon_id.
 */
function quoteRow(value: CheckedValue, { quote, lines, colour }: PricedQuote) {
  return {
    name: value.name,
    mobile: value.mobile,
    email: value.email,
    referral: value.referral,
    regular: value.regular,
    selector: selectorOf(quote),
    calculator: quote.state.type,
    salonId: bookingSalonOf(quote).id,
    levelId: quote.level.id,
    stylistId: quote.stylist?.id ?? null,
    stylistName: quote.stylist ? `${quote.stylist.firstName} ${quote.stylist.lastName}` : null,
    stylistImage: quote.stylist?.image ?? null,
    stylistSalonId: quote.stylist?.salonId ?? null,
    lines,
    totalPence: quote.totalPence,
    utmSource: value.utm_source,
    utmMedium: value.utm_medium,
    utmCampaign: value.utm_campaign,
    utmContent: value.utm_content,
    utmTerm: value.utm_term,
    referrerHost: value.ref,
    skinTest: colour ? (value.skin_test ?? null) : null,
    consultationRequested: colour && value.consultation && offersConsultation(quote.lines.map((l) => l.service)),
  };
}

const bookingSalonOf = (quote: PricedQuote["quote"]) => quote.stylistSalon ?? quote.salon;

/** What the client's e-mail and text about the quote at `link` are written from. */
function quoteMessagePayload(value: CheckedValue, priced: PricedQuote, row: ReturnType<typeof quoteRow>, link: string) {
  const { quote, lines, colour } = priced;
  const salon = bookingSalonOf(quote);
  return {
    name: value.name,
    firstName: firstNameOf(value.name),
    stylistName: quote.stylist ? quote.stylist.firstName : null,
    levelName: quote.level.name,
    salonName: salon.name,
    salonPhone: salon.telephone,
    lines: lines.map((line) => ({ service: lineLabel(line), pricePence: line.pricePence })),
    totalPence: quote.totalPence,
    regular: value.regular,
    createdAt: new Date().toISOString(),
    link,
    hasColour: colour,
    skinTest: row.skinTest,
    consultation: row.consultationRequested,
    // Where she books the test, for an answer of no or not sure: the salon's own skin-test link, else its default.
    skinTestUrl: salon.skinTestUrl ?? salon.bookingUrl,
  };
}

/**
 * The one way a quote is saved, for the JSON API and the finish page alike:
 * validate the visitor's details and the selection, price every line on the
 * server, and store the quote with a snapshot of its lines, answering only once
 * the row is committed.
 *
 * The quote and the messages about it are stored by one statement
 * (storeQuote), so they are committed together or not at all.
 */
export async function saveQuote(
  db: Database,
  input: unknown,
  options: SaveQuoteOptions = {},
): Promise<SaveQuoteResult> {
  // A retry of a save whose answer was lost gets that answer again, before the rate limit counts it.
  const checked = await check<typeof saveQuoteSchema, SavedAnswer>(db, QUOTE_SCOPE, saveQuoteSchema, input, options);
  if (!checked.ok) return checked;
  if ("replayed" in checked) return answerOf(checked.replayed);
  const value = checked.value;
  const pricing = await priceChoices(db, value);
  if (!pricing.ok) return pricing;
  // Counted only for a quote that would be stored: a selection refused above spends nothing of the person's.
  if (options.clientIp !== undefined) {
    const byMobile = await hitRateLimit(db, QUOTES_PER_CONTACT_LIMIT, recipientKey("sms", value.mobile), options.now);
    const byEmail = await hitRateLimit(db, QUOTES_PER_CONTACT_LIMIT, recipientKey("email", value.email), options.now);
    const refused = [byMobile, byEmail].find((limit) => !limit.allowed);
    if (refused) return { ok: false, status: 429, error: QUOTES_PER_CONTACT_MESSAGE, retryAfter: refused.retryAfter };
  }
  return storeWithNewLink(db, value, pricing.priced, { key: checked.key, fingerprint: checked.fingerprint }, options);
}

/** The answer to a save, first time or replayed under its idempotency key. */
const answerOf = (answer: SavedAnswer): SaveQuoteResult => ({
  ok: true,
  link: answer.link,
  url: quotePath(answer.link),
  quote: { link: answer.link, totalPence: answer.totalPence, lines: answer.lines },
  messagesSent: answer.messagesSent,
});

/**
 * Stores the priced quote under a new random link, with its messages, the
 * visitor's consents, the salon's alert and the answer kept under the
 * idempotency key; tries again with another link after a collision, and
 * answers a save that lost the race for its key with the winner's answer.
 */
async function storeWithNewLink(
  db: Database,
  value: CheckedValue,
  priced: PricedQuote,
  { key, fingerprint }: { key: string | undefined; fingerprint: string },
  options: SaveQuoteOptions,
): Promise<SaveQuoteResult> {
  const { quote, lines } = priced;
  const row = quoteRow(value, priced);
  const makeLink = options.newLink ?? newQuoteLink;
  for (let attempt = 1; ; attempt++) {
    const link = makeLink();
    try {
      const stored = await storeQuote(db, {
        quote: { ...row, link },
        to: { email: value.email, mobile: value.mobile },
        payload: quoteMessagePayload(value, priced, row, link),
        consents: marketingConsentRows({
          email: { address: value.email, granted: value.marketing_email },
          sms: { mobile: value.mobile, granted: value.marketing_sms },
        }),
        answer: key
          ? {
              ...answerKeys(QUOTE_SCOPE.name, key, fingerprint),
              fingerprint,
              link,
              totalPence: quote.totalPence,
              lines,
            }
          : null,
        smsDailyLimit: options.smsDailyLimit ?? config().SMS_DAILY_LIMIT,
        alert: {
          // The lead is for the salon the client would book at: the named stylist's, or the one chosen.
          salonId: row.salonId,
          details: {
            kind: "quote",
            firstName: firstNameOf(value.name),
            totalPence: quote.totalPence,
            who: quote.stylist ? quote.stylist.firstName : quote.level.name,
            link,
          },
          now: options.now,
        },
      });
      if (stored.messagesSent || stored.alerted > 0) wakeOutbox();
      return answerOf({ link, totalPence: quote.totalPence, lines, messagesSent: stored.messagesSent });
    } catch (error) {
      const violated = uniqueViolationOn(error);
      // Another save under the same key got there first: its answer is this one's.
      if (key && violated === "idempotency_keys_pkey") {
        const earlier = await previousAnswer<SavedAnswer>(db, QUOTE_SCOPE.name, key, fingerprint);
        if (earlier.kind === "answer") return answerOf(earlier.answer);
        if (earlier.kind === "reused") return { ok: false, status: 409, error: KEY_REUSED_MESSAGE };
      }
      // A link collision (96 random bits: astronomically unlikely) or a concurrent save for the same
      // address (each takes its next message number): counted and stored again, nothing was kept.
      if (attempt < SAVE_ATTEMPTS && (violated === "quotes_link_idx" || violated === "outbox_quota_seq_idx")) continue;
      throw error;
    }
  }
}

/**
 * The database answered the statement with an error: it was rolled back
 * whole. (A lost connection is not this: the statement may have committed.)
 */
function refusedByDatabase(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause)
    if (current instanceof pg.DatabaseError) return true;
  return false;
}

/** Tries per save: enough for a handful of saves for one address racing each other. */
const SAVE_ATTEMPTS = 5;

/** The unique index a failed statement ran into, if that is why it failed. */
function uniqueViolationOn(error: unknown): string | undefined {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
  }
  return undefined;
}

interface QuoteToStore {
  quote: typeof quotes.$inferInsert & { link: string; lines: SavedQuoteLine[] };
  to: { email: string; mobile: string };
  payload: QuoteMessagePayload;
  consents: ReturnType<typeof marketingConsentRows>;
  /** The answer kept under the form's idempotency key and under the save's content, when it carried a key. */
  answer: {
    formKey: string;
    contentKey: string;
    fingerprint: string;
    link: string;
    totalPence: number;
    lines: SavedQuoteLine[];
  } | null;
  smsDailyLimit: number;
  /** The salon's instant alert (lead-alerts.server.ts): queued with the quote, whatever the client's quota. */
  alert: { salonId: number; details: LeadAlertDetails; now: Date | undefined };
}

/**
 * Stores a quote, its consents, the e-mail and text about it, the salon's
 * alert of it and the answer under its key in one statement, so all are
 * committed together or none is, without a transaction's extra round trips.
 * Saves that come in while another's statement is in flight are stored
 * together by the next one (group commit, decision 093): under load the
 * database commits many saves at once instead of one each.
 *
 * The messages are queued unless either address already had
 * QUOTE_MESSAGES_PER_DAY quote messages in 24 hours. Two saves for one
 * address could both count what was there before either: each message takes
 * its recipient's next number, and the unique index on those numbers fails
 * the second save (or the batch holding both, whose saves are then stored
 * one by one), which the caller runs again and which then counts the first
 * one's message.
 *
 * Past the site's daily ceiling on texts the e-mail still goes and the text
 * does not. The ceiling is lower for a mobile that is not yet an existing
 * lead (smsCeilings: strangers cannot spend the share kept for the salon's
 * leads). Well below it the statement runs on its own; from SMS_CEILING_MARGIN
 * below it, it stores nothing and is run again under a lock that makes such
 * saves take turns, so that together they cannot pass the ceiling. A batch
 * holds at most half the margin, and one batch is in flight at a time, so the
 * texts not yet counted by any save stay within it.
 */
async function storeQuote(db: Database, toStore: QuoteToStore): Promise<{ messagesSent: boolean; alerted: number }> {
  const row =
    (await quoteWriter(db)(toStore)) ??
    (await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sms-daily-ceiling'))`);
      return (await tx.execute<StoredRow>(storeQuotesStatement([toStore], true))).rows[0];
    }));
  if (!row) throw new Error("The quote was not stored");
  const queued = Number(row.queued);
  if (queued === 1)
    log.warn(
      { limit: toStore.smsDailyLimit },
      "sms: the daily ceiling on texts for this number is reached; quote sent by e-mail only",
    );
  return { messagesSent: queued > 0, alerted: Number(row.alerted) };
}

/** Saves in one statement at most: half the ceiling's margin (see storeQuote). */
const MAX_SAVES_PER_STATEMENT = Math.floor(SMS_CEILING_MARGIN / 2);

/** Each database's writer of quotes; a save that gets no row back is within the ceiling's margin. */
const quoteWriters = new WeakMap<Database, GroupCommit<QuoteToStore, StoredRow | undefined>>();

function quoteWriter(db: Database): GroupCommit<QuoteToStore, StoredRow | undefined> {
  let writer = quoteWriters.get(db);
  if (!writer) {
    writer = groupCommit({
      maxBatch: MAX_SAVES_PER_STATEMENT,
      refused: refusedByDatabase,
      async write(batch: QuoteToStore[]) {
        const { rows } = await executeNamed<StoredRow>(db, "store-quotes", storeQuotesStatement(batch, false));
        const byLink = new Map(rows.map((row) => [row.link, row]));
        return batch.map((toStore) => byLink.get(toStore.quote.link));
      },
    });
    quoteWriters.set(db, writer);
  }
  return writer;
}

const dialect = new PgDialect();

/**
 * Runs a statement whose text is the same every time as a named prepared
 * statement on a PostgreSQL connection: the server parses and plans it once
 * per connection instead of on every save (the quote's statement took longer
 * to plan than to run). Inside a transaction, or through a pooler (decision
 * 117), it runs as any other.
 */
async function executeNamed<Row extends Record<string, unknown>>(
  db: Database,
  name: string,
  statement: SQL,
): Promise<{ rows: Row[] }> {
  // drizzle keeps the client it was made with as $client: the pool, or a transaction's own connection.
  const client = (db as Database & { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool) || behindPooler()) return (await db.execute<Row>(statement)) as { rows: Row[] };
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return client.query<Row>({ name, text, values: params });
}

interface StoredRow extends Record<string, unknown> {
  id: number;
  link: string;
  queued: number | string;
  alerted: number | string;
}

/**
 * One save as the statement reads it: a row of the JSON array it is given.
 * Every message id is made here, so each save's messages keep their own.
 */
function inputRow(
  { quote: q, to, payload, consents, answer, alert, smsDailyLimit }: QuoteToStore,
  takingTurns: boolean,
) {
  const mailDomain = mailDomainOf(config().PUBLIC_URL);
  const email = to.email.toLowerCase();
  const ceilings = smsCeilings(smsDailyLimit);
  return {
    link: q.link,
    name: q.name,
    mobile: q.mobile,
    email: q.email,
    referral: q.referral,
    regular: q.regular,
    selector: q.selector,
    calculator: q.calculator,
    salon_id: q.salonId,
    level_id: q.levelId,
    stylist_id: q.stylistId ?? null,
    stylist_name: q.stylistName ?? null,
    stylist_image: q.stylistImage ?? null,
    stylist_salon_id: q.stylistSalonId ?? null,
    lines: q.lines,
    total_pence: q.totalPence,
    utm_source: q.utmSource ?? null,
    utm_medium: q.utmMedium ?? null,
    utm_campaign: q.utmCampaign ?? null,
    utm_content: q.utmContent ?? null,
    utm_term: q.utmTerm ?? null,
    referrer_host: q.referrerHost ?? null,
    skin_test: q.skinTest ?? null,
    consultation_requested: q.consultationRequested ?? false,
    to_email: email,
    to_mobile: to.mobile,
    email_key: recipientKey("email", email),
    mobile_key: recipientKey("sms", to.mobile),
    // The ceiling for an existing lead's number, and for any other (see storeQuote).
    texts_below: takingTurns ? ceilings.all : Math.max(0, ceilings.all - SMS_CEILING_MARGIN),
    new_texts_below: takingTurns ? ceilings.newNumbers : Math.max(0, ceilings.newNumbers - SMS_CEILING_MARGIN),
    body: payload,
    email_id: newMessageId(mailDomain),
    sms_id: newMessageId(mailDomain),
    consents,
    answer_key: answer?.formKey ?? null,
    content_key: answer?.contentKey ?? null,
    answer_fingerprint: answer?.fingerprint ?? null,
    answer: answer ? { link: answer.link, totalPence: answer.totalPence, lines: answer.lines } : null,
    alert_salon_id: alert.salonId,
    alert_payload: JSON.parse(leadAlertPayload(alert.details)),
    alert_email_id: newMessageId(mailDomain),
    alert_sms_id: newMessageId(mailDomain),
    alert_now: alert.now?.toISOString() ?? null,
  };
}

/**
 * The statement behind storeQuote, for one save or a batch of them, each
 * counted and decided on its own. `takingTurns`: run under the ceiling's
 * lock, so the count of today's texts is exact and the ceiling itself is the
 * limit; otherwise a save that would queue a text within the margin stores
 * nothing and returns no row. Its text is the same however many saves it
 * carries (they come as one JSON array): it is prepared once per connection.
 */
function storeQuotesStatement(batch: QuoteToStore[], takingTurns: boolean) {
  const rows = JSON.stringify(batch.map((toStore) => inputRow(toStore, takingTurns)));
  return sql`
    with input as (
      select * from jsonb_to_recordset(${rows}::jsonb) as i(link text, name text, mobile text, email text,
        referral text, regular boolean, selector text, calculator text, salon_id int, level_id int, stylist_id int,
        stylist_name text, stylist_image text, stylist_salon_id int, lines jsonb, total_pence int,
        utm_source text, utm_medium text, utm_campaign text, utm_content text, utm_term text, referrer_host text,
        skin_test text, consultation_requested boolean,
        to_email text, to_mobile text, email_key text, mobile_key text, texts_below int, new_texts_below int,
        body jsonb,
        email_id text, sms_id text, consents jsonb, answer_key text, content_key text, answer_fingerprint text,
        answer jsonb,
        alert_salon_id int, alert_payload jsonb, alert_email_id text, alert_sms_id text, alert_now timestamptz)
    ), texts_today as (
      select count(*) as n from (select from outbox where channel = 'sms' and created_at > now() - interval '24 hours'
        limit (select max(texts_below) from input)) as counted
    ), decided as (
      select i.link,
        greatest(
          (select count(*) from outbox where recipient_key = i.email_key and template = 'quote-email'
             and created_at > now() - interval '24 hours'),
          (select count(*) from outbox where recipient_key = i.mobile_key and template = 'quote-sms'
             and created_at > now() - interval '24 hours')
        ) < ${QUOTE_MESSAGES_PER_DAY}::int as send,
        -- An existing lead: their number is on a quote staff have moved on from New.
        texts_today.n < case when exists (select from quotes k where k.mobile = i.mobile and k.status <> 'new')
          then i.texts_below else i.new_texts_below end as text,
        (select coalesce(max(quota_seq), 0) from outbox
           where recipient_key = i.email_key and template = 'quote-email') as email_seq,
        (select coalesce(max(quota_seq), 0) from outbox
           where recipient_key = i.mobile_key and template = 'quote-sms') as text_seq
      from input i, texts_today
    ), saved as (
      insert into quotes (link, name, mobile, email, referral, regular, selector, calculator, salon_id, level_id,
        stylist_id, stylist_name, stylist_image, stylist_salon_id, lines, total_pence,
        utm_source, utm_medium, utm_campaign, utm_content, utm_term, referrer_host, skin_test, consultation_requested)
      select i.link, i.name, i.mobile, i.email, i.referral, i.regular, i.selector, i.calculator, i.salon_id,
        i.level_id, i.stylist_id, i.stylist_name, i.stylist_image, i.stylist_salon_id, i.lines, i.total_pence,
        i.utm_source, i.utm_medium, i.utm_campaign, i.utm_content, i.utm_term, i.referrer_host,
        i.skin_test, i.consultation_requested
      from input i join decided d on d.link = i.link
      where ${takingTurns}::boolean or not d.send or d.text
      returning id, link
    ), queued as (
      insert into outbox (channel, recipient, recipient_key, template, payload, message_id, quota_seq)
      select 'email', i.to_email, i.email_key, 'quote-email', i.body, i.email_id, d.email_seq + 1
      from saved join input i on i.link = saved.link join decided d on d.link = saved.link where d.send
      union all
      select 'sms', i.to_mobile, i.mobile_key, 'quote-sms', i.body, i.sms_id, d.text_seq + 1
      from saved join input i on i.link = saved.link join decided d on d.link = saved.link where d.send and d.text
      returning payload->>'link' as link
    ), alerted as (
      insert into outbox (channel, recipient, template, payload, message_id, next_attempt_at)
      ${alertRowsFrom(sql`saved as lead join input i on i.link = lead.link`, {
        salon: sql`i.alert_salon_id`,
        payload: sql`i.alert_payload`,
        emailMessageId: sql`i.alert_email_id`,
        smsMessageId: sql`i.alert_sms_id`,
        now: sql`i.alert_now`,
      })}
      returning payload->>'link' as link
    ), consented as (
      insert into consents (subject, channel, granted, wording, source, source_ref)
      select c.subject, c.channel, true, c.wording, 'quote-form', 'quotes/' || saved.id
      from saved join input i on i.link = saved.link,
        jsonb_to_recordset(i.consents) as c(subject text, channel text, wording text)
    ), answers as (
      select i.answer_key, i.content_key, jsonb_build_object('fingerprint', i.answer_fingerprint,
        'answer', i.answer || jsonb_build_object('messagesSent', exists (select from queued where queued.link = i.link)))
        as answer
      from saved join input i on i.link = saved.link
      where i.answer_key is not null
    ), answered as (
      -- A taken form key fails the statement (the caller answers with the earlier save's answer).
      insert into idempotency_keys (key, answer) select answer_key, answer from answers
    ), remembered as (
      -- The same answers sent again within the window get this save's answer (idempotency.server.ts).
      insert into idempotency_keys (key, answer) select content_key, answer from answers
      on conflict (key) do update set answer = excluded.answer, created_at = excluded.created_at
    )
    select saved.id, saved.link,
      (select count(*) from queued where queued.link = saved.link) as queued,
      (select count(*) from alerted where alerted.link = saved.link) as alerted
    from saved`;
}

// ---------------------------------------------------------------------------
// Reading a saved quote (never the client's mobile or e-mail)

export interface PublicQuote {
  link: string;
  /** Empty once the client's details were erased. */
  firstName: string;
  /** The client asked for their details to be erased: the page says the quote was removed instead of showing it. */
  erasedOnRequest: boolean;
  createdAt: Date;
  calculator: string;
  selector: string;
  regular: boolean;
  lines: SavedQuoteLine[];
  totalPence: number;
  level: { id: number; name: string };
  stylist: { id: number | null; name: string; image: string; salonId: number | null } | null;
  salon: { id: number; name: string; shortName: string; bookingUrl: string };
  /** Where to book: the stylist's own salon, or the chosen salon for a level quote. */
  bookingSalon: { id: number; name: string; bookingUrl: string };
  /** A colour service is in the quote: a skin test is needed 48 hours before. */
  needsSkinTest: boolean;
  /** The client's answer to "skin test with us in the last 6 months", on a colour quote whose form asked it. */
  skinTest: SkinTestAnswer | null;
  /** She asked for a consultation before her colour. */
  consultationRequested: boolean;
  /** Four weeks after the quote was made. */
  validUntil: Date;
  expired: boolean;
  /** The first-visit offer, for clients who have not been in the last 18 months. */
  offer: { code: string; percent: number; totalPence: number } | null;
}

/**
 * The saved quote's row with its salon and level, as a query built once per
 * database: the page clients open from their text is never cached, so
 * building the query anew for each view was work repeated on every one.
 * Through a pooler it goes unnamed (the empty name: pg's unnamed statement),
 * since a named one lives on one server connection (decision 117).
 */
const publicQuoteQueries = new WeakMap<Database, ReturnType<typeof preparePublicQuoteQuery>>();

function preparePublicQuoteQuery(db: Database) {
  return db
    .select({
      link: quotes.link,
      name: quotes.name,
      erasedOnRequest: quotes.erasedOnRequest,
      createdAt: quotes.createdAt,
      calculator: quotes.calculator,
      selector: quotes.selector,
      regular: quotes.regular,
      lines: quotes.lines,
      totalPence: quotes.totalPence,
      skinTest: quotes.skinTest,
      consultationRequested: quotes.consultationRequested,
      levelId: quotes.levelId,
      levelName: levels.name,
      stylistName: quotes.stylistName,
      stylistImage: quotes.stylistImage,
      stylistId: quotes.stylistId,
      stylistSalonId: quotes.stylistSalonId,
      salonId: salons.id,
      salonName: salons.name,
      salonShortName: salons.shortName,
      bookingUrl: salons.bookingUrl,
    })
    .from(quotes)
    .innerJoin(salons, eq(salons.id, quotes.salonId))
    .innerJoin(levels, eq(levels.id, quotes.levelId))
    .where(eq(quotes.link, sql.placeholder("link")))
    .prepare(behindPooler() ? "" : "public_quote");
}

export async function getPublicQuote(db: Database, link: string, now: Date = new Date()): Promise<PublicQuote | null> {
  if (!QUOTE_LINK_PATTERN.test(link)) return null;
  let query = publicQuoteQueries.get(db);
  if (!query) {
    query = preparePublicQuoteQuery(db);
    publicQuoteQueries.set(db, query);
  }
  const [row] = await query.execute({ link });
  if (!row) return null;

  // A quote saved before services had clients' names borrows today's name for the same service.
  const services = await listServices(db);
  const lines = (row.lines as SavedQuoteLine[]).map((line) => {
    if (line.clientName !== undefined) return line;
    const current = services.find((service) => service.id === line.serviceId && service.service === line.service);
    return current ? { ...line, clientName: current.clientName } : line;
  });
  const salon = { id: row.salonId, name: row.salonName, shortName: row.salonShortName, bookingUrl: row.bookingUrl };
  const stylistSalon =
    row.stylistSalonId !== null && row.stylistSalonId !== row.salonId
      ? await getSalon(db, row.stylistSalonId)
      : undefined;
  const validUntil = offerValidUntil(row.createdAt);
  return {
    link: row.link,
    firstName: firstNameOf(row.name),
    erasedOnRequest: row.erasedOnRequest,
    createdAt: row.createdAt,
    calculator: row.calculator,
    selector: row.selector,
    regular: row.regular,
    lines,
    totalPence: row.totalPence,
    level: { id: row.levelId, name: row.levelName },
    stylist:
      row.stylistName && row.stylistImage
        ? { id: row.stylistId, name: row.stylistName, image: row.stylistImage, salonId: row.stylistSalonId }
        : null,
    salon,
    bookingSalon: stylistSalon
      ? { id: stylistSalon.id, name: stylistSalon.name, bookingUrl: stylistSalon.bookingUrl }
      : { id: salon.id, name: salon.name, bookingUrl: salon.bookingUrl },
    needsSkinTest: lines.some(needsSkinTest),
    skinTest: isSkinTestAnswer(row.skinTest) ? row.skinTest : null,
    consultationRequested: row.consultationRequested,
    validUntil,
    expired: isAfter(now, validUntil),
    offer: row.regular
      ? null
      : {
          code: FIRST_VISIT_OFFER.code,
          percent: FIRST_VISIT_OFFER.percent,
          totalPence: discountedPence(row.totalPence, FIRST_VISIT_OFFER.percent),
        },
  };
}

/**
 * Whether a link names a saved quote (the submitted page checks the link it
 * was handed), and whether its e-mail and text were queued.
 */
export async function savedQuoteStatus(
  db: Database,
  link: string,
): Promise<{ exists: boolean; messagesSent: boolean }> {
  if (!QUOTE_LINK_PATTERN.test(link)) return { exists: false, messagesSent: false };
  const [row] = await db
    .select({ id: quotes.id, erasedOnRequest: quotes.erasedOnRequest })
    .from(quotes)
    .where(eq(quotes.link, link));
  // A quote erased at the client's request is not theirs to be told about any more.
  if (!row || row.erasedOnRequest) return { exists: false, messagesSent: false };
  const sent = await db.execute(
    sql`select 1 from outbox where template = 'quote-email' and payload->>'link' = ${link} limit 1`,
  );
  return { exists: true, messagesSent: sent.rows.length > 0 };
}

const pounds = (pence: number) => pence / 100;

/** GET /api/get-quote-details/{link}: the shape its clients use, prices in pounds; no mobile, no e-mail. */
export function publicQuoteJson(quote: PublicQuote) {
  return {
    name: quote.firstName,
    created_at: quote.createdAt.toISOString(),
    quote: {
      services: quote.lines.map((line) => ({
        id: line.serviceId,
        service: line.service,
        label: lineLabel(line),
        group: line.group,
        price: pounds(line.pricePence),
      })),
      total: pounds(quote.totalPence),
      regular: quote.regular,
      calculator: quote.calculator,
      selector: quote.selector,
      level: quote.level,
      stylist: quote.stylist ? { name: quote.stylist.name, image: quote.stylist.image } : null,
      salon: quote.salon.id,
      offer: quote.offer
        ? {
            code: quote.offer.code,
            percent: quote.offer.percent,
            total: pounds(quote.offer.totalPence),
            valid_until: quote.validUntil.toISOString(),
            expired: quote.expired,
          }
        : null,
    },
  };
}
