/**
 * Rights requests about one person: find everything held about them, hand it
 * over (JSON and CSV), or erase it. A request starts from one identifier (an
 * e-mail address, a mobile number, or a name with the day a record was made)
 * and gathers the person from there: every e-mail and mobile on the records it
 * finds is matched in turn, until no new one turns up (bounded), so her texts
 * and SMS consent are found from her e-mail address and the other way round.
 *
 * Erasure anonymises where the statistics must stay (quotes, feedback ratings,
 * the fact that a message went) and deletes the rest, staff's notes on those
 * records included; the audit log keeps who did what and when, but summaries
 * that name the person (a search for her, a note's text) become "[erased]".
 * Each request leaves a row in rights_requests with counts only, and an audit
 * entry (who, which request, the counts) that names the request, never the person.
 *
 * Identifiers are matched in one spelling: e-mail addresses in lower case
 * (quotes keep the address as typed, so they are compared lowered), mobiles
 * in E.164, which is how every form stores them.
 */
import { createHash } from "node:crypto";
import { type AnyColumn, and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  describeSubject,
  ERASED_TEXT,
  normaliseEmail,
  normaliseName,
  PERSONAL_RECORD_KINDS,
  type PersonalRecordKind,
  type Subject,
} from "~/domain/privacy";
import { FORMULA_START, quotedField } from "~/domain/staff/csv";
import { config } from "../config.server";
import type { Database } from "../db.server";
import { eraseFileCopies } from "../delivery/transports.server";
import {
  appointments,
  auditLog,
  consents,
  feedback,
  jobApplications,
  modelApplications,
  outbox,
  quotes,
  rightsRequests,
  staffNotes,
  unsubscribeTokens,
} from "../schema.server";
import { type Actor, audit } from "../staff/audit.server";
import { deleteStaffNotes, staffNotesOn } from "./staff-notes.server";

type Tx = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

export const RECORD_KINDS = PERSONAL_RECORD_KINDS;
export type RecordKind = PersonalRecordKind;

export type PersonalData = Record<RecordKind, Record<string, unknown>[]>;

/**
 * How far gathering goes: each round matches the identifiers found so far and
 * collects those on the records matched. A person has a few addresses and
 * numbers; a chain longer than this is more likely a shared number linking
 * strangers, and the preview says the search stopped so staff can check.
 */
const MAX_ROUNDS = 5;
const MAX_IDENTIFIERS = 20;

/** The person's identifiers gathered from the records: addresses, numbers, and the names on those records. */
interface Identifiers {
  emails: string[];
  mobiles: string[];
  names: string[];
}

interface Sets {
  emails: Set<string>;
  mobiles: Set<string>;
  /** Each name once however it was written, as first written. */
  names: Map<string, string>;
}

/** `expression` is one of `values`; never true for no values. */
function anyOf(expression: AnyColumn | SQL, values: Iterable<string>): SQL {
  const list = [...values];
  return list.length === 0 ? sql`false` : sql`${expression} in ${list}`;
}

const lowerTrim = (column: AnyColumn) => sql`lower(btrim(${column}))`;

/** The name given matched on a record made that London day, when the request started from a name. */
function sameNameThatDay(subject: Subject, name: AnyColumn, createdAt: AnyColumn): SQL {
  if (subject.kind !== "name") return sql`false`;
  return sql`(lower(regexp_replace(btrim(${name}), '[[:space:]]+', ' ', 'g')) = ${normaliseName(subject.value)}
    and (${createdAt} at time zone 'Europe/London')::date = ${subject.day}::date)`;
}

/** The conditions that pick the person's own records (the ones that carry identifiers) out of each table. */
function recordMatchers(subject: Subject, sets: Sets) {
  return {
    quotes: and(
      isNull(quotes.anonymisedAt),
      or(
        anyOf(lowerTrim(quotes.email), sets.emails),
        anyOf(quotes.mobile, sets.mobiles),
        sameNameThatDay(subject, quotes.name, quotes.createdAt),
      ),
    ),
    jobApplications: or(
      anyOf(lowerTrim(jobApplications.email), sets.emails),
      anyOf(jobApplications.mobile, sets.mobiles),
      sameNameThatDay(subject, jobApplications.name, jobApplications.createdAt),
    ),
    modelApplications: or(
      anyOf(modelApplications.mobile, sets.mobiles),
      sameNameThatDay(subject, modelApplications.name, modelApplications.createdAt),
    ),
    feedback: and(
      isNull(feedback.anonymisedAt),
      or(
        anyOf(feedback.mobile, sets.mobiles),
        sameNameThatDay(subject, feedback.name, feedback.createdAt),
        // The survey keeps an e-mail address only on the consent to offers given with it.
        sets.emails.size === 0
          ? sql`false`
          : sql`('feedback/' || ${feedback.id}) in (select source_ref from consents where ${anyOf(consents.subject, sets.emails)})`,
      ),
    ),
  };
}

