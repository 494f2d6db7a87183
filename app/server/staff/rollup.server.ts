/**
 * The console's figures come from rollup tables that triggers keep on every
 * write (decisions 040 and 076): each write adds a row of differences, and a
 * reader folds them into one row per key before it sums.
 */
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db.server";

/**
 * A fold of this many rows leaves as many dead ones behind, which every read
 * of the table scans until autovacuum comes round (a minute or more): after
 * a burst of writes (an import, a busy hour) the fold vacuums them itself.
 */
const VACUUM_AFTER_ROWS = 1000;

/**
 * Folds a rollup's rows of differences into its kept rows. Only one fold
 * runs at a time (an advisory lock tried, not waited for): a reader that
 * finds one under way reads the differences as they are, since every sum
 * counts folded and unfolded rows alike. `merge` inserts from `folded` (the
 * rows of differences just deleted) into the table's kept rows.
 */
export async function foldRollup(db: Database, rollup: { table: AnyPgTable; lock: number; merge: SQL }) {
  const folded = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${rollup.lock}) as locked`,
    );
    if (!rows[0]?.locked) return 0;
    const counted = await tx.execute<{ n: number }>(sql`
      with folded as (delete from ${rollup.table} where delta returning *),
      merged as (${rollup.merge})
      select count(*)::int as n from folded`);
    return counted.rows[0]?.n ?? 0;
  });
  if (folded >= VACUUM_AFTER_ROWS) await db.execute(sql`vacuum ${rollup.table}`);
}
