import { config } from "~/server/config.server";
import { type OpenOptions, openDatabase } from "~/server/db.server";

/**
 * The database the settings name (DATABASE_URL, else the embedded one under
 * DATA_DIR): the site and its terminal commands open the same one this way.
 */
export function openSiteDatabase(prepare?: OpenOptions["prepare"], whileStarting?: OpenOptions["whileStarting"]) {
  const settings = config();
  return openDatabase({
    databaseUrl: settings.DATABASE_URL,
    dataDir: settings.dataDir,
    prepare,
    whileStarting,
  });
}
