/**
 * Promises kept across a shutdown and across a long mail outage: every
 * acknowledged submission is stored, nothing unacknowledged is, a retry with
 * the same key never stores or sends twice, and a message that outlived its
 * retry window is kept, logged, and sent exactly once when re-sent.
 */
import { spawnSync } from "node:child_process";
import { Agent } from "node:http";
import { describe, expect, it } from "vitest";
import { startSmtp } from "../e2e/delivery-harness";
import {
  buildDir,
  createTestDatabase,
  freePort,
  newKey,
  stackLines,
  startSite,
  storedModelKeys,
  submitModel,
  until,
  wait,
} from "./harness";

/** A JSON POST on a keep-alive connection of `agent` (node:http, so connections are really reused). */
function postKeepAlive(agent: Agent, port: number, key: string): Promise<number> {
  const body = JSON.stringify({ name: "Mia Stone", mobile: "07700 900456", info: `Fault test ${key}` });
  return new Promise((resolve) => {
    import("node:http").then(({ request }) => {
      const req = request(
        {
          agent,
          host: "127.0.0.1",
          port,
          path: "/api/models",
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "Content-Length": Buffer.byteLength(body),
            "Idempotency-Key": key,
          },
          timeout: 20_000,
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("error", () => resolve(0));
        },
      );
      req.on("error", () => resolve(0));
      req.on("timeout", () => req.destroy());
      req.end(body);
    });
  });
}

