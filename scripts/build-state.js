// Whether the production build is older than the sources it was made from, so `npm start` never serves a stale
// site after a pull or an edit.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Everything the build reads: the folders compiled into it, and the configuration that shapes it. */
const BUILD_SOURCES = [
  "app",
  "http",
  "commands",
  "vite",
  "public",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
];

/**
 * The file a finished build writes last (scripts/build.js builds the console after the public site, and each
 * part's server bundle after its client's).
 * @param {string} buildDir
 */
const builtEntry = (buildDir) => path.join(buildDir, "console", "server", "index.js");

/**
 * @param {string} target a file or folder
 * @returns {number} the latest modification time under it, 0 when it does not exist
 */
function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

/**
 * @param {string} root the project folder
 * @param {string} buildDir the build folder, relative to root or absolute
 * @returns {"missing" | "stale" | "fresh"}
 */
export function buildState(root, buildDir) {
  const entry = path.resolve(root, builtEntry(buildDir));
  if (!existsSync(entry)) return "missing";
  const builtAt = statSync(entry).mtimeMs;
  const changed = Math.max(...BUILD_SOURCES.map((source) => newestChange(path.join(root, source))));
  return changed > builtAt ? "stale" : "fresh";
}
