/**
 * Writing the salon's e-mail from its public forms, tried for real: the built
 * site with SMTP_URL pointed at an SMTP stand-in, and a name on the job, model
 * and feedback forms, and on a quote the front desk replies to, that tries to
 * end the subject line and add headers and a body of its own. What arrives is
 * read with a mail parser.
 */
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, newKey, type Site, signedInStaff, startSite, type TestPostgres, until } from "./harness";

/** The issue's name (within the forms' 100 characters). */
const FORGED = "Ann\r\nReply-To: hr@evil.example\r\nContent-Type: text/html\r\n\r\n<h1>Sign in here</h1>";
/** The same name as the subject must read it: one line, each run of line breaks a space. */
const FORGED_LINE = "Ann Reply-To: hr@evil.example Content-Type: text/html <h1>Sign in here</h1>";
const STAFF = "team@salon.example";

/** The headers of every message the site sends, and no other. */
const HEADERS = ["content-type", "date", "from", "message-id", "mime-version", "subject", "to"];

interface Arrival {
  to: string[];
  mail: ParsedMail;
}

describe("a forged name on the public forms, with SMTP_URL set", () => {
  let db: TestPostgres;
  let site: Site;
  let smtp: SMTPServer;
  const arrived: Arrival[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream).then((mail) => {
          arrived.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    db = await createTestDatabase();
    site = await startSite({
      DATABASE_URL: db.url,
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      STAFF_EMAIL: STAFF,
      MAIL_FROM: "Maison Ivy <hello@salon.example>",
    });
  });
  afterAll(async () => {
    await site?.stop();
    await db?.drop();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  const post = async (path: string, body: Record<string, unknown>) => {
    const response = await fetch(`${site.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": newKey() },
      body: JSON.stringify(body),
    });
    return { status: response.status, answer: await response.text() };
  };

  /** The message to `to` whose subject starts so, once it has arrived. */
  const arrival = (to: string, start: string) =>
    until(
      () => arrived.find((a) => a.to.includes(to) && a.mail.subject?.startsWith(start)),
      `the e-mail "${start}…" to ${to}`,
    );

  /** Nothing a name could add: the headers every message has, the sender, no Reply-To or Bcc, two parts. */
  function onlyItsOwnHeaders(mail: ParsedMail) {
    expect([...mail.headers.keys()].sort()).toEqual(HEADERS);
    expect(mail.replyTo).toBeUndefined();
    expect(mail.bcc).toBeUndefined();
    expect(mail.from?.value).toEqual([{ address: "hello@salon.example", name: "Maison Ivy" }]);
    expect(mail.headers.get("content-type")).toMatchObject({ value: "multipart/alternative" });
    expect(mail.attachments).toEqual([]);
    expect(mail.html).toMatch(/^<!doctype html><html lang="en-GB">/);
    expect(mail.html).toContain("MAISON IVY");
    expect(mail.html).toContain("&lt;h1&gt;Sign in here&lt;/h1&gt;");
    expect(mail.html).not.toContain("<h1>");
  }

  const ratings = Object.fromEntries(
    ["intro", "consultation", "cleanliness", "appearance", "products", "styling", "value", "experience", "result"].map(
      (field) => [field, "4"],
    ),
  );

  it.each([
    {
      form: "job",
      path: "/api/joinus",
      body: {
        name: FORGED,
        email: "ann@example.com",
        mobile: "07700 900123",
        role: "Stylist",
        position: "3 - 5 years",
        about: "Six years behind the chair.",
        why_hair: "I love it.",
        why_us: "Your academy.",
      },
      subject: `New job application: ${FORGED_LINE} (Stylist)`,
      intro: "A new job application arrived on the website.",
    },
    {
      form: "model",
      path: "/api/models",
      body: { name: FORGED, mobile: "07700 900124", info: "Long, dark, never coloured." },
      subject: `New hair model application: ${FORGED_LINE}`,
      intro: "A new hair model application arrived on the website.",
    },
    {
      form: "feedback",
      path: "/api/feedback",
      body: { name: FORGED, mobile: "07700 900125", ...ratings, return: "I moved.", repeat: "Maybe" },
      subject: `New client feedback from ${FORGED_LINE}`,
      intro: "A client sent the feedback survey.",
    },
  ])("the $form form's staff note arrives with only its own headers and the site's body", async (each) => {
    const sent = await post(each.path, each.body);
    expect(sent.status, sent.answer).toBe(201);
    const { to, mail } = await arrival(STAFF, each.subject.split(":")[0] as string);
    // Only the staff inbox got it: no Bcc added a recipient.
    expect(to).toEqual([STAFF]);
    expect(mail.subject).toBe(each.subject);
    onlyItsOwnHeaders(mail);
    // The body is the site's: its own words in the text, its own page as the HTML, the typed name escaped in it.
    expect(mail.text).toMatch(new RegExp(`^${each.intro}\\n`));
    // A name is one line as the form stores it (typed-text.ts): its line breaks are spaces in the body too.
    expect(mail.text).toContain(`name: ${FORGED_LINE}`);
    expect(mail.html).toContain(`<p>${each.intro}</p>`);
  });

  it("the front desk's reply to a client with that name, her name in its subject, reaches her alone, as written", async () => {
    const client = "ann.client@example.com";
    const saved = await post("/api/save-quote-details", {
      name: FORGED,
      mobile: "07700 900126",
      email: client,
      referral: "Google",
      regular: "no",
      ...{ type: "colour", level: 6, colour: 11, addon: 35, plex: 51, finish: 2, finishAddon: 49 },
    });
    expect(saved.status, saved.answer).toBe(201);
    const [quote] = await db.query<{ id: number }>("select id from quotes where email = $1", [client]);
    const desk = await signedInStaff(db, { role: "front-desk", name: "Desk", email: "desk@salon.example" });
    // The reply template's subject, filled with her name as the lead page fills it.
    const reply = await fetch(`${site.url}/staff/leads/${quote?.id}`, {
      method: "POST",
      headers: { Cookie: desk, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "reply",
        channel: "email",
        subject: `About your quote, ${FORGED}`,
        body: "Hello,\n\nWe have a chair on Tuesday.",
        key: newKey(),
      }),
      redirect: "manual",
    });
    expect(reply.status, await reply.text()).toBeLessThan(400);
    const { to, mail } = await arrival(client, "About your quote");
    expect(to).toEqual([client]);
    expect(mail.subject).toBe(`About your quote, ${FORGED_LINE}`);
    onlyItsOwnHeaders(mail);
    expect(mail.text).toBe("Hello,\n\nWe have a chair on Tuesday.");
  });
});
