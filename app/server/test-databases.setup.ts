/**
 * Vitest global set-up: one embedded PostgreSQL server for the whole run, on
 * a temporary folder; each data-layer test suite creates its own database on
 * it (test-databases.ts).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "./embedded-postgres.server";

declare module "vitest" {
  export interface ProvidedContext {
    embeddedDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "salon-unit-"));
  const server = await startEmbeddedPostgres(dataDir);
  project.provide("embeddedDatabaseUrl", server.url);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
