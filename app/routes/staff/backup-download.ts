/**
 * GET /staff/settings/backup: the newest backup file, as written (sealed: decision 104), for the owner alone,
 * on a recent sign-in and from this site's own pages (the route table's `fresh` and `download`); every
 * download is in the audit log.
 */
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { data } from "react-router";
import { listBackupFiles } from "~/server/backup/backups.server";
import { config } from "~/server/config.server";
import { requestContext } from "~/server/request-context.server";
import { audit } from "~/server/staff/audit.server";
import { requireStaff } from "~/server/staff/auth.server";
import type { Route } from "./+types/backup-download";

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "backupDownload");
  const [latest] = await listBackupFiles(config().backupDir);
  if (!latest)
    throw data({ error: "There is no backup on this server yet: the first is made tonight." }, { status: 404 });
  // Everyone's personal data is in it: who took a copy, and which, is recorded.
  await audit(args.context.get(requestContext).db, staff, {
    action: "backup.download",
    subject: { type: "settings", id: latest.name },
    summary: `${latest.bytes} bytes`,
  });
  return new Response(Readable.toWeb(createReadStream(latest.file)) as ReadableStream, {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(latest.bytes),
      "Content-Disposition": `attachment; filename="${latest.name}"`,
      "Cache-Control": "no-store",
    },
  });
}
