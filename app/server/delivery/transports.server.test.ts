import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PermanentDeliveryError } from "../outbox.server";
import { createMailer, eraseFileCopies, fileSmsProvider, inSmsLogTurn, twilioProvider } from "./transports.server";

/** A stand-in for Twilio's Messages endpoint: answers each text by what its body asks for. */
describe("texts through Twilio", () => {
  let server: Server;
  const received: { path: string; auth: string | undefined; form: URLSearchParams }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        const form = new URLSearchParams(body);
        received.push({ path: req.url ?? "", auth: req.headers.authorization, form });
        const answer = form.get("Body") ?? "";
        if (answer === "refuse") res.writeHead(400).end(JSON.stringify({ code: 21211, message: "Invalid 'To'" }));
        else if (answer === "busy") res.writeHead(503).end("<html>down</html>");
        else res.writeHead(201, { "Content-Type": "application/json" }).end(JSON.stringify({ sid: "SM123" }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const provider = () =>
    twilioProvider({
      accountSid: "AC1",
      authToken: "secret",
      from: "+447700900000",
      apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });

  it("posts the text to the account's Messages endpoint and returns Twilio's id", async () => {
    expect(await provider().send({ to: "+447700900123", body: "Hello", messageId: "<text-1@example.com>" })).toEqual({
      providerId: "SM123",
    });
    const last = received.at(-1)!;
    expect(last.path).toBe("/2010-04-01/Accounts/AC1/Messages.json");
    expect(last.auth).toBe(`Basic ${Buffer.from("AC1:secret").toString("base64")}`);
    expect(Object.fromEntries(last.form)).toEqual({ To: "+447700900123", From: "+447700900000", Body: "Hello" });
  });

  it("gives up at once on a refusal that will not change, with Twilio's reason", async () => {
    const sent = provider().send({ to: "+447700900123", body: "refuse", messageId: "<text-1@example.com>" });
    await expect(sent).rejects.toBeInstanceOf(PermanentDeliveryError);
    await expect(sent).rejects.toThrow("Twilio answered 400: Invalid 'To'");
  });

  it("leaves a server error to be tried again", async () => {
    const sent = provider().send({ to: "+447700900123", body: "busy", messageId: "<text-1@example.com>" });
    await expect(sent).rejects.toThrow("Twilio answered 503");
    await expect(sent).rejects.not.toBeInstanceOf(PermanentDeliveryError);
  });

  it("fails the attempt when nobody answers", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = twilioProvider({
      accountSid: "AC1",
      authToken: "s",
      from: "+1",
      apiBase: `http://127.0.0.1:${port}`,
    });
    await expect(
      unreachable.send({ to: "+447700900123", body: "Hello", messageId: "<text-1@example.com>" }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe("e-mail through SMTP", () => {
  let server: SMTPServer;
  const received: { from: string; to: string[]; raw: string }[] = [];
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const smtpMailer = () =>
    createMailer({
      smtpUrl: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
      dataDir: "/nonexistent",
    });

  it("sends one message with the outbox's Message-ID, a text and an HTML part, to the envelope's address", async () => {
    const mailer = smtpMailer();
    const text = `Hi Zoë,\n\nTotal: £120.00 ${"long line ".repeat(12)}\n`;
    try {
      await mailer.send({
        to: "zoe@example.com",
        from: "Maison Ivy <hello@example.com>",
        subject: "Your quote from Maison Ivy with Zoë",
        text,
        html: "<p>Hi Zoë, 2 = 2</p>",
        messageId: "<quote-1@example.com>",
      });
    } finally {
      mailer.close();
    }
    const mail = received.at(-1)!;
    expect(mail.from).toBe("hello@example.com");
    expect(mail.to).toEqual(["zoe@example.com"]);
    expect(mail.raw.split("\r\n").filter((line) => /^message-id:/i.test(line))).toEqual([
      "Message-ID: <quote-1@example.com>",
    ]);
    // Every line break on the wire is CRLF, the text's own included.
    expect(mail.raw.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const parsed = await simpleParser(mail.raw);
    expect(parsed.messageId).toBe("<quote-1@example.com>");
    expect(parsed.subject).toBe("Your quote from Maison Ivy with Zoë");
    expect(parsed.text).toBe(text);
    expect(parsed.html).toBe("<p>Hi Zoë, 2 = 2</p>");
  });

  it("keeps a message's part boundaries when it is sent again, and gives each message its own", async () => {
    const mailer = smtpMailer();
    const email = (messageId: string) => ({
      to: "zoe@example.com",
      from: "hello@example.com",
      subject: "Your quote",
      text: "Hi Zoë",
      html: "<p>Hi Zoë</p>",
      messageId,
    });
    const boundary = () => received.at(-1)!.raw.match(/boundary="([^"]+)"/)?.[1];
    try {
      await mailer.send(email("<7f3c1a52-9d1e-4c1b-8a51-2f0e6b3d9c44@example.com>"));
      const first = boundary();
      await mailer.send(email("<7f3c1a52-9d1e-4c1b-8a51-2f0e6b3d9c44@example.com>"));
      const again = boundary();
      await mailer.send(email("<0c9e8b7a-6f5d-4e3c-9b2a-1d0f9e8d7c6b@mail.maison-ivy-hair-and-beauty-salons.co.uk>"));
      expect(first).toBeTruthy();
      expect(again).toBe(first);
      expect(boundary()).not.toBe(first);
      // MIME allows a boundary of at most 70 characters, whatever the mail domain.
      expect(boundary()!.length).toBeLessThanOrEqual(70);
    } finally {
      mailer.close();
    }
  });
});

describe("the file transports, and erasing their copies", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "file-transports-"));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  const email = (to: string, messageId: string) => ({
    to,
    from: "Maison Ivy <hello@example.com>",
    subject: `For ${to}\r\nBcc: all@evil.example`,
    text: "Hello",
    html: "<p>Hello</p>",
    messageId,
  });

  it("writes each e-mail as an .eml file, composed with its Message-ID and its subject on one line", async () => {
    const mailer = createMailer({ dataDir });
    await mailer.send(email("zoe@example.com", "<9b2f6c1e-0d4a-4f7e-9a51-3c8e2b7d6f10@salon.example>"));
    const files = await readdir(path.join(dataDir, "mail"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-9b2f6c1e-0d4a-4f7e-9a51-3c8e2b7d6f10salo\.eml$/);
    const parsed = await simpleParser(await readFile(path.join(dataDir, "mail", files[0]!)));
    expect(parsed.messageId).toBe("<9b2f6c1e-0d4a-4f7e-9a51-3c8e2b7d6f10@salon.example>");
    expect(parsed.subject).toBe("For zoe@example.com Bcc: all@evil.example");
    expect(parsed.bcc).toBeUndefined();
    expect([...parsed.headers.keys()].sort()).toEqual([
      "content-type",
      "date",
      "from",
      "message-id",
      "mime-version",
      "subject",
      "to",
    ]);
  });

  it("removes one person's .eml files and SMS log lines and keeps everyone else's, appends running meanwhile", async () => {
    const mailer = createMailer({ dataDir });
    const hers = [
      "<aaaaaaaa-1111-4111-8111-111111111111@salon.example>",
      "<bbbbbbbb-2222-4222-8222-222222222222@salon.example>",
    ];
    const other = "<cccccccc-3333-4333-8333-333333333333@salon.example>";
    await mailer.send(email("mina@example.com", hers[0]!));
    await mailer.send(email("team@salon.example", hers[1]!));
    await mailer.send(email("jo@example.com", other));
    const sms = fileSmsProvider(dataDir);
    // Hers by number (one written before lines carried their Message-ID), one about her by Message-ID, and others'.
    await mkdir(path.join(dataDir, "sms"), { recursive: true });
    await writeFile(
      path.join(dataDir, "sms", "messages.log"),
      `${JSON.stringify({ at: "2026-01-01T10:00:00.000Z", to: "+447700900111", body: "Old quote for Mina" })}\n`,
    );
    await sms.send({ to: "+447700900111", body: "Hi Mina", messageId: "<s1@salon.example>" });
    await sms.send({ to: "+447700900999", body: "New quote from Mina", messageId: hers[1]! });
    await sms.send({ to: "+447700900222", body: "Hi Jo", messageId: "<s2@salon.example>" });

    // Texts written while the log is rewritten, one every turn of the event loop, are all kept.
    const erasing = eraseFileCopies(dataDir, { messageIds: hers, mobiles: ["+447700900111"] });
    const during: Promise<unknown>[] = [];
    for (let i = 0; i < 50; i++) {
      during.push(sms.send({ to: "+447700900333", body: `Meanwhile ${i}`, messageId: `<m${i}@salon.example>` }));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const erased = await erasing;
    await Promise.all(during);

    expect(erased).toEqual({ mailFiles: 2, smsLines: 3 });
    const files = await readdir(path.join(dataDir, "mail"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-cccccccc-3333-4333-8333-333333333333salo\.eml$/);
    const log = await readFile(path.join(dataDir, "sms", "messages.log"), "utf8");
    expect(log.endsWith("\n")).toBe(true);
    const lines = log
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { to: string; body: string });
    expect(lines.map((line) => line.body).sort()).toEqual(
      ["Hi Jo", ...Array.from({ length: 50 }, (_, i) => `Meanwhile ${i}`)].sort(),
    );
    expect(log).not.toContain("Mina");
    expect(log).not.toContain("+447700900111");
  });

  it("keeps the texts the public build's copy logs while the console's copy erases, once the two are joined", async () => {
    // The console is a build of its own: a second copy of this module, joined to the first as http/app.ts joins them.
    vi.resetModules();
    const consoleCopy = await import("./transports.server");
    expect(consoleCopy.eraseFileCopies).not.toBe(eraseFileCopies);
    consoleCopy.joinSmsLogTurns(inSmsLogTurn);

    const sms = fileSmsProvider(dataDir);
    await sms.send({ to: "+447700900444", body: "Cześć Agnieszka", messageId: "<a1@salon.example>" });
    for (let round = 0; round < 5; round++) {
      const erasing = consoleCopy.eraseFileCopies(dataDir, { messageIds: [], mobiles: ["+447700900444"] });
      const during: Promise<unknown>[] = [];
      for (let i = 0; i < 20; i++) {
        during.push(
          sms.send({ to: "+447700900555", body: `李小龙 ${round}-${i}`, messageId: `<l${round}-${i}@salon.example>` }),
        );
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all([erasing, ...during]);
    }
    const log = await readFile(path.join(dataDir, "sms", "messages.log"), "utf8");
    const bodies = log
      .trimEnd()
      .split("\n")
      .map((line) => (JSON.parse(line) as { body: string }).body);
    expect(bodies).toHaveLength(100);
    expect(bodies).not.toContain("Cześć Agnieszka");
  });

  it("finds nothing to remove where nothing was ever written", async () => {
    expect(await eraseFileCopies(dataDir, { messageIds: ["<x@salon.example>"], mobiles: ["+447700900111"] })).toEqual({
      mailFiles: 0,
      smsLines: 0,
    });
  });
});
