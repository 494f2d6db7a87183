// Browser tests: build the site into its own folder, then run Playwright against it.
import { spawnSync } from "node:child_process";

const env = { ...process.env, BUILD_DIR: process.env.BUILD_DIR ?? "build-e2e" };
/** @param {string[]} args */
const run = (args) => {
  const result = spawnSync(process.execPath, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run(["scripts/build.js"]);
run(["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)]);
