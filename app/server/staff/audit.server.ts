/**
 * The audit log: every change made from the console and every view of
 * someone's personal data is one appended row (who, what, when, from which
 * session). There is no update or delete here, on purpose.
 */
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { rightsCountsInWords } from "~/domain/privacy";
import {
  AUDIT_SUBJECTS,
  type AuditAction,
  type AuditRowForWords,
  type AuditSubjectType,
  auditSentence,
  auditSubjectPage,
  VIEW_AUDIT_PERIOD_MINUTES,
  type ViewAction,
} from "~/domain/staff/audit-log";
import type { RecordKind } from "~/domain/staff/records";
import { type Access, STAFF_ROUTES, type StaffRouteKey } from "~/domain/staff/routes";
import type { Database } from "../db.server";
import {
  auditLog,
  blogPosts,
  feedback,
  jobApplications,
  levels,
  modelApplications,
  newsItems,
  notices,
  offers,
  quotes,
  reviews,
  salons,
  services,
  shopBanners,
  shopTiles,
  staffUsers,
  stylists,
} from "../schema.server";
import { dayParam, dayRange, idParam, type ListPage, oneOf, searchParam, searchWhere } from "./lists.server";

export interface Actor {
  staffId: number;
  sessionId: number;
}

export interface AuditEntry {
  /** What was done: one of AUDIT_ACTIONS, each with its sentence (app/domain/staff/audit-log.ts). */
  action: AuditAction;
  subject?: { type: AuditSubjectType; id: string | number };
  summary?: string;
}

/** A transaction or the database itself, so a change and its audit row commit together. */
type Tx = Pick<Database, "insert">;

/**
 * Writes what `actor` (none: the site itself) did to the audit log: one
 * entry, or several in one statement (what one page showed). Summaries are
 * cut to 500 characters.
 */
export async function audit(tx: Tx, actor: Actor | null, entries: AuditEntry | readonly AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries as AuditEntry];
  if (list.length === 0) return;
  await tx.insert(auditLog).values(
    list.map((entry) => ({
      staffId: actor?.staffId ?? null,
      sessionId: actor?.sessionId ?? null,
      action: entry.action,
      subjectType: entry.subject?.type ?? null,
      subjectId: entry.subject ? String(entry.subject.id) : null,
      summary: (entry.summary ?? "").slice(0, 500),
    })),
  );
}

/**
 * A look at one record of someone's details (its page's loader), recorded
 * once per person per record per VIEW_AUDIT_PERIOD_MINUTES: the first look,
 * then again once that long has passed. The page read again after their own
 * save, or reloaded, in between is the same look and adds no row
 * (docs/console.md, "The audit log").
 */
export async function auditView(db: Database, actor: Actor, action: ViewAction, subject: RecordSubject) {
  const subjectId = String(subject.id);
  await db.execute(sql`insert into ${auditLog} (staff_id, session_id, action, subject_type, subject_id, summary)
    select ${actor.staffId}, ${actor.sessionId}, ${action}, ${subject.type}, ${subjectId}, ''
    where not exists (select 1 from ${auditLog}
      where subject_type = ${subject.type} and subject_id = ${subjectId} and action = ${action}
        and staff_id = ${actor.staffId}
        and at > now() - make_interval(mins => ${VIEW_AUDIT_PERIOD_MINUTES}))`);
}

interface RecordSubject {
  type: RecordKind;
  id: number;
}

export interface AuditFilter {
  staffId?: number;
  subjectType?: AuditSubjectType;
  subjectId?: string;
  /** yyyy-mm-dd, inclusive, London days. */
  from?: string;
  to?: string;
  /** Words in what was done, its details, the subject's id or who did it. */
  q?: string;
}

