import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { config } from "./config.server";
import { createPool } from "./pg-pool.server";
import { type TestDatabase, testDatabases } from "./test-databases";

/**
 * Behind a pooler (DIRECT_DATABASE_URL another address than DATABASE_URL) the
 * pool keeps no session state, so it works through a pooler in transaction
 * mode (decision 117): the time limits are set in each transaction, the
 * statement's own or one around it, never for the session.
 */
describe.each(testDatabases)("the connection pool behind a pooler, on %s", (_name, open) => {
  let database: TestDatabase;
  let pool: pg.Pool;
  const limit = config().DATABASE_STATEMENT_TIMEOUT_MS;
  const urls = { DATABASE_URL: config().DATABASE_URL, DIRECT_DATABASE_URL: config().DIRECT_DATABASE_URL };

  beforeAll(async () => {
    database = await open();
    config().DATABASE_STATEMENT_TIMEOUT_MS = 1500;
    Object.assign(config(), { DATABASE_URL: "postgres://pooler.invalid/salon", DIRECT_DATABASE_URL: database.url });
    // One connection: every statement below runs on the same session.
    pool = createPool(database.url, { name: "test", max: 1 });
  });
  afterEach(() => {
    config().DATABASE_STATEMENT_TIMEOUT_MS = 1500;
  });
  afterAll(async () => {
    config().DATABASE_STATEMENT_TIMEOUT_MS = limit;
    Object.assign(config(), urls);
    await pool.end();
    await database.destroy();
  });

  const setting = "select setting, reset_val as session from pg_settings where name = $1";

  it("runs a statement outside a transaction under the limit, leaving the session's own value alone", async () => {
    for (const name of ["statement_timeout", "idle_in_transaction_session_timeout"]) {
      const { rows } = await pool.query(setting, [name]);
      expect(rows, name).toEqual([{ setting: "1500", session: "0" }]);
    }
  });

  it("sets the limit in each transaction, in drizzle's as in one begun by hand", async () => {
    const db = drizzle(pool);
    const inDrizzle = await db.transaction(async (tx) => (await tx.execute(sql.raw(`show statement_timeout`))).rows);
    expect(inDrizzle).toEqual([{ statement_timeout: "1500ms" }]);

    const client = await pool.connect();
    try {
      await client.query("begin");
      expect((await client.query(setting, ["idle_in_transaction_session_timeout"])).rows).toEqual([
        { setting: "1500", session: "0" },
      ]);
      await client.query("commit");
      expect(client.getTransactionStatus()).toBe("I");
    } finally {
      client.release();
    }
  });

  it("follows the setting as it is when the transaction begins", async () => {
    config().DATABASE_STATEMENT_TIMEOUT_MS = 2500;
    expect((await pool.query("show statement_timeout")).rows).toEqual([{ statement_timeout: "2500ms" }]);
  });

  it("has the server cancel a statement past the limit, and the connection serves the next", async () => {
    await expect(pool.query("select pg_sleep(3)")).rejects.toMatchObject({ code: "57014" });
    expect((await pool.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("has the server end a transaction left idle past the limit", async () => {
    const client = await pool.connect();
    client.on("error", () => {});
    try {
      await client.query("begin");
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await expect(client.query("select 1")).rejects.toThrow();
    } finally {
      client.release(true);
    }
  });
});

describe.each(testDatabases)("the connection pool on the server itself, on %s", (_name, open) => {
  let database: TestDatabase;
  let pool: pg.Pool;
  const limit = config().DATABASE_STATEMENT_TIMEOUT_MS;

  beforeAll(async () => {
    database = await open();
    config().DATABASE_STATEMENT_TIMEOUT_MS = 1500;
    pool = createPool(database.url, { name: "test", max: 1 });
  });
  afterAll(async () => {
    config().DATABASE_STATEMENT_TIMEOUT_MS = limit;
    await pool.end();
    await database.destroy();
  });

  it("sets the limits once, for the session, and sends each statement as it is", async () => {
    const { rows } = await pool.query("select setting, reset_val as session from pg_settings where name = $1", [
      "statement_timeout",
    ]);
    expect(rows).toEqual([{ setting: "1500", session: "1500" }]);
    // No transaction of our own around it: the statement sees no transaction begun before it.
    const [own] = (await pool.query("select now() = statement_timestamp() as alone")).rows;
    expect(own).toEqual({ alone: true });
    await expect(pool.query("select pg_sleep(3)")).rejects.toMatchObject({ code: "57014" });
  });
});
