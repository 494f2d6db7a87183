/**
 * A salon scope (decision 109) as a condition of a console query: the one
 * place a query turns the scope the gate returned into SQL, so lists, records,
 * exports, searches, counts and figures narrow alike.
 */
import { inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { SalonScope } from "~/domain/staff/access";

/**
 * Rows whose salon (`column`, a salons.id, or an expression such as
 * sql`q.salon_id`) is in the scope: no condition (undefined) for "all".
 */
export function inSalonScope(scope: SalonScope, column: SQLWrapper): SQL | undefined {
  return scope === "all" ? undefined : inArray(column, [...scope]);
}

/** inSalonScope for raw SQL: "true" for "all", so it can stand in a `where … and` as it is. */
export function salonScopeSql(scope: SalonScope, column: SQLWrapper): SQL {
  return inSalonScope(scope, column) ?? sql`true`;
}
