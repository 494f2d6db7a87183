import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pruneJob } from "./housekeeping.server";
import { retentionJob } from "./privacy/retention.server";
import { savesQuote } from "./privacy/test-people";
import { MAX_CLOCK_SKEW_MS, startScheduler } from "./scheduler.server";
import * as t from "./schema.server";
import { seedDatabase } from "./seed.server";
import { digestJob } from "./staff/digest.server";
import { uncontactedJob } from "./staff/uncontacted.server";
import { type TestDatabase, testDatabases } from "./test-databases";

const MINUTE = 60_000;
const DAY = 86_400_000;
/** A process clock `offsetMs` away from the real one (which the database's follows). */
const movedBy = (offsetMs: number) => () => new Date(Date.now() + offsetMs);

const client = { name: "Nora Keep", mobile: "07700 900431", email: "nora@example.com" };

describe.each(testDatabases)("the scheduler's clock on %s", (_kind, open) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await open(seedDatabase);
  });
  afterEach(async () => {
    await database?.destroy();
  });

  /** Three looks at every job, as three polls would make, on `clock`. */
  async function looks(jobs: Parameters<typeof startScheduler>[1], clock?: () => Date) {
    const scheduler = startScheduler(database.db, jobs, { pollMs: 3_600_000, clock });
    try {
      for (let i = 0; i < 3; i++) await scheduler.tick();
    } finally {
      await scheduler.stop();
    }
  }

  const clockAlerts = async () =>
    (await database.db.select().from(t.outbox).where(eq(t.outbox.template, "owner-alert"))).filter(
      (message) => (message.payload as { cause?: string }).cause === "clock-skew",
    );

  const passes = async () =>
    Object.fromEntries(
      (await database.db.select().from(t.scheduledJobs)).map((row) => [row.name, row.lastRunAt !== null]),
    );

  it("retention and pruning erase nothing on a clock 400 days ahead or behind, and the owners are told once", async () => {
    const quote = await savesQuote(database.db, client);

    await looks([retentionJob, pruneJob], movedBy(400 * DAY));
    await looks([retentionJob, pruneJob], movedBy(-400 * DAY));

    const [kept] = await database.db.select().from(t.quotes).where(eq(t.quotes.id, quote));
    expect(kept).toMatchObject({ name: client.name, email: client.email, anonymisedAt: null });
    expect(await passes()).toEqual({});
    // Six looks, both ways: one alert to each recipient, saying how far apart the clocks are.
    const alerts = await clockAlerts();
    expect(alerts.length).toBeGreaterThan(0);
    expect(new Set(alerts.map((a) => a.recipient)).size).toBe(alerts.length);
    expect(String((alerts[0]?.payload as { text?: string } | undefined)?.text)).toContain("400 days apart");

    // A clock a little off (within the allowance) and then the right one: the passes run, and the quote,
    // saved a moment ago, is not due.
    await looks([retentionJob, pruneJob], movedBy(MAX_CLOCK_SKEW_MS - MINUTE));
    expect(await passes()).toEqual({ retention: true, prune: true });
    const [after] = await database.db.select().from(t.quotes).where(eq(t.quotes.id, quote));
    expect(after?.anonymisedAt).toBeNull();
    expect(await clockAlerts()).toHaveLength(alerts.length);
  });

  it("schedules set while the clock ran 400 days ahead come back within one period once it is right", async () => {
    const jobs = [uncontactedJob, digestJob, pruneJob];
    // Pruning runs first with the clock right, so its schedule is a real one to compare with.
    await looks([pruneJob]);
    await looks(jobs, movedBy(400 * DAY));
    const nextRuns = async () => {
      const rows = await database.db.execute<{ name: string; ahead_seconds: number }>(
        sql`select name, extract(epoch from next_run_at - now())::float8 as ahead_seconds from scheduled_jobs`,
      );
      return Object.fromEntries(rows.rows.map((row) => [row.name, Number(row.ahead_seconds)]));
    };
    const ahead = await nextRuns();
    expect(ahead["uncontacted-leads"]).toBeGreaterThan(399 * 86_400);
    expect(ahead["quote-digest"]).toBeGreaterThan(399 * 86_400);
    // Pruning did not run on the wrong clock: its next pass is still an hour after its last.
    expect(ahead.prune).toBeLessThanOrEqual(3600);

    await looks(jobs);
    const back = await nextRuns();
    // Every 5 minutes, once a day, every hour: each within its period of now.
    expect(back["uncontacted-leads"]).toBeLessThanOrEqual(300);
    expect(back["quote-digest"]).toBeLessThanOrEqual(86_400);
    expect(back.prune).toBeLessThanOrEqual(3600);
  });
});
