/**
 * Every staff list as a CSV file. Each export reads its rows through the same
 * filter parser and list query as the page it is downloaded from, so a file
 * holds exactly what the list shows (all its pages), plus the contact details
 * and answers a list leaves to each record's own page. Every export is
 * written to the audit log: who, which list, which filters, how many rows.
 */
import { inArray } from "drizzle-orm";
import { FEEDBACK_QUESTIONS, FEEDBACK_RATING_FIELDS, jobRoleLabel, referralLabel } from "~/domain/forms";
import { describeSource } from "~/domain/funnel";
import { isSkinTestAnswer, SKIN_TEST_ANSWER_LABELS } from "~/domain/skin-test";
import type { SalonScope } from "~/domain/staff/access";
import { CSV_BOM, type CsvCell, type CsvColumn, csvHeader, csvRow } from "~/domain/staff/csv";
import { STATUS_LABELS } from "~/domain/staff/records";
import type { ExportList } from "~/domain/staff/routes";
import { internationalMobile } from "~/domain/typed-text";
import type { Database } from "../db.server";
import { feedback, jobApplications, modelApplications } from "../schema.server";
import {
  listFeedback,
  listJobApplications,
  listModelApplications,
  type RecordFilter,
  recordFilterOf,
} from "./applications.server";
import { audit } from "./audit.server";
import { leadDownloadBatch, leadFilterOf } from "./leads.server";
import { describeFilter } from "./lists.server";
import { listMessages, type MessageFilter, messageFilterOf, TEMPLATE_LABELS } from "./messages.server";
import type { ScopedActor } from "./records.server";

/** A batch of a download: the next `limit` rows after the one with id `after` (keyset, in the list's order). */
interface Page {
  limit: number;
  after?: number;
}

interface Download<Filter extends object, Row extends { id: number }> {
  /** For the file's name and the audit log. */
  name: string;
  filterOf(params: URLSearchParams): Filter;
  /** One page of the list, filtered and ordered exactly as on screen. */
  page(db: Database, filter: Filter, page: Page, scope: SalonScope): Promise<Row[]>;
  columns: readonly CsvColumn<Row>[];
}

/**
 * A page of a list, each row joined to more of its record's columns, read by
 * id: the list query alone decides which rows.
 */
async function withMore<Row extends { id: number }, Extra extends { id: number }>(
  rows: Row[],
  more: (ids: number[]) => Promise<Extra[]>,
) {
  if (rows.length === 0) return [];
  const byId = new Map((await more(rows.map((r) => r.id))).map((e) => [e.id, e]));
  return rows.flatMap((r) => {
    const extra = byId.get(r.id);
    return extra ? [Object.assign(extra, r)] : [];
  });
}

/** The first columns of every file about people who wrote in: when, who, and their number. */
const sender = <Row extends { createdAt: CsvCell; name: string; mobile: string }>(when: string): CsvColumn<Row>[] => [
  { header: `${when} (UK time)`, value: (r) => r.createdAt },
  { header: "Name", value: (r) => r.name },
  // Spaced international form: a spreadsheet keeps it as text, with no mark in front (csv.ts).
  { header: "Mobile", value: (r) => internationalMobile(r.mobile) },
];

const status = (value: string) => STATUS_LABELS[value] ?? value;

const leads: Download<ReturnType<typeof leadFilterOf>, Awaited<ReturnType<typeof leadDownloadBatch>>[number]> = {
  name: "quotes",
  filterOf: leadFilterOf,
  page: leadDownloadBatch,
  columns: [
    ...sender("Saved"),
    { header: "E-mail", value: (r) => r.email },
    { header: "Salon", value: (r) => r.salon },
    { header: "Level", value: (r) => r.level },
    { header: "Stylist", value: (r) => r.stylistName },
    { header: "Service type", value: (r) => r.type },
    { header: "Returning client", value: (r) => r.regular },
    { header: "Heard of us", value: (r) => referralLabel(r.referral) },
    { header: "Came from", value: (r) => describeSource(r) },
    // Asked on colour quotes only: blank on the others, and on a colour quote whose client was not asked.
    {
      header: "Skin test in last 6 months",
      value: (r) => (isSkinTestAnswer(r.skinTest) ? SKIN_TEST_ANSWER_LABELS[r.skinTest] : ""),
    },
    { header: "Consultation asked", value: (r) => (r.consultationRequested ? "Yes" : "") },
    { header: "Total (£)", value: (r) => (r.totalPence / 100).toFixed(2) },
    { header: "Status", value: (r) => status(r.status) },
    { header: "Link views", value: (r) => r.viewCount },
    { header: "Last viewed (UK time)", value: (r) => r.lastViewedAt },
  ],
};
const jobs: Download<RecordFilter, Awaited<ReturnType<typeof jobRows>>[number]> = {
  name: "job-applications",
  filterOf: recordFilterOf,
  page: jobRows,
  columns: [
    ...sender("Applied"),
    { header: "E-mail", value: (r) => r.email },
    { header: "Role", value: (r) => jobRoleLabel(r) },
    { header: "Experience", value: (r) => r.position },
    { header: "Salon", value: (r) => r.salon },
    { header: "About", value: (r) => r.about },
    { header: "Why hairdressing", value: (r) => r.whyHair },
    { header: "Why us", value: (r) => r.whyUs },
    { header: "Status", value: (r) => status(r.status) },
  ],
};
async function jobRows(db: Database, filter: RecordFilter, page: Page) {
  const t = jobApplications;
  return withMore(await listJobApplications(db, filter, page), (ids) =>
    db
      .select({ id: t.id, mobile: t.mobile, email: t.email, about: t.about, whyHair: t.whyHair, whyUs: t.whyUs })
      .from(t)
      .where(inArray(t.id, ids)),
  );
}

