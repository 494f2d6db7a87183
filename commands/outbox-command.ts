/**
 * `npm run outbox`: what the staff console shows and does about messages the
 * site gave up on, from a terminal. Uses the same database settings as the site.
 *
 *   npm run outbox -- list             failed messages, newest first, with why
 *   npm run outbox -- resend 12 15     queue those failed messages again
 *   npm run outbox -- resend --failed  queue every failed message again
 */

import { failedMessages, type ResendSelection, resendMessages } from "~/server/outbox.server";
import { openCommandDatabase } from "~/server/site-database.server";

const USAGE = "Usage: npm run outbox -- list | resend ID [ID…] | resend --failed";

function selectionOf(args: string[]): ResendSelection | string {
  if (args.length === 1 && args[0] === "--failed") return { allFailed: true };
  if (args.length === 0) return USAGE;
  const ids = args.map((a) => (/^\d{1,9}$/.test(a) ? Number(a) : Number.NaN));
  if (ids.some(Number.isNaN)) return `Message ids are whole numbers. ${USAGE}`;
  return { ids };
}

/** Runs the command; resolves with the process's exit code. */
export async function runOutboxCommand(args: string[], out: Pick<Console, "log" | "error"> = console): Promise<number> {
  const [command, ...rest] = args;
  const selection = command === "resend" ? selectionOf(rest) : undefined;
  if (typeof selection === "string" || (command !== "list" && command !== "resend")) {
    out.error(typeof selection === "string" ? selection : USAGE);
    return 2;
  }
  const database = await openCommandDatabase();
  try {
    if (command === "list") {
      const rows = await failedMessages(database.db);
      if (rows.length === 0) out.log("No failed messages.");
      for (const row of rows)
        out.log(
          `#${row.id}  ${row.channel} ${row.template} to ${row.recipient}  failed ${row.failedAt?.toISOString() ?? "?"} after ${row.attempts} attempts: ${row.lastError ?? "no reason kept"}`,
        );
      return 0;
    }
    const ids = await resendMessages(database.db, selection as ResendSelection);
    out.log(
      ids.length === 0
        ? "Nothing to re-send: no failed message matched."
        : `Queued again: ${ids.length} message${ids.length === 1 ? "" : "s"} (#${ids.join(", #")}). The running site sends ${ids.length === 1 ? "it" : "them"} within seconds.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}
