/**
 * Marketing consent: recording it when a form's tick box is ticked, recording
 * its withdrawal (unsubscribe link, STOP by text), reading a person's state,
 * and what every marketing e-mail and text must carry so that leaving is as
 * easy as joining. Marketing (the review invitations so far) goes through
 * `unsubscribePathFor` and `marketingText`, and only to people `mayMarket`
 * says yes for.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import {
  type ConsentSource,
  MARKETING_CONSENT_WORDING,
  type MarketingChannel,
  normaliseEmail,
  SMS_STOP_NOTICE,
  WITHDRAWAL_WORDING,
} from "~/domain/privacy";
import type { Database } from "../db.server";
import { consents, unsubscribeTokens } from "../schema.server";

/** A transaction or the database itself. */
type Tx = Pick<Database, "insert" | "select" | "execute">;

export interface MarketingChoice {
  email?: { address: string; granted: boolean };
  sms?: { mobile: string; granted: boolean };
}

/** The consent rows a form's ticked boxes make, each with the exact wording shown; an unticked box makes none. */
export function marketingConsentRows(choice: MarketingChoice) {
  return [
    choice.email?.granted
      ? {
          subject: normaliseEmail(choice.email.address),
          channel: "email" as const,
          wording: MARKETING_CONSENT_WORDING.email,
        }
      : null,
    choice.sms?.granted
      ? { subject: choice.sms.mobile, channel: "sms" as const, wording: MARKETING_CONSENT_WORDING.sms }
      : null,
  ].filter((row) => row !== null);
}

/**
 * Records the consents ticked on a form inside the caller's transaction (so a
 * consent exists only with the record it came with). Silence is not consent.
 */
export async function recordMarketingConsents(
  tx: Tx,
  choice: MarketingChoice,
  source: Extract<ConsentSource, "quote-form" | "feedback-form">,
  sourceRef: string,
): Promise<number> {
  const rows = marketingConsentRows(choice);
  if (rows.length === 0) return 0;
  await tx.insert(consents).values(rows.map((row) => ({ ...row, granted: true, source, sourceRef })));
  return rows.length;
}

/** Records that a person no longer wants marketing on a channel. Withdrawing twice is harmless. */
export async function recordWithdrawal(
  tx: Tx,
  subject: string,
  channel: MarketingChannel,
  source: "unsubscribe-link" | "sms-stop",
): Promise<void> {
  await tx.insert(consents).values({
    subject: channel === "email" ? normaliseEmail(subject) : subject,
    channel,
    granted: false,
    wording: WITHDRAWAL_WORDING[source],
    source,
    sourceRef: null,
  });
}

export interface ConsentState {
  granted: boolean;
  /** The latest event, or null when the person never gave consent on this channel. */
  since: Date | null;
  wording: string | null;
  source: string | null;
}

/** A person's current state on a channel: their latest consent event decides. */
export async function consentState(db: Tx, subject: string, channel: MarketingChannel): Promise<ConsentState> {
  const key = channel === "email" ? normaliseEmail(subject) : subject;
  const [latest] = await db
    .select()
    .from(consents)
    .where(and(eq(consents.subject, key), eq(consents.channel, channel)))
    .orderBy(desc(consents.createdAt), desc(consents.id))
    .limit(1);
  if (!latest) return { granted: false, since: null, wording: null, source: null };
  return { granted: latest.granted, since: latest.createdAt, wording: latest.wording, source: latest.source };
}

/** Whether marketing may be sent to this address or number on this channel now. */
async function mayMarket(db: Tx, subject: string, channel: MarketingChannel): Promise<boolean> {
  return (await consentState(db, subject, channel)).granted;
}

// ---------------------------------------------------------------------------
// Unsubscribe links
// ---------------------------------------------------------------------------

/** 16 random bytes: 128 bits nobody guesses, 22 URL-safe characters. */
const TOKEN_BYTES = 16;
const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const UNSUBSCRIBE_PATH = "/unsubscribe";

/** The address's unsubscribe token, made on first use and the same in every later e-mail. */
export async function unsubscribeTokenFor(db: Tx, email: string): Promise<string> {
  const address = normaliseEmail(email);
  await db
    .insert(unsubscribeTokens)
    .values({ token: randomBytes(TOKEN_BYTES).toString("base64url"), email: address })
    .onConflictDoNothing({ target: unsubscribeTokens.email });
  const [row] = await db
    .select({ token: unsubscribeTokens.token })
    .from(unsubscribeTokens)
    .where(eq(unsubscribeTokens.email, address));
  if (!row) throw new Error("The unsubscribe token was not stored");
  return row.token;
}

/**
 * The unsubscribe link's path (`/unsubscribe/<token>`) every marketing e-mail
 * to this address carries, in its footer and in its List-Unsubscribe header
 * (one click, RFC 8058: mail clients show a button and POST to it without
 * asking the person to sign in or confirm). Made when the message is queued,
 * so it is stored with it. Throws when there is no consent to send.
 */
export async function unsubscribePathFor(db: Tx, email: string): Promise<string> {
  if (!(await mayMarket(db, email, "email"))) throw new Error("No e-mail marketing consent for this address");
  return `${UNSUBSCRIBE_PATH}/${await unsubscribeTokenFor(db, email)}`;
}

/** A marketing text as sent: the way out is always in the message. */
export function marketingText(body: string): string {
  const text = body.trim();
  return text.endsWith(SMS_STOP_NOTICE) ? text : `${text} ${SMS_STOP_NOTICE}`;
}

/** The address an unsubscribe token stands for, or null for an unknown (or erased) one. */
export async function emailForUnsubscribeToken(db: Tx, token: string): Promise<string | null> {
  if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ email: unsubscribeTokens.email })
    .from(unsubscribeTokens)
    .where(eq(unsubscribeTokens.token, token));
  return row?.email ?? null;
}

/** The one-click unsubscribe: false when the token names nobody. */
export async function unsubscribeWithToken(db: Database, token: string): Promise<boolean> {
  const email = await emailForUnsubscribeToken(db, token);
  if (!email) return false;
  await recordWithdrawal(db, email, "email", "unsubscribe-link");
  return true;
}