const models: Download<RecordFilter, Awaited<ReturnType<typeof modelRows>>[number]> = {
  name: "model-applications",
  filterOf: recordFilterOf,
  page: modelRows,
  columns: [
    ...sender("Applied"),
    { header: "Hair and availability", value: (r) => r.info },
    { header: "Status", value: (r) => status(r.status) },
  ],
};
async function modelRows(db: Database, filter: RecordFilter, page: Page) {
  const t = modelApplications;
  return withMore(await listModelApplications(db, filter, page), (ids) =>
    db.select({ id: t.id, mobile: t.mobile, info: t.info }).from(t).where(inArray(t.id, ids)),
  );
}

const feedbackList: Download<RecordFilter, Awaited<ReturnType<typeof feedbackRows>>[number]> = {
  name: "feedback",
  filterOf: recordFilterOf,
  page: feedbackRows,
  columns: [
    ...sender("Sent"),
    ...FEEDBACK_RATING_FIELDS.map((field) => ({
      header: FEEDBACK_QUESTIONS[field],
      value: (r: Awaited<ReturnType<typeof feedbackRows>>[number]) => r.answers[field],
    })),
    { header: "Told of recommend-a-friend", value: (r) => r.answers.rec },
    { header: "Told of loyalty points", value: (r) => r.answers.points },
    { header: "What stopped them coming back", value: (r) => r.answers.returnReason },
    { header: "Would visit again", value: (r) => r.answers.repeat },
    { header: "Comments", value: (r) => r.answers.comments },
    { header: "Status", value: (r) => status(r.status) },
  ],
};
async function feedbackRows(db: Database, filter: RecordFilter, page: Page) {
  return withMore(await listFeedback(db, filter, page), (ids) =>
    db
      .select({ id: feedback.id, mobile: feedback.mobile, answers: feedback })
      .from(feedback)
      .where(inArray(feedback.id, ids)),
  );
}

const messages: Download<MessageFilter, Awaited<ReturnType<typeof listMessages>>[number]> = {
  name: "messages",
  filterOf: messageFilterOf,
  page: listMessages,
  columns: [
    { header: "Queued (UK time)", value: (r) => r.createdAt },
    { header: "Channel", value: (r) => r.channel },
    // A text's number as the lists write mobiles ("+44 7700 900123"): a spreadsheet keeps it as text, no mark needed.
    { header: "To", value: (r) => (r.channel === "sms" ? internationalMobile(r.recipient) : r.recipient) },
    { header: "Message", value: (r) => TEMPLATE_LABELS[r.template] ?? r.template },
    { header: "Status", value: (r) => r.status },
    { header: "Attempts", value: (r) => r.attempts },
    { header: "Last error", value: (r) => r.lastError },
    { header: "Sent (UK time)", value: (r) => r.sentAt },
  ],
};

/** How each list downloads, by its name in /staff/export/{list}. */
const DOWNLOADS = { leads, jobs, models, feedback: feedbackList, messages } satisfies Record<ExportList, unknown>;

/**
 * Rows read per query: the file streams out as they come, so memory stays
 * flat however long the list. Each batch starts after the last row of the one
 * before (keyset on the list's order), so the time is linear in the rows.
 */
const BATCH = 2000;

/**
 * The CSV file of one list, as a stream. The filters are read and the first
 * batch is fetched before the stream is handed over, so bad filters (a 400)
 * or a query the database refuses are an error answer, never a file cut off
 * after its header. The audit row is written before the last byte goes out,
 * so a finished download always has its entry; a download abandoned halfway
 * is recorded with the rows it got to.
 */
export async function exportCsv(
  db: Database,
  actor: ScopedActor,
  key: ExportList,
  params: URLSearchParams,
): Promise<ReadableStream> {
  // Each list's filter and row types match within it; past this point only that pairing matters.
  const list = DOWNLOADS[key] as unknown as Download<object, { id: number }>;
  const filter = list.filterOf(params);
  const encoder = new TextEncoder();
  let after: number | undefined;
  let rows = 0;
  let recorded = false;
  const record = async (note = "") => {
    if (recorded) return;
    recorded = true;
    await audit(db, actor, {
      action: `export.${key}`,
      subject: { type: "list", id: key },
      summary: `${rows} ${rows === 1 ? "row" : "rows"}; filters: ${describeFilter(filter)}${note}`,
    });
  };
  let ready: { id: number }[] | undefined = await list.page(db, filter, { limit: BATCH }, actor.scope);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvHeader(list.columns)));
    },
    async pull(controller) {
      const batch = ready ?? (await list.page(db, filter, { limit: BATCH, after }, actor.scope));
      ready = undefined;
      after = batch.at(-1)?.id;
      rows += batch.length;
      if (batch.length > 0) controller.enqueue(encoder.encode(batch.map((row) => csvRow(list.columns, row)).join("")));
      if (batch.length < BATCH) {
        await record();
        controller.close();
      }
    },
    async cancel() {
      await record(" (download stopped before the end)");
    },
  });
}

export function exportFileName(key: ExportList, now = new Date()): string {
  return `maison-ivy-${DOWNLOADS[key].name}-${now.toISOString().slice(0, 10)}.csv`;
}
