/**
 * The database client, always `pg`: to the PostgreSQL server at DATABASE_URL
 * when set, otherwise to an embedded PostgreSQL server the site runs on a
 * cluster under DATA_DIR (decision 008). The committed drizzle-kit migrations
 * are applied at start. PGlite remains only to compare engines in the
 * benchmark (`EMBEDDED_DATABASE=pglite`) and to import an older install's data.
 */
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { lockDataDir, startEmbeddedPostgres } from "./embedded-postgres.server";
import { importPgliteData } from "./pglite-import.server";
import * as schema from "./schema.server";

/**
 * Both drivers build the same PostgreSQL queries; the node-postgres type stands
 * for either so the query code is written once.
 */
export type Database = NodePgDatabase<typeof schema>;

/** `embedded`: PostgreSQL run by the site under DATA_DIR; `postgres`: the server at DATABASE_URL. */
export type DatabaseKind = "embedded" | "postgres" | "pglite";

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
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
      throw new Error("The drizzle/ migrations folder was not found above " + fileURLToPath(import.meta.url));
    dir = parent;
  }
}
const migrationsFolder = findMigrationsFolder();

// An arbitrary constant: the advisory lock that serialises migrations and seeding across processes.
const MIGRATION_LOCK = 727_2002;

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Runs after the migrations, under the same cross-process lock (seeding). */
  prepare?: (db: Database) => Promise<void>;
  /** Without DATABASE_URL: the embedded engine. PGlite is kept for comparing the two in the benchmark only. */
  engine?: "postgres" | "pglite";
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPool(options.databaseUrl, options.prepare, "postgres");
  if (options.engine === "pglite") return openPglite(options);
  const server = await startEmbeddedPostgres(options.dataDir);
  try {
    const handle = await openPool(
      server.url,
      async (db) => {
        await importPgliteData(db, options.dataDir, migrationsFolder);
        await options.prepare?.(db);
      },
      "embedded",
    );
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
  prepare: OpenOptions["prepare"],
  kind: "embedded" | "postgres",
): Promise<DatabaseHandle> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const db = drizzle(pool, { schema });
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const locked = drizzle(client, { schema });
    await migrate(locked, { migrationsFolder });
    await prepare?.(locked);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  const listeners: { end(): Promise<void> }[] = [];
  return {
    db,
    kind,
    async listen(channel, onNotify) {
      // LISTEN needs a connection of its own, outside the pool.
      const connect = async (): Promise<void> => {
        const listener = new pg.Client({ connectionString: databaseUrl });
        listener.on("notification", onNotify);
        listener.on("error", (error) => {
          console.error(`database: LISTEN ${channel} connection lost, reconnecting`, error.message);
          const index = listeners.indexOf(listener);
          if (index >= 0) listeners.splice(index, 1);
          onNotify();
          setTimeout(() => void connect().catch(() => {}), 1000).unref();
        });
        await listener.connect();
        await listener.query(`LISTEN ${channel}`);
        listeners.push(listener);
      };
      await connect();
    },
    async close() {
      await Promise.all(listeners.splice(0).map((l) => l.end().catch(() => {})));
      // pool.end() resolves once each connection is asked to close, not once it has: wait for them
      // (a second at most), so none is still open when an embedded server stops or a database is dropped.
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
    },
  };
}

/** The previous embedded engine: PostgreSQL compiled to WebAssembly, running on the site's own thread. */
async function openPglite(options: OpenOptions): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  await mkdir(options.dataDir, { recursive: true });
  const unlock = await lockDataDir(options.dataDir);
  try {
    const dir = path.join(options.dataDir, "pglite");
    await mkdir(dir, { recursive: true });
    const client = await PGlite.create(dir);
    const pgliteDb = drizzle(client, { schema });
    await migrate(pgliteDb, { migrationsFolder });
    const db = pgliteDb as unknown as Database;
    await options.prepare?.(db);
    return {
      db,
      kind: "pglite",
      async listen(channel, onNotify) {
        await client.listen(channel, onNotify);
      },
      async close() {
        await client.close();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}

export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export { schema };
