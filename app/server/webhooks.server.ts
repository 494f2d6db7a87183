/**
 * Events out (decision 075): when the owner sets an https address under
 * Settings, a saved quote, a quote turning Booked and each job or model
 * application are POSTed to it as JSON, signed. The rows are queued by
 * database triggers (migration 0026), so every path that saves a quote or
 * sets a status queues its event in its own transaction, and the outbox
 * sends them with its retries like every message.
 *
 * Signature: HMAC-SHA256, keyed by the secret shown in the console, over
 * `<timestamp>.<body>`; the headers are documented in docs/webhooks.md.
 */
import { createHmac, randomBytes } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { httpsAddress } from "~/domain/booking-links";
import { staffPath } from "~/domain/staff/routes";
import type { Database } from "./db.server";
import { type OutboundOptions, outboundRequest, RefusedDestinationError, refusedDestination } from "./outbound.server";
import { type OutboxRow, PermanentDeliveryError } from "./outbox.server";
import { siteSettings } from "./schema.server";
import { type Actor, audit } from "./staff/audit.server";

const URL_KEY = "webhookUrl";
/** The site setting holding the signing secret; backups leave it out unless encrypted (decision 104). */
export const WEBHOOK_SECRET_SETTING = "webhookSecret";

/** A receiver that has not answered in this long has failed the attempt (retried later). */
const TIMEOUT_MS = 10_000;

export const WEBHOOK_EVENTS = ["quote.saved", "quote.booked", "application.job", "application.model"] as const;

export interface WebhookSettings {
  url: string | null;
  secret: string | null;
}

export async function webhookSettings(db: Pick<Database, "select">): Promise<WebhookSettings> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [URL_KEY, WEBHOOK_SECRET_SETTING]));
  const value = (key: string) => rows.find((r) => r.key === key)?.value || null;
  return { url: value(URL_KEY), secret: value(WEBHOOK_SECRET_SETTING) };
}

/** The address as the Settings form gives it: https only, a real host (not an internal one), no credentials in it. */
export function checkWebhookUrl(value: string): { ok: true; url: string | null } | { ok: false; error: string } {
  if (!value.trim()) return { ok: true, url: null };
  const internal = refusedDestination(value);
  if (internal) return { ok: false, error: internal };
  const url = httpsAddress(value, 500);
  return url
    ? { ok: true, url }
    : { ok: false, error: "Give the address as a full https:// address (up to 500 characters), or leave it empty." };
}

const newSecret = () => `whsec_${randomBytes(24).toString("base64url")}`;

async function put(tx: Pick<Database, "insert">, key: string, value: string) {
  await tx
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
}

/**
 * Sets (null: turns off) the address events go to, with its audit row; the first address also makes the
 * secret. Events already queued go to the address set when they are sent.
 */
export async function setWebhookUrl(db: Database, actor: Actor | null, url: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    if (url === null) await tx.delete(siteSettings).where(sql`${siteSettings.key} = ${URL_KEY}`);
    else {
      await put(tx, URL_KEY, url);
      await tx.insert(siteSettings).values({ key: WEBHOOK_SECRET_SETTING, value: newSecret() }).onConflictDoNothing();
    }
    await audit(tx, actor, {
      action: "settings.webhook",
      subject: { type: "settings", id: URL_KEY },
      summary: url ?? "off",
    });
  });
}

/** A new secret (the old one stops signing at once); the audit row never holds it. */
export async function renewWebhookSecret(db: Database, actor: Actor | null): Promise<void> {
  await db.transaction(async (tx) => {
    await put(tx, WEBHOOK_SECRET_SETTING, newSecret());
    await audit(tx, actor, {
      action: "settings.webhook-secret",
      subject: { type: "settings", id: WEBHOOK_SECRET_SETTING },
    });
  });
}

/** The signature header's value for a body sent at `timestamp` (Unix seconds). */
function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** Where the event's record is in the console, for the receiving tool to link to. */
function consolePath(event: string, data: Record<string, unknown>): string | null {
  if (event.startsWith("quote.")) return staffPath(`leads/${Number(data.quoteId)}`);
  if (event === "application.job") return staffPath(`applications/${Number(data.applicationId)}`);
  if (event === "application.model") return staffPath(`models/${Number(data.applicationId)}`);
  return null;
}

/** The body of an event: the same bytes on every attempt, so a receiver can tell a repeat by its id. */
function webhookBody(row: Pick<OutboxRow, "messageId" | "template" | "payload" | "createdAt">, publicUrl: string) {
  const path = consolePath(row.template, row.payload);
  return JSON.stringify({
    id: row.messageId.replace(/^<|@.*$/g, ""),
    event: row.template,
    occurredAt: row.createdAt.toISOString(),
    data: { ...row.payload, ...(path ? { consoleUrl: new URL(path, publicUrl).href } : {}) },
  });
}

/**
 * The outbox's transport for the "webhook" channel. The receiver is never an internal address (outbound.server.ts):
 * one is a permanent failure, said in the message's error, and never retried. A redirect is not followed.
 */
export function webhookSender(
  db: Database,
  publicUrl: string,
  outbound: OutboundOptions,
  now: () => Date = () => new Date(),
) {
  return async (row: OutboxRow): Promise<void> => {
    const { url, secret } = await webhookSettings(db);
    // Turned off since it was queued: nowhere to send it, and never to an address no longer wanted.
    if (!url || !secret) throw new PermanentDeliveryError("Webhooks are turned off under Settings");
    const body = webhookBody(row, publicUrl);
    const timestamp = Math.floor(now().getTime() / 1000);
    let status: number;
    try {
      const answer = await outboundRequest(url, {
        ...outbound,
        method: "POST",
        body,
        timeoutMs: TIMEOUT_MS,
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "MaisonIvy-Webhooks/1",
          "X-MaisonIvy-Event": row.template,
          "X-MaisonIvy-Delivery": row.messageId.replace(/^<|@.*$/g, ""),
          "X-MaisonIvy-Timestamp": String(timestamp),
          "X-MaisonIvy-Signature": webhookSignature(secret, timestamp, body),
        },
      });
      status = answer.status;
    } catch (error) {
      if (error instanceof RefusedDestinationError)
        throw new PermanentDeliveryError(
          `Not sent: ${error.message}; webhooks go only to addresses on the public internet`,
        );
      throw new Error(`No answer from ${new URL(url).host}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (status < 200 || status > 299) throw new Error(`${new URL(url).host} answered HTTP ${status}`);
  };
}
