/**
 * Where messages go. E-mail: SMTP through nodemailer when SMTP_URL is set,
 * otherwise .eml files under DATA_DIR/mail. Text messages: Twilio's Messages
 * API when its settings are there, otherwise a file under DATA_DIR/sms.
 */
import { appendFile, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { type Agent, Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import path from "node:path";
import type { default as nodemailerModule, SendMailOptions } from "nodemailer";
import { oneLine } from "~/domain/message-text";
import { log } from "../log.server";
import { PermanentDeliveryError } from "../outbox.server";

/** One e-mail in structured fields: nodemailer writes every header and part from them, none is written by hand. */
export interface Email {
  to: string;
  from: string;
  /** May hold a visitor's text; it is sent on one line (oneLine). */
  subject: string;
  text: string;
  html: string;
  /** Fixed when the message was queued: a message sent twice carries the same one. */
  messageId: string;
  /** A marketing e-mail's unsubscribe link (absolute): sent as List-Unsubscribe, one click (RFC 8058). */
  unsubscribeUrl?: string;
}

export interface Mailer {
  describe: string;
  send(email: Email): Promise<void>;
  close(): void;
}

/**
 * `make` run once, when first asked for, and its promise kept; one that
 * failed is run again the next time (the next message), not kept failed.
 */
function firstTime<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
}

/**
 * nodemailer, loaded with the first message rather than at every start: with
 * its table of file types, up to a tenth of a second of the site's start-up.
 */
const mailLibrary = firstTime(async () => (await import("nodemailer")).default);

type Transport = ReturnType<typeof nodemailerModule.createTransport>;

/**
 * The message as nodemailer composes it: every header from a field, the
 * subject on one line, a text and an HTML part, the fixed Message-ID, the
 * envelope from the addresses, and a marketing e-mail's one-click
 * unsubscribe. Whatever the transport.
 */
function composed(email: Email): SendMailOptions {
  return {
    from: email.from,
    to: email.to,
    subject: oneLine(email.subject),
    text: email.text,
    html: email.html,
    messageId: email.messageId,
    // The multipart boundaries are made from the Message-ID, a random UUID fixed when the message was queued (after
    // the text it carries was written, so no one could have put a boundary in it): a message sent again keeps its
    // boundaries, and the composer draws no random bytes for each part of each message. Its first 32 letters and
    // digits (the UUID's), so a long mail domain cannot take a boundary past the 70 characters MIME allows.
    baseBoundary: email.messageId.replace(/[^A-Za-z0-9]/g, "").slice(0, 32),
    envelope: { from: email.from, to: email.to },
    ...(email.unsubscribeUrl
      ? {
          list: { unsubscribe: email.unsubscribeUrl },
          headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        }
      : {}),
    // Only the strings above are ever sent: no part is fetched from a path or an address.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/**
 * Every message composed whole by nodemailer's own composer, its stream
 * transport, into one buffer: over SMTP that buffer is then sent as it is
 * (`raw`), in one write, where letting the SMTP transport compose as it sends
 * wrote each header and line of the body to the socket by itself (a system
 * call each, most of a save's CPU on a machine whose calls are dear).
 * `newline`: "unix" for the `.eml` files; none for SMTP, whose data stream
 * sends every line break as CRLF whatever it is given (one stream stage fewer
 * per message than having the composer turn them first).
 */
function composer(newline?: "unix") {
  const open = firstTime(async () =>
    (await mailLibrary()).createTransport({ streamTransport: true, buffer: true, ...(newline ? { newline } : {}) }),
  );
  return async (email: Email): Promise<Buffer> => (await (await open()).sendMail(composed(email))).message as Buffer;
}

/**
 * SMTP through nodemailer when `smtpUrl` is set, otherwise one `.eml` file
 * per message under `dataDir`/mail, named after its Message-ID
 * (`mailFileSuffix`). Either way the message is composed by nodemailer
 * (composer) and one transport is made, with the first message.
 */
export function createMailer(options: { smtpUrl?: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const compose = composer();
    let transport: Transport | undefined;
    const open = async () =>
      (transport ??= (await mailLibrary()).createTransport({
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
        const raw = await compose(email);
        // The Message-ID the message carries: without it nodemailer would make up a random one for the raw message
        // it sends as it is (five draws of random bytes an e-mail, for an id that goes nowhere).
        await (await open()).sendMail({
          raw,
          envelope: { from: email.from, to: email.to },
          messageId: email.messageId,
        });
      },
      close: () => transport?.close(),
    };
  }
  const dir = mailDirectory(options.dataDir);
  const compose = composer("unix");
  // The folder made once, with the first message: not a system call before every message.
  const ensureFolder = firstTime(() => mkdir(dir, { recursive: true }));
  return {
    describe: `.eml files in ${dir} (no SMTP_URL set)`,
    async send(email) {
      const [message] = await Promise.all([compose(email), ensureFolder()]);
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}${mailFileSuffix(email.messageId)}`,
      );
      await writeFile(file, message);
      log.info({ file }, "mail: written to a file");
    },
    close: () => {},
  };
}

const mailDirectory = (dataDir: string) => path.join(dataDir, "mail");

/** How a message's `.eml` file name ends: its Message-ID's letters, digits and dashes (the UUID whole). */
const mailFileSuffix = (messageId: string) => `-${messageId.replace(/[^A-Za-z0-9-]/g, "").slice(0, 40)}.eml`;

export interface TextMessage {
  to: string;
  body: string;
  /** The outbox's, fixed when the message was queued. */
  messageId: string;
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

const smsLogFile = (dataDir: string) => path.join(dataDir, "sms", "messages.log");

/**
 * Each SMS log's appends and rewrites, one after another: a rewrite (erasure)
 * reads the log and renames a copy over it, so an append between the two
 * would be lost. The file transports serve one process, the embedded default's.
 * The staff console's build carries a copy of this module of its own, whose
 * erasures must wait their turn with the public copy's appends: the HTTP app
 * hands it the public copy's turns (`joinSmsLogTurns`, http/app.ts).
 */
const smsLogTurns = new Map<string, Promise<unknown>>();

/** Runs `work` on the SMS log `file` once every append and rewrite begun before it has settled; its result. */
export function inSmsLogTurn<T>(file: string, work: () => Promise<T>): Promise<T> {
  const turn = (smsLogTurns.get(file) ?? Promise.resolve()).then(work, work);
  const settled = turn.catch(() => {});
  smsLogTurns.set(file, settled);
  void settled.then(() => {
    if (smsLogTurns.get(file) === settled) smsLogTurns.delete(file);
  });
  return turn;
}

let inTurn: typeof inSmsLogTurn = inSmsLogTurn;

/** Takes this copy's SMS log appends and rewrites in `turns` (another copy's `inSmsLogTurn`) from now on. */
export function joinSmsLogTurns(turns: typeof inSmsLogTurn): void {
  inTurn = turns;
}

/** A line of the SMS log: when, to whom, what, and the outbox's Message-ID (absent on lines written before it was). */
interface SmsLogLine {
  at: string;
  to: string;
  body: string;
  messageId?: string;
}

export function fileSmsProvider(dataDir: string): SmsProvider {
  const file = smsLogFile(dataDir);
  // The folder made once, at the first text.
  const ensureFolder = firstTime(() => mkdir(path.dirname(file), { recursive: true }));
  return {
    describe: `the file ${file} (no Twilio settings)`,
    async send({ to, body, messageId }) {
      await ensureFolder();
      const line: SmsLogLine = { at: new Date().toISOString(), to, body, messageId };
      await inTurn(file, () => appendFile(file, `${JSON.stringify(line)}\n`));
      log.info({ file }, "sms: written to a file");
      return {};
    },
  };
}

/**
 * Removes the file transports' copies of one person's messages under
 * `dataDir` (written on the embedded default, without SMTP_URL or Twilio, now
 * or before): the `.eml` file of each of `messageIds`, and each SMS log line
 * with one of `messageIds` or sent to one of `mobiles` (E.164). The log is
 * rewritten to a temporary file renamed over it, in turn with this process's
 * appends, so no other line is lost. Returns how many files and lines went.
 */
export async function eraseFileCopies(
  dataDir: string,
  person: { messageIds: string[]; mobiles: string[] },
): Promise<{ mailFiles: number; smsLines: number }> {
  const suffixes = person.messageIds.map(mailFileSuffix);
  const dir = mailDirectory(dataDir);
  const names = await readdir(dir).catch(ifMissing([] as string[]));
  const files = names.filter((name) => suffixes.some((suffix) => name.endsWith(suffix)));
  await Promise.all(files.map((name) => rm(path.join(dir, name), { force: true })));

  const ids = new Set(person.messageIds);
  const mobiles = new Set(person.mobiles);
  const isTheirs = (text: string) => {
    try {
      const line = JSON.parse(text) as Partial<SmsLogLine>;
      return (line.messageId !== undefined && ids.has(line.messageId)) || mobiles.has(String(line.to));
    } catch {
      // Not a line the transport wrote (a torn last line): left as it is.
      return false;
    }
  };
  const file = smsLogFile(dataDir);
  const smsLines = await inTurn(file, async () => {
    const lines = (await readFile(file, "utf8").catch(ifMissing(""))).split("\n");
    const kept = lines.filter((line) => !isTheirs(line));
    const removed = lines.length - kept.length;
    if (removed > 0) {
      const temporary = `${file}.${process.pid}.erasing`;
      await writeFile(temporary, kept.join("\n"));
      await rename(temporary, file);
    }
    return removed;
  });
  if (files.length > 0 || smsLines > 0) log.info({ mailFiles: files.length, smsLines }, "erasure: file copies removed");
  return { mailFiles: files.length, smsLines };
}

/** A missing file or folder read as `empty`: nothing was ever written there. */
const ifMissing =
  <T>(empty: T) =>
  (error: NodeJS.ErrnoException): T => {
    if (error.code === "ENOENT") return empty;
    throw error;
  };
