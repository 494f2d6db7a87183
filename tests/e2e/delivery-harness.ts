/**
 * Loopback stand-ins for the outside world in delivery tests: a real SMTP
 * server (the smtp-server package) and an HTTP server that answers like
 * Twilio's Messages endpoint, plus a site process that can be killed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:http";
import { type AddressInfo, createServer as createTcpServer } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  messageId: string;
  to: string;
  subject: string;
  /** Headers and body, quoted-printable soft breaks and escapes decoded. */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

const header = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.+)$`, "im").exec(raw)?.[1]?.trim() ?? "";

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
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        mails.push({
          messageId: header(raw, "Message-ID"),
          to: session.envelope.rcptTo.map((r) => r.address).join(","),
          subject: header(raw, "Subject"),
          text: decodeQuotedPrintable(raw),
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

export interface ReceivedText {
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
    if (child.exitCode !== null) throw new Error("the site exited while starting");
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
