import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERASED_TEXT, parseSubject, type Subject } from "~/domain/privacy";
import type { Database } from "../db.server";
import { deliverWith } from "../delivery/delivery.server";
import { createMailer, fileSmsProvider } from "../delivery/transports.server";
import { resendMessages } from "../outbox.server";
import { getPublicQuote, savedQuoteStatus } from "../queries/quotes.server";
import * as t from "../schema.server";
import { seedDatabase } from "../seed.server";
import type { StaffContext } from "../staff/auth.server";
import { digestJob } from "../staff/digest.server";
import { leadFilterOf, listLeads } from "../staff/leads.server";
import { loadListPage } from "../staff/list-page.server";
import { workRecord } from "../staff/records.server";
import { signedInManager } from "../staff/test-manager";
import { type TestDatabase, testDatabases, testRouterContext } from "../test-databases";
import { consentState, unsubscribeTokenFor } from "./consents.server";
import { erasePersonalData, exportPersonalData, findForRequest, personalDataCsv } from "./rights.server";
import { appliesForJob, givesFeedback, offersToModel, savesQuote } from "./test-people";

/** Jo types her address differently each time; the site must still see one person. */
const jo = { name: "Joanna Quill", mobile: "07700 900111", email: "Jo.Quill@Example.com" };
const JO_EMAIL = "jo.quill@example.com";
const JO_MOBILE = "+447700900111";
const other = { name: "Harriet Vane", mobile: "07700 900222", email: "harriet@example.com" };

const mina = { name: "Mina Harker", mobile: "07700 900333", email: "mina.harker@example.com" };
const MINA_MOBILE = "+447700900333";

function subject(input: string, day?: string): Subject {
  const parsed = parseSubject(input, day);
  if (!parsed) throw new Error(`Not an e-mail address, UK mobile or name with a day: ${input}`);
  return parsed;
}

/** Today as London sees it (the records below were all made just now). */
const londonToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

/** Erases after looking first, as the console does: the erasure confirms the preview it was shown. */
async function erase(db: Database, who: Subject, actor: StaffContext | null = null) {
  const preview = await findForRequest(db, who, actor);
  const outcome = await erasePersonalData(db, who, actor, preview.preview);
  if (!outcome.ok) throw new Error("The erasure found something other than its preview");
  return outcome;
}

/** A member of staff searching a console list, through the list's own loader (which audits the search). */
async function searchLeads(db: Database, q: string) {
  const request = new Request(`http://localhost/staff/leads?q=${encodeURIComponent(q)}`, {
    headers: { cookie: "staff-session=rights-test" },
  });
  const page = await loadListPage(
    {
      request,
      context: testRouterContext(db),
    },
    "leads",
    {
      filterOf: leadFilterOf,
      rows: listLeads,
      audited: "quote.list",
    },
  );
  return page.rows;
}

/**
 * Every place in the database a string could hide: each text, varchar, json
 * and jsonb column of every table in every schema, searched case-insensitively.
 */
async function whereIsIt(db: Database, needle: string): Promise<string[]> {
  const columns = await db.execute<{ table_schema: string; table_name: string; column_name: string }>(sql`
    select c.table_schema, c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
    where tb.table_type = 'BASE TABLE'
      and c.table_schema not in ('pg_catalog', 'information_schema')
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`);
  expect(columns.rows.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { table_schema, table_name, column_name } of columns.rows) {
    const hits = await db.execute<{ n: number | string }>(sql`
      select count(*) as n from ${sql.identifier(table_schema)}.${sql.identifier(table_name)}
      where position(lower(${needle}) in lower(${sql.identifier(column_name)}::text)) > 0`);
    if (Number(hits.rows[0]?.n) > 0) found.push(`${table_schema}.${table_name}.${column_name}`);
  }
  return found;
}

