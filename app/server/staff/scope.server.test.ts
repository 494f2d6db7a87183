/**
 * Salon scopes in the console's queries (decision 109): an account of some
 * salons lists, opens, searches, downloads, counts and works only those
 * salons' records; and the migration that gives each quote one salon.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SALON_IDS } from "~/domain/salon-ids";
import { salonScope } from "~/domain/staff/access";
import { migrationsFolder } from "../db.server";
import * as t from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import { changeRole, salonIdsNamed } from "./accounts.server";
import { getJobApplication, listJobApplications, recordFilterOf } from "./applications.server";
import { loadDashboard, loadWaiting } from "./dashboard.server";
import { exportCsv } from "./export.server";
import { getLead, leadFilterOf, listLeads, needsReply } from "./leads.server";
import { setStatuses, workRecord } from "./records.server";

const { wrenbridge: A, kestwick: B, academy: ACADEMY } = SALON_IDS;
const PAGE = { limit: 25, offset: 0 };
const NOW = new Date();

const quote = (link: string, name: string, salonId: number, stylistSalonId: number | null = null) => ({
  link,
  name,
  mobile: `+4477009${String(link.length).padStart(5, "0")}`,
  email: `${link}@example.com`,
  referral: "Google",
  regular: false,
  selector: "Level",
  calculator: "cutting",
  salonId,
  levelId: 2,
  stylistSalonId,
  lines: [],
  totalPence: 4500,
});

async function text(stream: ReadableStream): Promise<string> {
  return new Response(stream).text();
}

describe.each(testDatabases)("salon scopes on %s", (_name, open) => {
  let database: TestDatabase;
  const id: Record<string, number> = {};
  let actorOf: (scope: ReturnType<typeof salonScope>) => { staffId: number; sessionId: number; scope: typeof scope };

  beforeAll(async () => {
    database = await open(seedDatabase);
    const { db } = database;
    const [user] = await db
      .insert(t.staffUsers)
      .values({ email: "desk@example.com", name: "Desk", role: "front-desk", salonIds: [A] })
      .returning();
    const [session] = await db
      .insert(t.staffSessions)
      .values({ tokenHash: "scope-test", staffId: user?.id as number, method: "passkey" })
      .returning();
    actorOf = (scope) => ({ staffId: user?.id as number, sessionId: session?.id as number, scope });
    const rows = await db
      .insert(t.quotes)
      .values([quote("scope-a", "Ada Wren", A), quote("scope-b", "Bea Kes", B)])
      .returning({ id: t.quotes.id, link: t.quotes.link });
    for (const r of rows) id[r.link] = r.id;
    const jobs = await db
      .insert(t.jobApplications)
      .values(
        [A, B].map((salonId) => ({
          name: `Job ${salonId}`,
          mobile: "+447700900500",
          email: `job${salonId}@example.com`,
          position: "3 - 5 years",
          about: "Colour work.",
          whyHair: "Love it.",
          whyUs: "The team.",
          salonId,
          role: "Stylist",
        })),
      )
      .returning({ id: t.jobApplications.id, salonId: t.jobApplications.salonId });
    for (const j of jobs) id[`job-${j.salonId}`] = j.id;
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("an owner always sees every salon; other accounts their own, or all when none are stored", () => {
    expect(salonScope("owner", [A])).toBe("all");
    expect(salonScope("manager", null)).toBe("all");
    expect(salonScope("front-desk", [A, B])).toEqual([A, B]);
  });

  it("refuses an owner with salons, or an account with an empty list of them", async () => {
    const { db } = database;
    await expect(
      db.insert(t.staffUsers).values({ email: "o2@example.com", name: "O", role: "owner", salonIds: [A] }),
    ).rejects.toThrow();
    await expect(
      db.insert(t.staffUsers).values({ email: "m2@example.com", name: "M", role: "manager", salonIds: [] }),
    ).rejects.toThrow();
  });

  it("names salons by short name or id (the command line's --salon), and stores an account's salons", async () => {
    const { db } = database;
    expect(await salonIdsNamed(db, ["kestwick", String(ACADEMY)])).toEqual([B, ACADEMY]);
    expect(await salonIdsNamed(db, ["Nowhere"])).toMatch(/There is no salon called "Nowhere"/);
    const [someone] = await db
      .insert(t.staffUsers)
      .values({ email: "someone@example.com", name: "Someone", role: "front-desk" })
      .returning();
    const staffId = someone?.id as number;
    const owner = actorOf("all");
    const salonsOf = async () =>
      (await db.select().from(t.staffUsers).where(eq(t.staffUsers.id, staffId)))[0]?.salonIds;
    expect(await changeRole(db, owner, staffId, "manager", [ACADEMY, B, B])).toBeNull();
    expect(await salonsOf()).toEqual([B, ACADEMY]);
    expect(await changeRole(db, owner, staffId, "manager", [99])).toBe("Choose salons from the list.");
    expect(await changeRole(db, owner, staffId, "manager", [])).toMatch(/Choose the salons/);
    // An owner sees the whole group, whatever was ticked.
    expect(await changeRole(db, owner, staffId, "owner", [A])).toBeNull();
    expect(await salonsOf()).toBeNull();
  });

  it("lists, searches and opens only the salons' own quotes; job applications are the group's", async () => {
    const { db } = database;
    const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();
    const leads = (scope: ReturnType<typeof salonScope>, query = "") =>
      listLeads(db, leadFilterOf(new URLSearchParams(query)), PAGE, scope);
    expect(names(await leads([A], "q=scope"))).toEqual(["Ada Wren"]);
    expect(names(await leads([A], "q=Bea"))).toEqual([]);
    expect(names(await leads([B], "q=Bea"))).toEqual(["Bea Kes"]);
    expect(names(await leads("all", "q=example.com"))).toEqual(expect.arrayContaining(["Ada Wren", "Bea Kes"]));
    expect(await getLead(db, id["scope-b"] as number, [A])).toBeUndefined();
    expect((await getLead(db, id["scope-b"] as number, [B]))?.quote.name).toBe("Bea Kes");
    // One application is for every salon (the recruitment pages say so): whichever it was filed under, all see it.
    const jobs = await listJobApplications(db, recordFilterOf(new URLSearchParams("status=all")), PAGE);
    expect(jobs.map((j) => j.name).sort()).toEqual(["Job 1", "Job 2"]);
    expect((await getJobApplication(db, id[`job-${B}`] as number))?.application.name).toBe("Job 2");
  });

  it("works (status, note, bulk) only on the salons' own records: another salon's is missing", async () => {
    const { db } = database;
    const desk = actorOf([A]);
    const other = id["scope-b"] as number;
    expect(await workRecord(db, desk, "quote", other, "status", { status: "contacted" })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await workRecord(db, desk, "quote", other, "note", { note: "Hello" })).toMatchObject({ status: 404 });
    expect(await setStatuses(db, desk, "quote", [id["scope-a"] as number, other], "contacted")).toBe(1);
    const [b] = await db.select({ status: t.quotes.status }).from(t.quotes).where(eq(t.quotes.id, other));
    expect(b?.status).toBe("new");
    await db
      .update(t.quotes)
      .set({ status: "new" })
      .where(eq(t.quotes.id, id["scope-a"] as number));
  });

  it("downloads, counts and shows on the home and dashboard only the salons' own", async () => {
    const { db } = database;
    const csv = await text(await exportCsv(db, actorOf([A]), "leads", new URLSearchParams("q=scope")));
    expect(csv).toContain("Ada Wren");
    expect(csv).not.toContain("Bea Kes");
    const jobsCsv = await text(await exportCsv(db, actorOf([B]), "jobs", new URLSearchParams("status=all")));
    expect(jobsCsv).toContain("Job 2");
    expect(jobsCsv).toContain("Job 1");
    const all = await loadWaiting(db, "all");
    const mine = await loadWaiting(db, [A]);
    expect(all.leads - mine.leads).toBe(1);
    expect(all.jobs - mine.jobs).toBe(0);
    expect((await needsReply(db, [A])).map((l) => l.firstName)).toEqual(["Ada"]);
    const dashboard = await loadDashboard(db, [A], NOW);
    expect(dashboard.salons.map((s) => s.id)).toEqual([A]);
    expect(dashboard.quotesBySalon.every((r) => r.salonId === A)).toBe(true);
  });

  it("the migration gives a quote saved with the calculator's salon its stylist's salon, and the dashboard follows", async () => {
    const { db } = database;
    // A quote as the previous release saved it: the default salon, an academy stylist.
    await db.insert(t.quotes).values(quote("scope-old", "Old Academy", B, ACADEMY));
    const academyBefore = await loadDashboard(db, [ACADEMY], NOW);
    const migration = await readFile(path.join(migrationsFolder, "0036_staff-salons.sql"), "utf8");
    const update = migration.split("--> statement-breakpoint").find((part) => /UPDATE "quotes"/.test(part));
    expect(update).toBeDefined();
    await db.execute(sql.raw(update as string));
    const [migrated] = await db.select().from(t.quotes).where(eq(t.quotes.link, "scope-old"));
    expect(migrated?.salonId).toBe(ACADEMY);
    const sum = (rows: { n: number }[]) => rows.reduce((total, r) => total + r.n, 0);
    const academyAfter = await loadDashboard(db, [ACADEMY], NOW);
    expect(sum(academyAfter.quotesBySalon)).toBe(sum(academyBefore.quotesBySalon) + 1);
    // Quotes without a stylist, or with one of the chosen salon, are left as they were.
    const [a] = await db.select().from(t.quotes).where(eq(t.quotes.link, "scope-a"));
    expect(a?.salonId).toBe(A);
  });
});
