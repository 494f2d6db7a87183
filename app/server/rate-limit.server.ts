/**
 * Fixed-window rate limits counted in the database, so every process on one
 * PostgreSQL shares them. `RATE_LIMITS=off` lifts them (benchmarks only).
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
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `${rule.name}:${subject}`, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  return { allowed: (row?.count ?? 1) <= rule.limit, retryAfter };
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
