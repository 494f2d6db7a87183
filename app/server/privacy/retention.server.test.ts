import { tmpdir } from "node:os";
import { subDays, subHours, subMonths } from "date-fns";
import { asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RETENTION_SETTINGS } from "~/domain/privacy";
import { type DatabaseHandle, openDatabase } from "../db.server";
import { runJobIfDue, type ScheduledJob } from "../scheduler.server";
import * as t from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import { applyRetention, readRetentionPeriods, retentionJob } from "./retention.server";
import { appliesForJob, givesFeedback, madeAt, offersToModel, savesQuote } from "./test-people";

/** The retention pass's clock: the database's own clock never decides what is due. */
const NOW = new Date("2027-06-15T12:00:00Z");
const MINUTE = 60_000;
const justOver = (cutoff: Date) => new Date(cutoff.getTime() - MINUTE);
const justUnder = (cutoff: Date) => new Date(cutoff.getTime() + MINUTE);

const old = { name: "Olive Oldham", mobile: "07700 900401", email: "olive@example.com" };
const recent = { name: "Rita Recent", mobile: "07700 900402", email: "rita@example.com" };

interface Scene {
  quotes: { old: number; recent: number };
  jobs: { old: number; recent: number; reconsidered: number };
  models: { old: number; recent: number };
  feedback: { old: number; recent: number };
  messages: { sentLongAgo: number; sentRecently: number; failedLongAgo: number; stillPending: number };
}

/**
 * One of each kind of record just past its period and one just inside it
 * (a minute either side of the default cutoff), messages in every state, and
 * two rate-limit windows either side of a day.
 */
async function stage(db: TestDatabase["db"]): Promise<Scene> {
  const scene = {
    quotes: { old: await savesQuote(db, old), recent: await savesQuote(db, recent) },
    jobs: {
      old: await appliesForJob(db, old),
      recent: await appliesForJob(db, recent),
      reconsidered: await appliesForJob(db, old),
    },
    models: { old: await offersToModel(db, old), recent: await offersToModel(db, recent) },
    feedback: { old: await givesFeedback(db, old), recent: await givesFeedback(db, recent) },
  };
  await madeAt(db, "quotes", scene.quotes.old, justOver(subMonths(NOW, 12)));
  await madeAt(db, "quotes", scene.quotes.recent, justUnder(subMonths(NOW, 12)));
  await madeAt(db, "job_applications", scene.jobs.old, justOver(subMonths(NOW, 6)));
  await madeAt(db, "job_applications", scene.jobs.recent, justUnder(subMonths(NOW, 6)));
  // Made long ago, but staff changed its status last month: its period runs from that decision.
  await madeAt(db, "job_applications", scene.jobs.reconsidered, subMonths(NOW, 9));
  await db.insert(t.staffNotes).values([
    {
      subjectType: "job",
      subjectId: scene.jobs.reconsidered,
      kind: "status",
      body: "maybe",
      createdAt: subMonths(NOW, 1),
    },
    {
      subjectType: "job",
      subjectId: scene.jobs.old,
      kind: "note",
      body: "Called Olive, no answer.",
      createdAt: subMonths(NOW, 7),
    },
    {
      subjectType: "quote",
      subjectId: scene.quotes.recent,
      kind: "note",
      body: "Rita to book.",
      createdAt: subMonths(NOW, 11),
    },
  ]);

  // Staff sign-in leftovers: one session ended (idle for three hours), one in use; a spent sign-in code.
  const [member] = await db
    .insert(t.staffUsers)
    .values({ email: "owner@maisonivy.example", name: "Owner", role: "owner" })
    .returning({ id: t.staffUsers.id });
  const staffId = member?.id as number;
  await db.insert(t.staffSessions).values([
    {
      tokenHash: "ended",
      staffId,
      method: "passkey",
      userAgent: "Firefox",
      createdAt: subDays(NOW, 1),
      signedInAt: subDays(NOW, 1),
      lastSeenAt: subHours(NOW, 3),
    },
    {
      tokenHash: "live",
      staffId,
      method: "passkey",
      userAgent: "Safari",
      createdAt: subDays(NOW, 1),
      signedInAt: subDays(NOW, 1),
      lastSeenAt: new Date(NOW.getTime() - 10 * MINUTE),
    },
  ]);
  await db.insert(t.staffTokens).values([
    { purpose: "sign-in", staffId, tokenHash: "spent", expiresAt: subHours(NOW, 1) },
    { purpose: "sign-in", staffId, tokenHash: "fresh", expiresAt: new Date(NOW.getTime() + 10 * MINUTE) },
  ]);
  await madeAt(db, "model_applications", scene.models.old, justOver(subMonths(NOW, 6)));
  await madeAt(db, "model_applications", scene.models.recent, justUnder(subMonths(NOW, 6)));
  await madeAt(db, "feedback", scene.feedback.old, justOver(subMonths(NOW, 12)));
  await madeAt(db, "feedback", scene.feedback.recent, justUnder(subMonths(NOW, 12)));

  // Every message was sent yesterday, bar four that stand either side of the 30 days.
  const ids = (await db.select({ id: t.outbox.id }).from(t.outbox).orderBy(asc(t.outbox.id))).map((r) => r.id);
  expect(ids.length).toBeGreaterThanOrEqual(8);
  const [sentLongAgo, sentRecently, failedLongAgo, stillPending] = ids as [number, number, number, number];
  await db.update(t.outbox).set({ status: "sent", sentAt: subDays(NOW, 1), createdAt: subDays(NOW, 1) });
  await db
    .update(t.outbox)
    .set({ sentAt: justOver(subDays(NOW, 30)), createdAt: subDays(NOW, 31) })
    .where(eq(t.outbox.id, sentLongAgo));
  await db
    .update(t.outbox)
    .set({ sentAt: justUnder(subDays(NOW, 30)), createdAt: subDays(NOW, 31) })
    .where(eq(t.outbox.id, sentRecently));
  await db
    .update(t.outbox)
    .set({ status: "failed", sentAt: null, createdAt: justOver(subDays(NOW, 30)), lastError: "550 no such user" })
    .where(eq(t.outbox.id, failedLongAgo));
  await db
    .update(t.outbox)
    .set({ status: "pending", sentAt: null, createdAt: subDays(NOW, 40) })
    .where(eq(t.outbox.id, stillPending));

  await db.delete(t.rateLimits);
  await db.insert(t.rateLimits).values([
    { key: "submit:joinus:203.0.113.1", windowStart: justOver(subHours(NOW, 24)), count: 2 },
    { key: "submit:joinus:203.0.113.2", windowStart: justUnder(subHours(NOW, 24)), count: 1 },
  ]);
  return { ...scene, messages: { sentLongAgo, sentRecently, failedLongAgo, stillPending } };
}

