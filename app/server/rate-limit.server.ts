/**
 * Fixed-window rate limits counted in the database, so every process on one
 * PostgreSQL shares them. `RATE_LIMITS=off` lifts them (benchmarks only).
 * A subject keyed by client is its clientKey (client-key.server.ts), never
 * the raw address; a limit that protects a person or an account is keyed by
 * them too, so many clients together cannot spend it.
 */
import { sql } from "drizzle-orm";
import { config } from "./config.server";
import type { Database } from "./db.server";
import { rateLimits } from "./schema.server";

export interface RateLimitRule {
  /** What is limited, e.g. "joinus". */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
}

const rateLimitsEnabled = () => config().RATE_LIMITS !== "off";

export async function hitRateLimit(
  db: Database,
  rule: RateLimitRule,
  subject: string,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  if (!rateLimitsEnabled()) return { allowed: true, retryAfter };
  return { allowed: (await countIn(db, `${rule.name}:${subject}`, windowStart)) <= rule.limit, retryAfter };
}

/**
 * Whether this is the first time `subject` is counted under `name` in the
 * window that starts at `windowStart` (a London day, say): for what counts
 * once per visitor and period, such as a quote's Book clicks. Kept with the
 * rate limits' rows and pruned with them; not lifted by RATE_LIMITS=off,
 * since it decides what a figure means rather than who is refused.
 */
export async function firstInWindow(db: Database, name: string, subject: string, windowStart: Date): Promise<boolean> {
  return (await countIn(db, `${name}:${subject}`, windowStart)) === 1;
}

/** Adds one to a key's count in a window and returns the new count, in one statement. */
async function countIn(db: Database, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

export function tooManyRequests(
  result: RateLimitResult,
  message = "You've sent a lot of requests in a short time. Please wait a little and try again.",
): Response {
  return Response.json(
    { error: message },
    { status: 429, headers: { "Retry-After": String(result.retryAfter), "Cache-Control": "no-store" } },
  );
}
