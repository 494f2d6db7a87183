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

/** The cached result of `load` for this database and key, or a fresh one. */
export function cached<T>(db: Database, key: string, load: () => PromiseLike<T>): Promise<T> {
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
