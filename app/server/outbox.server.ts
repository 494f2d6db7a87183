/**
 * The outbox: messages are rows written in the same transaction as the quote,
 * application or feedback they are about, so none is lost and none is sent
 * for something that was never saved. A worker in each server process claims
 * due rows with FOR UPDATE SKIP LOCKED and a lease, so several processes on
 * one PostgreSQL never send a message twice, and a message whose process died
 * mid-send is retried once its lease has run out.
 */
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import type { Database } from "./db.server";
import { outbox } from "./schema.server";

export type Channel = "email" | "sms";

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

/** Adds messages inside the caller's transaction and returns their ids; call `wakeOutbox()` after it commits. */
export async function enqueue(tx: Tx, messages: NewMessage[], mailDomain: string): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await tx
    .insert(outbox)
    .values(
      // The Message-ID is fixed when the row is written, so a resend after a crash carries the same one.
      messages.map((m) => ({ ...m, messageId: `<${randomUUID()}@${mailDomain}>` })),
    )
    .returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

/** Tells this process's worker there is something to send now. */
export function wakeOutbox(): void {
  signal.emit("wake");
}

export interface DeliveryResult {
  /** The provider's id for the message, when it gives one. */
  providerId?: string;
}

export class PermanentDeliveryError extends Error {}

export interface WorkerOptions {
  db: Database;
  deliver: (row: OutboxRow) => Promise<DeliveryResult | void>;
  leaseSeconds: number;
  maxAttempts: number;
  retrySeconds: number;
  pollMs?: number;
  batchSize?: number;
  log?: Pick<Console, "info" | "warn" | "error">;
}

/** Exponential backoff: retrySeconds, twice that, … capped at an hour. */
export function retryDelaySeconds(attempt: number, retrySeconds: number): number {
  return Math.min(3600, retrySeconds * 2 ** Math.max(0, attempt - 1));
}

/** Claims due messages: pending ones whose time has come, and sending ones whose lease ran out. */
export async function claimDue(db: Database, leaseSeconds: number, batchSize: number): Promise<OutboxRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    update outbox set status = 'sending', attempts = attempts + 1,
      lease_until = now() + make_interval(secs => ${leaseSeconds})
    where id in (
      select id from outbox
      where (status = 'pending' and next_attempt_at <= now())
         or (status = 'sending' and lease_until < now())
      order by id
      limit ${batchSize}
      for update skip locked
    )
    returning id`);
  const ids = result.rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db.query.outbox.findMany({
    where: (o, { inArray }) => inArray(o.id, ids),
    orderBy: (o, { asc }) => asc(o.id),
  });
}

export async function markSent(db: Database, id: number): Promise<void> {
  await db.execute(
    sql`update outbox set status = 'sent', sent_at = now(), lease_until = null, last_error = null where id = ${id}`,
  );
}

export async function markFailedAttempt(
  db: Database,
  row: OutboxRow,
  error: string,
  options: { maxAttempts: number; retrySeconds: number; permanent: boolean },
): Promise<"failed" | "retry"> {
  if (options.permanent || row.attempts >= options.maxAttempts) {
    await db.execute(
      sql`update outbox set status = 'failed', lease_until = null, last_error = ${error} where id = ${row.id}`,
    );
    return "failed";
  }
  const delay = retryDelaySeconds(row.attempts, options.retrySeconds);
  await db.execute(sql`update outbox set status = 'pending', lease_until = null, last_error = ${error},
    next_attempt_at = now() + make_interval(secs => ${delay}) where id = ${row.id}`);
  return "retry";
}

export interface OutboxWorker {
  /** Runs one pass now; resolves when it is done. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function startOutboxWorker(options: WorkerOptions): OutboxWorker {
  const {
    db,
    deliver,
    leaseSeconds,
    maxAttempts,
    retrySeconds,
    pollMs = 2000,
    batchSize = 10,
    log = console,
  } = options;
  let stopped = false;
  let running: Promise<number> | null = null;
  let again = false;

  async function pass(): Promise<number> {
    let handled = 0;
    for (;;) {
      const rows = await claimDue(db, leaseSeconds, batchSize);
      if (rows.length === 0 || stopped) return handled;
      for (const row of rows) {
        if (stopped) return handled;
        try {
          await deliver(row);
          await markSent(db, row.id);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const outcome = await markFailedAttempt(db, row, message, {
            maxAttempts,
            retrySeconds,
            permanent: error instanceof PermanentDeliveryError,
          });
          const line = `outbox: ${row.channel} ${row.template} #${row.id} to ${row.recipient} attempt ${row.attempts} failed: ${message}`;
          if (outcome === "failed") log.error(`${line}; giving up`);
          else log.warn(`${line}; will retry`);
        }
        handled++;
      }
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error) => {
        if (!stopped) log.error("outbox: pass failed", error);
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
    },
  };
}
