/**
 * Rights requests: find everything held about one e-mail address or mobile
 * number, hand it over (JSON and CSV), or erase it. Erasure anonymises where
 * the statistics must stay (quotes, feedback ratings, the fact that a message
 * went) and deletes the rest, staff's notes on those records included. Each
 * request leaves a row in rights_requests with counts only, and an audit
 * entry (who, which request, the counts) that names the request, never the person.
 *
 * Identifiers are matched in one spelling: e-mail addresses in lower case
 * (quotes keep the address as typed, so they are compared lowered), mobiles
 * in E.164, which is how every form stores them.
 */
import { type AnyColumn, and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Subject } from "~/domain/privacy";
import { FORMULA_START, quotedField } from "~/domain/staff/csv";
import type { Database } from "../db.server";
import {
  consents,
  feedback,
  jobApplications,
  modelApplications,
  outbox,
  quotes,
  rightsRequests,
  unsubscribeTokens,
} from "../schema.server";
import { type Actor, audit } from "../staff/audit.server";
import { deleteStaffNotes, staffNotesOn } from "./staff-notes.server";

type Tx = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

/** Each kind of record a person can appear in, in the order an export lists them. */
export const RECORD_KINDS = [
  "quotes",
  "jobApplications",
  "modelApplications",
  "feedback",
  "consents",
  "messages",
  "unsubscribeLinks",
  "staffNotes",
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export type PersonalData = Record<RecordKind, Record<string, unknown>[]>;

const lowerEquals = (column: AnyColumn, value: string) => sql`lower(${column}) = ${value}`;

/** The conditions that pick a person's rows out of each table. */
function matchers(subject: Subject) {
  const email = subject.kind === "email" ? subject.value : null;
  const mobile = subject.kind === "mobile" ? subject.value : null;
  const never = sql`false`;
  return {
    quotes: and(
      isNull(quotes.anonymisedAt),
      email ? lowerEquals(quotes.email, email) : eq(quotes.mobile, mobile as string),
    ),
    jobApplications: email ? lowerEquals(jobApplications.email, email) : eq(jobApplications.mobile, mobile as string),
    modelApplications: mobile ? eq(modelApplications.mobile, mobile) : never,
    feedback: mobile ? and(eq(feedback.mobile, mobile), isNull(feedback.anonymisedAt)) : never,
    consents: eq(consents.subject, subject.value),
    // A message is theirs when it went to them, or when it is about them (the note to staff of their application).
    messages: or(
      lowerEquals(outbox.recipient, subject.value),
      sql`position(${subject.value} in lower(${outbox.payload}::text)) > 0`,
    ),
    unsubscribeLinks: email ? eq(unsubscribeTokens.email, email) : never,
  };
}

/** Everything held about the person, every column of every matching row. */
async function findPersonalData(db: Tx, subject: Subject): Promise<PersonalData> {
  const where = matchers(subject);
  // One after another: inside a transaction they share one connection.
  const quoteRows = await db.select().from(quotes).where(where.quotes).orderBy(quotes.id);
  const jobRows = await db.select().from(jobApplications).where(where.jobApplications).orderBy(jobApplications.id);
  const modelRows = await db
    .select()
    .from(modelApplications)
    .where(where.modelApplications)
    .orderBy(modelApplications.id);
  const feedbackRows = await db.select().from(feedback).where(where.feedback).orderBy(feedback.id);
  const consentRows = await db.select().from(consents).where(where.consents).orderBy(consents.id);
  const messageRows = await db.select().from(outbox).where(where.messages).orderBy(outbox.id);
  const tokenRows = await db.select().from(unsubscribeTokens).where(where.unsubscribeLinks);
  const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id);
  const noteRows = [
    ...(await staffNotesOn(db, "quote", idsOf(quoteRows))),
    ...(await staffNotesOn(db, "job", idsOf(jobRows))),
    ...(await staffNotesOn(db, "model", idsOf(modelRows))),
    ...(await staffNotesOn(db, "feedback", idsOf(feedbackRows))),
  ];
  return {
    quotes: quoteRows,
    jobApplications: jobRows,
    modelApplications: modelRows,
    feedback: feedbackRows,
    consents: consentRows,
    messages: messageRows,
    unsubscribeLinks: tokenRows,
    staffNotes: noteRows,
  };
}

function countsOf(data: PersonalData): Record<RecordKind, number> {
  return Object.fromEntries(RECORD_KINDS.map((kind) => [kind, data[kind].length])) as Record<RecordKind, number>;
}

/**
 * Stored for every request: what kind, and how many records of each sort;
 * and audited under that reference, by whoever handled it. Never the person.
 */
async function logRequest(
  tx: Tx,
  actor: Actor | null,
  kind: "find" | "export" | "erase",
  counts: Record<string, number>,
  now: Date,
) {
  const [row] = await tx
    .insert(rightsRequests)
    .values({ kind, counts, createdAt: now })
    .returning({ id: rightsRequests.id });
  if (!row) throw new Error("The rights request was not logged");
  await audit(tx, actor, {
    action: `privacy.${kind}`,
    subject: { type: "rights-request", id: row.id },
    summary: JSON.stringify(counts),
  });
  return `rights-request/${row.id}`;
}

