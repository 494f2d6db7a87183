/** Wires the outbox worker to the configured transports. */
import type { Config } from "../config.server";
import type { Database } from "../db.server";
import { outboundOptions } from "../outbound.server";
import { type OutboxRow, type OutboxWorker, startOutboxWorker } from "../outbox.server";
import { webhookSender } from "../webhooks.server";
import { renderMessage } from "./messages.server";
import { createMailer, fileSmsProvider, type Mailer, type SmsProvider, twilioProvider } from "./transports.server";

export interface Delivery {
  worker: OutboxWorker;
  /** Where e-mail and texts go, in words, for the start-up summary. */
  destinations: { mail: string; sms: string };
  stop(): Promise<void>;
}

function smsProviderFor(settings: Config): SmsProvider {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, TWILIO_API_BASE } = settings;
  return TWILIO_ACCOUNT_SID && TWILIO_AUTH_TOKEN && TWILIO_FROM
    ? twilioProvider({
        accountSid: TWILIO_ACCOUNT_SID,
        authToken: TWILIO_AUTH_TOKEN,
        from: TWILIO_FROM,
        apiBase: TWILIO_API_BASE,
      })
    : fileSmsProvider(settings.dataDir);
}

/**
 * What the outbox worker does with each row: renders its message and hands it
 * to the transport of its channel, from MAIL_FROM with the row's Message-ID.
 */
export function deliverWith(
  mailer: Mailer,
  sms: SmsProvider,
  webhook: (row: OutboxRow) => Promise<void>,
  settings: Pick<Config, "MAIL_FROM" | "PUBLIC_URL">,
) {
  return async (row: OutboxRow) => {
    if (row.channel === "webhook") return webhook(row);
    const rendered = renderMessage(row, settings.PUBLIC_URL);
    if (rendered.channel === "email") {
      await mailer.send({ ...rendered.email, to: row.recipient, from: settings.MAIL_FROM, messageId: row.messageId });
    } else {
      await sms.send({ ...rendered.sms, to: row.recipient, messageId: row.messageId });
    }
  };
}

export function startDelivery(db: Database, settings: Config): Delivery {
  const mailer = createMailer({ smtpUrl: settings.SMTP_URL, dataDir: settings.dataDir });
  const sms = smsProviderFor(settings);
  const worker = startOutboxWorker({
    db,
    deliver: deliverWith(mailer, sms, webhookSender(db, settings.PUBLIC_URL, outboundOptions(settings)), settings),
    leaseSeconds: settings.OUTBOX_LEASE_SECONDS,
    retryWindowSeconds: settings.OUTBOX_RETRY_WINDOW_SECONDS,
    retrySeconds: settings.OUTBOX_RETRY_SECONDS,
    retryCapSeconds: settings.OUTBOX_RETRY_CAP_SECONDS,
  });
  return {
    worker,
    destinations: { mail: mailer.describe, sms: sms.describe },
    async stop() {
      await worker.stop();
      mailer.close();
    },
  };
}

/** The domain part of Message-IDs: the site's own host. */
export const mailDomainOf = (publicUrl: string) => new URL(publicUrl).hostname;
