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

/** Transaction control: sent as it is, never wrapped in a transaction of our own. */
const TRANSACTION_CONTROL = /^\s*(commit|rollback|end|abort)\b/i;
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;

/**
 * The server-side limits, set for one transaction only (`set local`): through a pooler in transaction
 * mode the next transaction may run on another server connection, so nothing may be set for the session
 * (and PgBouncer refuses these as start-up parameters). Read at each BEGIN, so a changed setting holds.
 */
function transactionLimits(): string {
  const ms = config().DATABASE_STATEMENT_TIMEOUT_MS;
  return `set local statement_timeout = ${ms}; set local idle_in_transaction_session_timeout = ${ms}`;
}

type QueryArgs = [unknown, ...unknown[]];
type Callback = (error: Error | null, result?: unknown) => void;

/**
 * A pg client that destroys its connection when a statement times out on our side (see above) and,
 * behind a pooler, sets the server-side limits in every transaction: a BEGIN carries them in the same
 * round trip, and a statement sent outside a transaction runs in one of its own (BEGIN with the limits,
 * the statement, COMMIT). Connected to the server itself, the limits are the session's, set at
 * connection, and nothing costs a round trip more.
 */
class GuardedClient extends pg.Client {
  private readonly limitsPerTransaction: boolean;
  /** A BEGIN sent and not yet answered: the status reads idle until it is. */
  private opening = false;
  /** A statement running in a transaction of our own: what is sent meanwhile waits for it. */
  private own: Promise<unknown> | undefined;

  constructor(config?: pg.ClientConfig & { limitsPerTransaction?: boolean }) {
    super(config);
    this.limitsPerTransaction = config?.limitsPerTransaction === true;
    // A client in use that loses its connection reports to its query; one that errors between queries lands here.
    this.on("error", (error) => log.debug({ err: error.message }, "database connection lost"));
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
  override query(...given: any[]): any {
    // A submittable (a cursor) manages its own messages: passed on as it is.
    if (typeof given[0]?.submit === "function") return (super.query as (...a: unknown[]) => unknown)(...given);
    const callback: Callback | undefined = typeof given.at(-1) === "function" ? given.pop() : undefined;
    const args = given as QueryArgs;
    const result = this.guarded(args);
    if (!callback) return result;
    result.then(
      (value) => callback(null, value),
      (error: Error) => callback(error),
    );
    return undefined;
  }

  private async guarded(args: QueryArgs): Promise<unknown> {
    while (this.own) await this.own.catch(() => {});
    const [first] = args;
    const text = typeof first === "string" ? first : (first as { text?: unknown } | null)?.text;
    const status = this.getTransactionStatus();
    const inTransaction = this.opening || status === "T" || status === "E";
    if (!this.limitsPerTransaction || inTransaction || typeof text !== "string" || TRANSACTION_CONTROL.test(text))
      return this.send(args);
    if (BEGIN.test(text)) {
      const withLimits = `${text}; ${transactionLimits()}`;
      this.opening = true;
      try {
        return await this.send([typeof first === "string" ? withLimits : { ...(first as object), text: withLimits }]);
      } finally {
        this.opening = false;
      }
    }
    const own = this.inOwnTransaction(args);
    this.own = own;
    try {
      return await own;
    } finally {
      if (this.own === own) this.own = undefined;
    }
  }

  private async inOwnTransaction(args: QueryArgs): Promise<unknown> {
    await this.send([`begin; ${transactionLimits()}`]);
    let result: unknown;
    try {
      result = await this.send(args);
    } catch (error) {
      await this.send(["rollback"]).catch(() => {});
      throw error;
    }
    await this.send(["commit"]);
    return result;
  }

  private send(args: QueryArgs): Promise<unknown> {
    const result = (super.query as (...a: unknown[]) => Promise<unknown>)(...args);
    return result.catch((error: Error) => {
      this.dropIfTimedOut(error);
      throw error;
    });
  }

  private dropIfTimedOut(error: Error) {
    if (/query read timeout/i.test(error.message)) {
      const stream = (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
      stream?.destroy();
    }
  }
}

/**
 * True when DATABASE_URL is a pooler: DIRECT_DATABASE_URL names another address (decision 117). Through a
 * pooler in transaction mode the next transaction may run on another server connection, so nothing may
 * live on a session: no limits set at connection, no named prepared statements.
 */
export function behindPooler(): boolean {
  const settings = config();
  return settings.DIRECT_DATABASE_URL !== settings.DATABASE_URL;
}

export interface PoolOptions {
  max?: number;
  /** Names the pool in log lines and in pg_stat_activity. */
  name: string;
}

export function createPool(connectionString: string, { max = 10, name }: PoolOptions): pg.Pool {
  const limit = config().DATABASE_STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    ...(behindPooler()
      ? { limitsPerTransaction: true }
      : { statement_timeout: limit, idle_in_transaction_session_timeout: limit }),
    connectionString,
    max,
    Client: GuardedClient,
    application_name: `salon-${name}`,
    connectionTimeoutMillis: config().DATABASE_CONNECT_TIMEOUT_MS,
    // Our own limit comes a little after the server's, for when the network rather than the server is stuck.
    query_timeout: limit + 1000,
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
