// `npm test`: every suite, the quick static checks (knip after the others), then the unit, browser, fault and
// integration suites one after the other (each of those uses both cores), printing how long each took and a summary
// at the end.
import { spawn } from "node:child_process";

/** @typedef {{ name: string, script: string, args?: string[] }} Suite */

/** @type {Suite[][]} Each inner list runs at once; the lists run in order. */
const stages = [
  [
    { name: "lint", script: "lint" },
    { name: "typecheck", script: "typecheck" },
  ],
  // After typecheck, whose `react-router typegen` writes the routes' `./+types/*` modules: knip reading them while
  // they were being written found one missing (on a clean clone) and failed.
  [{ name: "knip", script: "knip" }],
  [{ name: "unit", script: "test:unit" }],
  [{ name: "browser", script: "test:e2e" }],
  [{ name: "faults", script: "test:faults", args: ["--", "--no-build"] }],
  [{ name: "integration", script: "test:integration", args: ["--", "--no-build"] }],
];

/** @type {{ name: string, seconds: number, ok: boolean }[]} */
const times = [];

/** @param {Suite} suite @returns {Promise<boolean>} */
function run(suite) {
  const started = performance.now();
  console.log(`\n== ${suite.name}: npm run ${suite.script}`);
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", suite.script, ...(suite.args ?? [])], { stdio: "inherit" });
    child.on("close", (code) => {
      const seconds = (performance.now() - started) / 1000;
      times.push({ name: suite.name, seconds, ok: code === 0 });
      console.log(`== ${suite.name}: ${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s`);
      resolve(code === 0);
    });
  });
}

const started = performance.now();
let ok = true;
for (const stage of stages) {
  const results = await Promise.all(stage.map(run));
  if (results.includes(false)) {
    ok = false;
    break;
  }
}
console.log("\n== suite times");
for (const { name, seconds, ok: passed } of times)
  console.log(`  ${name.padEnd(10)} ${seconds.toFixed(0).padStart(5)} s  ${passed ? "passed" : "FAILED"}`);
console.log(`  ${"total".padEnd(10)} ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s`);
process.exit(ok ? 0 : 1);