const retentionAudit = (db: TestDatabase["db"]) =>
  db.select().from(t.auditLog).where(eq(t.auditLog.action, "scheduled.retention"));

const EVERYTHING_DUE_ONCE = {
  quotesAnonymised: 1,
  appointmentsAnonymised: 0,
  jobApplicationsDeleted: 1,
  modelApplicationsDeleted: 1,
  feedbackAnonymised: 1,
  messagesRedacted: 2,
  rateLimitRowsDeleted: 1,
  staffNotesDeleted: 1,
  staffSessionsEnded: 1,
  signInProofsDeleted: 1,
};

/** What the pass must have left: exactly the due records erased, everything else as it was. */
async function expectOnlyDueErased(db: TestDatabase["db"], scene: Scene) {
  const quote = async (id: number) => (await db.select().from(t.quotes).where(eq(t.quotes.id, id)))[0];
  const erasedQuote = await quote(scene.quotes.old);
  expect(erasedQuote).toMatchObject({ name: "", mobile: "", email: "", anonymisedAt: NOW });
  // The quote itself stays for the statistics.
  expect(erasedQuote?.totalPence).toBeGreaterThan(0);
  expect(erasedQuote?.lines.length).toBeGreaterThan(0);
  expect(await quote(scene.quotes.recent)).toMatchObject({
    name: recent.name,
    email: recent.email,
    mobile: "+447700900402",
    anonymisedAt: null,
  });

  const jobIds = (await db.select({ id: t.jobApplications.id }).from(t.jobApplications)).map((r) => r.id);
  expect(jobIds.sort()).toEqual([scene.jobs.recent, scene.jobs.reconsidered].sort());
  const notes = await db.select().from(t.staffNotes);
  expect(notes.map((n) => n.body).sort()).toEqual(["Rita to book.", "maybe"]);
  const sessions = await db.select().from(t.staffSessions);
  expect(sessions.map((session) => session.tokenHash)).toEqual(["live"]);
  const tokens = await db.select().from(t.staffTokens);
  expect(tokens.map((token) => token.tokenHash)).toEqual(["fresh"]);
  const modelIds = (await db.select({ id: t.modelApplications.id }).from(t.modelApplications)).map((r) => r.id);
  expect(modelIds).toEqual([scene.models.recent]);

  const survey = async (id: number) => (await db.select().from(t.feedback).where(eq(t.feedback.id, id)))[0];
  expect(await survey(scene.feedback.old)).toMatchObject({ name: "", mobile: "", experience: 4, anonymisedAt: NOW });
  expect(await survey(scene.feedback.recent)).toMatchObject({ name: recent.name, mobile: "+447700900402" });

  const messages = await db.select().from(t.outbox);
  for (const message of messages) {
    const due = message.id === scene.messages.sentLongAgo || message.id === scene.messages.failedLongAgo;
    if (due) {
      expect(message, `message ${message.id}`).toMatchObject({ recipient: "", payload: {}, lastError: null });
      expect(message.redactedAt).toEqual(NOW);
    } else {
      expect(message.recipient, `message ${message.id}`).not.toBe("");
      expect(message.redactedAt).toBeNull();
    }
  }
  const pending = messages.find((m) => m.id === scene.messages.stillPending);
  expect(pending?.status).toBe("pending");

  const windows = (await db.select({ key: t.rateLimits.key }).from(t.rateLimits)).map((r) => r.key);
  expect(windows).toEqual(["submit:joinus:203.0.113.2"]);
}

