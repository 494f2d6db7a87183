// `npm start`: build once when there is no build yet, then serve it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const buildDir = process.env.BUILD_DIR ?? "build";
if (!existsSync(`${buildDir}/server/index.js`)) {
  console.log(`No build in ./${buildDir} yet: building the site first…`);
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const { main } = await import("../server.js");
await main();
