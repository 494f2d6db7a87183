/**
 * A group's deployment as docs/deploy.md ("A group deployment") describes it,
 * on this machine: three web processes (ROLE=web) and one worker
 * (ROLE=worker) of the built site, reaching PostgreSQL through PgBouncer in
 * transaction mode (DIRECT_DATABASE_URL straight to the server), behind Caddy
 * running deploy/group/Caddyfile. While visitors load pages and send model
 * applications through Caddy, each web process is restarted in turn
 * (SIGTERM), the worker too, and one web process is killed (SIGKILL) and
 * started again. No page load fails behind Caddy's retries, every
 * application answered 201 is stored once, and every message is delivered
 * once.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  freePort,
  newKey,
  type Site,
  spawnSite,
  submitModel,
  type TestPostgres,
  until,
  wait,
  whenHealthy,
} from "../faults/harness";
import { type Bouncer, type Caddy, startBouncer, startCaddy } from "./parts";

const hasDatabase = Boolean(process.env.TEST_DATABASE_URL);

/** Public pages a visitor loads, in turn. */
const PAGES = ["/", "/prices", "/team", "/reviews", "/offers", "/about", "/blog", "/contact"];

/** One process of the group: where it listens and keeps its files, and the process running now. */
interface Member {
  role: "web" | "worker";
  port: number;
  dataDir: string;
  site: Site;
}

