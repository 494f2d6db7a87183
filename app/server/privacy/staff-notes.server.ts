/** Staff's notes and replies about a record name the person too, so they go when the record's personal data goes. */
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db.server";
import { staffNotes } from "../schema.server";

export type NotedRecord = "quote" | "job" | "model" | "feedback";

type Tx = Pick<Database, "select" | "delete">;

export async function staffNotesOn(db: Tx, subjectType: NotedRecord, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(staffNotes)
    .where(and(eq(staffNotes.subjectType, subjectType), inArray(staffNotes.subjectId, ids)))
    .orderBy(staffNotes.id);
}

export async function deleteStaffNotes(db: Tx, subjectType: NotedRecord, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await db
    .delete(staffNotes)
    .where(and(eq(staffNotes.subjectType, subjectType), inArray(staffNotes.subjectId, ids)))
    .returning({ id: staffNotes.id });
  return deleted.length;
}
