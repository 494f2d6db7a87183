import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test as base } from "@playwright/test";
import type { Config } from "../../app/server/config.server";
import type { Database } from "../../app/server/db.server";
import { startServer } from "../../server.js";

export interface Site {
  url: string;
  /** The running site's own database, to check what a visitor's action stored. */
  db: Database;
  dataDir: string;
  /** The running site's settings: a test may change one for a while (RATE_LIMITS). */
  settings: Config;
}

/** The site's Twilio auth token in browser tests, so a test can sign an inbound text as Twilio would. */
export const E2E_TWILIO_AUTH_TOKEN = "e2e-twilio-auth-token";

/**
 * Each Playwright worker runs the built site in its own process on a fresh
 * temporary database (the embedded PostgreSQL), so tests can look at the rows they caused.
 */
export const test = base.extend<object, { site: Site }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern; it needs none
    async ({}, use, workerInfo) => {
      const port = Number(process.env.E2E_PORT ?? 3210) + workerInfo.parallelIndex;
      const dataDir = mkdtempSync(path.join(tmpdir(), "salon-e2e-"));
      process.env.DATA_DIR = dataDir;
      process.env.DATABASE_URL = "";
      process.env.PUBLIC_URL = `http://127.0.0.1:${port}`;
      // One line per request would bury the test report; warnings and errors still show.
      process.env.LOG_LEVEL ??= "warn";
      // Only the token: without an account and a sender, texts still go to the file under DATA_DIR.
      process.env.TWILIO_AUTH_TOKEN = E2E_TWILIO_AUTH_TOKEN;
      const running = await startServer({ port, host: "127.0.0.1", buildDir: process.env.BUILD_DIR ?? "build-e2e" });
      await use({ url: running.url, db: running.db, dataDir, settings: running.settings });
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ site }, use) => use(site.url),
});

export { expect } from "@playwright/test";
