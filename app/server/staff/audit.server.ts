/**
 * The audit log: every change made from the console and every view of
 * someone's personal data is one appended row (who, what, when, from which
 * session). There is no update or delete here, on purpose.
 */
import { and, desc, eq, type SQL } from "drizzle-orm";
import { RECORD_KINDS } from "~/domain/staff/records";
import type { Database } from "../db.server";
import { auditLog, staffUsers } from "../schema.server";
import { dayParam, dayRange, idParam, type ListPage, oneOf, searchParam, searchWhere } from "./lists.server";

export interface Actor {
  staffId: number;
  sessionId: number;
}

export interface AuditEntry {
  /** What was done: "quote.view", "quote.status", "staff.invite"… */
  action: string;
  subject?: { type: string; id: string | number };
  summary?: string;
}

/** A transaction or the database itself, so a change and its audit row commit together. */
type Tx = Pick<Database, "insert">;

export async function audit(tx: Tx, actor: Actor | null, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: actor?.staffId ?? null,
    sessionId: actor?.sessionId ?? null,
    action: entry.action,
    subjectType: entry.subject?.type ?? null,
    subjectId: entry.subject ? String(entry.subject.id) : null,
    summary: (entry.summary ?? "").slice(0, 500),
  });
}

/** What the log's entries are about, as the filter offers them. */
export const AUDIT_SUBJECTS = [...RECORD_KINDS, "staff", "session", "message", "template", "settings", "list"] as const;

export interface AuditFilter {
  staffId?: number;
  subjectType?: string;
  subjectId?: string;
  /** yyyy-mm-dd, inclusive, London days. */
  from?: string;
  to?: string;
  /** Words in what was done, its details, the subject's id or who did it. */
  q?: string;
}

export function auditFilterOf(params: URLSearchParams): AuditFilter {
  const subjectId = params.get("id") ?? "";
  return {
    staffId: idParam(params.get("staff")),
    subjectType: oneOf(AUDIT_SUBJECTS, params.get("subject")),
    subjectId: /^[\w-]{1,40}$/.test(subjectId) ? subjectId : undefined,
    from: dayParam(params, "from"),
    to: dayParam(params, "to"),
    q: searchParam(params),
  };
}

export async function listAudit(db: Database, filter: AuditFilter, page: ListPage) {
  const where: (SQL | undefined)[] = [
    filter.staffId ? eq(auditLog.staffId, filter.staffId) : undefined,
    filter.subjectType ? eq(auditLog.subjectType, filter.subjectType) : undefined,
    filter.subjectId ? eq(auditLog.subjectId, filter.subjectId) : undefined,
    ...dayRange(auditLog.at, filter),
    searchWhere(filter.q, {
      text: [auditLog.action, auditLog.summary, auditLog.subjectId, staffUsers.name, staffUsers.email],
    }),
  ];
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      staffName: staffUsers.name,
      staffEmail: staffUsers.email,
      sessionId: auditLog.sessionId,
      action: auditLog.action,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      summary: auditLog.summary,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}
