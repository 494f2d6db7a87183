/**
 * The server half of idempotency keys (app/domain/idempotency.ts): the answer
 * to a submission is stored under its key in the same transaction as the
 * submission itself, so either both are committed or neither is. A second
 * request with the key gets the stored answer; one racing the first waits on
 * the key's row and then gets the answer too. A key reused for different
 * answers (a form page somebody cached and served twice) is refused, never
 * mistaken for the first visitor's submission.
 *
 * A form page fetched again gets a new key: without JavaScript, Back after
 * sending and then Send again would store and send everything a second time.
 * So a form's answer is also kept under the submission's content (its
 * fingerprint), and the same answers sent again from a form within
 * DUPLICATE_WINDOW_MINUTES get the first answer, whatever key they carry. An
 * API client that sends no key asks for neither: each request is stored.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { IDEMPOTENCY_FIELD, IDEMPOTENCY_KEY_PATTERN } from "~/domain/idempotency";
import type { Database } from "./db.server";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const KEY_REUSED_MESSAGE =
  "This form was already sent with different answers. Please reload the page to send it again.";
const BAD_KEY_MESSAGE = "This form could not be read. Please reload the page and send it again.";

export type KeyOf = { ok: true; key: string | undefined } | { ok: false; message: string };

/**
 * The key a submission carries (form field, JSON field or the Idempotency-Key header's value, `header`); none is
 * allowed for API clients.
 */
export function idempotencyKeyOf(input: Record<string, unknown>, header?: string): KeyOf {
  const value = input[IDEMPOTENCY_FIELD] ?? header;
  if (value === undefined || value === "") return { ok: true, key: undefined };
  return typeof value === "string" && IDEMPOTENCY_KEY_PATTERN.test(value)
    ? { ok: true, key: value }
    : { ok: false, message: BAD_KEY_MESSAGE };
}

/**
 * How long the same answers count as the same submission sent again: long
 * enough for Back and Send again, short enough that a client who saves the
 * same quote tomorrow gets a new one.
 */
export const DUPLICATE_WINDOW_MINUTES = 15;

/** Where a submission's answer is kept by its content; ':' is never in a form's key, so the two cannot meet. */
const contentKey = (scope: string, fingerprint: string) => `${scope}:same:${fingerprint}`;

/** A digest of what was submitted, to tell a true retry from a reused key and to find the same answers sent again. */
export function fingerprintOf(values: unknown): string {
  return createHash("sha256").update(JSON.stringify(values)).digest("base64url");
}

interface Stored<T> {
  fingerprint: string;
  answer: T;
}

export type Replay<T> = { kind: "answer"; answer: T } | { kind: "reused" } | { kind: "none" };

/**
 * The answer already given under this form key, or to the same answers
 * within DUPLICATE_WINDOW_MINUTES (one query for both). The form key's answer
 * comes first: the same key with other answers is "reused".
 */
export async function previousAnswer<T>(
  db: Database,
  scope: string,
  key: string,
  fingerprint: string,
): Promise<Replay<T>> {
  const byContent = contentKey(scope, fingerprint);
  const result = await db.execute<{ key: string; answer: Stored<T> | null }>(
    sql`select key, answer from idempotency_keys where key = ${`${scope}:${key}`}
        or (key = ${byContent} and created_at > now() - make_interval(mins => ${DUPLICATE_WINDOW_MINUTES}))`,
  );
  const byForm = result.rows.find((row) => row.key !== byContent)?.answer;
  if (byForm)
    return byForm.fingerprint === fingerprint ? { kind: "answer", answer: byForm.answer } : { kind: "reused" };
  const same = result.rows.find((row) => row.key === byContent)?.answer;
  return same ? { kind: "answer", answer: same.answer } : { kind: "none" };
}

/**
 * The keys a form's answer is kept under, its form key's and its content's
 * (`${scope}:${key}`, `${scope}:same:${fingerprint}`). The quote's own
 * statement (queries/quotes.server.ts) takes them from here, so both paths
 * agree.
 */
export function answerKeys(scope: string, key: string, fingerprint: string) {
  return { formKey: `${scope}:${key}`, contentKey: contentKey(scope, fingerprint) };
}

class AlreadyAnswered extends Error {}

/**
 * Runs `work` in a transaction that also records its answer under the key
 * and under its content; a concurrent or earlier request with the same key
 * gets that answer instead. `fresh` is false when the answer is a replay
 * (nothing was stored this time).
 *
 * The keys are written last, with the answer, in one statement: a request
 * racing another with the same form key waits there until the first
 * commits, then finds the key taken and rolls its own work back. The content
 * key is overwritten, so the window runs from the latest submission.
 */
export async function once<T>(
  db: Database,
  scope: string,
  key: string | undefined,
  fingerprint: string,
  work: (tx: Transaction) => Promise<T>,
): Promise<{ fresh: true; answer: T } | { fresh: false; replay: Replay<T> }> {
  if (!key) return { fresh: true, answer: await db.transaction(work) };
  const { formKey, contentKey: byContent } = answerKeys(scope, key, fingerprint);
  try {
    const answer = await db.transaction(async (tx) => {
      const value = await work(tx);
      const stored = JSON.stringify({ fingerprint, answer: value } satisfies Stored<T>);
      const kept = await tx.execute<{ key: string }>(
        sql`insert into idempotency_keys (key, answer) values (${formKey}, ${stored}::jsonb), (${byContent}, ${stored}::jsonb)
            on conflict (key) do update set answer = excluded.answer, created_at = excluded.created_at
              where idempotency_keys.key = ${byContent}
            returning key`,
      );
      if (!kept.rows.some((row) => row.key === formKey)) throw new AlreadyAnswered();
      return value;
    });
    return { fresh: true, answer };
  } catch (error) {
    if (!(error instanceof AlreadyAnswered)) throw error;
    return { fresh: false, replay: await previousAnswer<T>(db, scope, key, fingerprint) };
  }
}
