import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type QuoteMessagePayload, renderMessage } from "./delivery/messages.server";
import { pruneJob } from "./housekeeping.server";
import {
  claimDue,
  enqueue,
  failedMessages,
  type OutboxRow,
  PermanentDeliveryError,
  resendMessages,
  retryDelaySeconds,
  startOutboxWorker,
} from "./outbox.server";
import { runJobIfDue } from "./scheduler.server";
import { type TestDatabase, testDatabases } from "./test-databases";

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

const payload: QuoteMessagePayload = {
  name: "Ada Lovelace",
  firstName: "Ada",
  stylistName: "Isla",
  levelName: "Advanced Stylist",
  salonName: "Maison Ivy Kestwick",
  lines: [{ service: "Roots", pricePence: 5387 }],
  totalPence: 5387,
  regular: false,
  createdAt: "2026-11-21T10:00:00.000Z",
  link: "abc",
  hasColour: true,
};

describe("retry delays", () => {
  it.each([
    [1, 10, 10],
    [2, 10, 20],
    [3, 10, 40],
    [8, 10, 1280],
    [20, 10, 3600],
  ])("attempt %i with a %is base waits %is", (attempt, base, expected) => {
    expect(retryDelaySeconds(attempt, base)).toBe(expected);
  });
});

describe.each(testDatabases)("outbox on %s", (_name, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from outbox`);
  });

  const statuses = async () =>
    (
      await database.db.execute<{ status: string; n: string | number }>(
        sql`select status, count(*) as n from outbox group by status`,
      )
    ).rows.map((r) => [r.status, Number(r.n)]);

  it("delivers queued messages once each and marks them sent", async () => {
    await enqueue(
      database.db,
      Array.from({ length: 5 }, (_, i) => ({
        channel: "sms" as const,
        recipient: `+44770090000${i}`,
        template: "quote-sms",
        payload: { i },
      })),
      "test.example",
    );
    const delivered: number[] = [];
    const worker = startOutboxWorker({
      db: database.db,
      deliver: async (row) => void delivered.push(row.id),
      leaseSeconds: 30,
      retryWindowSeconds: 3600,
      retrySeconds: 1,
      pollMs: 60_000,
      log: quiet,
    });
    await worker.runOnce();
    await worker.stop();
    expect(delivered).toHaveLength(5);
    expect(new Set(delivered).size).toBe(5);
    expect(await statuses()).toEqual([["sent", 5]]);
  });

  it("marks a delivered message sent while another of its batch still hangs", async () => {
    await enqueue(
      database.db,
      [0, 1].map((i) => ({
        channel: "sms" as const,
        recipient: `+44770090020${i}`,
        template: "quote-sms",
        payload: { i },
      })),
      "test.example",
    );
    let release = () => {};
    const hanging = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first: number | undefined;
    const worker = startOutboxWorker({
      db: database.db,
      // The first message claimed leaves at once, the other hangs until released.
      deliver: async (row) => {
        first ??= row.id;
        if (row.id !== first) await hanging;
      },
      leaseSeconds: 30,
      retryWindowSeconds: 3600,
      retrySeconds: 1,
      pollMs: 60_000,
      log: quiet,
    });
    const pass = worker.runOnce();
    try {
      await expect
        .poll(async () => (await statuses()).sort(), { timeout: 30_000, interval: 20 })
        .toEqual([
          ["sending", 1],
          ["sent", 1],
        ]);
    } finally {
      release();
    }
    await pass;
    await worker.stop();
    expect(await statuses()).toEqual([["sent", 2]]);
  });

  it("gives every message its own Message-ID when queued", async () => {
    await enqueue(
      database.db,
      [1, 2].map((i) => ({
        channel: "email" as const,
        recipient: `a${i}@example.com`,
        template: "staff-model",
        payload: {},
      })),
      "test.example",
    );
    const ids = (await database.db.execute<{ message_id: string }>(sql`select message_id from outbox`)).rows.map(
      (r) => r.message_id,
    );
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    for (const id of ids) expect(id).toMatch(/^<[0-9a-f-]{36}@test\.example>$/);
  });

  it("retries a failure later with backoff, then marks it failed once the next try would leave the retry window", async () => {
    await enqueue(
      database.db,
      [{ channel: "email", recipient: "x@example.com", template: "staff-model", payload: {} }],
      "test.example",
    );
    let calls = 0;
    const worker = startOutboxWorker({
      db: database.db,
      deliver: async () => {
        calls++;
        throw new Error("smtp down");
      },
      leaseSeconds: 30,
      retryWindowSeconds: 1.5,
      retrySeconds: 1,
      pollMs: 60_000,
      log: quiet,
    });
    await worker.runOnce();
    expect(calls).toBe(1);
    const [row] = (
      await database.db.execute<{ status: string; last_error: string; wait: string | number }>(
        sql`select status, last_error, extract(epoch from next_attempt_at - now()) as wait from outbox`,
      )
    ).rows;
    expect(row?.status).toBe("pending");
    expect(row?.last_error).toBe("smtp down");
    expect(Number(row?.wait)).toBeGreaterThan(0.5);
    await worker.runOnce();
    expect(calls).toBe(1); // not due yet
    await wait(1100);
    await worker.runOnce();
    await worker.stop();
    expect(calls).toBe(2);
    expect(await statuses()).toEqual([["failed", 1]]);
    const [failed] = (
      await database.db.execute<{ failed_at: unknown; last_error: string }>(
        sql`select failed_at, last_error from outbox`,
      )
    ).rows;
    expect(failed?.failed_at).toBeTruthy();
    expect(failed?.last_error).toBe("smtp down");
  });

  it("re-sends failed messages, and only failed ones, with the same Message-ID and a fresh window", async () => {
    await enqueue(
      database.db,
      ["a", "b", "c"].map((r) => ({
        channel: "email" as const,
        recipient: `${r}@example.com`,
        template: "staff-model",
        payload: {},
      })),
      "test.example",
    );
    await database.db.execute(
      sql`update outbox set status = case when recipient = 'c@example.com' then 'sent' else 'failed' end, failed_at = now(), attempts = 9`,
    );
    const before = (await failedMessages(database.db)).map((r) => [r.id, r.messageId]);
    expect(before).toHaveLength(2);
    const [firstId] = before[0] as [number, string];
    expect(await resendMessages(database.db, { ids: [firstId] })).toEqual([firstId]);
    expect(await resendMessages(database.db, { ids: [firstId] })).toEqual([]); // already queued again
    const rest = await resendMessages(database.db, { allFailed: true });
    expect(rest).toHaveLength(1);
    const delivered: string[] = [];
    const worker = startOutboxWorker({
      db: database.db,
      deliver: async (row) => void delivered.push(row.messageId),
      leaseSeconds: 30,
      retryWindowSeconds: 3600,
      retrySeconds: 1,
      pollMs: 60_000,
      log: quiet,
    });
    await worker.runOnce();
    await worker.stop();
    expect(delivered.sort()).toEqual(before.map(([, id]) => id).sort());
    expect(await statuses()).toEqual([["sent", 3]]);
  });

  it("does not retry a permanent failure", async () => {
    await enqueue(
      database.db,
      [{ channel: "sms", recipient: "+447700900000", template: "quote-sms", payload: {} }],
      "test.example",
    );
    const worker = startOutboxWorker({
      db: database.db,
      deliver: async () => {
        throw new PermanentDeliveryError("invalid number");
      },
      leaseSeconds: 30,
      retryWindowSeconds: 3600,
      retrySeconds: 1,
      pollMs: 60_000,
      log: quiet,
    });
    await worker.runOnce();
    await worker.stop();
    expect(await statuses()).toEqual([["failed", 1]]);
  });

  it("takes over a message whose sender died once its lease has run out", async () => {
    await enqueue(
      database.db,
      [{ channel: "sms", recipient: "+447700900001", template: "quote-sms", payload: {} }],
      "test.example",
    );
    const claimed = await claimDue(database.db, 1, 10); // a process claims it, then dies
    expect(claimed).toHaveLength(1);
    expect(await claimDue(database.db, 1, 10)).toHaveLength(0); // leased: nobody else takes it
    await wait(1200);
    const retaken: OutboxRow[] = await claimDue(database.db, 1, 10);
    expect(retaken.map((r) => r.id)).toEqual(claimed.map((r) => r.id));
    expect(retaken[0]?.attempts).toBe(2);
    expect(retaken[0]?.messageId).toBe(claimed[0]?.messageId);
  });

  it("never delivers a message twice with two workers competing", async () => {
    await enqueue(
      database.db,
      Array.from({ length: 40 }, (_, i) => ({
        channel: "sms" as const,
        recipient: `+4477009${String(i).padStart(5, "0")}`,
        template: "quote-sms",
        payload: {},
      })),
      "test.example",
    );
    const delivered: number[] = [];
    const deliver = async (row: OutboxRow) => {
      await wait(2);
      delivered.push(row.id);
    };
    const options = {
      db: database.db,
      deliver,
      leaseSeconds: 30,
      retryWindowSeconds: 3600,
      retrySeconds: 1,
      pollMs: 60_000,
      batchSize: 3,
      log: quiet,
    };
    const a = startOutboxWorker(options);
    const b = startOutboxWorker(options);
    await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(delivered).toHaveLength(40);
    expect(new Set(delivered).size).toBe(40);
  });

  it("never delivers a message again when marking it sent failed", async () => {
    await enqueue(
      database.db,
      Array.from({ length: 4 }, (_, i) => ({
        channel: "sms" as const,
        recipient: `+44770090100${i}`,
        template: "quote-sms",
        payload: {},
      })),
      "test.example",
    );
    // The database refuses every "sent" mark until the trigger is dropped.
    await database.db.execute(sql`
      create function refuse_sent_marks() returns trigger language plpgsql as $$
      begin
        if new.status = 'sent' then raise exception 'sent marks refused'; end if;
        return new;
      end $$`);
    await database.db.execute(
      sql`create trigger refuse_sent_marks before update on outbox for each row execute function refuse_sent_marks()`,
    );
    const delivered: number[] = [];
    const worker = startOutboxWorker({
      db: database.db,
      deliver: async (row) => void delivered.push(row.id),
      leaseSeconds: 1,
      retryWindowSeconds: 3600,
      retrySeconds: 1,
      pollMs: 60_000,
      log: quiet,
    });
    try {
      await worker.runOnce();
      expect(delivered).toHaveLength(4);
      expect(await statuses()).toEqual([["sending", 4]]);
      await wait(1200); // past the lease and the first retry delay: the rows are due again
      await worker.runOnce();
      expect(await statuses()).toEqual([["sending", 4]]);
    } finally {
      await database.db.execute(sql`drop trigger refuse_sent_marks on outbox`);
      await database.db.execute(sql`drop function refuse_sent_marks()`);
    }
    await worker.runOnce();
    await worker.stop();
    expect(delivered).toHaveLength(4);
    expect(await statuses()).toEqual([["sent", 4]]);
  });

  it("never copies a link from the visitor's name into the quote messages", async () => {
    const named = { ...payload, name: "Verify:evil.example/x Smith", firstName: "Verify:evil.example/x" };
    await enqueue(
      database.db,
      [
        { channel: "email", recipient: "n@example.com", template: "quote-email", payload: { ...named } },
        { channel: "sms", recipient: "+447700902000", template: "quote-sms", payload: { ...named } },
      ],
      "t.example",
    );
    const rows = await database.db.query.outbox.findMany();
    for (const row of rows) {
      const rendered = renderMessage(row, "https://salon.example");
      const text = rendered.channel === "sms" ? rendered.sms.body : `${rendered.email.text}${rendered.email.html}`;
      expect(text).not.toContain("evil.example");
      expect(text).not.toContain("Verify");
    }
  });

  it("prunes old rows once per period, whichever of several processes asks", async () => {
    await database.db.execute(sql`delete from scheduled_jobs`);
    await enqueue(
      database.db,
      [1, 2].map((i) => ({
        channel: "email" as const,
        recipient: `p${i}@example.com`,
        template: "staff-model",
        payload: {},
      })),
      "t.example",
    );
    await database.db.execute(sql`update outbox set status = 'sent', sent_at = now() - interval '40 days'
      where recipient = 'p1@example.com'`);
    await database.db.execute(sql`update outbox set status = 'failed', failed_at = now() - interval '40 days'
      where recipient = 'p2@example.com'`);
    await database.db.execute(
      sql`insert into rate_limits (key, window_start, count) values ('old', now() - interval '3 days', 1), ('new', now(), 1)`,
    );
    await database.db.execute(
      sql`insert into idempotency_keys (key, answer, created_at) values ('old-key', '{}', now() - interval '8 days'), ('new-key', '{}', now())`,
    );
    const now = new Date();
    const passes = await Promise.all(Array.from({ length: 5 }, () => runJobIfDue(database.db, pruneJob, now)));
    expect(passes.filter((pass) => pass.ran)).toEqual([
      { ran: true, result: { outbox: 1, rateLimits: 1, idempotencyKeys: 1, pictures: 0 } },
    ]);
    // Within the hour nobody prunes again.
    expect(await runJobIfDue(database.db, pruneJob, new Date(now.getTime() + 30 * 60_000))).toEqual({ ran: false });
    const left = await database.db.query.outbox.findMany();
    expect(left.map((r) => r.status)).toEqual(["failed"]); // kept until someone re-sends it
  });
});
