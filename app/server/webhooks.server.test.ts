import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SALON_IDS } from "~/domain/salon-ids";
import { startOutboxWorker } from "./outbox.server";
import { jobApplications, outbox, quotes } from "./schema.server";
import { seedDatabase } from "./seed.server";
import { type TestDatabase, testDatabases } from "./test-databases";
import { checkWebhookUrl, renewWebhookSecret, setWebhookUrl, webhookSender, webhookSettings } from "./webhooks.server";

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The salon's other tool: answers each POST with the next status in `answers` (200 once they run out). */
function startReceiver(answers: number[]): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(answers.shift() ?? 200).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received }),
    ),
  );
}

/** What a receiver does: recompute the signature over the timestamp and the body, with the shared secret. */
const verify = (secret: string, r: Received) =>
  r.headers["x-maisonivy-signature"] ===
  `v1=${createHmac("sha256", secret).update(`${r.headers["x-maisonivy-timestamp"]}.${r.body}`).digest("hex")}`;

describe.each(testDatabases)("webhooks on %s", (_name, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open(seedDatabase);
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from outbox`);
    await database.db.execute(sql`delete from quotes`);
    await setWebhookUrl(database.db, null, null);
  });

  const newQuote = async (link: string) => {
    const [row] = await database.db
      .insert(quotes)
      .values({
        link,
        name: "Ada Client",
        mobile: "+447700900001",
        email: "ada@example.com",
        referral: "Google",
        regular: false,
        selector: "Level",
        calculator: "cutting",
        salonId: SALON_IDS.kestwick,
        levelId: 1,
        lines: [],
        totalPence: 4500,
      })
      .returning({ id: quotes.id });
    return row!.id;
  };
  const hooks = () =>
    database.db
      .select({ template: outbox.template, payload: outbox.payload, status: outbox.status })
      .from(outbox)
      .where(eq(outbox.channel, "webhook"))
      .orderBy(outbox.id);

  it("queues nothing until the owner sets an address, then each event once", async () => {
    await newQuote("webhookQuote0001");
    expect(await hooks()).toEqual([]);
    await setWebhookUrl(database.db, null, "https://tools.example/hooks");
    const id = await newQuote("webhookQuote0002");
    await database.db.update(quotes).set({ status: "contacted" }).where(eq(quotes.id, id));
    await database.db.update(quotes).set({ status: "booked" }).where(eq(quotes.id, id));
    // Set to Booked again (a second path agreeing): not a second booking.
    await database.db.update(quotes).set({ status: "booked" }).where(eq(quotes.id, id));
    await database.db.insert(jobApplications).values({
      name: "Jo",
      mobile: "+447700900002",
      email: "jo@example.com",
      position: "Stylist",
      about: "a",
      whyHair: "b",
      whyUs: "c",
      role: "stylist",
    });
    const queued = await hooks();
    expect(queued.map((h) => h.template)).toEqual(["quote.saved", "quote.booked", "application.job"]);
    expect(queued[1]!.payload).toMatchObject({ quoteId: id, status: "booked", totalPence: 4500 });
    // Never the client's contact details.
    expect(JSON.stringify(queued)).not.toMatch(/ada@example|\+447700900001|jo@example/);
    const audited = await database.db.execute<{ action: string; summary: string }>(
      sql`select action, summary from audit_log where action = 'settings.webhook' order by id desc limit 1`,
    );
    expect(audited.rows[0]).toEqual({ action: "settings.webhook", summary: "https://tools.example/hooks" });
  });

  it("signs each delivery over timestamp and body, and tries again after a 500", async () => {
    const receiver = await startReceiver([500]);
    try {
      await setWebhookUrl(database.db, null, receiver.url);
      await renewWebhookSecret(database.db, null);
      const { secret } = await webhookSettings(database.db);
      const id = await newQuote("webhookQuote0003");
      const worker = startOutboxWorker({
        db: database.db,
        deliver: webhookSender(database.db, "https://salon.example", { allowed: ["127.0.0.0/8"] }),
        leaseSeconds: 30,
        retryWindowSeconds: 3600,
        retrySeconds: 1,
        pollMs: 60_000,
      });
      try {
        await worker.runOnce();
        expect(await hooks()).toMatchObject([{ template: "quote.saved", status: "pending" }]);
        const [failed] = await database.db.select().from(outbox).where(eq(outbox.channel, "webhook"));
        expect(failed!.lastError).toMatch(/HTTP 500/);
        await new Promise((resolve) => setTimeout(resolve, 1100));
        await worker.runOnce();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await worker.runOnce();
      } finally {
        await worker.stop();
      }
      expect(await hooks()).toMatchObject([{ template: "quote.saved", status: "sent" }]);
      expect(receiver.received).toHaveLength(2);
      for (const r of receiver.received) {
        expect(verify(secret!, r)).toBe(true);
        expect(r.headers["x-maisonivy-event"]).toBe("quote.saved");
        expect(r.headers["content-type"]).toBe("application/json");
      }
      // The same event both times: a receiver tells a repeat by its id.
      const [first, second] = receiver.received.map((r) => JSON.parse(r.body));
      expect(second.id).toBe(first.id);
      expect(first).toMatchObject({
        event: "quote.saved",
        data: { quoteId: id, consoleUrl: `https://salon.example/staff/leads/${id}` },
      });
      // A body changed on the way, or signed with another secret, does not verify.
      expect(verify(secret!, { ...receiver.received[0]!, body: receiver.received[0]!.body.replace("4500", "1") })).toBe(
        false,
      );
      expect(verify("whsec_other", receiver.received[0]!)).toBe(false);
    } finally {
      receiver.server.closeAllConnections();
      receiver.server.close();
    }
  });

  it("sends nothing to an internal address, however it was set, and says why", async () => {
    const receiver = await startReceiver([]);
    try {
      const worker = startOutboxWorker({
        db: database.db,
        // As the site runs by default: OUTBOUND_ALLOW_PRIVATE off.
        deliver: webhookSender(database.db, "https://salon.example", { allowed: [] }),
        leaseSeconds: 30,
        retryWindowSeconds: 3600,
        retrySeconds: 1,
        pollMs: 60_000,
      });
      const port = new URL(receiver.url).port;
      try {
        for (const [i, address] of [
          receiver.url,
          `https://127.0.0.1:${port}/hooks`,
          `https://0x7f.1:${port}/hooks`,
          `https://2130706433:${port}/hooks`,
          "https://169.254.169.254/latest/meta-data/",
          "https://10.0.0.1/",
        ].entries()) {
          await database.db.execute(sql`delete from outbox`);
          // Straight into the settings, as a row written before the form refused such addresses would be.
          await setWebhookUrl(database.db, null, address);
          await newQuote(`webhookInternal${String(i).padStart(3, "0")}`);
          await worker.runOnce();
          const [row] = await database.db.select().from(outbox).where(eq(outbox.channel, "webhook"));
          expect(row?.status, address).toBe("failed");
          expect(row?.lastError, address).toMatch(
            /^Not sent: .* is a (loopback|link-local|private network) address.*public internet/,
          );
        }
      } finally {
        await worker.stop();
      }
      expect(receiver.received).toEqual([]);
    } finally {
      receiver.server.closeAllConnections();
      receiver.server.close();
    }
  });

  it("refuses an internal address in the console's form, saying why", () => {
    for (const address of [
      "https://127.0.0.1:8443/hooks",
      "https://169.254.169.254/latest/meta-data/",
      "https://10.0.0.1/",
      "https://0x7f.1/",
      "https://2130706433/",
      "https://[::1]/hooks",
    ]) {
      const checked = checkWebhookUrl(address);
      expect(checked, address).toEqual({ ok: false, error: expect.stringContaining("public internet") });
    }
  });

  it("takes only an https address from the console", () => {
    expect(checkWebhookUrl("")).toEqual({ ok: true, url: null });
    expect(checkWebhookUrl("https://tools.example/hooks")).toEqual({ ok: true, url: "https://tools.example/hooks" });
    for (const bad of ["http://tools.example/hooks", "https://user:pw@tools.example/", "ftp://x.example", "nonsense"])
      expect(checkWebhookUrl(bad).ok).toBe(false);
  });
});
