import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSubject, type Subject } from "~/domain/privacy";
import type { Database } from "../db.server";
import * as t from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import { consentState, unsubscribeTokenFor } from "./consents.server";
import { erasePersonalData, exportPersonalData, findForRequest, personalDataCsv } from "./rights.server";
import { appliesForJob, givesFeedback, offersToModel, savesQuote } from "./test-people";

/** Jo types her address differently each time; the site must still see one person. */
const jo = { name: "Joanna Quill", mobile: "07700 900111", email: "Jo.Quill@Example.com" };
const JO_EMAIL = "jo.quill@example.com";
const JO_MOBILE = "+447700900111";
const other = { name: "Harriet Vane", mobile: "07700 900222", email: "harriet@example.com" };

function subject(input: string): Subject {
  const parsed = parseSubject(input);
  if (!parsed) throw new Error(`Not an e-mail address or UK mobile: ${input}`);
  return parsed;
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
  let joQuotes: number[];
  let joJob: number;
  let otherQuote: number;
  let otherJob: number;

  beforeAll(async () => {
    database = await open(seedDatabase);
    const db = database.db;
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
    await db.insert(t.staffNotes).values([
      { subjectType: "job", subjectId: joJob, kind: "reply", body: "Dear Joanna Quill, thank you for applying." },
      { subjectType: "quote", subjectId: otherQuote, kind: "note", body: "Harriet booked a consultation." },
    ]);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("an e-mail address finds both saved quotes and the job application, and nobody else's", async () => {
    const found = await findForRequest(database.db, subject("  jo.quill@EXAMPLE.com "), null);
    expect(found.data.quotes.map((q) => q.id)).toEqual(joQuotes);
    expect(found.data.jobApplications.map((a) => a.id)).toEqual([joJob]);
    expect(found.counts).toMatchObject({
      quotes: 2,
      jobApplications: 1,
      consents: 1,
      unsubscribeLinks: 1,
      staffNotes: 1,
    });
    // Her two quote e-mails, her thank-you, and the note to staff about her application.
    expect(found.counts.messages).toBe(4);
    expect(JSON.stringify(found.data)).not.toMatch(/harriet|vane|900222/i);
    expect(found.reference).toMatch(/^rights-request\/\d+$/);
  });

  it("a mobile number finds the same person however it is written", async () => {
    for (const typed of ["07700 900111", "+44 7700 900111", "0044 (0)7700-900-111", "447700900111"]) {
      const found = await findForRequest(database.db, subject(typed), null);
      expect(found.counts, typed).toMatchObject({
        quotes: 2,
        jobApplications: 1,
        modelApplications: 1,
        feedback: 1,
        consents: 1,
      });
    }
  });

  it("exports everything for the e-mail address as one JSON and one CSV, with nobody else's data", async () => {
    const exported = await exportPersonalData(database.db, subject("Jo.Quill@Example.com"), null);
    const json = JSON.parse(exported.json);
    expect(json.about).toBe(JO_EMAIL);
    expect(json.records.quotes.map((q: { id: number }) => q.id)).toEqual(joQuotes);
    expect(json.records.jobApplications.map((a: { id: number }) => a.id)).toEqual([joJob]);
    expect(json.records.quotes[0]).toMatchObject({ name: jo.name, email: jo.email, mobile: JO_MOBILE });
    expect(json.records.consents).toEqual([
      expect.objectContaining({ subject: JO_EMAIL, channel: "email", granted: true, source: "quote-form" }),
    ]);
    for (const text of [exported.json, exported.csv]) {
      expect(text).not.toMatch(/harriet|vane|900222/i);
      expect(text).not.toContain(`"id": ${otherQuote},\n    "link"`);
    }
    const csvRows = exported.csv.trimEnd().split("\r\n");
    expect(csvRows[0]).toBe("record,id,field,value");
    expect(csvRows).toContain(`quotes,${joQuotes[0]},email,${jo.email}`);
    expect(csvRows).toContain(`quotes,${joQuotes[1]},email,JO.QUILL@example.com`);
    expect(csvRows).toContain(`jobApplications,${joJob},email,${JO_EMAIL}`);
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
    });
    expect(csv).toContain(`quotes,1,name,"'=HYPERLINK(""x""), ""Jo"""`);
    expect(csv).toContain("quotes,1,mobile,+447700900111");
  });

  it("after erasure by e-mail and by mobile, no column of any table holds her address, number or name", async () => {
    expect(await whereIsIt(database.db, JO_EMAIL)).not.toEqual([]);
    const byEmail = await erasePersonalData(database.db, subject(JO_EMAIL), null);
    expect(byEmail.counts).toMatchObject({ quotes: 2, jobApplications: 1 });
    const byMobile = await erasePersonalData(database.db, subject("07700 900111"), null);
    expect(byMobile.counts).toMatchObject({ modelApplications: 1, feedback: 1, consents: 1 });

    for (const needle of [JO_EMAIL, JO_MOBILE, "7700900111", "7700 900111", jo.name, "Quill"]) {
      expect(await whereIsIt(database.db, needle), needle).toEqual([]);
    }
    // The figures stay: both quotes, anonymised, with their lines and totals; the survey's ratings.
    const quotes = await database.db.select().from(t.quotes);
    const hers = quotes.filter((q) => joQuotes.includes(q.id));
    expect(hers.map((q) => [q.name, q.email, q.mobile, q.totalPence > 0])).toEqual([
      ["", "", "", true],
      ["", "", "", true],
    ]);
    expect((await database.db.select().from(t.feedback))[0]).toMatchObject({ name: "", mobile: "", experience: 4 });
    expect(await consentState(database.db, JO_EMAIL, "email")).toMatchObject({ granted: false, since: null });

    // Harriet is untouched.
    expect(quotes.find((q) => q.id === otherQuote)).toMatchObject({ name: other.name, email: other.email });
    expect(await whereIsIt(database.db, other.email)).toEqual(
      expect.arrayContaining(["public.quotes.email", "public.job_applications.email", "public.consents.subject"]),
    );
    expect(await consentState(database.db, "+447700900222", "sms")).toMatchObject({ granted: true });

    expect(await database.db.select({ body: t.staffNotes.body }).from(t.staffNotes)).toEqual([
      { body: "Harriet booked a consultation." },
    ]);

    // Each request is logged and audited by its reference and counts only (the scan above found no trace of her).
    const requests = await database.db.select().from(t.rightsRequests);
    expect(requests.map((r) => r.kind)).toEqual(expect.arrayContaining(["find", "export", "erase", "erase"]));
    const erasures = await database.db.select().from(t.auditLog).where(eq(t.auditLog.action, "privacy.erase"));
    expect(erasures.map((entry) => entry.subjectId)).toEqual(
      [byEmail.reference, byMobile.reference].map((r) => r.split("/")[1]),
    );
    expect(erasures.every((entry) => entry.subjectType === "rights-request")).toBe(true);
  });
});
