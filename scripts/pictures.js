// `npm run pictures -- to-bucket | to-database`: moves the pictures from the built server (building first if need be).
import { pathToFileURL } from "node:url";
import { exitWithFailure } from "../commands/one-line-failure.js";
import { ensureBuild } from "./ensure-build.js";

const buildDir = ensureBuild();
try {
  const { runPicturesCommand } = await import(pathToFileURL(`${buildDir}/server/index.js`).href);
  process.exitCode = await runPicturesCommand(process.argv.slice(2));
} catch (error) {
  exitWithFailure("Moving the pictures failed", error);
}
