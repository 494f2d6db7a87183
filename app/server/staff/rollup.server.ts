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
export function foldRollup(db: Database, rollup: { table: AnyPgTable; lock: number; merge: SQL }): Promise<void> {
  // One fold (and its vacuum) at a time in this process: a vacuum cannot remove the rows a fold deleted while
  // another fold's transaction, begun before that one committed, is still open (the dashboard folds both rollups
  // at once), and then every read walks the dead rows until autovacuum comes round.
  const next = foldsInTurn.then(() => foldAndVacuum(db, rollup));
  foldsInTurn = next.catch(() => {});
  return next;
}

let foldsInTurn: Promise<void> = Promise.resolve();

async function foldAndVacuum(db: Database, rollup: { table: AnyPgTable; lock: number; merge: SQL }) {
  // One statement, so one round trip rather than four (begin, lock, fold, commit): the lock is tried on the
  // first row of differences and held to the statement's end; a fold that does not get it deletes nothing. Each
  // row is deleted, and so merged, by one fold only, whoever holds the lock.
  const counted = await db.execute<{ n: number }>(sql`
    with folded as (delete from ${rollup.table} where delta and pg_try_advisory_xact_lock(${rollup.lock}) returning *),
    merged as (${rollup.merge})
    select count(*)::int as n from folded`);
  const folded = counted.rows[0]?.n ?? 0;
  if (folded >= VACUUM_AFTER_ROWS) await db.execute(sql`vacuum ${rollup.table}`);
}

/**
 * A rollup's rows where `where` holds, as a subquery named like the table
 * (so the caller's columns still name it): its kept rows through the
 * partial index of kept rows, its rows of differences through theirs. A
 * burst of writes leaves the table spread over as many pages as rows of
 * differences it held (a vacuum frees them but does not give them back), so
 * a read that scanned the table would cost what the busiest hour ever
 * wrote; read through the indexes it costs the rows there are. Select its
 * columns inside sql`…`: drizzle refuses a bare column of a table that is
 * not itself in the query.
 */
export const rollupRows = (table: AnyPgTable, where: SQL) =>
  sql`(select * from ${table} where not delta and ${where} union all select * from ${table} where delta and ${where}) as ${table}`;
