/**
 * Where a row lands when staff put it somewhere in a list they keep in
 * order: the server stores it, and the console's list shows it before the
 * server answers. Pinned rows stay before the rest (decision 090), so a row
 * dropped across that line lands at the nearest end of its own group.
 */
export interface OrderedRow {
  id: number;
  pinned?: boolean;
}

/** The rows once row `id` is at `to` (0 first; past either end: at that end). Unchanged when `id` is not there. */
export function placeAt<R extends OrderedRow>(rows: readonly R[], id: number, to: number): R[] {
  const from = rows.findIndex((row) => row.id === id);
  if (from < 0 || !Number.isFinite(to)) return [...rows];
  const order = rows.filter((row) => row.id !== id);
  const at = Math.min(Math.max(0, Math.trunc(to)), order.length);
  order.splice(at, 0, rows[from] as R);
  return pinnedFirst(order);
}

/** The rows with the pinned ones first, each group keeping its order. */
function pinnedFirst<R extends OrderedRow>(rows: readonly R[]): R[] {
  return [...rows.filter((row) => row.pinned), ...rows.filter((row) => !row.pinned)];
}

/**
 * The rows as the list shows them: pinned first, then by their stored place,
 * then oldest first. The server sorts rows it has locked with this rather
 * than by the query: PostgreSQL sorts before it waits for a lock, so a
 * request that waited for another person's move gets their new places back
 * in the order the rows had before it.
 */
export function inStoredOrder<R extends OrderedRow & { order: number }>(rows: readonly R[]): R[] {
  return [...rows].sort(
    (a, b) => Number(b.pinned ?? false) - Number(a.pinned ?? false) || a.order - b.order || a.id - b.id,
  );
}

/** One change of order on its way: to a place, or one step up or down. */
export type OrderChange = { id: number; to: number } | { id: number; direction: "up" | "down" };

/** The rows in the order they will have once `changes` are stored, in the order they were sent. */
export function withChanges<R extends OrderedRow>(rows: readonly R[], changes: readonly OrderChange[]): R[] {
  let order = [...rows];
  for (const change of changes) {
    const at = order.findIndex((row) => row.id === change.id);
    if (at < 0) continue;
    const to = "to" in change ? change.to : change.direction === "up" ? at - 1 : at + 1;
    // A step past an end (or across the pinned rows' edge) moves nothing, as on the server.
    if (!("to" in change) && (to < 0 || to >= order.length || order[to]?.pinned !== order[at]?.pinned)) continue;
    order = placeAt(order, change.id, to);
  }
  return order;
}
