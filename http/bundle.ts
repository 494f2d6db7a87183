/**
 * The server bundle's one entry (vite.config.ts): the HTTP application that
 * `server.js` mounts, and the terminal commands that scripts/ run from the
 * same build (so a command opens the database exactly as the site does).
 */

export { runBackupCommand, runRestoreCommand } from "../commands/backup-command";
export { runOutboxCommand } from "../commands/outbox-command";
export { runPicturesCommand } from "../commands/pictures-command";
export { runStaffCommand } from "../commands/staff-command";

import type { ServerBuild } from "react-router";

export * from "./app";

/** The public site's route table and modules, as React Router built them (the console's: ./console-bundle.ts). */
export const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
