import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PermanentDeliveryError } from "../outbox.server";
import { twilioProvider } from "./transports.server";

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
