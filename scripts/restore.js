// `npm run restore -- FILE [--replace]`: a backup into a new DATA_DIR or an empty database (docs/operations.md).
import { pathToFileURL } from "node:url";
import { ensureBuild } from "./ensure-build.js";

const buildDir = ensureBuild();
const { runRestoreCommand } = await import(pathToFileURL(`${buildDir}/server/index.js`).href);
process.exit(await runRestoreCommand(process.argv.slice(2)));