/** Adds a record's identifiers; true when any was new. */
function collect(sets: Sets, row: { name: string; email?: string | null; mobile: string }): boolean {
  const before = sets.emails.size + sets.mobiles.size;
  const email = row.email ? normaliseEmail(row.email) : "";
  if (email) sets.emails.add(email);
  if (row.mobile.trim()) sets.mobiles.add(row.mobile.trim());
  const name = row.name.replace(/\s+/g, " ").trim();
  if (name && !sets.names.has(normaliseName(name))) sets.names.set(normaliseName(name), name);
  return sets.emails.size + sets.mobiles.size > before;
}

/**
 * From the identifier given to every e-mail and mobile on the records it
 * reaches, round by round, until a round adds none (or the bound is met).
 */
async function gatherIdentifiers(db: Tx, subject: Subject): Promise<{ sets: Sets; complete: boolean }> {
  const sets: Sets = { emails: new Set(), mobiles: new Set(), names: new Map() };
  if (subject.kind === "email") sets.emails.add(subject.value);
  if (subject.kind === "mobile") sets.mobiles.add(subject.value);
  const result = await followLinks(db, subject, sets);
  // The name asked for, as the records write it; as staff typed it where no record has it.
  if (subject.kind === "name" && !sets.names.has(normaliseName(subject.value)))
    sets.names.set(normaliseName(subject.value), subject.value);
  return result;
}

/** The rounds: match the records by what is known so far, add what they carry, stop when nothing is new. */
async function followLinks(db: Tx, subject: Subject, sets: Sets): Promise<{ sets: Sets; complete: boolean }> {
  for (let round = 1; ; round++) {
    const where = recordMatchers(subject, sets);
    const found = [
      ...(await db
        .select({ name: quotes.name, email: quotes.email, mobile: quotes.mobile })
        .from(quotes)
        .where(where.quotes)),
      ...(await db
        .select({ name: jobApplications.name, email: jobApplications.email, mobile: jobApplications.mobile })
        .from(jobApplications)
        .where(where.jobApplications)),
      ...(await db
        .select({ name: modelApplications.name, mobile: modelApplications.mobile })
        .from(modelApplications)
        .where(where.modelApplications)),
      ...(await db
        .select({
          name: feedback.name,
          mobile: feedback.mobile,
          // The address given for offers with the survey: the feedback table has no column for it.
          // Spelt out with its table: inside the subquery a bare "id" would be the consent's.
          email: sql<string | null>`(select min(c.subject) from consents c
            where c.channel = 'email' and c.source_ref = 'feedback/' || feedback.id)`,
        })
        .from(feedback)
        .where(where.feedback)),
    ];
    let grew = false;
    for (const row of found) grew = collect(sets, row) || grew;
    if (!grew) return { sets, complete: true };
    if (round >= MAX_ROUNDS || sets.emails.size + sets.mobiles.size > MAX_IDENTIFIERS) return { sets, complete: false };
  }
}

/** A mobile's national digits (+447700900111 → 7700900111): how it is found in text however it was typed. */
const nationalDigits = (mobile: string) => mobile.replace(/^\+44/, "").replace(/\D/g, "");

/** Names short enough to be part of other words are left to the other rules. */
const usableName = (name: string) => name.length >= 3;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Free text that names the person: one of her addresses, one of her numbers
 * however it was spaced, or one of her names in full.
 */
function mentions(column: AnyColumn, ids: Identifiers): SQL {
  const text = sql`lower(${column})`;
  const squeezed = sql`regexp_replace(${column}, '[[:space:]().+-]', '', 'g')`;
  return or(
    sql`false`,
    ...ids.emails.map((email) => sql`position(${email} in ${text}) > 0`),
    ...ids.mobiles.map((mobile) => sql`position(${nationalDigits(mobile)} in ${squeezed}) > 0`),
    ...ids.names.filter(usableName).map((name) => sql`position(${name.toLowerCase()} in ${text}) > 0`),
  ) as SQL;
}

/** The ids of the person's records, by what they are called in staff notes and the audit log. */
interface Refs {
  quote: number[];
  job: number[];
  model: number[];
  feedback: number[];
  message: number[];
  appointment: number[];
}

