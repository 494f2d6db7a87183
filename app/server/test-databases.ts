/**
 * Test helper: fresh databases to run data-layer tests on, each created for
 * one suite and dropped after it. Always on the embedded PostgreSQL server the
 * run started (test-databases.setup.ts); on the server at TEST_DATABASE_URL
 * too when it is set.
 */

import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import type { RouterContextProvider } from "react-router";
import { inject } from "vitest";
import { type Database, type DatabaseHandle, type OpenOptions, openDatabase } from "./db.server";
import { routerContextWith } from "./request-context.server";

export interface TestDatabase extends DatabaseHandle {
  /** Closes and throws the database away. */
  destroy(): Promise<void>;
}

export type TestDatabaseFactory = (prepare?: OpenOptions["prepare"]) => Promise<TestDatabase>;

async function postgres(adminUrl: string, prepare?: OpenOptions["prepare"]): Promise<TestDatabase> {
  const { default: pg } = await import("pg");
  const name = `salon_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.href, dataDir: tmpdir(), prepare });
  return {
    ...handle,
    async destroy() {
      await handle.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

export const testDatabases: [string, TestDatabaseFactory][] = [
  ["embedded PostgreSQL", (prepare?: OpenOptions["prepare"]) => postgres(inject("embeddedDatabaseUrl"), prepare)],
  ...(process.env.TEST_DATABASE_URL
    ? [
        [
          "PostgreSQL",
          (prepare?: OpenOptions["prepare"]) => postgres(process.env.TEST_DATABASE_URL as string, prepare),
        ] as [string, TestDatabaseFactory],
      ]
    : []),
];

/**
 * A statement that fills tables with thousands of rows for a test, on a
 * connection of its own, free of the site's time-outs: each row runs the
 * tables' triggers, and on a machine busy with other suites that can take
 * longer than the site lets one statement run.
 */
export async function fillTables(database: TestDatabase, text: string, values: unknown[] = []): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * The context a loader or action called straight from a test finds: `db`, the visitor at `clientIp`, no
 * nonce or request id, and nothing run after the answer (a test removes what it made itself).
 */
export const testRouterContext = (db: Database, clientIp = "192.0.2.1"): RouterContextProvider =>
  routerContextWith({ db, clientIp, cspNonce: "", requestId: "", afterResponse: () => {} });
