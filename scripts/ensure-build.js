// Builds the site when BUILD_DIR holds no build yet or the sources changed since (npm start, npm run staff and outbox).
// The build runs quietly: its output is shown only when it fails.
import { buildDirectory } from "../app/server/build-dir.js";
import { buildSite } from "./build.js";
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
  const result = buildSite({ quiet: true });
  if (result.status !== 0) {
    process.stderr.write(result.output);
    console.error("The build failed.");
    process.exit(result.status);
  }
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
  return buildDir;
}