function refsOf(data: PersonalData): Refs {
  const ids = (kind: RecordKind) => data[kind].map((row) => row.id as number);
  return {
    quote: ids("quotes"),
    job: ids("jobApplications"),
    model: ids("modelApplications"),
    feedback: ids("feedback"),
    message: ids("messages"),
    appointment: ids("appointments"),
  };
}

/**
 * Audit entries whose summary says something about the person: it mentions
 * her, it records a search for her (a word of her name or her address's
 * mailbox in a list's `q=`), or it is the text of a note on one of her records
 * (or the recipient of a message to her). The action, who and when stay.
 */
function auditAboutPerson(ids: Identifiers, refs: Refs): SQL {
  const searchWords = [
    ...new Set([
      ...ids.names.flatMap((name) => name.toLowerCase().split(" ")).filter((word) => word.length >= 2),
      ...ids.emails.map((email) => email.split("@")[0] as string).filter((local) => local.length >= 3),
    ]),
  ];
  const on = (type: string, list: number[], action?: string) =>
    list.length === 0
      ? sql`false`
      : and(
          eq(auditLog.subjectType, type),
          inArray(auditLog.subjectId, list.map(String)),
          action ? sql`${auditLog.action} like ${action}` : undefined,
        );
  return and(
    sql`${auditLog.summary} <> ${ERASED_TEXT}`,
    or(
      mentions(auditLog.summary, ids),
      ...searchWords.map((word) => sql`${auditLog.summary} ~* ${`(^|[ ,;])q=.*\\m${escapeRegExp(word)}\\M`}`),
      on("quote", refs.quote, "%.note"),
      on("job", refs.job, "%.note"),
      on("model", refs.model, "%.note"),
      on("feedback", refs.feedback, "%.note"),
      on("message", refs.message),
    ),
  ) as SQL;
}

/** Staff's notes on other records that mention the person (those on her own records go whole). */
function othersNotesAboutPerson(ids: Identifiers, refs: Refs): SQL {
  const onHers = (type: string, list: number[]) =>
    list.length === 0 ? sql`false` : and(eq(staffNotes.subjectType, type), inArray(staffNotes.subjectId, list));
  return and(
    sql`${staffNotes.body} <> ${ERASED_TEXT}`,
    mentions(staffNotes.body, ids),
    sql`not (${or(onHers("quote", refs.quote), onHers("job", refs.job), onHers("model", refs.model), onHers("feedback", refs.feedback))})`,
  ) as SQL;
}

/** A list of ids as one PostgreSQL array parameter. */
const intArray = (ids: number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(",")}}`}::int[]`;

/**
 * Staff's daily digests (and the managers' e-mails of leads still New) that
 * list one of her quotes by name. They are about many clients, so they are not
 * erased whole: her entries lose their name.
 */
function digestsListing(quoteIds: number[]): SQL {
  if (quoteIds.length === 0) return sql`false`;
  return sql`${outbox.template} in ('staff-quote-digest', 'lead-uncontacted') and exists (
    select 1 from jsonb_array_elements(${outbox.payload}->'quotes') as entry
    where (entry->>'id')::int = any(${intArray(quoteIds)}) and entry->>'name' <> '')`;
}

/** Everything found for one request: the records, the identifiers gathered, what erasure would also redact. */
interface PersonFound {
  identifiers: Identifiers;
  /** False when gathering stopped at its bound before every linked identifier was followed. */
  complete: boolean;
  data: PersonalData;
  /** Free text elsewhere that erasure blanks: audit summaries, notes on other people's records, her names in staff digests. */
  redactions: { auditEntries: number; otherNotes: number; digests: number };
  /**
   * A digest of the identifiers and records: erasure goes ahead only when
   * what it would remove then is what the preview showed (what staff
   * confirmed). The redactions are left out: a digest or an audit entry that
   * names her after staff looked (the day's digest going out, a colleague
   * searching for her) is blanked all the same, and holds nobody else's data.
   */
  preview: string;
}

