/**
 * ROLE=web and ROLE=worker on one database: the web process serves pages and
 * takes submissions but sends nothing and runs no scheduled job; a worker
 * started later sends what waited, each message once, and serves only its
 * health. (The picture hand-over between them is tested in
 * app/server/picture-jobs.server.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  newKey,
  type Site,
  startSite,
  submitModel,
  type TestPostgres,
  until,
  wait,
} from "../faults/harness";

const hasDatabase = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(hasDatabase)("web and worker processes", () => {
  let db: TestPostgres;
  const sites: Site[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const site of sites) await site.stop();
    await db?.drop();
  });

  it("leaves sending and scheduled work to the worker, which sends each message once", async () => {
    const web = await startSite({ DATABASE_URL: db.url, ROLE: "web", SCHEDULE_CHECK_SECONDS: "1" });
    sites.push(web);
    expect((await fetch(`${web.url}/`)).status).toBe(200);
    const answer = await submitModel(web.url, newKey(), { name: "Zoë Ní Bhriain" });
    expect(answer.status).toBe(201);

    // Longer than the outbox's poll and the scheduler's first pass: a process doing either would have by now.
    await wait(6000);
    const waiting = await db.query<{ status: string }>("select status from outbox");
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((m) => m.status === "pending")).toBe(true);
    expect(await db.query("select name from scheduled_jobs where last_run_at is not null")).toEqual([]);

    const worker = await startSite({ DATABASE_URL: db.url, ROLE: "worker", SCHEDULE_CHECK_SECONDS: "1" });
    sites.push(worker);
    await until(async () => {
      const rows = await db.query<{ status: string }>("select status from outbox");
      return rows.length === waiting.length && rows.every((m) => m.status === "sent");
    }, "the worker to send what the web process queued");
    // Sent once each: one delivery attempt per message.
    const attempts = await db.query<{ attempts: number }>("select attempts from outbox");
    expect(attempts.every((m) => Number(m.attempts) === 1)).toBe(true);

    // A message queued now wakes the worker through the database.
    const second = await submitModel(web.url, newKey(), { name: "Oluwaseun Adé" });
    expect(second.status).toBe(201);
    await until(async () => {
      const rows = await db.query<{ status: string }>("select status from outbox where status <> 'sent'");
      return rows.length === 0;
    }, "the second application's messages to be sent");

    await until(
      async () => (await db.query("select name from scheduled_jobs where last_run_at is not null")).length > 0,
      "the worker's scheduler to run a job",
    );
  });

  it("has the worker answer only its health", async () => {
    const worker = sites[1] as Site;
    const page = await fetch(`${worker.url}/`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("ROLE=worker");
    expect((await fetch(`${worker.url}/api/models`, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${worker.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${worker.url}/readyz`)).status).toBe(200);
  });
});
