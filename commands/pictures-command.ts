/**
 * `npm run pictures -- to-bucket | to-database`: moves the uploaded pictures
 * stored so far into the pictures' bucket (PICTURES_S3_BUCKET), or back into
 * the database, on the database the site uses; safe to run while the site
 * runs and to run again after an interruption (each picture moves whole).
 */
import { pictureBucket } from "~/server/picture-storage.server";
import { movePicturesToBucket, movePicturesToDatabase } from "~/server/pictures.server";
import { openCommandDatabase } from "~/server/site-database.server";

const USAGE = "Usage: npm run pictures -- to-bucket | to-database (with PICTURES_S3_BUCKET set)";

/** Runs the command; resolves with the process's exit code. */
export async function runPicturesCommand(args: string[], out: Pick<Console, "log" | "error"> = console) {
  const [command] = args;
  if (args.length !== 1 || (command !== "to-bucket" && command !== "to-database")) {
    out.error(USAGE);
    return 2;
  }
  const bucket = pictureBucket();
  if (!bucket) {
    out.error(
      `PICTURES_S3_BUCKET is not set: there is no bucket to move pictures ${command === "to-bucket" ? "to" : "from"}.`,
    );
    return 2;
  }
  const database = await openCommandDatabase();
  try {
    const moved =
      command === "to-bucket"
        ? await movePicturesToBucket(database.db, bucket)
        : await movePicturesToDatabase(database.db, bucket);
    out.log(
      command === "to-bucket"
        ? `Moved ${moved} picture${moved === 1 ? "" : "s"} into the bucket ${bucket.bucket}.`
        : `Moved ${moved} picture${moved === 1 ? "" : "s"} from the bucket ${bucket.bucket} into the database.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}
