/**
 * Loopback stand-ins for the outside world in delivery tests: a real SMTP
 * server (the smtp-server package) and an HTTP server that answers like
 * Twilio's Messages endpoint, plus a site process that can be killed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:http";
import { type AddressInfo, createServer as createTcpServer } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  messageId: string;
  to: string;
  /** Decoded, on one line. */
  subject: string;
  /** The header block as it came, then the text and HTML parts decoded (by mailparser). */
  text: string;
  /** The HTML part alone, decoded ("" when there is none). */
  html: string;
}

export interface SmtpStandIn {
  port: number;
  mails: ReceivedMail[];
  /** While set, each received message waits unanswered, as if the server hung mid-send. */
  stall: boolean;
  close(): Promise<void>;
}

export async function startSmtp(port = 0): Promise<SmtpStandIn> {
  const mails: ReceivedMail[] = [];
  const stalled: (() => void)[] = [];
  const standIn: SmtpStandIn = {
    port: 0,
    mails,
    stall: false,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks);
        const mail = await simpleParser(raw);
        const headerBlock = raw.toString("utf8").split(/\r?\n\r?\n/, 1)[0] ?? "";
        mails.push({
          messageId: mail.messageId ?? "",
          to: session.envelope.rcptTo.map((r) => r.address).join(","),
          subject: mail.subject ?? "",
          text: `${headerBlock}\n\n${mail.text ?? ""}\n\n${mail.html || ""}`,
          html: mail.html || "",
        });
        if (standIn.stall) stalled.push(() => callback());
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  standIn.port = (server.server.address() as AddressInfo).port;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      for (const release of stalled.splice(0)) release();
      server.close(() => resolve());
    });
  return standIn;
}

interface ReceivedText {
  to: string;
  from: string;
  body: string;
  account: string;
}

export interface TwilioStandIn {
  url: string;
  texts: ReceivedText[];
  close(): Promise<void>;
}

export async function startTwilio(): Promise<TwilioStandIn> {
  const texts: ReceivedText[] = [];
  let n = 0;
  const server = createServer((req, res) => {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? "");
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (req.method !== "POST" || !match || !req.headers.authorization?.startsWith("Basic ")) {
        res
          .writeHead(404, { "Content-Type": "application/json" })
          .end(JSON.stringify({ code: 20404, message: "Not found" }));
        return;
      }
      const form = new URLSearchParams(body);
      texts.push({
        to: form.get("To") ?? "",
        from: form.get("From") ?? "",
        body: form.get("Body") ?? "",
        account: match[1] ?? "",
      });
      n++;
      res
        .writeHead(201, { "Content-Type": "application/json" })
        .end(JSON.stringify({ sid: `SM${String(n).padStart(32, "0")}`, status: "queued" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    texts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A port nothing listens on now, for a site process: a fixed port would meet
 * another run's site on a shared machine (and its health check would pass).
 */
export async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface SiteProcess {
  url: string;
  child: ChildProcess;
  /** What the process has printed so far, stdout and stderr together. */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** A mail server that is down: it takes each connection and drops it at once, counting them. */
export async function startBrokenSmtp(port: number): Promise<{ connections: () => number; close(): Promise<void> }> {
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The site process ended before it answered: its exit code and what it printed, which say why. */
export class SiteExitedError extends Error {
  constructor(
    readonly exitCode: number,
    readonly printed: string,
  ) {
    super(`the site exited while starting (exit code ${exitCode}):\n${printed.slice(-4000)}`);
  }

  /** Its port was taken between being found free and being listened on (another process's connection took it). */
  get portTaken(): boolean {
    return /Port \d+ on \S+ is already in use/.test(this.printed);
  }
}

/** `startupMs`: how long a first start (migrations and seed on a fresh database) may take on a busy machine. */
export async function startSiteProcess(
  port: number,
  env: Record<string, string>,
  startupMs = 60_000,
): Promise<SiteProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATABASE_URL: "",
      BUILD_DIR: process.env.BUILD_DIR ?? "build-e2e",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const deadline = Date.now() + startupMs;
  for (;;) {
    if (child.exitCode !== null) throw new SiteExitedError(child.exitCode, printed);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the site did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output: () => printed,
    kill: (signal) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      }),
  };
}

export async function until(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
