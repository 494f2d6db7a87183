// `npm run outbox -- list | resend ID… | resend --failed`: the messages the site gave up on, and sending them again.
import { pathToFileURL } from "node:url";
import { ensureBuild } from "./ensure-build.js";
import { exitWithFailure } from "./one-line-failure.js";

const buildDir = ensureBuild();
try {
  const { runOutboxCommand } = await import(pathToFileURL(`${buildDir}/server/index.js`).href);
  process.exitCode = await runOutboxCommand(process.argv.slice(2));
} catch (error) {
  exitWithFailure("The outbox command failed", error);
}
