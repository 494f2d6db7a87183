/**
 * The database client, always `pg`: to the PostgreSQL server at DATABASE_URL
 * when set, otherwise to an embedded PostgreSQL server the site runs on a
 * cluster under DATA_DIR (decision 008). The committed drizzle-kit migrations
 * are applied at start.
 *
 * DATABASE_URL may be a pooler in transaction mode (decision 117): the pools
 * keep no session state and send no start-up parameters. What needs a session
 * of its own (the migrations' lock, LISTEN, backups) goes to
 * DIRECT_DATABASE_URL, the server itself.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { config } from "./config.server";
import { startEmbeddedPostgres } from "./embedded-postgres.server";
import { log } from "./log.server";
import { connectAtStart, createPool } from "./pg-pool.server";
import * as schema from "./schema.server";

/**
 * Both drivers build the same PostgreSQL queries; the node-postgres type stands
 * for either so the query code is written once.
 */
export type Database = NodePgDatabase<typeof schema>;

/** `embedded`: PostgreSQL run by the site under DATA_DIR; `postgres`: the server at DATABASE_URL. */
export type DatabaseKind = "embedded" | "postgres";

export interface DatabaseHandle {
  db: Database;
  /**
   * The same database through a small pool of its own, for the outbox worker and
   * scheduled jobs: request traffic filling the main pool never starves them.
   */
  background: Database;
  kind: DatabaseKind;
  /** The connection string of the server itself (not a pooler): what backups read through. */
  url: string;
  /** The connection pools' use now, for /metrics. */
  pools(): { name: string; total: number; idle: number; waiting: number }[];
  /** Calls `onNotify` for every NOTIFY on `channel`, from any process. */
  listen(channel: string, onNotify: () => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * The committed migrations live in `drizzle/` at the project root. This module
 * runs from app/server in development and from a chunk under build/server in
 * production, so look upwards for it.
 */
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error(`The drizzle/ migrations folder was not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}
export const migrationsFolder = findMigrationsFolder();

// An arbitrary constant: the advisory lock that serialises migrations and seeding across processes.
const MIGRATION_LOCK = 727_2002;

export interface OpenOptions {
  databaseUrl?: string;
  /** The same database without a pooler between, for sessions of its own; `databaseUrl` when unset. */
  directDatabaseUrl?: string;
  dataDir: string;
  /** Runs after the migrations, under the same cross-process lock (seeding). */
  prepare?: (db: Database) => Promise<unknown>;
  /**
   * Work of the caller's own (loading code) to overlap with the embedded server's start, awaited before the
   * first connection: no connect or query timer runs while it may hold the thread.
   */
  whileStarting?: Promise<unknown>;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    await options.whileStarting;
    return openPool(options.databaseUrl, options.directDatabaseUrl ?? options.databaseUrl, options.prepare, "postgres");
  }
  refuseOldDataFolder(options.dataDir);
  const server = await startEmbeddedPostgres(options.dataDir);
  try {
    await options.whileStarting;
    const handle = await openPool(server.url, server.url, options.prepare, "embedded");
    return {
      ...handle,
      async close() {
        try {
          await handle.close();
        } finally {
          await server.stop();
        }
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** One code path for every PostgreSQL server, the embedded one included. */
async function openPool(
  databaseUrl: string,
  directUrl: string,
  prepare: OpenOptions["prepare"],
  kind: "embedded" | "postgres",
): Promise<DatabaseHandle> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  // The hardened pool (pg-pool.server.ts): a database that goes away is weather, not death.
  // The embedded server shares the site's machine and cores: past a few, each connection is another
  // backend process holding memory, not more work done. A server of its own may take more at once.
  const pool = createPool(databaseUrl, { name: "web", max: kind === "embedded" ? 4 : 10 });
  const backgroundPool = createPool(databaseUrl, { name: "background", max: 2 });
  const db = drizzle(pool, { schema });
  // Migrations hold a session's advisory lock, so they run on a connection to the server itself, used
  // for nothing else and closed after.
  const migrating = new pg.Pool({
    connectionString: directUrl,
    max: 1,
    application_name: "salon-migrate",
    connectionTimeoutMillis: config().DATABASE_CONNECT_TIMEOUT_MS,
  });
  try {
    const client = await connectAtStart(migrating, directUrl);
    try {
      // Another process may hold the lock while it migrates: wait for it however long that takes.
      await client.query("set statement_timeout = 0");
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      const locked = drizzle(client, { schema });
      await migrate(locked, { migrationsFolder });
      await prepare?.(locked);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      client.release(true);
    }
  } finally {
    await endPool(migrating);
  }
  // The web pool's first connection: a pooler that cannot be reached stops the start as the server would.
  (await connectAtStart(pool, databaseUrl)).release();
  /** What each channel's notices call; the listener connection LISTENs to every channel named here. */
  const channels = new Map<string, Set<() => void>>();
  let listener: InstanceType<typeof pg.Client> | null = null;
  let listening: Promise<InstanceType<typeof pg.Client> | null> | null = null;
  let closing = false;
  const notifyAll = () => {
    for (const handlers of channels.values()) for (const handler of handlers) handler();
  };
  /**
   * Connects the listener and LISTENs to every channel; after any loss it comes back, however long that
   * takes, and calls every handler, since whatever changed meanwhile was not heard. Resolves with the
   * connection, or null when this try failed (the retries go on).
   */
  const connectListener = async (delay: number): Promise<InstanceType<typeof pg.Client> | null> => {
    if (closing) return null;
    const client = new pg.Client({ connectionString: directUrl, connectionTimeoutMillis: 5000, keepAlive: true });
    let lost = false;
    const reconnect = (reason: string) => {
      if (lost || closing) return;
      lost = true;
      if (listener === client) listener = null;
      void client.end().catch(() => {});
      log.warn({ channels: [...channels.keys()], err: reason }, "database: LISTEN connection lost, reconnecting");
      notifyAll();
      setTimeout(() => {
        listening = connectListener(Math.min(delay * 2, 10_000));
      }, delay).unref();
    };
    client.on("notification", (message) => {
      for (const handler of channels.get(message.channel) ?? []) handler();
    });
    client.on("error", (error) => reconnect(error.message));
    client.on("end", () => reconnect("connection ended"));
    try {
      await client.connect();
      for (const channel of channels.keys()) await client.query(`LISTEN ${channel}`);
      listener = client;
      return client;
    } catch (error) {
      reconnect(error instanceof Error ? error.message : String(error));
      return null;
    }
  };
  return {
    db,
    background: drizzle(backgroundPool, { schema }),
    kind,
    url: directUrl,
    pools: () =>
      [
        ["web", pool],
        ["background", backgroundPool],
      ].map(([name, p]) => {
        const counted = p as import("pg").Pool;
        return {
          name: name as string,
          total: counted.totalCount,
          idle: counted.idleCount,
          waiting: counted.waitingCount,
        };
      }),
    async listen(channel, onNotify) {
      const handlers = channels.get(channel) ?? new Set();
      handlers.add(onNotify);
      channels.set(channel, handlers);
      // One connection of its own, outside the pool, carries every channel (on the direct address: decision 117).
      listening ??= connectListener(1000);
      const client = await listening;
      if (handlers.size === 1 && client && listener === client) await client.query(`LISTEN ${channel}`);
    },
    async close() {
      closing = true;
      await listener?.end().catch(() => {});
      listener = null;
      await Promise.all([endPool(pool), endPool(backgroundPool)]);
    },
  };
}

/** Thrown when DATA_DIR still holds the data of the embedded engine used before decision 008, never imported. */
class OldDataFolderError extends Error {
  override name = "OldDataFolderError";
}

/**
 * Data from before decision 008 (PGlite, in DATA_DIR/pglite) is no longer
 * imported at start: rather than seed a new database beside it, as if the
 * salon had none, the start stops and says what to do (docs/upgrading.md).
 */
function refuseOldDataFolder(dataDir: string): void {
  const old = path.join(dataDir, "pglite");
  if (existsSync(path.join(old, "PG_VERSION")) && !existsSync(path.join(dataDir, "postgres", "PG_VERSION")))
    throw new OldDataFolderError(
      `${old} holds data from a version before the embedded PostgreSQL server, which this version does not import: see docs/upgrading.md.`,
    );
}

export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * pool.end() resolves once each connection is asked to close, not once it has: wait for them
 * (a second at most), so none is still open when an embedded server stops or a database is dropped.
 */
async function endPool(pool: import("pg").Pool): Promise<void> {
  const open = pool.totalCount;
  let closed = 0;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on("remove", () => {
      if (++closed >= open) resolve();
    });
    setTimeout(resolve, 1000).unref();
  });
  await pool.end();
  await allClosed;
}
