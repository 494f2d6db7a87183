/**
 * The audit log: every change made from the console and every view of
 * someone's personal data is one appended row (who, what, when, from which
 * session). There is no update or delete here, on purpose.
 */
import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db.server";
import { auditLog, staffUsers } from "../schema.server";

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

export interface AuditFilter {
  staffId?: number;
  /** Matches the action's start: "quote" finds quote.view and quote.status. */
  action?: string;
  subjectType?: string;
  subjectId?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

export async function listAudit(db: Database, filter: AuditFilter, page: { limit: number; offset: number }) {
  const where: SQL[] = [];
  if (filter.staffId) where.push(eq(auditLog.staffId, filter.staffId));
  if (filter.action) where.push(sql`${auditLog.action} like ${`${filter.action.replace(/[%_\\]/g, "\\$&")}%`}`);
  if (filter.subjectType) where.push(eq(auditLog.subjectType, filter.subjectType));
  if (filter.subjectId) where.push(eq(auditLog.subjectId, filter.subjectId));
  if (filter.from) where.push(gte(auditLog.at, filter.from));
  if (filter.to) where.push(lt(auditLog.at, filter.to));
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
    .offset(page.offset);
}
