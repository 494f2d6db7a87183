// `npm run backup`: a checked backup of the site's database into BACKUP_DIR (docs/operations.md). Safe while the site runs.
import { pathToFileURL } from "node:url";
import { ensureBuild } from "./ensure-build.js";

const buildDir = ensureBuild();
const { runBackupCommand } = await import(pathToFileURL(`${buildDir}/server/index.js`).href);
process.exit(await runBackupCommand(process.argv.slice(2)));
