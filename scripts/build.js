// `npm run build`: the public site into BUILD_DIR, then the staff console's own build into BUILD_DIR/console
// (app/routes.ts picks each route table by SITE_PART). Each part is matched and loaded only by its own request
// handler (decision 115). Output is shown as it comes, or, with --quiet, only when a part fails.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { consoleBuildDirectory } from "../app/server/build-dir.js";

/**
 * Builds both parts, stopping at the first that fails.
 * @param {{ quiet?: boolean }} options
 * @returns {{ status: number, output: string }} the failing part's exit status and, when quiet, its output
 */
export function buildSite({ quiet = false } = {}) {
  // A console build left from before would be served beside a public build that holds the console too.
  rmSync(consoleBuildDirectory(), { recursive: true, force: true });
  for (const part of ["public", "console"]) {
    const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
      encoding: "utf8",
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, SITE_PART: part },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0)
      return {
        status: result.status ?? 1,
        output: `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? result.error.message : ""}`,
      };
  }
  return { status: 0, output: "" };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(buildSite().status);
