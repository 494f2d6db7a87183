// Failures the person starting the site or running one of its commands can act on (a bad setting, the port or
// DATA_DIR in use, no database) are said in one line, without a stack trace; anything else keeps its stack.
const EXPECTED = new Set([
  "StartError",
  "SettingsError",
  "DataDirInUseError",
  "OldDataFolderError",
  "DatabaseUnreachableError",
]);

/**
 * Prints what went wrong after `what` and ends the process with exit code 1.
 * @param {string} what
 * @param {unknown} error
 * @returns {never}
 */
export function exitWithFailure(what, error) {
  const expected = error instanceof Error && EXPECTED.has(error.name);
  console.error(`${what}: ${expected ? error.message : error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
}
