// `npm run staff -- invite EMAIL ROLE [NAME] [--salon=SALON[,SALON]]`: runs the staff command from the built server (building first if need be).
import { pathToFileURL } from "node:url";
import { ensureBuild } from "./ensure-build.js";
import { exitWithFailure } from "./one-line-failure.js";

const buildDir = ensureBuild();
try {
  const { runStaffCommand } = await import(pathToFileURL(`${buildDir}/server/index.js`).href);
  process.exitCode = await runStaffCommand(process.argv.slice(2));
} catch (error) {
  exitWithFailure("The staff command failed", error);
}
