/**
 * Test helper: fresh databases to run data-layer tests on. PGlite always;
 * PostgreSQL too when TEST_DATABASE_URL is set, in a database created for the
 * run and dropped after it.
 */

import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type DatabaseHandle, type OpenOptions, openDatabase } from "./db.server";

export interface TestDatabase extends DatabaseHandle {
  /** PostgreSQL only: where it is, so a test can open a second, independent connection pool to it. */
  url?: string;
  /** Closes and throws the database away. */
  destroy(): Promise<void>;
}

export type TestDatabaseFactory = (prepare?: OpenOptions["prepare"]) => Promise<TestDatabase>;

async function pglite(prepare?: OpenOptions["prepare"]): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "salon-test-"));
  const handle = await openDatabase({ dataDir, prepare });
  return {
    ...handle,
    async destroy() {
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

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
    url: url.href,
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
  ["PGlite", pglite],
  ...(process.env.TEST_DATABASE_URL
    ? [
        [
          "PostgreSQL",
          (prepare?: OpenOptions["prepare"]) => postgres(process.env.TEST_DATABASE_URL as string, prepare),
        ] as [string, TestDatabaseFactory],
      ]
    : []),
];
