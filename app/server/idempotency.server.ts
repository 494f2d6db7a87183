/**
 * The server half of idempotency keys (app/domain/idempotency.ts): the answer
 * to a submission is stored under its key in the same transaction as the
 * submission itself, so either both are committed or neither is. A second
 * request with the key gets the stored answer; one racing the first waits on
 * the key's row and then gets the answer too. A key reused for different
 * answers (a form page somebody cached and served twice) is refused, never
 * mistaken for the first visitor's submission.
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

/** A digest of what was submitted, to tell a true retry from a reused key. */
export function fingerprintOf(values: unknown): string {
  return createHash("sha256").update(JSON.stringify(values)).digest("base64url");
}

interface Stored<T> {
  fingerprint: string;
  answer: T;
}

export type Replay<T> = { kind: "answer"; answer: T } | { kind: "reused" } | { kind: "none" };

/** The answer already given under this key, if any. */
export async function previousAnswer<T>(
  db: Database,
  scope: string,
  key: string,
  fingerprint: string,
): Promise<Replay<T>> {
  const result = await db.execute<{ answer: Stored<T> | null }>(
    sql`select answer from idempotency_keys where key = ${`${scope}:${key}`}`,
  );
  const stored = result.rows[0]?.answer;
  if (!stored) return { kind: "none" };
  return stored.fingerprint === fingerprint ? { kind: "answer", answer: stored.answer } : { kind: "reused" };
}

class AlreadyAnswered extends Error {}

/**
 * Runs `work` in a transaction that also records its answer under the key; a
 * concurrent or earlier request with the same key gets that answer instead.
 * `fresh` is false when the answer is a replay (nothing was stored this time).
 *
 * The key is written last, with the answer, in one statement: a request
 * racing another with the same key waits there until the first commits,
 * then finds the key taken and rolls its own work back. One statement per
 * submission instead of a claim and an update.
 */
export async function once<T>(
  db: Database,
  scope: string,
  key: string | undefined,
  fingerprint: string,
  work: (tx: Transaction) => Promise<T>,
): Promise<{ fresh: true; answer: T } | { fresh: false; replay: Replay<T> }> {
  if (!key) return { fresh: true, answer: await db.transaction(work) };
  const scoped = `${scope}:${key}`;
  try {
    const answer = await db.transaction(async (tx) => {
      const value = await work(tx);
      const stored: Stored<T> = { fingerprint, answer: value };
      const claimed = await tx.execute(
        sql`insert into idempotency_keys (key, answer) values (${scoped}, ${JSON.stringify(stored)}::jsonb)
            on conflict (key) do nothing returning key`,
      );
      if (claimed.rows.length === 0) throw new AlreadyAnswered();
      return value;
    });
    return { fresh: true, answer };
  } catch (error) {
    if (!(error instanceof AlreadyAnswered)) throw error;
    return { fresh: false, replay: await previousAnswer<T>(db, scope, key, fingerprint) };
  }
}
