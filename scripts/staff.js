// `npm run staff -- invite EMAIL ROLE [NAME]`: runs the staff command from the built server (building first if need be).
// With the embedded database, stop the site first: only one process may open it at a time.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

const buildDir = process.env.BUILD_DIR ?? "build";
if (!existsSync(`${buildDir}/server/index.js`)) {
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const { runStaffCommand } = await import(pathToFileURL(`${buildDir}/server/index.js`).href);
process.exit(await runStaffCommand(process.argv.slice(2)));
