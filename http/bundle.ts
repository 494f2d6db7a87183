/**
 * The server bundle's one entry (vite.config.ts): the HTTP application that
 * `server.js` mounts, and the terminal commands that scripts/ run from the
 * same build (so a command opens the database exactly as the site does).
 */

export { runBackupCommand, runRestoreCommand } from "../commands/backup-command";
export { runOutboxCommand } from "../commands/outbox-command";
export { runStaffCommand } from "../commands/staff-command";
export * from "./app";
