/**
 * Telling the owner that something needs them (backups failing, messages
 * not going out, the disk filling, a scheduled job not running), by e-mail
 * through the outbox like every message. Each cause is told at most once an
 * hour, however many processes notice it: the claim is one statement on a
 * row per cause, so two processes noticing at once send one e-mail. A last
 * alert dated after `now` was dated by a clock that ran ahead, and does not
 * hold back the next.
 */
import { and, eq, sql } from "drizzle-orm";
import { config } from "./config.server";
import type { Database } from "./db.server";
import { mailDomainOf } from "./delivery/delivery.server";
import { ownerAlertEmail } from "./delivery/staff-messages.server";
import { enqueue, wakeOutbox } from "./outbox.server";
import { staffUsers } from "./schema.server";

/** What an alert is about; one e-mail an hour at most for each. */
export type AlertCause =
  | "backup-failed"
  | "backup-stale"
  | "messages-failing"
  | "disk-low"
  | "job-late"
  | "booking-links"
  | "clock-skew";

const ONCE_PER_MS = 3_600_000;

/**
 * Queues the alert to every active owner (STAFF_EMAIL while there is none) unless this cause was told
 * within the hour; call `wakeOutbox()` once the transaction commits. Returns whether it was queued.
 */
export async function alertOwner(
  tx: Database,
  cause: AlertCause,
  message: { subject: string; text: string },
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - ONCE_PER_MS).toISOString();
  const claimed = await tx.execute(sql`
    insert into owner_alerts (cause, last_sent_at) values (${cause}, ${now.toISOString()})
    on conflict (cause) do update set last_sent_at = excluded.last_sent_at
    where owner_alerts.last_sent_at <= ${since} or owner_alerts.last_sent_at > ${now.toISOString()}
    returning cause`);
  if (claimed.rows.length === 0) return false;
  const owners = await tx
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "owner"), eq(staffUsers.active, true)));
  const settings = config();
  const recipients = owners.length > 0 ? owners.map((o) => o.email) : [settings.STAFF_EMAIL];
  await enqueue(
    tx,
    recipients.map((to) => ownerAlertEmail(to, { cause, ...message })),
    mailDomainOf(settings.PUBLIC_URL),
  );
  return true;
}

/** For a job's `committed`: the alerts it queued go out now rather than on the worker's next look. */
export function sendQueuedAlerts(result: Record<string, unknown>): void {
  if (Number(result.alerts ?? 0) > 0) wakeOutbox();
}
