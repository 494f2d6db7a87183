import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PermanentDeliveryError } from "../outbox.server";
import { createMailer, twilioProvider } from "./transports.server";

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
    expect(await provider().send({ to: "+447700900123", body: "Hello" })).toEqual({ providerId: "SM123" });
    const last = received.at(-1)!;
    expect(last.path).toBe("/2010-04-01/Accounts/AC1/Messages.json");
    expect(last.auth).toBe(`Basic ${Buffer.from("AC1:secret").toString("base64")}`);
    expect(Object.fromEntries(last.form)).toEqual({ To: "+447700900123", From: "+447700900000", Body: "Hello" });
  });

  it("gives up at once on a refusal that will not change, with Twilio's reason", async () => {
    const sent = provider().send({ to: "+447700900123", body: "refuse" });
    await expect(sent).rejects.toBeInstanceOf(PermanentDeliveryError);
    await expect(sent).rejects.toThrow("Twilio answered 400: Invalid 'To'");
  });

  it("leaves a server error to be tried again", async () => {
    const sent = provider().send({ to: "+447700900123", body: "busy" });
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
    await expect(unreachable.send({ to: "+447700900123", body: "Hello" })).rejects.toThrow(/ECONNREFUSED/);
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

  /** A part's text, its quoted-printable soft breaks and escapes undone. */
  const decoded = (part: string) =>
    Buffer.from(
      part
        .replace(/=\r\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");

  it("sends one message with the outbox's Message-ID, a text and an HTML part, to the envelope's address", async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
      dataDir: "/nonexistent",
    });
    try {
      await mailer.send({
        to: "zoe@example.com",
        from: "Maison Ivy <hello@example.com>",
        subject: "Your quote from Maison Ivy with Zoë",
        text: `Hi Zoë,\n\nTotal: £120.00 ${"long line ".repeat(12)}\n`,
        html: "<p>Hi Zoë, 2 = 2</p>",
        messageId: "<quote-1@example.com>",
      });
    } finally {
      mailer.close();
    }
    const mail = received.at(-1)!;
    expect(mail.from).toBe("hello@example.com");
    expect(mail.to).toEqual(["zoe@example.com"]);
    const lines = mail.raw.split("\r\n");
    expect(lines.filter((line) => /^message-id:/i.test(line))).toEqual(["Message-ID: <quote-1@example.com>"]);
    expect(lines).toContain("Subject: Your quote from Maison Ivy with =?UTF-8?Q?Zo=C3=AB?=");
    const [, text, html] = mail.raw.split(/\r\n--=_salon-alternative(?:--)?\r\n/);
    expect(text).toMatch(/^Content-Type: text\/plain; charset=utf-8\r\n/);
    expect(decoded(text!.split("\r\n\r\n").slice(1).join("\r\n\r\n"))).toBe(
      `Hi Zoë,\r\n\r\nTotal: £120.00 ${"long line ".repeat(12)}\r\n`,
    );
    expect(html).toMatch(/^Content-Type: text\/html; charset=utf-8\r\n/);
    expect(decoded(html!.split("\r\n\r\n")[1]!)).toBe("<p>Hi Zoë, 2 = 2</p>");
  });
});
