// `npm run outbox -- list | resend ID… | resend --failed`: the messages the site gave up on, and sending them again.
import { pathToFileURL } from "node:url";
import { exitWithFailure } from "../commands/one-line-failure.js";
import { ensureBuild } from "./ensure-build.js";

const buildDir = ensureBuild();
try {
  const { runOutboxCommand } = await import(pathToFileURL(`${buildDir}/server/index.js`).href);
  process.exitCode = await runOutboxCommand(process.argv.slice(2));
} catch (error) {
  exitWithFailure("The outbox command failed", error);
}
