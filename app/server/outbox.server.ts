/**
 * The outbox: messages are rows written in the same transaction as the quote,
 * application or feedback they are about, so none is lost and none is sent
 * for something that was never saved. A worker in each server process claims
 * due rows with FOR UPDATE SKIP LOCKED and a lease, so several processes on
 * one PostgreSQL never send a message twice, and a message whose process died
 * mid-send is retried once its lease has run out.
 *
 * Nothing is silently abandoned: a failing message is retried with capped
 * exponential backoff for a whole window (48 hours by default) from when it
 * was queued or last re-sent; only then is it marked failed, logged as one
 * structured line and kept with its reason, for the staff console to show and
 * `resendMessages` (the console and `npm run outbox -- resend`) to queue again.
 */
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { inArray, sql } from "drizzle-orm";
import { recipientKey } from "~/domain/message-safety";
import type { Database } from "./db.server";
import { log as defaultLog, type Logger } from "./log.server";
import { outbox } from "./schema.server";

type Channel = "email" | "sms";

export interface NewMessage {
  channel: Channel;
  recipient: string;
  template: string;
  payload: Record<string, unknown>;
}

export type OutboxRow = typeof outbox.$inferSelect;

/** A transaction or the database itself. */
type Tx = Pick<Database, "insert" | "execute">;

const signal = new EventEmitter();

/** A new message's Message-ID, fixed when its row is written, so a resend after a crash carries the same one. */
export const newMessageId = (mailDomain: string) => `<${randomUUID()}@${mailDomain}>`;

/** Adds messages inside the caller's transaction and returns their ids; call `wakeOutbox()` after it commits. */
export async function enqueue(tx: Tx, messages: NewMessage[], mailDomain: string): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await tx
    .insert(outbox)
    .values(
      messages.map((m) => ({
        ...m,
        recipientKey: recipientKey(m.channel, m.recipient),
        messageId: newMessageId(mailDomain),
      })),
    )
    .returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

/** The NOTIFY channel a trigger on the outbox sends on when new messages commit, in any process. */
export const OUTBOX_CHANNEL = "outbox_ready";

/** Tells this process's worker there is something to send now. */
export function wakeOutbox(): void {
  signal.emit("wake");
}

/**
 * Calls `listener` whenever this copy of the module is woken: the staff console's build carries a copy of its
 * own, whose wake-ups the HTTP app passes on to the worker's (http/app.ts).
 */
export function onOutboxWake(listener: () => void): void {
  signal.on("wake", listener);
}

interface DeliveryResult {
  /** The provider's id for the message, when it gives one. */
  providerId?: string;
}

export class PermanentDeliveryError extends Error {}

export interface WorkerOptions {
  db: Database;
  // biome-ignore lint/suspicious/noConfusingVoidType: a transport that learns no id for the message returns nothing
  deliver: (row: OutboxRow) => Promise<DeliveryResult | void>;
  leaseSeconds: number;
  /** How long after queueing (or re-sending) a failing message is still retried. */
  retryWindowSeconds: number;
  /** First retry delay; each later one doubles, up to retryCapSeconds. */
  retrySeconds: number;
  retryCapSeconds?: number;
  pollMs?: number;
  batchSize?: number;
  log?: Pick<Logger, "info" | "warn" | "error">;
}

/** Exponential backoff: retrySeconds, twice that, … capped (an hour by default). */
export function retryDelaySeconds(attempt: number, retrySeconds: number, capSeconds = 3600): number {
  return Math.min(capSeconds, retrySeconds * 2 ** Math.max(0, attempt - 1));
}

/**
 * Claims due messages, pending ones whose time has come and sending ones whose
 * lease ran out, and returns them in one statement.
 */
