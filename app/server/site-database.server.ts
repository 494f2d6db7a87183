import { config } from "~/server/config.server";
import { type OpenOptions, openDatabase } from "~/server/db.server";
import { DataDirInUseError, runningServerUrl } from "~/server/embedded-postgres.server";

/**
 * The database the settings name (DATABASE_URL, else the embedded one under
 * DATA_DIR): the site and its terminal commands open the same one this way.
 * A second site on a data folder another process uses stops, saying so.
 */
export function openSiteDatabase(prepare?: OpenOptions["prepare"], whileStarting?: OpenOptions["whileStarting"]) {
  const settings = config();
  return openDatabase({
    databaseUrl: settings.DATABASE_URL,
    directDatabaseUrl: settings.DIRECT_DATABASE_URL,
    dataDir: settings.dataDir,
    prepare,
    whileStarting,
  });
}

/**
 * For a terminal command (`npm run staff`, `npm run outbox`): the site's
 * database, and while the site runs on the embedded one, that running server,
 * reached through its socket as the backup command does. So a command works
 * whether or not the site is running.
 */
export async function openCommandDatabase(prepare?: OpenOptions["prepare"]) {
  try {
    return await openSiteDatabase(prepare);
  } catch (error) {
    const settings = config();
    const running = error instanceof DataDirInUseError ? await runningServerUrl(settings.dataDir) : undefined;
    if (!running) throw error;
    return openDatabase({ databaseUrl: running, dataDir: settings.dataDir, prepare });
  }
}