/**
 * One request in one transaction: the person's records found, `work` done
 * with them (erasure), then the request logged with what was found.
 */
function handleRequest(
  db: Database,
  subject: Subject,
  actor: Actor | null,
  kind: "find" | "export" | "erase",
  now: Date,
  work?: (tx: Tx, data: PersonalData) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const data = await findPersonalData(tx, subject);
    await work?.(tx, data);
    const counts = countsOf(data);
    return { reference: await logRequest(tx, actor, kind, counts, now), data, counts };
  });
}

export interface FoundData {
  reference: string;
  data: PersonalData;
  counts: Record<RecordKind, number>;
}

/** Looks the person up and logs that someone did (a view of personal data is itself recorded). */
export async function findForRequest(
  db: Database,
  subject: Subject,
  actor: Actor | null,
  now = new Date(),
): Promise<FoundData> {
  return handleRequest(db, subject, actor, "find", now);
}

// ---------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------

export interface PersonalDataExport {
  reference: string;
  json: string;
  csv: string;
  counts: Record<RecordKind, number>;
}

/** One cell per value, dates as ISO, nested values (quote lines, message payloads) as JSON. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * Every record as one CSV: a row per field (record, id, field, value), so
 * tables with different columns share one sheet that opens in any spreadsheet.
 * Cells a spreadsheet would run as a formula are prefixed with a quote.
 */
export function personalDataCsv(data: PersonalData): string {
  const lines = ["record,id,field,value"];
  for (const kind of RECORD_KINDS) {
    data[kind].forEach((row, index) => {
      const id = textOf(row.id ?? row.token ?? index + 1);
      for (const [field, value] of Object.entries(row)) {
        const text = textOf(value);
        const safe = FORMULA_START.test(text) && !/^[+-]?\d/.test(text) ? `'${text}` : text;
        lines.push([kind, id, field, safe].map(quotedField).join(","));
      }
    });
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The download for a subject access request: the same records as JSON and as CSV. */
export async function exportPersonalData(
  db: Database,
  subject: Subject,
  actor: Actor | null,
  now = new Date(),
): Promise<PersonalDataExport> {
  const { reference, data, counts } = await handleRequest(db, subject, actor, "export", now);
  const json = JSON.stringify(
    {
      reference,
      exportedAt: now.toISOString(),
      about: subject.value,
      controller: "Maison Ivy Hair Ltd",
      records: data,
    },
    null,
    2,
  );
  return { reference, json, csv: personalDataCsv(data), counts };
}

// ---------------------------------------------------------------------------
// Erasure
// ---------------------------------------------------------------------------

export interface ErasureResult {
  reference: string;
  counts: Record<RecordKind, number>;
}

/**
 * Erases the person in one transaction: quotes and feedback are anonymised
 * (the figures stay), applications, consents and unsubscribe links deleted,
 * and messages to or about them emptied; one still waiting to go is stopped.
 */
export async function erasePersonalData(
  db: Database,
  subject: Subject,
  actor: Actor | null,
  now = new Date(),
): Promise<ErasureResult> {
  const { reference, counts } = await handleRequest(db, subject, actor, "erase", now, async (tx, data) => {
    const ids = (kind: RecordKind) => data[kind].map((row) => row.id as number);
    if (data.quotes.length > 0)
      await tx
        .update(quotes)
        .set({ name: "", mobile: "", email: "", anonymisedAt: now })
        .where(inArray(quotes.id, ids("quotes")));
    if (data.jobApplications.length > 0)
      await tx.delete(jobApplications).where(inArray(jobApplications.id, ids("jobApplications")));
    if (data.modelApplications.length > 0)
      await tx.delete(modelApplications).where(inArray(modelApplications.id, ids("modelApplications")));
    if (data.feedback.length > 0)
      // The free-text answers may name the person too; the ratings alone stay.
      await tx
        .update(feedback)
        .set({ name: "", mobile: "", returnReason: "", comments: null, anonymisedAt: now })
        .where(inArray(feedback.id, ids("feedback")));
    if (data.consents.length > 0) await tx.delete(consents).where(inArray(consents.id, ids("consents")));
    if (data.messages.length > 0)
      await tx
        .update(outbox)
        .set({
          recipient: "",
          recipientKey: "",
          payload: {},
          lastError: null,
          redactedAt: now,
          status: sql`case when ${outbox.status} in ('pending', 'sending') then 'failed' else ${outbox.status} end`,
        })
        .where(inArray(outbox.id, ids("messages")));
    if (data.unsubscribeLinks.length > 0)
      await tx.delete(unsubscribeTokens).where(eq(unsubscribeTokens.email, subject.value));
    await deleteStaffNotes(tx, "quote", ids("quotes"));
    await deleteStaffNotes(tx, "job", ids("jobApplications"));
    await deleteStaffNotes(tx, "model", ids("modelApplications"));
    await deleteStaffNotes(tx, "feedback", ids("feedback"));
  });
  return { reference, counts };
}
