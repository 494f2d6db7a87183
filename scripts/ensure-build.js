// Builds the site once when BUILD_DIR holds no build yet (npm start, npm run outbox).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export function ensureBuild(buildDir = process.env.BUILD_DIR ?? "build") {
  if (existsSync(`${buildDir}/server/index.js`)) return buildDir;
  console.log(`No build in ./${buildDir} yet: building the site first…`);
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  return buildDir;
}