describe("SIGTERM under keep-alive load", () => {
  it("answers what is in flight, stores only what it acknowledged, and a retry stores nothing twice", async () => {
    const db = await createTestDatabase();
    const smtp = await startSmtp();
    const env = { DATABASE_URL: db.url, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
    const site = await startSite(env);
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const acknowledged = new Set<string>();
    const unanswered = new Set<string>();
    let running = true;
    const client = async () => {
      while (running) {
        const key = newKey();
        const status = await postKeepAlive(agent, site.port, key);
        if (status === 201) acknowledged.add(key);
        else unanswered.add(key);
        if (status === 0 || status >= 500) return; // the server went away: this visitor will try again later
      }
    };
    const clients = Array.from({ length: 16 }, client);
    await until(() => acknowledged.size >= 40, "some submissions to be acknowledged");
    const code = site.stop("SIGTERM");
    const exitCode = await code;
    running = false;
    await Promise.all(clients);
    agent.destroy();
    expect(exitCode).toBe(0);
    expect(stackLines(site.lines)).toEqual([]);

    const stored = await storedModelKeys(db);
    // Nothing acknowledged was lost; nothing stored went unacknowledged.
    expect([...acknowledged].filter((key) => !stored.has(key))).toEqual([]);
    expect([...stored].filter((key) => !acknowledged.has(key))).toEqual([]);
    const figures = { acknowledged: acknowledged.size, unanswered: unanswered.size, stored: stored.size };

    // The visitors who got no answer send again, with the same keys, to a new process; some twice.
    const again = await startSite(env);
    try {
      for (const key of [...unanswered, ...acknowledged].slice(0, 200))
        expect((await submitModel(again.url, key)).status).toBe(201);
      const after = await storedModelKeys(db);
      expect(after).toEqual(new Set([...acknowledged, ...unanswered]));
      const [rows] = await db.query<{ n: number }>("select count(*)::int as n from model_applications");
      expect(rows?.n).toBe(after.size);
      // Every application's note to staff is sent, each exactly once.
      await until(() => smtp.mails.length >= after.size, "every note to staff to be delivered");
      await wait(500);
      const ids = smtp.mails.map((m) => m.messageId);
      expect(ids.length).toBe(after.size);
      expect(new Set(ids).size).toBe(ids.length);
      console.info(`shutdown under load: ${JSON.stringify(figures)}`);
    } finally {
      await again.stop();
      await smtp.close();
      await db.drop();
    }
  });
});

/** The applications' notes to staff, not the owner's alert about them. */
const staffNotes = "channel = 'email' and template <> 'owner-alert'";

describe("a mail server down for longer than the retry window", () => {
  it("keeps the messages as failed with their reason, logs each once, and re-sends them exactly once on command", async () => {
    const db = await createTestDatabase();
    const smtpPort = await freePort();
    const env = {
      DATABASE_URL: db.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      OUTBOX_RETRY_SECONDS: "0.2",
      OUTBOX_RETRY_CAP_SECONDS: "0.5",
      OUTBOX_RETRY_WINDOW_SECONDS: "3",
    };
    const site = await startSite(env);
    try {
      const keys = [newKey(), newKey(), newKey()];
      for (const key of keys) expect((await submitModel(site.url, key)).status).toBe(201);
      await until(
        async () => {
          // The staff notes by e-mail; each applicant's text goes out through the file transport meanwhile.
          const rows = await db.query<{ status: string }>(`select status from outbox where ${staffNotes}`);
          return rows.length === 3 && rows.every((r) => r.status === "failed");
        },
        "the messages to be given up on",
        20_000,
      );
      const failed = await db.query<{ id: number; last_error: string; failed_at: Date; attempts: number }>(
        `select id, last_error, failed_at, attempts from outbox where ${staffNotes} order by id`,
      );
      // The row is marked before its line is logged, and the log reaches the site's output a moment later.
      const failureLines = (id: number) =>
        site.lines.filter((l) => l.includes('"status":"failed"') && l.includes(`"outbox":${id},`));
      await until(() => failed.every((row) => failureLines(row.id).length > 0), "each failure to be logged");
      await wait(500);
      for (const row of failed) {
        expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
        expect(row.failed_at).toBeTruthy();
        expect(row.attempts).toBeGreaterThan(1);
        const lines = failureLines(row.id);
        expect(lines).toHaveLength(1);
        expect(JSON.parse(lines[0] as string)).toMatchObject({ level: 50, outbox: row.id, reason: row.last_error });
      }

      const smtp = await startSmtp(smtpPort);
      try {
        // The health check may meanwhile have queued the owner's alert that messages are failing, which
        // the mail server being down has failed too: the re-send takes every failed message.
        const [failedNow] = await db.query<{ n: number }>(
          "select count(*)::int as n from outbox where status = 'failed'",
        );
        const listed = spawnSync(process.execPath, ["scripts/outbox.js", "list"], {
          env: { ...process.env, ...env, BUILD_DIR: buildDir, LOG_LEVEL: "warn" },
          encoding: "utf8",
        });
        expect(listed.status).toBe(0);
        for (const row of failed) expect(listed.stdout).toContain(`#${row.id} `);
        const resend = spawnSync(process.execPath, ["scripts/outbox.js", "resend", "--failed"], {
          env: { ...process.env, ...env, BUILD_DIR: buildDir, LOG_LEVEL: "warn" },
          encoding: "utf8",
        });
        expect(resend.status).toBe(0);
        // The owner's alert may fail in between the count and the re-send: at least those counted go again.
        const queued = Number(/Queued again: (\d+) messages/.exec(resend.stdout)?.[1] ?? 0);
        expect(queued).toBeGreaterThanOrEqual(failedNow?.n ?? 3);
        const notes = () => smtp.mails.filter((m) => !m.subject.includes("messages are not going out"));
        await until(() => notes().length >= 3, "the re-sent messages to arrive");
        await wait(1500);
        expect(notes()).toHaveLength(3);
        expect(new Set(notes().map((m) => m.messageId)).size).toBe(3);
        // The owner is told at most once, however many messages failed.
        expect(smtp.mails.length - notes().length).toBeLessThanOrEqual(1);
        const statuses = await db.query<{ status: string }>(`select status from outbox where ${staffNotes}`);
        expect(statuses.map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
        // A second re-send finds nothing to do: a sent message is never sent again this way.
        const twice = spawnSync(process.execPath, ["scripts/outbox.js", "resend", "--failed"], {
          env: { ...process.env, ...env, BUILD_DIR: buildDir, LOG_LEVEL: "warn" },
          encoding: "utf8",
        });
        expect(twice.stdout).toContain("Nothing to re-send");
      } finally {
        await smtp.close();
      }
      expect(site.alive()).toBe(true);
    } finally {
      await site.stop();
      await db.drop();
    }
  });
});
