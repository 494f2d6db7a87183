import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.js";

/**
 * Browser tests drive Debian's Chromium against the built server, which each
 * worker starts on a fresh temporary database (tests/e2e/fixtures.ts).
 * `scripts/e2e.js` builds into BUILD_DIR first.
 */

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  // Two workers share the machine's two cores with the servers they test, so a test of several
  // page loads and sends can take 20 s there; each wait for what a test expects stays at 7 s.
  timeout: 45_000,
  expect: { timeout: 7_000 },
  use: {
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: "off",
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
