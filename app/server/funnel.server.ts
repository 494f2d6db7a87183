/**
 * The funnel's events (decision 076): the one way a step is recorded,
 * `recordFunnelEvent`, for the calculator's beacon ("started", "summary") and
 * the quote page's Book redirect ("book"), and the beacon's endpoint itself.
 * "saved", "opened" and "booked" are not events: they are read from the
 * quotes themselves (the funnel_rollup trigger), so they always equal them.
 *
 * No cookie, nothing that names a person: a visitor is a keyed hash of their
 * address, browser and this site under a secret of the London day, kept only
 * in the database and deleted once the day is over, so yesterday's visitors
 * can never be told apart again. Neither the address nor the browser is stored.
 */
import { createHmac, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Attribution, BEACON_STEPS, type BeaconStep, cleanAttribution, sourceOf } from "~/domain/funnel";
import { londonDay } from "~/domain/salon-time";
import { weekOf } from "~/domain/staff/weeks";
import { config } from "./config.server";
import type { Database } from "./db.server";
import { HttpError, parseJson, readLimitedText } from "./http.server";
import { log } from "./log.server";
import { hitRateLimit, type RateLimitRule, tooManyRequests } from "./rate-limit.server";

export type FunnelEvent =
  | {
      step: BeaconStep;
      /** Who, only to be hashed: never stored. */
      visitor: { ip: string; userAgent: string };
      salonId?: number | undefined;
      levelId?: number | undefined;
      /** The stylist's slug, as the calculator's address names them. */
      stylist?: string | undefined;
      attribution?: Attribution | undefined;
    }
  /** A click on a saved quote's Book button, by the quote's id or its link: counted once per quote. */
  | { step: "book"; quoteId: number }
  | { step: "book"; link: string };

/** Digits of the hash kept: 64 bits, plenty to tell a day's visitors apart, too few to be worth reversing. */
const VISITOR_HEX_DIGITS = 16;

/** Today's secret, per process, so a beacon costs one statement; a new day fetches (or makes) the next one. */
let secretOfDay: { day: string; secret: Buffer } | undefined;

async function daySecret(db: Database, day: string): Promise<Buffer> {
  if (secretOfDay?.day === day) return secretOfDay.secret;
  for (let attempt = 0; attempt < 2; attempt++) {
    // Yesterday's secret goes as today's is taken: with it, yesterday's hashes can no longer be reproduced.
    const { rows } = await db.execute<{ secret: Buffer }>(sql`
      with gone as (delete from funnel_secrets where day < ${day}::date),
      made as (insert into funnel_secrets (day, secret) values (${day}::date, ${randomBytes(32)})
        on conflict (day) do nothing returning secret)
      select secret from made union all select secret from funnel_secrets where day = ${day}::date limit 1`);
    const secret = rows[0]?.secret;
    if (secret) {
      secretOfDay = { day, secret: Buffer.from(secret) };
      return secretOfDay.secret;
    }
    // Another process made today's between this statement's snapshot and its insert: read it now.
  }
  throw new Error("No funnel secret for the day");
}

/**
 * The anonymous id of a visitor for one London day (16 hex digits): the same
 * all day, unrelated to the next day's. `ip` is the client's clientKey.
 */
export async function visitorOf(db: Database, visitor: { ip: string; userAgent: string }, now = new Date()) {
  const secret = await daySecret(db, londonDay(now));
  const site = new URL(config().PUBLIC_URL).host;
  return createHmac("sha256", secret)
    .update(`${visitor.ip}\n${visitor.userAgent}\n${site}`)
    .digest("hex")
    .slice(0, VISITOR_HEX_DIGITS);
}

/**
 * Records one step of the funnel, once: a visitor's step once a day, a
 * quote's Book click once per quote. True when this call stored it. The
 * figures follow by the funnel_rollup trigger, in the same statement.
 */
