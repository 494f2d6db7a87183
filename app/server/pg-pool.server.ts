/**
 * The PostgreSQL connection pool every `pg` path uses (a DATABASE_URL server or
 * the embedded one). A database that goes away is weather, not death:
 *
 * - every pooled client and the pool itself have `error` listeners, so a
 *   terminated backend or a dropped connection is logged, the broken client is
 *   thrown away and the next request gets a fresh connection;
 * - connecting, waiting for a free client and each statement are bounded by a
 *   few seconds, so no request waits on a dead database: it is answered 503;
 * - a client whose statement timed out on our side is destroyed at once rather
 *   than reused or sent a ROLLBACK, so the server ends its transaction itself:
 *   a request answered with an error cannot commit afterwards. The server-side
 *   limits (statement_timeout, idle_in_transaction_session_timeout) do the same
 *   when the network, not the database, is what went quiet.
 */
import pg from "pg";
import { config } from "./config.server";
import { log } from "./log.server";

/** Said to a visitor or API client whenever the database is away: nothing was saved, and trying again is safe. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "We can't reach our records just now. Nothing was saved: please try again in a minute.";

const CONNECTION_LOST_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  // PostgreSQL: shutting down, terminated, cannot connect now, too many connections, statement or idle time-out.
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "57014",
  "25P03",
]);
const CONNECTION_LOST_MESSAGE =
  /connection terminated|timeout exceeded when trying to connect|query read timeout|not queryable|connection error|cannot use a pool after calling end|terminating connection/i;

/** True for an error that says the database could not be reached or did not answer in time (not a bug). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (CONNECTION_LOST_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && CONNECTION_LOST_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The database's address without its password, for log lines. */
function describeDatabase(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname}:${url.port || "5432"}${url.pathname}`;
  } catch {
    return "the configured database";
  }
}

/** A pg client that destroys its connection when a statement times out on our side (see above). */
class GuardedClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    // A client in use that loses its connection reports to its query; one that errors between queries lands here.
    this.on("error", (error) => log.debug({ err: error.message }, "database connection lost"));
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
  override query(...args: any[]): any {
    const last = args[args.length - 1];
    if (typeof last === "function") {
      args[args.length - 1] = (error: Error | null, ...rest: unknown[]) => {
        if (error) this.dropIfTimedOut(error);
        return last(error, ...rest);
      };
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result && typeof (result as Promise<unknown>).catch === "function")
      (result as Promise<unknown>).catch((error: Error) => this.dropIfTimedOut(error));
    return result;
  }

  private dropIfTimedOut(error: Error) {
    if (/query read timeout/i.test(error.message)) {
      const stream = (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
      stream?.destroy();
    }
  }
}

export interface PoolOptions {
  max?: number;
  /** Names the pool in log lines and in pg_stat_activity. */
  name: string;
}

export function createPool(connectionString: string, { max = 10, name }: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    Client: GuardedClient,
    application_name: `salon-${name}`,
    connectionTimeoutMillis: config().DATABASE_CONNECT_TIMEOUT_MS,
    statement_timeout: config().DATABASE_STATEMENT_TIMEOUT_MS,
    // Our own limit comes a little after the server's, for when the network rather than the server is stuck.
    query_timeout: config().DATABASE_STATEMENT_TIMEOUT_MS + 1000,
    idle_in_transaction_session_timeout: config().DATABASE_STATEMENT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  } as pg.PoolConfig);
  // An idle client whose connection dies (a restart, pg_terminate_backend) is reported here and removed.
  pool.on("error", (error) => log.warn({ pool: name, err: error.message }, "database connection lost (idle)"));
  return pool;
}

/**
 * The first connection at start-up, tried again with backoff for a while
 * (the database may be starting beside us). Past that, one clear error.
 */
export async function connectAtStart(
  pool: pg.Pool,
  connectionString: string,
  { totalMs = config().DATABASE_START_TIMEOUT_MS } = {},
): Promise<pg.PoolClient> {
  const deadline = Date.now() + totalMs;
  let delay = 250;
  for (let attempt = 1; ; attempt++) {
    try {
      return await pool.connect();
    } catch (error) {
      const reason = error instanceof Error ? error.message || (error as { code?: string }).code : String(error);
      if (Date.now() + delay > deadline) {
        throw new DatabaseUnreachableError(
          `Could not connect to the database at ${describeDatabase(connectionString)} after ${attempt} attempts: ${reason}`,
        );
      }
      log.warn({ attempt, err: reason }, `database at ${describeDatabase(connectionString)} not reachable yet`);
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 4000);
    }
  }
}

/** Start-up could not reach the database: the message says where and why, and is all that needs printing. */
class DatabaseUnreachableError extends Error {
  override name = "DatabaseUnreachableError";
}
