/**
 * Where messages go. E-mail: SMTP through nodemailer when SMTP_URL is set,
 * otherwise .eml files under DATA_DIR/mail. Text messages: Twilio's Messages
 * API when its settings are there, otherwise a file under DATA_DIR/sms.
 */
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import { type Agent, Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import path from "node:path";
import type nodemailerModule from "nodemailer";
import { log } from "../log.server";
import { PermanentDeliveryError } from "../outbox.server";

export interface Email {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  replyTo?: string;
}

export interface Mailer {
  describe: string;
  send(email: Email): Promise<void>;
  close(): void;
}

/**
 * nodemailer with the encoders the SMTP messages are written with, loaded
 * with the first message rather than at every start: with its table of file
 * types, up to a tenth of a second of the site's start-up.
 */
async function loadMailLibrary() {
  const [nodemailer, mime, qp] = await Promise.all([
    import("nodemailer"),
    import("nodemailer/lib/mime-funcs"),
    import("nodemailer/lib/qp"),
  ]);
  return {
    nodemailer: nodemailer.default,
    encodeWords: mime.encodeWords,
    foldLines: mime.foldLines,
    quotedPrintable: qp.encode,
    wrapQuotedPrintable: qp.wrap,
  };
}
let library: ReturnType<typeof loadMailLibrary> | undefined;
/** Loaded once; a load that failed is tried again with the next message. */
const mailLibrary = () =>
  (library ??= loadMailLibrary().catch((error: unknown) => {
    library = undefined;
    throw error;
  }));

type MailLibrary = Awaited<ReturnType<typeof mailLibrary>>;

export function createMailer(options: { smtpUrl?: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    let transport: ReturnType<typeof nodemailerModule.createTransport> | undefined;
    const open = async () =>
      (transport ??= (await mailLibrary()).nodemailer.createTransport({
        url: smtpUrl,
        // A few connections kept open and reused: a burst of quotes is not one SMTP handshake per message.
        pool: true,
        maxConnections: 5,
        // Kept open for good: a new connection every hundred messages (nodemailer's default) is a handshake per
        // hundred for nothing.
        maxMessages: Number.POSITIVE_INFINITY,
        // A hung server must fail the attempt well inside the outbox lease.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      } as Parameters<typeof nodemailerModule.createTransport>[0]));
    return {
      describe: `SMTP at ${new URL(smtpUrl).host}`,
      async send(email) {
        const sending = await open();
        // Handed over whole: streamed, a message reached the socket in a dozen small writes, each a system call.
        await sending.sendMail({
          envelope: { from: email.from, to: email.to },
          messageId: email.messageId,
          raw: composeMail(email, await mailLibrary()),
        });
      },
      close: () => transport?.close(),
    };
  }
  const dir = path.join(options.dataDir, "mail");
  let transport: ReturnType<typeof nodemailerModule.createTransport> | undefined;
  return {
    describe: `.eml files in ${dir} (no SMTP_URL set)`,
    async send(email) {
      transport ??= (await mailLibrary()).nodemailer.createTransport({
        streamTransport: true,
        buffer: true,
        newline: "unix",
      });
      const info = await transport.sendMail({ ...email, headers: { "Message-ID": email.messageId } });
      await mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${email.messageId.replace(/[^A-Za-z0-9-]/g, "").slice(0, 40)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      log.info({ file }, "mail: written to a file");
    },
    close: () => {},
  };
}

/**
 * Between the two parts. Quoted-printable writes every "=" as "=3D", so "=_"
 * never occurs in an encoded part: no text or page can contain the boundary.
 */
const BOUNDARY = "=_salon-alternative";

/** A header line as SMTP wants it: words outside ASCII encoded, folded at 76 characters. */
function headerLine(lib: MailLibrary, name: string, value: string): string {
  const encoded = /^[\x20-\x7e]*$/.test(value) ? value : lib.encodeWords(value, "Q", 52);
  return lib.foldLines(`${name}: ${encoded}`, 76);
}

/** A part of the message: UTF-8, quoted-printable, in CRLF lines. */
function bodyPart(lib: MailLibrary, type: string, content: string): string {
  const body = lib.wrapQuotedPrintable(lib.quotedPrintable(content.replace(/\r?\n/g, "\r\n")), 76);
  return `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${body}`;
}

/**
 * The message as it goes over the wire, a text and an HTML part with the
 * fixed Message-ID. Composed here in one string: nodemailer's composer builds
 * each message through a chain of streams (a dozen objects and random
 * boundaries per message), which under a burst of quotes cost the process
 * more than all the rest of sending.
 */
function composeMail(email: Email, lib: MailLibrary): string {
  const headers = [
    headerLine(lib, "From", email.from),
    headerLine(lib, "To", email.to),
    ...(email.replyTo ? [headerLine(lib, "Reply-To", email.replyTo)] : []),
    headerLine(lib, "Subject", email.subject),
    `Message-ID: ${email.messageId}`,
    `Date: ${new Date().toUTCString().replace(/GMT$/, "+0000")}`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${BOUNDARY}"`,
  ];
  return [
    `${headers.join("\r\n")}\r\n`,
    `--${BOUNDARY}\r\n${bodyPart(lib, "text/plain", email.text)}`,
    `--${BOUNDARY}\r\n${bodyPart(lib, "text/html", email.html)}`,
    `--${BOUNDARY}--\r\n`,
  ].join("\r\n");
}

export interface TextMessage {
  to: string;
  body: string;
}

/** The small interface any SMS provider implements. */
export interface SmsProvider {
  describe: string;
  send(message: TextMessage): Promise<{ providerId?: string }>;
}

/** Twilio's answer to a POST: its status and the JSON body (empty when it sent none or not JSON). */
function postForm(
  url: URL,
  headers: Record<string, string>,
  form: URLSearchParams,
  agent: Agent,
  timeoutMs: number,
): Promise<{ status: number; body: { sid?: string; message?: string } }> {
  const payload = Buffer.from(form.toString());
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: "POST",
        agent,
        headers: {
          ...headers,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": payload.length,
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          let body = {};
          try {
            body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            // Not JSON: the status alone says what happened.
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`Twilio did not answer within ${timeoutMs / 1000} s`)));
    req.on("error", reject);
    req.end(payload);
  });
}

export function twilioProvider(options: {
  accountSid: string;
  authToken: string;
  from: string;
  apiBase: string;
}): SmsProvider {
  const endpoint = new URL(
    `/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`,
    options.apiBase,
  );
  const auth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  // A few connections kept open and reused, as for SMTP: a burst of quotes is not one handshake per text.
  // Plain node:http rather than fetch: a text costs a fraction of the CPU.
  const agent = new (endpoint.protocol === "https:" ? HttpsAgent : HttpAgent)({ keepAlive: true, maxSockets: 10 });
  return {
    describe: `Twilio at ${endpoint.origin}`,
    async send({ to, body }) {
      const form = new URLSearchParams({ To: to, From: options.from, Body: body });
      const answer = await postForm(endpoint, { Authorization: auth }, form, agent, 15_000);
      if (answer.status < 200 || answer.status >= 300) {
        const reason = `Twilio answered ${answer.status}${answer.body.message ? `: ${answer.body.message}` : ""}`;
        // A 4xx other than throttling will not get better by trying again.
        if (answer.status >= 400 && answer.status < 500 && answer.status !== 429 && answer.status !== 408)
          throw new PermanentDeliveryError(reason);
        throw new Error(reason);
      }
      return { providerId: answer.body.sid };
    },
  };
}

export function fileSmsProvider(dataDir: string): SmsProvider {
  const dir = path.join(dataDir, "sms");
  const file = path.join(dir, "messages.log");
  return {
    describe: `the file ${file} (no Twilio settings)`,
    async send({ to, body }) {
      await mkdir(dir, { recursive: true });
      await appendFile(file, `${JSON.stringify({ at: new Date().toISOString(), to, body })}\n`);
      log.info({ file }, "sms: written to a file");
      return {};
    },
  };
}
