import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatGBP } from "~/domain/format";
import { ACADEMY_SALON_ID, MAIN_SALON_ID, SALON_IDS } from "~/domain/salon-ids";
import { config } from "./config.server";
import { renderMessage } from "./delivery/messages.server";
import { parseQuietHours, setQuietHours } from "./lead-alerts.server";
import { claimDue } from "./outbox.server";
import { loadCatalogue } from "./queries/catalogue.server";
import { saveQuote } from "./queries/quotes.server";
import { salonAlerts } from "./schema.server";
import { seedDatabase } from "./seed.server";
import { submitJobApplication, submitModelApplication } from "./submissions.server";
import { type TestDatabase, testDatabases } from "./test-databases";

const CLIENT = { name: "Ada Lovelace", mobile: "07700 900123", email: "ada@example.com", referral: "Google" };
const PUBLIC_URL = "http://localhost:3000";

interface Row extends Record<string, unknown> {
  id: number;
  channel: string;
  recipient: string;
  template: string;
  payload: Record<string, unknown>;
  next_attempt_at: Date | string;
}

describe.each(testDatabases)("lead alerts on %s", (_name, open) => {
  let database: TestDatabase;
  let cutting: Record<string, unknown>;
  let ip = 0;
  const rows = async () =>
    (await database.db.execute<Row>(sql`select * from outbox order by id`)).rows.map((r) => ({
      ...r,
      next_attempt_at: new Date(r.next_attempt_at),
    }));
  const alerts = async () => (await rows()).filter((r) => r.template.startsWith("lead-alert"));
  const clientMessages = async () => (await rows()).filter((r) => r.template.startsWith("quote-"));

  beforeAll(async () => {
    database = await open(seedDatabase);
    const catalogue = await loadCatalogue(database.db);
    const cut = (name: string, cat1: number, cat2: number) =>
      catalogue.services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && s.service === name)!.id;
    cutting = {
      type: "cutting",
      mode: "level",
      level: "6",
      salon: String(SALON_IDS.kestwick),
      finish: cut("Cut, Dry & Style", 1, 0),
      finishAddon: cut("None", 4, 0),
      treatment: cut("None", 5, 2),
      regular: "no",
    };
  });
  afterAll(async () => {
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from outbox`);
    await database.db.delete(salonAlerts);
    await setQuietHours(database.db, null, null);
  });

  const save = async (extra: Record<string, unknown> = {}, now?: Date) => {
    const saved = await saveQuote(database.db, { ...CLIENT, ...cutting, ...extra }, { now });
    if (!saved.ok) throw new Error(saved.error);
    return saved;
  };

  it("queues the salon's e-mail and text with the quote, apart from the client's own two", async () => {
    await database.db
      .insert(salonAlerts)
      .values({ salonId: SALON_IDS.kestwick, email: "desk@kestwick.example", mobile: "+447700900999" });
    const saved = await save();
    // The client's messages are exactly what they were: one e-mail and one text.
    expect((await clientMessages()).map((r) => [r.template, r.recipient])).toEqual([
      ["quote-email", "ada@example.com"],
      ["quote-sms", "+447700900123"],
    ]);
    const queued = await alerts();
    expect(queued.map((r) => [r.channel, r.template, r.recipient])).toEqual([
      ["email", "lead-alert", "desk@kestwick.example"],
      ["sms", "lead-alert-sms", "+447700900999"],
    ]);
    const [quote] = (await database.db.execute<{ id: number }>(sql`select id from quotes where link = ${saved.link}`))
      .rows;
    const email = renderMessage(queued[0]!, PUBLIC_URL);
    const text = renderMessage(queued[1]!, PUBLIC_URL);
    if (email.channel !== "email" || text.channel !== "sms") throw new Error("wrong channels");
    // As the site prints money everywhere: whole pounds without pence (prices are rounded per line).
    const total = formatGBP(saved.quote.totalPence);
    expect(text.sms.body).toMatch(/^Maison Ivy Kestwick: new quote from Ada, /);
    for (const words of [email.email.subject + email.email.text, text.sms.body]) {
      expect(words).toContain("Ada");
      expect(words).toContain(total);
      expect(words).toContain("Kestwick");
      expect(words).toContain(`${PUBLIC_URL}/staff/leads/${quote!.id}`);
      // Nothing the client gave to be reached by: the console has it.
      expect(words).not.toContain("ada@example.com");
      expect(words).not.toContain("Lovelace");
      expect(words).not.toMatch(/7700\s?900\s?123/);
    }
    expect(JSON.stringify(queued.map((r) => r.payload))).not.toMatch(/ada@example|900123|Lovelace/);
  });

  it("sends the alert even when the client's own messages are over their daily quota", async () => {
    await database.db.insert(salonAlerts).values({ salonId: SALON_IDS.kestwick, email: "desk@kestwick.example" });
    const sent = [];
    for (let i = 0; i < 4; i++) sent.push((await save()).messagesSent);
    expect(sent).toEqual([true, true, true, false]);
    expect(await clientMessages()).toHaveLength(6);
    expect((await alerts()).map((r) => r.recipient)).toEqual(Array(4).fill("desk@kestwick.example"));
  });

  it("stops the alert's text with the other texts strangers' forms cause, never its e-mail", async () => {
    await database.db
      .insert(salonAlerts)
      .values({ salonId: SALON_IDS.kestwick, email: "desk@kestwick.example", mobile: "+447700900999" });
    const settings = config();
    const before = { limit: settings.SMS_DAILY_LIMIT, reserved: settings.SMS_RESERVED_PERCENT };
    // Eight texts a day, half kept for existing leads: four for what anyone's form causes.
    settings.SMS_DAILY_LIMIT = 8;
    settings.SMS_RESERVED_PERCENT = 50;
    try {
      for (let i = 0; i < 5; i++) {
        const saved = await saveQuote(
          database.db,
          { ...cutting, ...CLIENT, mobile: `07700 90${7000 + i}`, email: `stranger${i}@example.com` },
          { clientIp: `192.0.2.${++ip}` },
        );
        if (!saved.ok) throw new Error(saved.error);
      }
      // Two quotes' text and alert text each, then e-mail only: the leads' four texts are left.
      expect((await alerts()).map((r) => r.template)).toEqual([
        "lead-alert",
        "lead-alert-sms",
        "lead-alert",
        "lead-alert-sms",
        "lead-alert",
        "lead-alert",
        "lead-alert",
      ]);
      expect((await clientMessages()).filter((r) => r.channel === "sms")).toHaveLength(2);
    } finally {
      settings.SMS_DAILY_LIMIT = before.limit;
      settings.SMS_RESERVED_PERCENT = before.reserved;
    }
  });

  it("e-mails every active owner while the salon has no front-desk address, and the desk once it has", async () => {
    await database.db.execute(sql`delete from staff_users`);
    // Nobody to tell yet: no alert, and the client's own messages as ever.
    await save();
    expect(await alerts()).toEqual([]);
    expect(await clientMessages()).toHaveLength(2);

    await database.db.execute(sql`insert into staff_users (email, name, role, active) values
      ('olive@example.com', 'Olive', 'owner', true), ('otto@example.com', 'Otto', 'owner', true),
      ('gone@example.com', 'Gone', 'owner', false), ('fran@example.com', 'Fran', 'front-desk', true),
      ('max@example.com', 'Max', 'manager', true)`);
    await database.db.execute(sql`delete from outbox`);
    await save();
    const toOwners = await alerts();
    expect(toOwners.map((r) => [r.channel, r.template, r.recipient]).sort()).toEqual([
      ["email", "lead-alert", "olive@example.com"],
      ["email", "lead-alert", "otto@example.com"],
    ]);
    expect(toOwners.every((r) => r.payload.salon === "Maison Ivy Kestwick")).toBe(true);
    const ids = (
      await database.db.execute<{ message_id: string }>(
        sql`select message_id from outbox where template = 'lead-alert'`,
      )
    ).rows.map((r) => r.message_id);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id).toMatch(/^<[^@<>\s]+@[^@<>\s]+>$/);

    // A mobile alone is no front-desk e-mail: the owners still get the e-mail, the mobile the text.
    await database.db.insert(salonAlerts).values({ salonId: SALON_IDS.kestwick, mobile: "+447700900999" });
    await database.db.execute(sql`delete from outbox`);
    await save();
    expect((await alerts()).map((r) => r.recipient).sort()).toEqual([
      "+447700900999",
      "olive@example.com",
      "otto@example.com",
    ]);

    await database.db
      .update(salonAlerts)
      .set({ email: "desk@kestwick.example" })
      .where(sql`${salonAlerts.salonId} = ${SALON_IDS.kestwick}`);
    await database.db.execute(sql`delete from outbox`);
    await save();
    expect((await alerts()).map((r) => r.recipient)).toEqual(["desk@kestwick.example", "+447700900999"]);
    await database.db.execute(sql`delete from staff_users`);
  });

  it("holds an alert written in quiet hours until they end (UK time), and only the alert", async () => {
    await database.db.insert(salonAlerts).values({ salonId: SALON_IDS.kestwick, email: "desk@kestwick.example" });
    await setQuietHours(database.db, null, { from: "20:00", until: "08:00" });
    // 23:00 in London in winter (GMT): held until 08:00 the next morning.
    await save({}, new Date("2030-01-15T23:00:00Z"));
    // 06:30 in London in summer (BST, 05:30 UTC): held until 08:00 BST, 07:00 UTC, the same morning.
    await save({ email: "b@example.com", mobile: "07700 900124" }, new Date("2030-07-01T05:30:00Z"));
    // Midday: not quiet, due at once.
    const midday = new Date("2030-01-15T12:00:00Z");
    await save({ email: "c@example.com", mobile: "07700 900125" }, midday);
    expect((await alerts()).map((r) => r.next_attempt_at.toISOString())).toEqual([
      "2030-01-16T08:00:00.000Z",
      "2030-07-01T07:00:00.000Z",
      midday.toISOString(),
    ]);
    // What is held is not sent before its time; the clients' own messages go at once.
    await database.db.execute(
      sql`update outbox set next_attempt_at = now() where template = 'lead-alert' and next_attempt_at = ${midday.toISOString()}`,
    );
    const claimed = await claimDue(database.db, 60, 50);
    expect(claimed.filter((r) => r.template === "lead-alert")).toHaveLength(1);
    expect(claimed.filter((r) => r.template.startsWith("quote-"))).toHaveLength(6);
  });

  it("reads a quiet window within one day too, and none once cleared", async () => {
    await database.db.insert(salonAlerts).values({ salonId: SALON_IDS.kestwick, email: "desk@kestwick.example" });
    await setQuietHours(database.db, null, { from: "12:30", until: "14:00" });
    await save({}, new Date("2030-01-15T13:00:00Z"));
    await setQuietHours(database.db, null, null);
    await save({ email: "b@example.com", mobile: "07700 900124" }, new Date("2030-01-15T13:00:00Z"));
    expect((await alerts()).map((r) => r.next_attempt_at.toISOString())).toEqual([
      "2030-01-15T14:00:00.000Z",
      "2030-01-15T13:00:00.000Z",
    ]);
  });

  it("alerts the chosen salon of a job application, and the academy (or else the main salon) of a model", async () => {
    await database.db.insert(salonAlerts).values([
      { salonId: MAIN_SALON_ID, email: "desk@wrenbridge.example" },
      { salonId: SALON_IDS.kestwick, email: "desk@kestwick.example", mobile: "+447700900999" },
    ]);
    const job = await submitJobApplication(
      database.db,
      {
        name: "Bea Cole",
        mobile: "07700 900 124",
        email: "bea@example.com",
        position: "3 - 5 years",
        about: "Six years behind the chair.",
        why_hair: "I love it.",
        why_us: "Your academy.",
        role: "Stylist",
        salon: String(SALON_IDS.kestwick),
      },
      { clientIp: `192.0.2.${++ip}` },
    );
    const model = await submitModelApplication(
      database.db,
      { name: "Mia Stone", mobile: "07700 900456", info: "Shoulder-length." },
      { clientIp: `192.0.2.${++ip}` },
    );
    if (!job.ok || !model.ok) throw new Error("not stored");
    const queued = await alerts();
    expect(queued.map((r) => [r.template, r.recipient, r.payload.kind, r.payload.id])).toEqual([
      ["lead-alert", "desk@kestwick.example", "job", job.id],
      ["lead-alert-sms", "+447700900999", "job", job.id],
      ["lead-alert", "desk@wrenbridge.example", "model", model.id],
    ]);
    const jobText = renderMessage(queued[1]!, PUBLIC_URL);
    expect(jobText.channel === "sms" && jobText.sms.body).toContain(`/staff/applications/${job.id}`);
    const modelEmail = renderMessage(queued[2]!, PUBLIC_URL);
    expect(modelEmail.channel === "email" && modelEmail.email.text).toContain(`/staff/models/${model.id}`);
    // Passed on to the main salon's desk, it still says the hair model is for the academy, and so do the
    // job's messages for Kestwick.
    expect(modelEmail.channel === "email" && modelEmail.email.subject).toBe(
      "New hair model application for The Ivy Academy: Mia",
    );
    expect(jobText.channel === "sms" && jobText.sms.body).toMatch(/^Maison Ivy Kestwick: new job application/);
    // The applicants' own messages and the staff notifications are still there, one each.
    const templates = (await rows()).map((r) => r.template).filter((t) => !t.startsWith("lead-alert"));
    expect(templates.sort()).toEqual(["job-thank-you", "model-thank-you", "staff-job", "staff-model"]);

    // Once the academy has a front desk of its own, its hair models go there, and only there.
    await database.db.insert(salonAlerts).values({ salonId: ACADEMY_SALON_ID, email: "desk@academy.example" });
    const second = await submitModelApplication(
      database.db,
      { name: "Noor Vale", mobile: "07700 900457", info: "Long, dark." },
      { clientIp: `192.0.2.${++ip}` },
    );
    if (!second.ok) throw new Error("not stored");
    expect(
      (await alerts()).filter((r) => r.payload.id === second.id).map((r) => [r.recipient, r.payload.kind]),
    ).toEqual([["desk@academy.example", "model"]]);
  });

  it("checks the settings form's quiet hours", () => {
    expect(parseQuietHours({ quietFrom: "", quietUntil: "" })).toEqual({ ok: true, value: null });
    expect(parseQuietHours({ quietFrom: "20:00", quietUntil: "08:00" })).toEqual({
      ok: true,
      value: { from: "20:00", until: "08:00" },
    });
    expect(parseQuietHours({ quietFrom: "20:00", quietUntil: "" }).ok).toBe(false);
    expect(parseQuietHours({ quietFrom: "09:00", quietUntil: "09:00" }).ok).toBe(false);
  });
});