/** Everything held about the person, every column of every matching row. */
async function findPerson(db: Tx, subject: Subject): Promise<PersonFound> {
  const { sets, complete } = await gatherIdentifiers(db, subject);
  const where = recordMatchers(subject, sets);
  // One after another: inside a transaction they share one connection.
  const quoteRows = await db.select().from(quotes).where(where.quotes).orderBy(quotes.id);
  const jobRows = await db.select().from(jobApplications).where(where.jobApplications).orderBy(jobApplications.id);
  const modelRows = await db
    .select()
    .from(modelApplications)
    .where(where.modelApplications)
    .orderBy(modelApplications.id);
  const feedbackRows = await db.select().from(feedback).where(where.feedback).orderBy(feedback.id);
  const everyId = [...sets.emails, ...sets.mobiles];
  const consentRows = await db.select().from(consents).where(anyOf(consents.subject, everyId)).orderBy(consents.id);
  // A message is theirs when it went to them, or when it is about them (the note to staff of their application, a quote of theirs).
  const messageRows = await db
    .select()
    .from(outbox)
    .where(
      or(
        anyOf(sql`lower(${outbox.recipient})`, everyId),
        ...everyId.map((id) => sql`position(${id} in lower(${outbox.payload}::text)) > 0`),
        anyOf(
          sql`${outbox.payload}->>'link'`,
          quoteRows.map((q) => q.link),
        ),
      ),
    )
    .orderBy(outbox.id);
  const tokenRows = await db
    .select()
    .from(unsubscribeTokens)
    .where(anyOf(unsubscribeTokens.email, sets.emails))
    .orderBy(unsubscribeTokens.email);
  const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id);
  // Appointments the booking system sent with her number or address (stored normalised, as the sets are).
  const appointmentRows = await db
    .select()
    .from(appointments)
    .where(or(anyOf(appointments.clientEmail, sets.emails), anyOf(appointments.clientMobile, sets.mobiles)))
    .orderBy(appointments.id);
  const noteRows = [
    ...(await staffNotesOn(db, "quote", idsOf(quoteRows))),
    ...(await staffNotesOn(db, "job", idsOf(jobRows))),
    ...(await staffNotesOn(db, "model", idsOf(modelRows))),
    ...(await staffNotesOn(db, "feedback", idsOf(feedbackRows))),
  ];
  const data: PersonalData = {
    quotes: quoteRows,
    jobApplications: jobRows,
    modelApplications: modelRows,
    feedback: feedbackRows,
    consents: consentRows,
    messages: messageRows,
    unsubscribeLinks: tokenRows,
    staffNotes: noteRows,
    appointments: appointmentRows,
  };
  const sorted = (set: Set<string>) => [...set].sort();
  const identifiers = {
    emails: sorted(sets.emails),
    mobiles: sorted(sets.mobiles),
    names: [...sets.names.values()].sort(),
  };
  const refs = refsOf(data);
  const count = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const redactions = {
    auditEntries: await count(
      db.select({ n: sql<number>`count(*)` }).from(auditLog).where(auditAboutPerson(identifiers, refs)),
    ),
    otherNotes: await count(
      db.select({ n: sql<number>`count(*)` }).from(staffNotes).where(othersNotesAboutPerson(identifiers, refs)),
    ),
    digests: await count(db.select({ n: sql<number>`count(*)` }).from(outbox).where(digestsListing(refs.quote))),
  };
  const digest = createHash("sha256")
    .update(
      JSON.stringify({
        identifiers,
        complete,
        records: RECORD_KINDS.map((kind) => data[kind].map((row) => row.id ?? row.token)),
      }),
    )
    .digest("base64url");
  return { identifiers, complete, data, redactions, preview: digest.slice(0, 32) };
}

function countsOf(data: PersonalData): Record<RecordKind, number> {
  return Object.fromEntries(RECORD_KINDS.map((kind) => [kind, data[kind].length])) as Record<RecordKind, number>;
}

/** What a request logs: how many records of each sort, identifiers gathered and texts to redact. Never the person. */
const loggedCounts = (found: PersonFound) => ({
  ...countsOf(found.data),
  identifiers: found.identifiers.emails.length + found.identifiers.mobiles.length,
  ...found.redactions,
});

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

export interface FoundData extends PersonFound {
  reference: string;
  counts: Record<RecordKind, number>;
}

/** Finds the person and logs the request, in one transaction. */
function findAndLog(db: Database, subject: Subject, actor: Actor | null, kind: "find" | "export", now: Date) {
  return db.transaction(async (tx): Promise<FoundData> => {
    const found = await findPerson(tx, subject);
    const reference = await logRequest(tx, actor, kind, loggedCounts(found), now);
    return { ...found, reference, counts: countsOf(found.data) };
  });
}

/**
 * Looks the person up and logs that someone did (a view of personal data is
 * itself recorded): the preview of an erasure, with its `preview` digest.
 */
