// The suites that run against the built site (`faults`: tests/faults, `integration`: tests/integration): build
// into BUILD_DIR (unless --no-build and a build is there), then run the suite with its own Vitest configuration.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const suite = process.argv[2];
if (suite !== "faults" && suite !== "integration") {
  console.error("usage: node scripts/built-suite.js faults|integration [--no-build] [vitest arguments]");
  process.exit(2);
}
const env = { ...process.env, BUILD_DIR: process.env.BUILD_DIR ?? "build-e2e" };
if (!process.env.TEST_DATABASE_URL) {
  const message = `The ${suite} suite needs TEST_DATABASE_URL (a PostgreSQL whose user may create databases).`;
  // CI always has one (.ci/run starts it); elsewhere say so loudly rather than fail the whole npm test.
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`\n*** ${message} The ${suite} suite was NOT run. ***\n`);
  process.exit(0);
}
/** @param {string[]} args */
const run = (args) => {
  const result = spawnSync(process.execPath, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
const args = process.argv.slice(3).filter((a) => a !== "--no-build");
if (!(process.argv.includes("--no-build") && existsSync(`${env.BUILD_DIR}/console/server/index.js`)))
  run(["scripts/build.js"]);
run(["node_modules/vitest/vitest.mjs", "run", "--config", `vitest.${suite}.config.ts`, ...args]);
