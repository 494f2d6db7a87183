/**
 * An in-process cache for catalogue and content reads. A database trigger
 * notifies every process (LISTEN/NOTIFY) when a content row changes, and the
 * cache of that database is dropped at once; a short time-to-live bounds
 * staleness should a notification ever be missed. Only a database that the
 * server registered with `enableContentCache` is cached.
 */
import type { Database } from "./db.server";

const TTL_MS = 30_000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

const caches = new WeakMap<Database, Map<string, Entry>>();

export function enableContentCache(db: Database): () => void {
  const cache = new Map<string, Entry>();
  caches.set(db, cache);
  return () => cache.clear();
}

export function disableContentCache(db: Database): void {
  caches.delete(db);
}

/** The cached result of `load` for this database and key, or a fresh one. */
export function cached<T>(db: Database, key: string, load: () => PromiseLike<T>): Promise<T> {
  const cache = caches.get(db);
  if (!cache) return Promise.resolve(load());
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = Promise.resolve(load());
  cache.set(key, { expires: now + TTL_MS, value });
  // A failed read is not kept.
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

export const CONTENT_CHANNEL = "content_changed";
