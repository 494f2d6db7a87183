import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests drive Debian's Chromium against the built server, which each
 * worker starts on a fresh temporary database (tests/e2e/fixtures.ts).
 * `scripts/e2e.js` builds into BUILD_DIR first.
 */

export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    launchOptions: chromiumLaunch,
    trace: "off",
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
