// Builds the site when BUILD_DIR holds no build yet or the sources changed since (npm start, npm run staff and outbox).
// The build runs quietly: its output is shown only when it fails.
import { spawnSync } from "node:child_process";
import { buildDirectory } from "../app/server/build-dir.js";
import { buildState } from "./build-state.js";

export function ensureBuild(buildDir = buildDirectory()) {
  const state = buildState(process.cwd(), buildDir);
  if (state === "fresh") return buildDir;
  const started = Date.now();
  console.log(
    state === "missing"
      ? `Building the site into ./${buildDir} (first start)…`
      : `Rebuilding the site into ./${buildDir} (sources changed since the last build)…`,
  );
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    console.error(`The build failed${result.error ? `: ${result.error.message}` : ""}.`);
    process.exit(result.status ?? 1);
  }
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
  return buildDir;
}
