// `npm run staff -- invite EMAIL ROLE [NAME] [--salon=SALON[,SALON]]`: runs the staff command from the built server (building first if need be).
import { pathToFileURL } from "node:url";
import { exitWithFailure } from "../commands/one-line-failure.js";
import { ensureBuild } from "./ensure-build.js";

const buildDir = ensureBuild();
try {
  const { runStaffCommand } = await import(pathToFileURL(`${buildDir}/server/index.js`).href);
  process.exitCode = await runStaffCommand(process.argv.slice(2));
} catch (error) {
  exitWithFailure("The staff command failed", error);
}