describe.each(testDatabases)("retention on %s", (_kind, open) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await open(seedDatabase);
  });
  afterEach(async () => {
    await database?.destroy();
  });

  it("erases exactly what is due at the pass's time, and nothing else", async () => {
    const scene = await stage(database.db);
    const outcome = await runJobIfDue(database.db, retentionJob, NOW);
    expect(outcome).toEqual({ ran: true, result: EVERYTHING_DUE_ONCE });
    await expectOnlyDueErased(database.db, scene);

    const audited = await retentionAudit(database.db);
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ staffId: null, sessionId: null });
    expect(JSON.parse(audited[0]?.summary ?? "")).toEqual(EVERYTHING_DUE_ONCE);
    // The audit holds counts, never whose data it was.
    expect(JSON.stringify(audited)).not.toMatch(/olive|oldham|900401/i);
  });

  it("runs once an hour, and each pass takes what has come due since the last", async () => {
    await stage(database.db);
    expect((await runJobIfDue(database.db, retentionJob, NOW)).ran).toBe(true);
    expect(await runJobIfDue(database.db, retentionJob, new Date(NOW.getTime() + 30 * MINUTE))).toEqual({ ran: false });
    // An hour on, the records that were a minute inside their periods are past them (the recent quote with
    // its note, the sign-in code that was still fresh); the rest was done already, and the session in use has
    // not been idle long enough yet.
    expect(await runJobIfDue(database.db, retentionJob, new Date(NOW.getTime() + 60 * MINUTE))).toEqual({
      ran: true,
      result: { ...EVERYTHING_DUE_ONCE, messagesRedacted: 1, staffSessionsEnded: 0 },
    });
    const pending = await database.db.select().from(t.outbox).where(eq(t.outbox.status, "pending"));
    expect(pending.map((m) => m.redactedAt)).toEqual([null]);
  });

  it("follows the owner's periods from the settings rows", async () => {
    const scene = await stage(database.db);
    await database.db
      .insert(t.siteSettings)
      .values([
        { key: RETENTION_SETTINGS.quoteContactMonths.key, value: "24" },
        { key: RETENTION_SETTINGS.applicationMonths.key, value: "12" },
      ])
      .onConflictDoUpdate({ target: t.siteSettings.key, set: { value: sql`excluded.value` } });
    const periods = await readRetentionPeriods(database.db);
    expect(periods).toMatchObject({ quoteContactMonths: 24, applicationMonths: 12, feedbackMonths: 12 });
    const result = await applyRetention(database.db, NOW, periods);
    expect(result).toMatchObject({ quotesAnonymised: 0, jobApplicationsDeleted: 0, feedbackAnonymised: 1 });
    const [quote] = await database.db.select().from(t.quotes).where(eq(t.quotes.id, scene.quotes.old));
    expect(quote?.email).toBe(old.email);
  });

  it("takes a bad settings value as the default rather than erasing everything", async () => {
    await database.db
      .insert(t.siteSettings)
      .values({ key: RETENTION_SETTINGS.quoteContactMonths.key, value: "0" })
      .onConflictDoNothing();
    expect((await readRetentionPeriods(database.db)).quoteContactMonths).toBe(12);
  });

  it("with two processes looking at once, exactly one runs the pass", async () => {
    const scene = await stage(database.db);
    // A second, independent connection pool on PostgreSQL, as a second server process has.
    const second: DatabaseHandle | null = database.url
      ? await openDatabase({ databaseUrl: database.url, dataDir: tmpdir() })
      : null;
    try {
      let started = 0;
      // Slow enough that both passes are certainly in flight together.
      const slowRetention: ScheduledJob = {
        ...retentionJob,
        async run(tx, now, lastRun) {
          started++;
          await new Promise((resolve) => setTimeout(resolve, 300));
          return retentionJob.run(tx, now, lastRun);
        },
      };
      const outcomes = await Promise.all([
        runJobIfDue(database.db, slowRetention, NOW),
        runJobIfDue((second ?? database).db, slowRetention, NOW),
      ]);
      expect(outcomes.filter((o) => o.ran)).toEqual([{ ran: true, result: EVERYTHING_DUE_ONCE }]);
      expect(started).toBe(1);
      expect(await retentionAudit(database.db)).toHaveLength(1);
      await expectOnlyDueErased(database.db, scene);
    } finally {
      await second?.close();
    }
  });
});