export async function claimDue(db: Database, leaseSeconds: number, batchSize: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      sql`(${outbox.status} = 'pending' and ${outbox.nextAttemptAt} <= now())
        or (${outbox.status} = 'sending' and ${outbox.leaseUntil} < now())`,
    )
    .orderBy(outbox.id)
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({
      status: "sending",
      attempts: sql`${outbox.attempts} + 1`,
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(outbox.id, due))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Marks delivered messages sent, all in one statement. Only rows still
 * `sending`: one given up on meanwhile is not rewritten.
 */
async function markSent(db: Database, ids: number[]): Promise<void> {
  await db.execute(
    sql`update outbox set status = 'sent', sent_at = now(), lease_until = null, last_error = null
        where id = any(${`{${ids.join(",")}}`}::int[]) and status = 'sending'`,
  );
}

async function markFailedAttempt(
  db: Database,
  row: OutboxRow,
  error: string,
  options: { retryWindowSeconds: number; retrySeconds: number; retryCapSeconds?: number; permanent: boolean },
): Promise<"failed" | "retry"> {
  const delay = retryDelaySeconds(row.attempts, options.retrySeconds, options.retryCapSeconds);
  // Given up only when the next try would fall outside the window (or can never succeed).
  const result = await db.execute<{ status: string }>(sql`
    update outbox set
      status = case when ${options.permanent} or now() + make_interval(secs => ${delay})
        > retry_from + make_interval(secs => ${options.retryWindowSeconds}) then 'failed' else 'pending' end,
      failed_at = case when ${options.permanent} or now() + make_interval(secs => ${delay})
        > retry_from + make_interval(secs => ${options.retryWindowSeconds}) then now() else null end,
      lease_until = null, last_error = ${error}, next_attempt_at = now() + make_interval(secs => ${delay})
    where id = ${row.id}
    returning status`);
  return result.rows[0]?.status === "failed" ? "failed" : "retry";
}

export type ResendSelection = { ids: number[] } | { allFailed: true };

/**
 * Queues failed messages again, as they were (same Message-ID), with a fresh
 * retry window. Only failed messages: a sent one is never sent twice this
 * way, nor one whose recipient and content were erased. Returns the ids queued. For the staff console and `npm run outbox`.
 */
export async function resendMessages(db: Pick<Database, "execute">, selection: ResendSelection): Promise<number[]> {
  const which =
    "ids" in selection
      ? sql`id = any(${`{${selection.ids.map((id) => Math.trunc(id)).join(",")}}`}::int[])`
      : sql`true`;
  const result = await db.execute<{ id: number }>(sql`
    update outbox set status = 'pending', attempts = 0, next_attempt_at = now(), retry_from = now(),
      failed_at = null, lease_until = null
    where status = 'failed' and redacted_at is null and ${which}
    returning id`);
  const ids = result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  if (ids.length > 0) wakeOutbox();
  return ids;
}

/** Messages given up on, newest first, with why: what the staff console lists. */
export async function failedMessages(db: Database, limit = 200) {
  return db.query.outbox.findMany({
    where: (o, { eq }) => eq(o.status, "failed"),
    orderBy: (o, { desc }) => desc(o.failedAt),
    limit,
  });
}

export interface OutboxWorker {
  /** Runs one pass now; resolves when it is done. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** How long a pass waits, after a batch that emptied the queue, for more messages before claiming again. */
const GATHER_MS = 20;

/** The longest a delivered message waits to be marked sent with others delivered about the same time. */
const MARK_WITHIN_MS = 50;

export function startOutboxWorker(options: WorkerOptions): OutboxWorker {
  const {
    db,
    deliver,
    leaseSeconds,
    retryWindowSeconds,
    retrySeconds,
    retryCapSeconds,
    pollMs = 2000,
    // Claimed and sent together: a burst of quotes leaves in a few passes, not one pass per ten messages.
    batchSize = 50,
    log = defaultLog,
  } = options;
  let stopped = false;
  let running: Promise<number> | null = null;
  let again = false;
  /**
   * Delivered, not yet marked sent. Should the mark fail (the database went
   * away), they are marked before anything else is claimed: a delivered
   * message is never taken for a failed one and sent again.
   */
  const unmarked = new Set<number>();

  async function send(row: OutboxRow): Promise<void> {
    try {
      await deliver(row);
      unmarked.add(row.id);
      markSoon();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const outcome = await markFailedAttempt(db, row, reason, {
        retryWindowSeconds,
        retrySeconds,
        retryCapSeconds,
        permanent: error instanceof PermanentDeliveryError,
      });
      const line = {
        outbox: row.id,
        channel: row.channel,
        template: row.template,
        attempt: row.attempts,
        reason,
      };
      if (outcome === "failed") log.error({ ...line, status: "failed" }, "outbox: message failed; kept for re-sending");
      else log.warn(line, "outbox: attempt failed; will retry");
    }
  }

  /**
   * One statement for every message delivered and not yet marked; should it fail they stay, for the next. Marks
   * are written one after another, never two at once.
   */
  let marking: Promise<void> = Promise.resolve();
  let markTimer: ReturnType<typeof setTimeout> | undefined;
  function markDelivered(): Promise<void> {
    clearTimeout(markTimer);
    markTimer = undefined;
    marking = marking
      .catch(() => {})
      .then(async () => {
        if (unmarked.size === 0) return;
        const ids = [...unmarked];
        await markSent(db, ids);
        for (const id of ids) unmarked.delete(id);
      });
    return marking;
  }

  /**
   * A delivered message is marked within MARK_WITHIN_MS, not when its whole
   * batch is done: a process killed while one message hangs re-sends only
   * that one. Every message delivered meanwhile goes in the same statement,
   * so a burst costs a mark every few dozen messages, not every few.
   */
  function markSoon(): void {
    markTimer ??= setTimeout(() => {
      markDelivered().catch((error) => {
        const err = error instanceof Error ? error.message : String(error);
        log.warn({ err }, "outbox: could not mark messages sent; will try again");
      });
    }, MARK_WITHIN_MS);
  }

  /**
   * Each claimed batch is sent concurrently, so a slow provider does not hold
   * up the queue behind it; every delivered message is marked before the next
   * batch is claimed.
   */
  async function pass(): Promise<number> {
    let handled = 0;
    for (;;) {
      await markDelivered();
      if (stopped) return handled;
      const rows = await claimDue(db, leaseSeconds, batchSize);
      if (rows.length === 0) return handled;
      await Promise.all(rows.map(send));
      handled += rows.length;
      // A short batch means the queue ran dry: under a stream of saves, what comes next is let gather for a
      // moment, so it is claimed and marked many messages at a time instead of one or two (decision 093).
      if (rows.length < batchSize) await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error) => {
        if (!stopped) log.warn({ err: error instanceof Error ? error.message : String(error) }, "outbox: pass failed");
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  const onWake = () => void runOnce();
  signal.on("wake", onWake);
  const timer = setInterval(onWake, pollMs);
  timer.unref();
  void runOnce();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      signal.off("wake", onWake);
      await running;
      clearTimeout(markTimer);
    },
  };
}