describe.each(testDatabases)("rights requests on %s", (_kind, open) => {
  let database: TestDatabase;
  let staff: StaffContext;
  let joQuotes: number[];
  let joJob: number;
  let otherQuote: number;
  let otherJob: number;

  beforeAll(async () => {
    database = await open(seedDatabase);
    const db = database.db;
    staff = await signedInManager(db, "rights-test");
    joQuotes = [
      await savesQuote(db, jo, { marketing_email: "on" }),
      await savesQuote(db, { ...jo, email: " JO.QUILL@example.com", mobile: "+44 7700 900111" }),
    ];
    joJob = await appliesForJob(db, { ...jo, email: "jo.quill@example.com" });
    await offersToModel(db, jo);
    await givesFeedback(db, jo, { marketing_sms: "on" });
    await unsubscribeTokenFor(db, JO_EMAIL);
    otherQuote = await savesQuote(db, other, { marketing_email: "on", marketing_sms: "on" });
    otherJob = await appliesForJob(db, other);
    await savesQuote(db, mina, { marketing_email: "on", marketing_sms: "on" });
    await db.insert(t.staffNotes).values([
      { subjectType: "job", subjectId: joJob, kind: "reply", body: "Dear Joanna Quill, thank you for applying." },
      { subjectType: "quote", subjectId: otherQuote, kind: "note", body: "Harriet booked a consultation." },
    ]);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("an e-mail address gathers her mobile too: every record, both consents and the texts, nobody else's", async () => {
    const found = await findForRequest(database.db, subject("  jo.quill@EXAMPLE.com "), null);
    expect(found.identifiers).toEqual({ emails: [JO_EMAIL], mobiles: [JO_MOBILE], names: [jo.name] });
    expect(found.complete).toBe(true);
    expect(found.data.quotes.map((q) => q.id)).toEqual(joQuotes);
    expect(found.data.jobApplications.map((a) => a.id)).toEqual([joJob]);
    expect(found.counts).toMatchObject({
      quotes: 2,
      jobApplications: 1,
      // Reached through the mobile on her quotes: neither form asks for an e-mail address.
      modelApplications: 1,
      feedback: 1,
      unsubscribeLinks: 1,
      staffNotes: 1,
    });
    expect(found.data.consents.map((c) => [c.subject, c.channel, c.granted])).toEqual([
      [JO_EMAIL, "email", true],
      [JO_MOBILE, "sms", true],
    ]);
    // Her quote e-mails and texts, her thank-yous, and the notes to staff about her application and her offer to model.
    const messages = found.data.messages as { channel: string; recipient: string; template: string }[];
    expect(messages.filter((m) => m.recipient === JO_EMAIL).length).toBeGreaterThanOrEqual(3);
    const texts = messages.filter((m) => m.recipient === JO_MOBILE && m.channel === "sms").map((m) => m.template);
    expect(texts.sort()).toEqual(["model-thank-you", "quote-sms", "quote-sms"]);
    expect(JSON.stringify(found.data)).not.toMatch(/harriet|vane|900222|mina|harker|900333/i);
    expect(found.reference).toMatch(/^rights-request\/\d+$/);
  });

  it("a mobile number, however written, or her name with the day, finds the same person", async () => {
    const byEmail = await findForRequest(database.db, subject(JO_EMAIL), null);
    for (const [typed, day] of [
      ["07700 900111"],
      ["+44 7700 900111"],
      ["0044 (0)7700-900-111"],
      ["447700900111"],
      ["  joanna   QUILL ", londonToday()],
    ] as [string, string?][]) {
      const found = await findForRequest(database.db, subject(typed, day), null);
      expect(found.counts, typed).toEqual(byEmail.counts);
      expect(found.identifiers, typed).toEqual(byEmail.identifiers);
      expect(found.preview, typed).toBe(byEmail.preview);
    }
    // A name alone is nobody in particular; on a day she made nothing, it finds nothing.
    expect(parseSubject("Joanna Quill")).toBeNull();
    const dayBefore = new Date(Date.parse(`${londonToday()}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const wrongDay = await findForRequest(database.db, subject("Joanna Quill", dayBefore), null);
    expect(Object.values(wrongDay.counts)).toEqual(Object.values(wrongDay.counts).map(() => 0));
    expect(wrongDay.identifiers).toMatchObject({ emails: [], mobiles: [] });
  });

  it("a survey's e-mail address, kept only on its consent to offers, links the survey both ways", async () => {
    const bjorn = { name: "Bjørn Núñez", mobile: "07700 900444", email: "Bjorn.Nunez@Example.SE" };
    const survey = await givesFeedback(database.db, bjorn, {
      email: bjorn.email,
      marketing_email: "on",
      marketing_sms: "on",
    });
    for (const typed of ["bjorn.nunez@example.se", "07700 900444"]) {
      const found = await findForRequest(database.db, subject(typed), null);
      expect(found.identifiers, typed).toEqual({
        emails: ["bjorn.nunez@example.se"],
        mobiles: ["+447700900444"],
        names: ["Bjørn Núñez"],
      });
      expect(found.data.feedback.map((f) => f.id)).toEqual([survey]);
      expect(found.data.consents.map((c) => `${c.channel} ${c.subject}`).sort()).toEqual([
        "email bjorn.nunez@example.se",
        "sms +447700900444",
      ]);
    }
  });

  it("exports everything for the e-mail address, her SMS consent and texts included, with nobody else's data", async () => {
    const exported = await exportPersonalData(database.db, subject("Jo.Quill@Example.com"), null);
    const json = JSON.parse(exported.json);
    expect(json.about).toBe(JO_EMAIL);
    expect(json.identifiers).toEqual({ emails: [JO_EMAIL], mobiles: [JO_MOBILE] });
    expect(json.records.quotes.map((q: { id: number }) => q.id)).toEqual(joQuotes);
    expect(json.records.jobApplications.map((a: { id: number }) => a.id)).toEqual([joJob]);
    expect(json.records.quotes[0]).toMatchObject({ name: jo.name, email: jo.email, mobile: JO_MOBILE });
    expect(json.records.consents).toEqual([
      expect.objectContaining({ subject: JO_EMAIL, channel: "email", granted: true, source: "quote-form" }),
      expect.objectContaining({ subject: JO_MOBILE, channel: "sms", granted: true, source: "feedback-form" }),
    ]);
    expect(json.records.messages).toEqual(
      expect.arrayContaining([expect.objectContaining({ channel: "sms", recipient: JO_MOBILE })]),
    );
    for (const text of [exported.json, exported.csv]) {
      expect(text).not.toMatch(/harriet|vane|900222|harker|900333/i);
      expect(text).not.toContain(`"id": ${otherQuote},\n    "link"`);
    }
    const csvRows = exported.csv.trimEnd().split("\r\n");
    expect(csvRows[0]).toBe("record,id,field,value");
    expect(csvRows).toContain(`quotes,${joQuotes[0]},email,${jo.email}`);
    expect(csvRows).toContain(`quotes,${joQuotes[1]},email,JO.QUILL@example.com`);
    expect(csvRows).toContain(`jobApplications,${joJob},email,${JO_EMAIL}`);
    expect(csvRows.some((row) => row.startsWith("consents,") && row.endsWith(`,subject,${JO_MOBILE}`))).toBe(true);
    expect(csvRows.some((row) => row.startsWith(`jobApplications,${otherJob},`))).toBe(false);
  });

  it("a CSV cell a spreadsheet would run as a formula is defused, and quotes and commas survive", () => {
    const csv = personalDataCsv({
      quotes: [{ id: 1, name: '=HYPERLINK("x"), "Jo"', mobile: "+447700900111" }],
      jobApplications: [],
      modelApplications: [],
      feedback: [],
      consents: [],
      messages: [],
      unsubscribeLinks: [],
      staffNotes: [],
      appointments: [],
    });
    expect(csv).toContain(`quotes,1,name,"'=HYPERLINK(""x""), ""Jo"""`);
    expect(csv).toContain("quotes,1,mobile,+447700900111");
  });

  it("follows a chain of shared addresses and numbers to its end, and says so when it stops at its bound", async () => {
    const db = database.db;
    // Ann's two addresses share a mobile; her work address is on an application with her second mobile.
    const ann = { name: "Ann Chain", mobile: "07700 900401", email: "ann@example.com" };
    await savesQuote(db, ann);
    await savesQuote(db, { ...ann, email: "ann.work@example.com" });
    await appliesForJob(db, { ...ann, email: "ann.work@example.com", mobile: "07700 900402" });
    await offersToModel(db, { ...ann, mobile: "07700 900402" });
    const found = await findForRequest(db, subject("ann@example.com"), null);
    expect(found.identifiers).toEqual({
      emails: ["ann.work@example.com", "ann@example.com"],
      mobiles: ["+447700900401", "+447700900402"],
      names: [ann.name],
    });
    expect(found.complete).toBe(true);
    expect(found.counts).toMatchObject({ quotes: 2, jobApplications: 1, modelApplications: 1 });

    // Each link of this chain takes one more round: longer than the bound, the search stops and says so.
    for (let n = 0; n < 7; n++) {
      const link = { name: "Link Person", email: `link${n}@example.com`, mobile: `07700 9005${10 + n}` };
      await savesQuote(db, link);
      await savesQuote(db, { ...link, email: `link${n + 1}@example.com` });
    }
    const long = await findForRequest(db, subject("link0@example.com"), null);
    expect(long.complete).toBe(false);
    expect(long.identifiers.emails).toContain("link2@example.com");
    expect(long.identifiers.emails).not.toContain("link7@example.com");
  });

  it("erases only what the confirmed preview showed: a stale or missing preview erases nothing", async () => {
    const db = database.db;
    const preview = await findForRequest(db, subject(mina.email), null);
    expect(await erasePersonalData(db, subject(mina.email), null, "")).toEqual({ ok: false });
    // She sends feedback after staff looked: the erasure refuses rather than take what nobody saw.
    await givesFeedback(db, mina);
    expect(await erasePersonalData(db, subject(mina.email), null, preview.preview)).toEqual({ ok: false });
    const [quote] = await db.select().from(t.quotes).where(eq(t.quotes.name, mina.name));
    expect(quote).toMatchObject({ email: mina.email, anonymisedAt: null });
    expect(await consentState(db, MINA_MOBILE, "sms")).toMatchObject({ granted: true });
  });

  it("erasure from the e-mail also removes her SMS consent and the texts to the mobile on her quote", async () => {
    const db = database.db;
    const textsTo = () =>
      db
        .select()
        .from(t.outbox)
        .where(and(eq(t.outbox.channel, "sms"), eq(t.outbox.recipient, MINA_MOBILE)));
    expect((await textsTo()).length).toBeGreaterThan(0);
    expect(await consentState(db, MINA_MOBILE, "sms")).toMatchObject({ granted: true });

    const [{ link }] = (await db
      .select({ link: t.quotes.link })
      .from(t.quotes)
      .where(eq(t.quotes.name, mina.name))) as [{ link: string }];
    // Staff look first; then, before they confirm, the day's digest goes out listing her quote and a colleague
    // searches the quotes for her. Neither is a record of hers to check again: both lose her name all the same.
    const preview = await findForRequest(db, subject(mina.email), null);
    expect(await digestJob.run(db, new Date(), null)).toEqual({ emails: 1 });
    expect(await searchLeads(db, mina.email)).toHaveLength(1);
    const erased = await erasePersonalData(db, subject(mina.email), null, preview.preview);
    if (!erased.ok) throw new Error("A digest or a search since the preview stopped the erasure");
    expect(erased.counts).toMatchObject({ quotes: 1, feedback: 1, consents: 2 });
    expect(erased.redacted).toMatchObject({ auditEntries: 1, digests: 1 });
    // The link she holds: her quote is marked as erased at her request, and not "on its way" any more.
    expect(await getPublicQuote(db, link)).toMatchObject({ firstName: "", erasedOnRequest: true });
    expect(await savedQuoteStatus(db, link)).toEqual({ exists: false, messagesSent: false });
    expect(await textsTo()).toEqual([]);
    expect(await consentState(db, MINA_MOBILE, "sms")).toMatchObject({ granted: false, since: null });
    expect(await consentState(db, mina.email, "email")).toMatchObject({ granted: false, since: null });
    // Her messages that had not gone yet were stopped, and stay stopped: there is nobody left to send them to.
    const stopped = await db
      .select({ id: t.outbox.id })
      .from(t.outbox)
      .where(and(isNotNull(t.outbox.redactedAt), eq(t.outbox.status, "failed")));
    expect(stopped.length).toBeGreaterThan(0);
    expect(await resendMessages(db, { ids: stopped.map((m) => m.id) })).toEqual([]);
    for (const needle of [mina.email, MINA_MOBILE, "7700900333", mina.name]) {
      expect(await whereIsIt(db, needle), needle).toEqual([]);
    }
  });

  it("erasure from her mobile alone leaves nothing of her in any table, while the audit keeps its actions", async () => {
    const db = database.db;
    // Staff looked her up in the quotes list three ways, worked her quote, and looked up Harriet.
    expect(await searchLeads(db, "Jo.Quill@Example.com")).toHaveLength(2);
    expect(await searchLeads(db, "07700 900111")).toHaveLength(2);
    expect(await searchLeads(db, "quill")).toHaveLength(2);
    expect(await searchLeads(db, "Harriet")).toHaveLength(1);
    const noted = (id: number, note: string) => workRecord(db, staff, "quote", id, "note", { note });
    expect(await noted(joQuotes[0] as number, "Rang her: Tuesday mornings suit.")).toMatchObject({ ok: true });
    expect(await noted(otherQuote, "Harriet prefers Fridays.")).toMatchObject({ ok: true });
    expect(await noted(otherQuote, "Her sister is Joanna Quill.")).toMatchObject({ ok: true });
    // Today's digest lists her quotes (and Harriet's) by name, as the one sent while Mina was erased did.
    expect(await digestJob.run(db, new Date(), null)).toEqual({ emails: 1 });
    expect(await whereIsIt(db, jo.name)).toContain("public.outbox.payload");
    expect(await whereIsIt(db, JO_EMAIL)).toContain("public.audit_log.summary");
    const auditBefore = await db.select().from(t.auditLog).orderBy(t.auditLog.id);

    // The booking system sent her appointment, with her details as it holds them.
    await db.insert(t.appointments).values({
      source: "webhook",
      externalId: "appt-jo",
      startsAt: new Date("2030-02-01T10:00:00Z"),
      salonName: "Wrenbridge",
      valuePence: 9000,
      clientName: jo.name,
      clientMobile: JO_MOBILE,
      clientEmail: JO_EMAIL,
    });

    const byMobile = await erase(db, subject("07700 900111"), staff);
    expect(byMobile.counts).toMatchObject({
      appointments: 1,
      quotes: 2,
      jobApplications: 1,
      modelApplications: 1,
      feedback: 1,
      consents: 2,
      unsubscribeLinks: 1,
    });
    // Three searches for her and the note on her quote; Harriet's note that names her.
    expect(byMobile.redacted).toEqual({ auditEntries: 5, otherNotes: 1, digests: 2 });

    for (const needle of [JO_EMAIL, JO_MOBILE, "7700900111", "7700 900111", jo.name, "Quill"]) {
      expect(await whereIsIt(db, needle), needle).toEqual([]);
    }

    // Every audit entry is still there, with what was done, by whom, when and to which record.
    const auditAfter = await db.select().from(t.auditLog).orderBy(t.auditLog.id);
    const kept = auditAfter.slice(0, auditBefore.length);
    expect(kept.map(({ summary: _, ...rest }) => rest)).toEqual(auditBefore.map(({ summary: _, ...rest }) => rest));
    const searches = kept.filter((entry) => entry.action === "quote.list");
    // The first is the search for Mina, erased with her.
    expect(searches.map((entry) => [entry.staffId, entry.summary])).toEqual([
      [staff.staffId, ERASED_TEXT],
      [staff.staffId, ERASED_TEXT],
      [staff.staffId, ERASED_TEXT],
      [staff.staffId, ERASED_TEXT],
      [staff.staffId, "page 1, 1 shown; filters: q=Harriet"],
    ]);
    const notes = kept.filter((entry) => entry.action === "quote.note");
    expect(notes.map((entry) => [entry.subjectId, entry.summary])).toEqual([
      [String(joQuotes[0]), ERASED_TEXT],
      [String(otherQuote), "Harriet prefers Fridays."],
      [String(otherQuote), ERASED_TEXT],
    ]);

    // The figures stay: both quotes, anonymised, with their lines and totals; the survey's ratings.
    const quotes = await db.select().from(t.quotes);
    const hers = quotes.filter((q) => joQuotes.includes(q.id));
    expect(hers.map((q) => [q.name, q.email, q.mobile, q.totalPence > 0, q.erasedOnRequest])).toEqual([
      ["", "", "", true, true],
      ["", "", "", true, true],
    ]);
    const [appointment] = await db.select().from(t.appointments).where(eq(t.appointments.externalId, "appt-jo"));
    expect(appointment).toMatchObject({ clientName: "", clientMobile: null, clientEmail: null, valuePence: 9000 });
    const [survey] = await db.select().from(t.feedback).orderBy(t.feedback.id);
    expect(survey).toMatchObject({ name: "", mobile: "", experience: 4 });
    expect(await consentState(db, JO_EMAIL, "email")).toMatchObject({ granted: false, since: null });
    expect(await consentState(db, JO_MOBILE, "sms")).toMatchObject({ granted: false, since: null });

    // Harriet is untouched, but for the words about Jo in a note on her quote.
    expect(quotes.find((q) => q.id === otherQuote)).toMatchObject({ name: other.name, email: other.email });
    expect(await whereIsIt(db, other.email)).toEqual(
      expect.arrayContaining(["public.quotes.email", "public.job_applications.email", "public.consents.subject"]),
    );
    expect(await consentState(db, "+447700900222", "sms")).toMatchObject({ granted: true });
    const otherNotes = await db
      .select({ body: t.staffNotes.body })
      .from(t.staffNotes)
      .where(eq(t.staffNotes.subjectId, otherQuote))
      .orderBy(t.staffNotes.id);
    const [digest] = await db.select().from(t.outbox).where(eq(t.outbox.template, "staff-quote-digest"));
    const listed =
      (digest?.payload as { quotes: { id: number; name: string; totalPence: number }[] } | undefined)?.quotes ?? [];
    expect(listed.filter((q) => joQuotes.includes(q.id)).map((q) => [q.name, q.totalPence > 0])).toEqual([
      ["", true],
      ["", true],
    ]);
    expect(listed.find((q) => q.id === otherQuote)?.name).toBe(other.name);
    expect(otherNotes.map((n) => n.body)).toEqual([
      "Harriet booked a consultation.",
      "Harriet prefers Fridays.",
      ERASED_TEXT,
    ]);

    // Each request is logged and audited by its reference and counts only (the scan above found no trace of her).
    const requests = await db.select().from(t.rightsRequests);
    expect(requests.map((r) => r.kind)).toEqual(expect.arrayContaining(["find", "export", "erase"]));
    const erasures = await db.select().from(t.auditLog).where(eq(t.auditLog.action, "privacy.erase"));
    expect(erasures.map((entry) => entry.subjectId)).toContain(byMobile.reference.split("/")[1]);
    expect(erasures.every((entry) => entry.subjectType === "rights-request")).toBe(true);
  });

  it("erasure removes the file transports' copies of her messages: her .eml files and SMS log lines", async () => {
    const db = database.db;
    const lucy = { name: "Lucy Westenra", mobile: "07700 900555", email: "lucy.w@example.com" };
    await savesQuote(db, lucy);
    await appliesForJob(db, lucy);
    await offersToModel(db, lucy);
    // Every message so far, hers and the others', through the embedded default's transports (no SMTP_URL, no Twilio).
    const dataDir = await mkdtemp(path.join(tmpdir(), "erasure-files-"));
    try {
      const deliver = deliverWith(createMailer({ dataDir }), fileSmsProvider(dataDir), async () => {}, {
        MAIL_FROM: "Maison Ivy <hello@salon.example>",
        PUBLIC_URL: "https://salon.example",
      });
      const rows = await db
        .select()
        .from(t.outbox)
        .where(and(isNull(t.outbox.redactedAt), ne(t.outbox.channel, "webhook")));
      for (const row of rows) await deliver(row);
      const mailFiles = () => readdir(path.join(dataDir, "mail"));
      const smsLog = () => readFile(path.join(dataDir, "sms", "messages.log"), "utf8");
      const mentionsHer = (text: string) => /lucy\.w@example\.com|7700 ?900 ?555|Westenra/i.test(text);
      // What a reader of the file sees: who it went to, and both parts.
      const readMail = async (file: string) => {
        const mail = await simpleParser(await readFile(path.join(dataDir, "mail", file)));
        return `${JSON.stringify(mail.to)} ${mail.text} ${mail.html}`;
      };
      const hersBefore: string[] = [];
      for (const file of await mailFiles()) if (mentionsHer(await readMail(file))) hersBefore.push(file);
      // Her quote, her thanks for applying, and the staff notes of her two applications.
      expect(hersBefore.length).toBeGreaterThanOrEqual(4);
      expect((await smsLog()).split("\n").filter(mentionsHer).length).toBeGreaterThanOrEqual(2);
      const othersBefore = (await mailFiles()).length - hersBefore.length;

      const preview = await findForRequest(db, subject(lucy.email), null);
      const outcome = await erasePersonalData(db, subject(lucy.email), null, preview.preview, new Date(), dataDir);
      expect(outcome.ok).toBe(true);

      const left = await mailFiles();
      expect(left.filter((file) => hersBefore.includes(file))).toEqual([]);
      expect(left).toHaveLength(othersBefore);
      for (const file of left) expect(mentionsHer(await readMail(file)), file).toBe(false);
      const log = await smsLog();
      expect(log.split("\n").filter(mentionsHer)).toEqual([]);
      expect(log).toContain(other.name.split(" ")[0]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
