/**
 * Pictures decoded by another process: a web process (ROLE=web) decodes no
 * pictures, so an upload it takes waits here, as a row, for a worker process
 * to decode and store it and write back what came of it. The upload's request
 * waits for that answer, as it waits for its own decoding otherwise.
 *
 * A job nobody takes within JOB_UNCLAIMED_SECONDS (no worker running) is
 * withdrawn and the upload refused as busy; one taken but not finished
 * within its claim (a worker killed mid-way) is taken again by another.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "./db.server";
import { log } from "./log.server";
import { pictureJobs } from "./schema.server";
import type { Actor } from "./staff/audit.server";

/** The NOTIFY channel a new job wakes workers on (a trigger sends it when the row commits). */
export const PICTURE_JOBS_CHANNEL = "picture_jobs";

/** How long an upload waits for any worker to take it: past it, no worker is running. */
const JOB_UNCLAIMED_SECONDS = 20;
/** How long a worker holds a job: longer than any decoding takes (picture-process.server.ts allows 120 s). */
const CLAIM_SECONDS = 180;
/** How often the waiting request looks for its answer. */
const ANSWER_POLL_MS = 150;

/** What a worker is given: the upload as checked by the web process. */
export interface QueuedPicture {
  upload: Buffer;
  format: "jpeg" | "png" | "webp" | "heic";
  alt: string;
  actor: Actor | null;
}

/**
 * Queues an upload for a worker and waits for its answer: what the worker's
 * `store` gave (JSON), `"unclaimed"` when no worker took it in time, or
 * `"unanswered"` when one took it and none answered.
 */
export async function queuePicture(
  db: Database,
  job: QueuedPicture,
  unclaimedSeconds = JOB_UNCLAIMED_SECONDS,
): Promise<unknown> {
  const [row] = await db
    .insert(pictureJobs)
    .values({
      upload: job.upload,
      format: job.format,
      alt: job.alt,
      staffId: job.actor?.staffId ?? null,
      sessionId: job.actor?.sessionId ?? null,
    })
    .returning({ id: pictureJobs.id });
  const id = row?.id as number;
  const giveUpAt = Date.now() + unclaimedSeconds * 1000;
  // Taken but never answered (each worker that took it died): the request stops waiting after two claims.
  const answerBy = giveUpAt + 2 * CLAIM_SECONDS * 1000;
  try {
    for (;;) {
      await sleep(ANSWER_POLL_MS);
      const [state] = await db
        .select({ result: pictureJobs.result, claimedUntil: pictureJobs.claimedUntil })
        .from(pictureJobs)
        .where(eq(pictureJobs.id, id));
      if (state?.result != null) return state.result;
      if (!state || Date.now() > answerBy) return "unanswered";
      if (state.claimedUntil === null && Date.now() > giveUpAt) {
        // Withdrawn only if still unclaimed: a worker taking it this instant wins, and its answer is awaited.
        const withdrawn = await db
          .delete(pictureJobs)
          .where(and(eq(pictureJobs.id, id), isNull(pictureJobs.claimedUntil)))
          .returning({ id: pictureJobs.id });
        if (withdrawn.length > 0) return "unclaimed";
      }
    }
  } finally {
    await db.delete(pictureJobs).where(eq(pictureJobs.id, id));
  }
}

/** A running worker loop; `stop()` lets the jobs in hand finish. */
export interface PictureWorker {
  stop(): Promise<void>;
}

/**
 * Takes queued uploads, `concurrency` at a time, and answers each with what
 * `store` gives. Wakes on the channel's notice, and looks every
 * `pollMs` (5 s) all the same (a notice can be missed while reconnecting).
 */
export function startPictureWorker(
  db: Database,
  store: (job: QueuedPicture) => Promise<unknown>,
  options: { concurrency: number; pollMs?: number; listen?: (onNotice: () => void) => Promise<void> },
): PictureWorker {
  let stopped = false;
  const inHand = new Set<Promise<void>>();

  async function claim() {
    const [job] = await db
      .update(pictureJobs)
      .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
      .where(
        eq(
          pictureJobs.id,
          sql`(${db
            .select({ id: pictureJobs.id })
            .from(pictureJobs)
            .where(
              and(
                isNull(pictureJobs.result),
                or(isNull(pictureJobs.claimedUntil), lt(pictureJobs.claimedUntil, sql`now()`)),
              ),
            )
            .orderBy(asc(pictureJobs.id))
            .limit(1)
            .for("update", { skipLocked: true })})`,
        ),
      )
      .returning();
    return job;
  }

  async function work(job: NonNullable<Awaited<ReturnType<typeof claim>>>) {
    const actor =
      job.staffId !== null && job.sessionId !== null ? { staffId: job.staffId, sessionId: job.sessionId } : null;
    const result = await store({
      upload: job.upload,
      format: job.format as QueuedPicture["format"],
      alt: job.alt,
      actor,
    });
    await db.update(pictureJobs).set({ result }).where(eq(pictureJobs.id, job.id));
  }

  async function fill() {
    while (!stopped && inHand.size < options.concurrency) {
      const job = await claim();
      if (!job) return;
      const running: Promise<void> = work(job)
        .catch(async (error: unknown) => {
          log.error({ err: error, job: job.id }, "decoding a queued picture failed");
          // Answered, so the upload's request stops waiting and says so rather than hanging.
          await db
            .update(pictureJobs)
            .set({ result: "unanswered" })
            .where(eq(pictureJobs.id, job.id))
            .catch(() => {});
        })
        .finally(() => {
          inHand.delete(running);
          void wake();
        });
      inHand.add(running);
    }
  }

  let filling: Promise<void> | null = null;
  function wake() {
    if (stopped) return Promise.resolve();
    filling ??= fill()
      // The database away: one line per look, no stack (the job stays queued for the next look).
      .catch((error: unknown) =>
        log.warn({ err: error instanceof Error ? error.message : String(error) }, "looking for queued pictures failed"),
      )
      .finally(() => {
        filling = null;
      });
    return filling;
  }

  void options.listen?.(() => void wake());
  const timer = setInterval(() => void wake(), options.pollMs ?? 5000);
  void wake();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await filling;
      await Promise.all(inHand);
    },
  };
}