export async function recordFunnelEvent(db: Database, event: FunnelEvent, now = new Date()): Promise<boolean> {
  const day = londonDay(now);
  if (event.step === "book") {
    const match = "quoteId" in event ? sql`q.id = ${event.quoteId}::int` : sql`q.link = ${event.link}::text`;
    // The quote's own salon, level, stylist and source, and the week it was saved: its row of the funnel.
    const { rowCount } = await db.execute(sql`
      insert into funnel_events (day, week, step, quote_id, salon_id, level_id, stylist_id, source)
      select ${day}::date, date_trunc('week', q.created_at at time zone 'Europe/London')::date, 'book', q.id,
        coalesce(q.stylist_salon_id, q.salon_id), q.level_id, coalesce(q.stylist_id, 0),
        funnel_source(q.utm_source, q.referrer_host)
      from quotes q where ${match}
      on conflict do nothing`);
    return (rowCount ?? 0) > 0;
  }
  const visitor = await visitorOf(db, event.visitor, now);
  const source = sourceOf(event.attribution ?? {});
  // Only salons, levels and stylists that exist are kept (0 otherwise); a named stylist brings their own.
  const { rowCount } = await db.execute(sql`
    with st as (select id, salon_id, level_id from stylists where slug = ${event.stylist ?? null}::text)
    insert into funnel_events (day, week, step, visitor, salon_id, level_id, stylist_id, source)
    select ${day}::date, ${weekOf(now)}::date, ${event.step}::text, ${visitor}::text,
      coalesce((select salon_id from st), (select id from salons where id = ${event.salonId ?? null}::int), 0),
      coalesce((select level_id from st), (select id from levels where id = ${event.levelId ?? null}::int), 0),
      coalesce((select id from st), 0), ${source}::text
    on conflict do nothing`);
  return (rowCount ?? 0) > 0;
}

// ---------------------------------------------------------------------------
// POST /api/funnel: the calculator's beacon

/** A beacon is a few short fields: anything larger is not ours. */
const BEACON_MAX_BYTES = 2048;

/** Generous for one person (a step once per page), tight for a script filling the table. */
const BEACON_RATE_LIMIT: RateLimitRule = { name: "funnel", limit: 60, windowSeconds: 600 };

const id = z.number().int().positive().max(2_147_483_647);
const utm = z.string().max(500);
const beaconSchema = z.object({
  step: z.enum(BEACON_STEPS),
  salon: id.optional(),
  level: id.optional(),
  stylist: z
    .string()
    .max(100)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .optional(),
  utm_source: utm.optional(),
  utm_medium: utm.optional(),
  utm_campaign: utm.optional(),
  utm_content: utm.optional(),
  utm_term: utm.optional(),
  ref: z.string().max(500).optional(),
});

const NO_CONTENT = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
const refused = (status: number, error: string) =>
  Response.json({ error }, { status, headers: { "Cache-Control": "no-store" } });

/** The browser asks not to be followed (Global Privacy Control, or the older Do Not Track). */
const objects = (request: Request) => request.headers.get("sec-gpc") === "1" || request.headers.get("dnt") === "1";

/**
 * 204 whether the step was new or already counted (nothing to tell the
 * browser, which never reads the answer); 4xx for what is not a beacon; and,
 * since a count is never worth an error page, 204 too when the database fails.
 */
export async function funnelBeacon(request: Request, db: Database, clientIp: string): Promise<Response> {
  if (objects(request)) return NO_CONTENT();
  let body: unknown;
  try {
    body = parseJson(await readLimitedText(request, BEACON_MAX_BYTES));
  } catch (error) {
    if (error instanceof HttpError) return error.toResponse();
    return refused(400, "The beacon is not JSON.");
  }
  const parsed = beaconSchema.safeParse(body);
  if (!parsed.success) return refused(422, "The beacon is not one this site sends.");
  try {
    const limit = await hitRateLimit(db, BEACON_RATE_LIMIT, clientIp);
    if (!limit.allowed) return tooManyRequests(limit);
    const { step, salon, level, stylist, ...rest } = parsed.data;
    await recordFunnelEvent(db, {
      step,
      visitor: { ip: clientIp, userAgent: request.headers.get("user-agent") ?? "" },
      salonId: salon,
      levelId: level,
      stylist,
      attribution: cleanAttribution(rest),
    });
  } catch (error) {
    log.warn({ err: error }, "funnel: a beacon was not recorded");
  }
  return NO_CONTENT();
}