export async function findForRequest(
  db: Database,
  subject: Subject,
  actor: Actor | null,
  now = new Date(),
): Promise<FoundData> {
  return findAndLog(db, subject, actor, "find", now);
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
  const { reference, data, counts, identifiers } = await findAndLog(db, subject, actor, "export", now);
  const json = JSON.stringify(
    {
      reference,
      exportedAt: now.toISOString(),
      about: describeSubject(subject),
      // Every address and number the records led to: the search went from one to the others.
      identifiers: { emails: identifiers.emails, mobiles: identifiers.mobiles },
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

export type ErasureOutcome =
  | {
      ok: true;
      reference: string;
      counts: Record<RecordKind, number>;
      redacted: PersonFound["redactions"];
    }
  /** What is held differs from the preview confirmed (new records, or no preview at all): nothing was erased. */
  | { ok: false };

/**
 * Erases the person in one transaction, provided what it finds is what the
 * confirmed preview showed (`confirmedPreview`, from findForRequest): quotes,
 * feedback and booked appointments are anonymised (the figures stay), applications, consents and
 * unsubscribe links deleted, messages to or about them emptied (one still
 * waiting to go is stopped), staff's notes on their records deleted, and free
 * text about them elsewhere (audit summaries, notes on others' records) blanked.
 * The file transports' copies of those messages under `dataDir` (`.eml` files,
 * SMS log lines) are removed too, before the transaction commits: should it
 * fail, the erasure can be run again and finds them by the same messages.
 */
export async function erasePersonalData(
  db: Database,
  subject: Subject,
  actor: Actor | null,
  confirmedPreview: string,
  now = new Date(),
  dataDir = config().dataDir,
): Promise<ErasureOutcome> {
  return db.transaction(async (tx): Promise<ErasureOutcome> => {
    const found = await findPerson(tx, subject);
    if (found.preview !== confirmedPreview) return { ok: false };
    const { data, identifiers } = found;
    const refs = refsOf(data);
    await eraseFileCopies(dataDir, {
      messageIds: data.messages.map((row) => String(row.messageId)),
      mobiles: identifiers.mobiles,
    });
    // Free text first, while the records it is matched by are still there to name.
    await tx.update(auditLog).set({ summary: ERASED_TEXT }).where(auditAboutPerson(identifiers, refs));
    await tx.update(staffNotes).set({ body: ERASED_TEXT }).where(othersNotesAboutPerson(identifiers, refs));
    await tx
      .update(outbox)
      .set({
        payload: sql`jsonb_set(${outbox.payload}, '{quotes}', (
          select jsonb_agg(case when (entry->>'id')::int = any(${intArray(refs.quote)})
            then jsonb_set(entry, '{name}', '""') else entry end order by position)
          from jsonb_array_elements(${outbox.payload}->'quotes') with ordinality as listed(entry, position)))`,
      })
      .where(digestsListing(refs.quote));
    if (refs.quote.length > 0)
      await tx
        .update(quotes)
        .set({ name: "", mobile: "", email: "", anonymisedAt: now, erasedOnRequest: true })
        .where(inArray(quotes.id, refs.quote));
    if (refs.job.length > 0) await tx.delete(jobApplications).where(inArray(jobApplications.id, refs.job));
    if (refs.model.length > 0) await tx.delete(modelApplications).where(inArray(modelApplications.id, refs.model));
    if (refs.feedback.length > 0)
      // The free-text answers may name the person too; the ratings alone stay.
      await tx
        .update(feedback)
        .set({ name: "", mobile: "", returnReason: "", comments: null, anonymisedAt: now })
        .where(inArray(feedback.id, refs.feedback));
    if (data.consents.length > 0)
      await tx.delete(consents).where(
        inArray(
          consents.id,
          data.consents.map((row) => row.id as number),
        ),
      );
    if (refs.message.length > 0)
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
        .where(inArray(outbox.id, refs.message));
    if (refs.appointment.length > 0)
      // The appointment's date, salon and value stay for the figures, as retention leaves them.
      await tx
        .update(appointments)
        .set({ clientName: "", clientMobile: null, clientEmail: null })
        .where(inArray(appointments.id, refs.appointment));
    await tx.delete(unsubscribeTokens).where(anyOf(unsubscribeTokens.email, identifiers.emails));
    await deleteStaffNotes(tx, "quote", refs.quote);
    await deleteStaffNotes(tx, "job", refs.job);
    await deleteStaffNotes(tx, "model", refs.model);
    await deleteStaffNotes(tx, "feedback", refs.feedback);
    const reference = await logRequest(tx, actor, "erase", loggedCounts(found), now);
    return { ok: true, reference, counts: countsOf(data), redacted: found.redactions };
  });
}
