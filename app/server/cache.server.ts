/**
 * An in-process cache for catalogue and content reads. A database trigger
 * notifies every process (LISTEN/NOTIFY) when a content row changes, and the
 * cache of that database is dropped at once; a short time-to-live bounds
 * staleness should a notification ever be missed. Only a database that the
 * server registered with `enableContentCache` is cached.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Database } from "./db.server";
import { isDatabaseUnavailable } from "./pg-pool.server";

const TTL_MS = 30_000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

const caches = new WeakMap<Database, Map<string, Entry>>();

/**
 * The last value each key loaded, kept through expiry and clearing: when the
 * database is away, a read that would fail answers with it instead, so pages
 * made of content still render (forms say "try again" on their own).
 */
const lastGood = new WeakMap<Database, Map<string, unknown>>();

export function enableContentCache(db: Database): () => void {
  const cache = new Map<string, Entry>();
  caches.set(db, cache);
  lastGood.set(db, new Map());
  return () => cache.clear();
}

export function disableContentCache(db: Database): void {
  caches.delete(db);
}

const freshReads = new AsyncLocalStorage<true>();

/**
 * Runs `work` with every read below going to the database. The staff console
 * reads this way: a member of staff who has just saved must see their change
 * on the page that answers the save, not once the database's notification
 * has reached this process and cleared the cache.
 */
export function readingFresh<T>(work: () => T): T {
  return freshReads.run(true, work);
}

/**
 * The content tables each public answer has read, by the names the database
 * trigger queues for a purge when one of them changes (drizzle/0037): the
 * answer's surrogate keys (app/server/shared-cache.server.ts). Set for the
 * length of one request by `collectingShown`.
 */
const shownTables = new AsyncLocalStorage<Set<string>>();

/** Runs `work` (a request), collecting the tables its reads show; see `shown`. */
export function collectingShown<T>(work: () => T): { result: T; tables: ReadonlySet<string> } {
  const tables = new Set<string>();
  return { result: shownTables.run(tables, work), tables };
}

/**
 * Records that the request shows rows of these tables. `cached` does it for
 * each read; a read outside it (one row by its address) calls it itself.
 */
export function shows(tables: readonly string[]): void {
  const collected = shownTables.getStore();
  if (collected) for (const table of tables) collected.add(table);
}

/** The catalogue as priced today: what a page showing any price depends on. */
export const CATALOGUE_TABLES = ["services", "scheduled_prices", "levels", "level_price_changes", "site_settings"];

/**
 * The cached result of `load` for this database and key, or a fresh one.
 * `tables`: every content table `load` reads, nested reads included (a hit
 * runs none of them), so a change to any of them purges the pages that show it.
 */
export function cached<T>(
  db: Database,
  key: string,
  tables: readonly string[],
  load: () => PromiseLike<T>,
): Promise<T> {
  shows(tables);
  const cache = caches.get(db);
  if (!cache || freshReads.getStore()) return Promise.resolve(load());
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const good = lastGood.get(db);
  const value = Promise.resolve(load()).then(
    (loaded) => {
      good?.set(key, loaded);
      return loaded;
    },
    (error: unknown) => {
      if (good?.has(key) && isDatabaseUnavailable(error)) return good.get(key) as T;
      throw error;
    },
  );
  cache.set(key, { expires: now + TTL_MS, value });
  // A failed read is not kept.
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

export const CONTENT_CHANNEL = "content_changed";