describe.runIf(hasDatabase)("a group deployment: three web processes and a worker behind Caddy", () => {
  let db: TestPostgres;
  let bouncer: Bouncer;
  let caddy: Caddy;
  const members: Member[] = [];
  let env: Record<string, string>;

  /** Starts `member`'s process on its port with its DATA_DIR, and waits until it is healthy. */
  async function start(member: Omit<Member, "site"> & { site?: Site }): Promise<Member> {
    const site = spawnSite(member.port, { ...env, ROLE: member.role }, member.dataDir);
    await whenHealthy(site);
    return Object.assign(member, { site });
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    bouncer = await startBouncer(new URL(db.url));
    env = {
      DATABASE_URL: db.via(bouncer.port),
      DIRECT_DATABASE_URL: db.url,
      // Caddy is the one hop in front: the visitor's address is the one it adds.
      TRUST_PROXY: "loopback",
      // A backlog of one overdue message is enough for a process that sends to say it is behind.
      READY_OUTBOX_BACKLOG: "1",
    };
    const roles = ["web", "web", "web", "worker"] as const;
    // All four at once, as a deploy starts them: they migrate once between them.
    members.push(
      ...(await Promise.all(
        roles.map(async (role) =>
          start({ role, port: await freePort(), dataDir: await mkdtemp(path.join(tmpdir(), "salon-group-")) }),
        ),
      )),
    );
    const webs = members.filter((m) => m.role === "web");
    caddy = await startCaddy(webs.map((m) => `127.0.0.1:${m.port}`));
  });
  afterAll(async () => {
    await caddy?.stop();
    await Promise.all(members.map((m) => m.site.stop()));
    await bouncer?.stop();
    await db?.drop();
    await Promise.all(members.map((m) => rm(m.dataDir, { recursive: true, force: true })));
  });

  it("loses no page load, no acknowledged save and sends no message twice through rolling restarts and a kill", async () => {
    let running = true;
    const failedPages: string[] = [];
    let pagesLoaded = 0;
    /** A visitor loading the public pages one after another, until the restarts are over. */
    const visitor = async (offset: number) => {
      for (let n = offset; running; n++) {
        const page = PAGES[n % PAGES.length] as string;
        try {
          const response = await fetch(`${caddy.url}${page}`, { signal: AbortSignal.timeout(20_000) });
          await response.arrayBuffer();
          if (response.status === 200) pagesLoaded++;
          else failedPages.push(`${new Date().toISOString()} GET ${page}: ${response.status}`);
        } catch (error) {
          failedPages.push(`${new Date().toISOString()} GET ${page}: ${(error as Error).cause ?? error}`);
        }
      }
    };

    /** Keys answered 201, and answers that were never 201 however often the client tried. */
    const acknowledged: string[] = [];
    const unsaved: string[] = [];
    /** Why a save was sent again: each answer that was not final. */
    const retried: number[] = [];
    /**
     * A client sending applications one after another, each with its own
     * Idempotency-Key, sent again with the same key after a network error or
     * a 5xx (or 409, the same key still being worked on), as a client holding
     * the key does.
     */
    const client = async (who: number) => {
      for (let n = 0; running; n++) {
        const key = newKey();
        const giveUpAt = Date.now() + 30_000;
        for (;;) {
          const answer = await submitModel(caddy.url, key, { name: `Group Client ${who}-${n}` });
          if (answer.status === 201) {
            acknowledged.push(key);
            break;
          }
          const again = answer.status === 0 || answer.status === 409 || answer.status >= 500;
          if (!again || Date.now() > giveUpAt) {
            unsaved.push(`${key}: ${answer.status} ${JSON.stringify(answer.body)}`);
            break;
          }
          retried.push(answer.status);
          await wait(200);
        }
      }
    };
    const load = Promise.all([visitor(0), visitor(3), visitor(5), client(1), client(2)]);

    /** Stops a member with `signal`, waits for it to exit, and starts it again on the same port and DATA_DIR. */
    const restart = async (member: Member, signal: NodeJS.Signals) => {
      await wait(1500);
      const code = await member.site.stop(signal);
      if (signal === "SIGTERM") expect(code, `${member.role} on ${member.port} after SIGTERM`).toBe(0);
      await start(member);
    };
    try {
      for (const member of members) await restart(member, "SIGTERM");
      await restart(members[1] as Member, "SIGKILL");
      await wait(1500);
    } finally {
      running = false;
      await load;
    }

    if (failedPages.length > 0) console.error(`failed page loads:\n${failedPages.join("\n")}`);
    expect(failedPages).toEqual([]);
    expect(unsaved).toEqual([]);
    expect(pagesLoaded).toBeGreaterThan(50);
    expect(acknowledged.length).toBeGreaterThan(10);
    console.info(
      `${pagesLoaded} pages loaded, ${acknowledged.length} applications acknowledged (sent again after: ${retried.join(", ") || "none"})`,
    );

    // Every acknowledged application stored exactly once.
    const stored = await db.query<{ info: string; copies: number }>(
      "select info, count(*)::int as copies from model_applications group by info",
    );
    const copies = new Map(stored.map((row) => [row.info.replace(/^Fault test /, ""), row.copies]));
    expect(acknowledged.filter((key) => copies.get(key) !== 1)).toEqual([]);

    // Every message sent by the worker, and delivered once: one .eml file or SMS log line per outbox row.
    await until(
      async () => (await db.query("select id from outbox where status <> 'sent'")).length === 0,
      "the worker to send every message",
    );
    const outbox = await db.query<{ message_id: string }>("select message_id from outbox");
    expect(outbox.length).toBeGreaterThanOrEqual(acknowledged.length);
    const worker = members.find((m) => m.role === "worker") as Member;
    const delivered: string[] = [];
    const mailDir = path.join(worker.dataDir, "mail");
    for (const file of await readdir(mailDir)) {
      const mail = await simpleParser(await readFile(path.join(mailDir, file)));
      delivered.push(mail.messageId ?? `${file}: no Message-ID`);
    }
    const smsLog = await readFile(path.join(worker.dataDir, "sms", "messages.log"), "utf8").catch(() => "");
    for (const line of smsLog.split("\n").filter(Boolean))
      delivered.push((JSON.parse(line) as { messageId: string }).messageId);
    // Web processes send nothing: no mail or text under their DATA_DIRs.
    for (const web of members.filter((m) => m.role === "web"))
      expect(await readdir(web.dataDir), web.dataDir).not.toContain("mail");
    const bare = (id: string) => id.replace(/^<|>$/g, "");
    expect(delivered.map(bare).sort()).toEqual(outbox.map((row) => bare(row.message_id)).sort());
  });
  it("keeps serving pages while the worker is away and messages wait for it", async () => {
    const worker = members.find((m) => m.role === "worker") as Member;
    await worker.site.stop();
    // Two messages due an hour ago that no process has sent: past the backlog of one.
    for (const n of [1, 2])
      await db.query(
        `insert into outbox (channel, recipient, template, payload, message_id, next_attempt_at)
         values ('email', 'late${n}@example.com', 'model-application', '{}', $1, now() - interval '1 hour')`,
        [`<late-${n}-${newKey()}@example.com>`],
      );
    // The web processes, which send nothing, stay in Caddy's rotation: a late message is the worker's to report,
    // no reason to turn every visitor away. (Caddy checks /readyz every second.)
    for (const web of members.filter((m) => m.role === "web"))
      expect((await fetch(`${web.site.url}/readyz`)).status, `web process on ${web.port}`).toBe(200);
    await wait(3000);
    for (const page of PAGES) {
      const response = await fetch(`${caddy.url}${page}`, { signal: AbortSignal.timeout(5000) });
      expect(response.status, page).toBe(200);
    }
  });
});