export function auditFilterOf(params: URLSearchParams): AuditFilter {
  const subjectId = (params.get("id") ?? "").trim();
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
      staffId: auditLog.staffId,
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

/** What a row's subject is now: its name, or that its person was erased. Absent from the map: deleted since. */
export interface SubjectNow {
  name: string;
  erased: boolean;
}

/** The tables whose rows the log names, each with how to read a row's name (and whether its person was erased). */
const NAMED = {
  quote: { table: quotes, id: quotes.id, name: quotes.name, erased: quotes.anonymisedAt },
  job: { table: jobApplications, id: jobApplications.id, name: jobApplications.name },
  model: { table: modelApplications, id: modelApplications.id, name: modelApplications.name },
  feedback: { table: feedback, id: feedback.id, name: feedback.name, erased: feedback.anonymisedAt },
  staff: { table: staffUsers, id: staffUsers.id, name: staffUsers.name },
  stylist: {
    table: stylists,
    id: stylists.id,
    name: sql<string>`${stylists.firstName} || ' ' || ${stylists.lastName}`,
  },
  offer: { table: offers, id: offers.id, name: offers.title },
  blog_post: { table: blogPosts, id: blogPosts.id, name: blogPosts.title },
  news_item: { table: newsItems, id: newsItems.id, name: newsItems.title },
  shop_banner: { table: shopBanners, id: shopBanners.id, name: sql<string>`''` },
  shop_tile: { table: shopTiles, id: shopTiles.id, name: shopTiles.title },
  notice: { table: notices, id: notices.id, name: notices.title },
  salon: { table: salons, id: salons.id, name: salons.name },
  service: {
    table: services,
    id: services.id,
    name: sql<string>`coalesce(${services.clientName}, ${services.service})`,
  },
  level: { table: levels, id: levels.id, name: levels.name },
  review: { table: reviews, id: reviews.id, name: sql<string>`''` },
} satisfies Partial<
  Record<AuditSubjectType, { table: PgTable; id: AnyPgColumn; name: AnyPgColumn | SQL; erased?: AnyPgColumn }>
>;

const isNamed = (type: string): type is keyof typeof NAMED => Object.hasOwn(NAMED, type);

/**
 * What the rows' subjects are now, by "type:id": a name to read them by and
 * whether their person was erased (never the name they had). Subjects of a
 * kind with no name to give are absent, as are those deleted since: check
 * `isNamed`-kinds against the map, and take others as they are.
 */
export async function subjectsNow(
  db: Database,
  rows: readonly { subjectType: string | null; subjectId: string | null }[],
): Promise<Map<string, SubjectNow>> {
  const wanted = new Map<keyof typeof NAMED, Set<number>>();
  for (const row of rows) {
    const id = Number(row.subjectId);
    if (!row.subjectType || !isNamed(row.subjectType) || !Number.isSafeInteger(id) || id <= 0) continue;
    const ids = wanted.get(row.subjectType) ?? new Set<number>();
    ids.add(id);
    wanted.set(row.subjectType, ids);
  }
  const found = new Map<string, SubjectNow>();
  await Promise.all(
    [...wanted].map(async ([type, ids]) => {
      const named: { table: PgTable; id: AnyPgColumn; name: AnyPgColumn | SQL; erased?: AnyPgColumn } = NAMED[type];
      const erased = named.erased ? sql<boolean>`${named.erased} is not null` : sql<boolean>`false`;
      const list = await db
        .select({ id: named.id, name: named.name, erased })
        .from(named.table)
        .where(inArray(named.id, [...ids]));
      for (const row of list)
        found.set(`${type}:${row.id}`, { name: String(row.name ?? ""), erased: Boolean(row.erased) });
    }),
  );
  return found;
}

/** A row of the log as it is read: when, and what happened as a sentence. */
export interface AuditLine {
  id: number;
  at: string;
  sentence: ReturnType<typeof auditSentence>;
  summary: string;
}

/**
 * Rows of the log as sentences for `viewer`: who did what to which record,
 * linked where the record still has a page the viewer's role may open (the
 * audit log, and the console home's "What changed on the site").
 */
export async function auditEntries(
  db: Database,
  viewer: { can: (access: Exclude<Access, "public">) => boolean },
  rows: readonly {
    id: number;
    at: Date;
    staffId: number | null;
    staffName: string | null;
    action: string;
    subjectType: string | null;
    subjectId: string | null;
    summary: string;
  }[],
): Promise<AuditLine[]> {
  const now = await subjectsNow(db, rows);
  // A link only where the page exists and the reader's role may open it.
  const mayOpen = (key: StaffRouteKey) => {
    const page: Access | null = STAFF_ROUTES[key].page;
    return page === "public" || (page !== null && viewer.can(page));
  };
  const teamHref = (id: number) => (mayOpen("team") ? auditSubjectPage("staff", String(id))?.href : undefined);
  return rows.map((r) => {
    let subject: AuditRowForWords["subject"] = null;
    if (r.subjectType && r.subjectId) {
      const found = now.get(`${r.subjectType}:${r.subjectId}`);
      const state = !isNamed(r.subjectType) ? "live" : !found ? "deleted" : found.erased ? "erased" : "live";
      const page = state === "live" ? auditSubjectPage(r.subjectType, r.subjectId) : undefined;
      subject = {
        type: r.subjectType,
        id: r.subjectId,
        name: state === "live" ? found?.name || undefined : undefined,
        href: page && mayOpen(page.key) ? page.href : undefined,
        state,
      };
    }
    const actor = r.staffId === null ? null : { name: r.staffName ?? "Someone", href: teamHref(r.staffId) };
    return {
      id: r.id,
      at: r.at.toISOString(),
      sentence: auditSentence({ action: r.action, actor, subject, summary: r.summary }),
      // A rights request logs its counts as JSON: shown in words.
      summary: r.action.startsWith("privacy.") ? rightsCountsInWords(r.summary) : r.summary,
    };
  });
}
