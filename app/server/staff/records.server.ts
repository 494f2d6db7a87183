/**
 * Working a record (a quote, job application, model application or
 * feedback): its status and its notes, each change audited in the same
 * transaction and kept as a line of the record's history.
 */
import { and, asc, eq, inArray, ne, type SQL } from "drizzle-orm";
import type { SalonScope } from "~/domain/staff/access";
import { type RecordKind, STATUS_LABELS, STATUSES_OF } from "~/domain/staff/records";
import type { Database } from "../db.server";
import { feedback, jobApplications, modelApplications, quotes, staffNotes, staffUsers } from "../schema.server";
import { type Actor, audit } from "./audit.server";
import { inSalonScope } from "./scope.server";

const TABLES = { quote: quotes, job: jobApplications, model: modelApplications, feedback } as const;

/** Staff working records, with the salons whose records they see (the gate's scope). */
export type ScopedActor = Actor & { scope: SalonScope };

/**
 * The records of this kind in the actor's scope: a quote has its salon; job applications, model applications and
 * feedback are the group's, seen by all who may see that kind (decision 133).
 */
function kindInScope(kind: RecordKind, scope: SalonScope): SQL | undefined {
  return kind === "quote" ? inSalonScope(scope, quotes.salonId) : undefined;
}

/**
 * A status change's line in the record's history and its audit row, written
 * in the change's own transaction (`tx`), by whoever made the change and
 * checked the record is in the actor's scope. Returns the status's label.
 */
export async function noteStatusChange(
  tx: Pick<Database, "insert">,
  actor: Actor,
  kind: RecordKind,
  id: number,
  status: string,
): Promise<string> {
  const label = STATUS_LABELS[status] ?? status;
  await tx
    .insert(staffNotes)
    .values({ subjectType: kind, subjectId: id, staffId: actor.staffId, kind: "status", body: label });
  await audit(tx, actor, { action: `${kind}.status`, subject: { type: kind, id }, summary: label });
  return label;
}

async function setStatus(
  db: Database,
  actor: ScopedActor,
  kind: RecordKind,
  id: number,
  status: string,
): Promise<"done" | "missing" | "invalid"> {
  if (!STATUSES_OF[kind].includes(status)) return "invalid";
  const table = TABLES[kind];
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(table)
      .set({ status })
      .where(and(eq(table.id, id), kindInScope(kind, actor.scope)))
      .returning({ id: table.id });
    if (changed.length === 0) return "missing";
    await noteStatusChange(tx, actor, kind, id, status);
    return "done";
  });
}

/**
 * Sets many records to one status at once (the list's bulk action), in one
 * transaction: each record that changes gets its history line and its audit
 * row, as one changed on its own page would. Those already in that status
 * are left as they are. Returns how many changed.
 */
export async function setStatuses(
  db: Database,
  actor: ScopedActor,
  kind: RecordKind,
  ids: number[],
  status: string,
): Promise<number | "invalid"> {
  if (!STATUSES_OF[kind].includes(status) || ids.length === 0) return "invalid";
  const table = TABLES[kind];
  const label = STATUS_LABELS[status] ?? status;
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(table)
      .set({ status })
      .where(and(inArray(table.id, ids), ne(table.status, status), kindInScope(kind, actor.scope)))
      .returning({ id: table.id });
    if (changed.length === 0) return 0;
    await tx.insert(staffNotes).values(
      changed.map((r) => ({
        subjectType: kind,
        subjectId: r.id,
        staffId: actor.staffId,
        kind: "status",
        body: label,
      })),
    );
    for (const r of changed)
      await audit(tx, actor, { action: `${kind}.status`, subject: { type: kind, id: r.id }, summary: label });
    return changed.length;
  });
}

const NOTE_MAX = 5000;

async function addNote(
  db: Database,
  actor: ScopedActor,
  kind: RecordKind,
  id: number,
  body: string,
): Promise<"done" | "missing" | "invalid"> {
  const text = body.trim();
  if (!text || text.length > NOTE_MAX) return "invalid";
  const table = TABLES[kind];
  return db.transaction(async (tx) => {
    const [exists] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), kindInScope(kind, actor.scope)))
      .limit(1);
    if (!exists) return "missing";
    await tx
      .insert(staffNotes)
      .values({ subjectType: kind, subjectId: id, staffId: actor.staffId, kind: "note", body: text });
    await audit(tx, actor, { action: `${kind}.note`, subject: { type: kind, id }, summary: text.slice(0, 120) });
    return "done";
  });
}

/** The record's history, oldest first. */
export async function listHistory(db: Database, kind: RecordKind, id: number) {
  const rows = await db
    .select({
      id: staffNotes.id,
      kind: staffNotes.kind,
      body: staffNotes.body,
      createdAt: staffNotes.createdAt,
      staffName: staffUsers.name,
    })
    .from(staffNotes)
    .leftJoin(staffUsers, eq(staffUsers.id, staffNotes.staffId))
    .where(and(eq(staffNotes.subjectType, kind), eq(staffNotes.subjectId, id)))
    .orderBy(asc(staffNotes.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), staffName: r.staffName ?? "System" }));
}

/** Reads the posted record id from the route's params: a positive whole number or a 404. */
export function recordId(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,9}$/.test(param) && Number(param) <= 2_147_483_647 ? Number(param) : null;
}

export type WorkOutcome = { ok: true; done: string } | { ok: false; status: 400 | 404; error: string };

/** The status and note actions every record page shares. */
export async function workRecord(
  db: Database,
  actor: ScopedActor,
  kind: RecordKind,
  id: number,
  intent: string,
  input: Record<string, string | undefined>,
): Promise<WorkOutcome> {
  const outcome =
    intent === "status"
      ? await setStatus(db, actor, kind, id, input.status ?? "")
      : await addNote(db, actor, kind, id, input.note ?? "");
  if (outcome === "missing") return { ok: false, status: 404, error: "That record no longer exists." };
  if (outcome === "invalid")
    return {
      ok: false,
      status: 400,
      error:
        intent === "status" ? "Choose one of the listed statuses." : `Write a note of up to ${NOTE_MAX} characters.`,
    };
  return { ok: true, done: intent === "status" ? "Status saved." : "Note added." };
}
