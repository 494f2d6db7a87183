import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import { auditFilterOf, auditView, listAudit, subjectsNow } from "./audit.server";
import type { ScopedActor } from "./records.server";
import { workRecord } from "./records.server";

const PAGE = { limit: 25, offset: 0 };
const params = (query: string) => new URLSearchParams(query);

describe.each(testDatabases)("the audit log on %s", (_name, open) => {
  let database: TestDatabase;
  let fran: ScopedActor;
  let sam: ScopedActor;
  let quoteId: number;
  const quote = (link: string, name: string) => ({
    link,
    name,
    mobile: "+447700900301",
    email: `${link}@example.com`,
    referral: "Google",
    regular: false,
    selector: "Level",
    calculator: "cutting",
    salonId: 1,
    levelId: 2,
    lines: [],
    totalPence: 1000,
  });

  beforeAll(async () => {
    database = await open(seedDatabase);
    const { db } = database;
    const actorOf = async (name: string, email: string): Promise<ScopedActor> => {
      const [user] = await db.insert(t.staffUsers).values({ name, email, role: "owner" }).returning();
      const [session] = await db
        .insert(t.staffSessions)
        .values({ tokenHash: `hash-${email}`, staffId: user?.id as number, method: "passkey" })
        .returning();
      return { staffId: user?.id as number, sessionId: session?.id as number, scope: "all" };
    };
    fran = await actorOf("Fran Owner", "fran@example.com");
    sam = await actorOf("Sam Manager", "sam@example.com");
    const [row] = await db.insert(t.quotes).values(quote("audit-amelia", "Amelia Hart")).returning();
    quoteId = row?.id as number;
  });
  afterAll(() => database?.close());

  const rowsOf = (action: string, staffId: number) =>
    database.db
      .select()
      .from(t.auditLog)
      .where(
        and(eq(t.auditLog.action, action), eq(t.auditLog.staffId, staffId), eq(t.auditLog.subjectId, String(quoteId))),
      );

  it("saving a status three times adds three change rows and one view row, not one per page load", async () => {
    const { db } = database;
    // The page is read, then read again after each save (the save's own revalidation).
    await auditView(db, fran, "quote.view", { type: "quote", id: quoteId });
    for (const status of ["contacted", "booked", "not-booked"]) {
      const outcome = await workRecord(db, fran, "quote", quoteId, "status", { status });
      expect(outcome.ok).toBe(true);
      await auditView(db, fran, "quote.view", { type: "quote", id: quoteId });
    }
    expect(await rowsOf("quote.status", fran.staffId)).toHaveLength(3);
    expect(await rowsOf("quote.view", fran.staffId)).toHaveLength(1);
    // Someone else's look is their own row.
    await auditView(db, sam, "quote.view", { type: "quote", id: quoteId });
    expect(await rowsOf("quote.view", sam.staffId)).toHaveLength(1);
  });

  it("records a look again once the period has passed", async () => {
    const { db } = database;
    await db
      .update(t.auditLog)
      .set({ at: sql`now() - interval '31 minutes'` })
      .where(and(eq(t.auditLog.action, "quote.view"), eq(t.auditLog.staffId, fran.staffId)));
    await auditView(db, fran, "quote.view", { type: "quote", id: quoteId });
    await auditView(db, fran, "quote.view", { type: "quote", id: quoteId });
    expect(await rowsOf("quote.view", fran.staffId)).toHaveLength(2);
  });

  it("filters by person, by record and by day", async () => {
    const { db } = database;
    const list = async (q: string) => listAudit(db, auditFilterOf(params(q)), PAGE);
    const byFran = await list(`staff=${fran.staffId}`);
    expect(byFran.length).toBeGreaterThan(0);
    expect(byFran.every((r) => r.staffId === fran.staffId)).toBe(true);
    const byRecord = await list(`subject=quote&id=${quoteId}`);
    expect(byRecord.map((r) => r.action).sort()).toEqual([
      "quote.status",
      "quote.status",
      "quote.status",
      "quote.view",
      "quote.view",
      "quote.view",
    ]);
    expect(await list(`subject=quote&id=${quoteId}&staff=${sam.staffId}`)).toHaveLength(1);

    // Days are London days. The rows are moved to known instants (not left at
    // "now", which is yesterday for a row moved back half an hour just after
    // midnight), two of them either side of a summer midnight in London.
    const instants = [
      "2026-06-10T12:00:00Z",
      "2026-06-10T12:00:00Z",
      "2026-06-10T12:00:00Z",
      "2026-06-10T23:30:00Z", // 00:30 on the 11th in London
      "2026-06-09T22:59:00Z", // 23:59 on the 9th in London
      "2026-06-09T22:59:00Z",
    ];
    const ids = byRecord.map((r) => r.id).sort((a, b) => a - b);
    for (const [i, id] of ids.entries()) {
      await db
        .update(t.auditLog)
        .set({ at: new Date(instants[i] as string) })
        .where(eq(t.auditLog.id, id));
    }
    const onDays = (from: string, to: string) => list(`subject=quote&id=${quoteId}&from=${from}&to=${to}`);
    expect(await onDays("2026-06-10", "2026-06-10")).toHaveLength(3);
    expect(await onDays("2026-06-11", "2026-06-11")).toHaveLength(1);
    expect(await onDays("2026-06-09", "2026-06-09")).toHaveLength(2);
    expect(await onDays("2026-06-09", "2026-06-10")).toHaveLength(5);
    expect(await list(`subject=quote&id=${quoteId}&from=2026-06-09`)).toHaveLength(6);
    expect(await list(`subject=quote&id=${quoteId}&to=2020-01-01`)).toHaveLength(0);
  });

  it("says what a row's record is now: its name, erased, or gone", async () => {
    const { db } = database;
    const [erased] = await db
      .insert(t.quotes)
      .values({ ...quote("audit-erased", ""), anonymisedAt: new Date() })
      .returning();
    const now = await subjectsNow(db, [
      { subjectType: "quote", subjectId: String(quoteId) },
      { subjectType: "quote", subjectId: String(erased?.id) },
      { subjectType: "job", subjectId: "999999" },
      { subjectType: "staff", subjectId: String(sam.staffId) },
      { subjectType: "rights-request", subjectId: "1" },
    ]);
    expect(now.get(`quote:${quoteId}`)).toEqual({ name: "Amelia Hart", erased: false });
    expect(now.get(`quote:${erased?.id}`)).toEqual({ name: "", erased: true });
    expect(now.has("job:999999")).toBe(false);
    expect(now.get(`staff:${sam.staffId}`)).toEqual({ name: "Sam Manager", erased: false });
    expect(now.size).toBe(3);
  });
});
