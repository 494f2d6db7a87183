import { createServer, type IncomingMessage, type Server } from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { purgeDue } from "./cdn-purge.server";
import { type TestDatabase, testDatabases } from "./test-databases";

interface Received {
  headers: IncomingMessage["headers"];
  body: string;
}

/** A purge address standing in for the CDN: records each request and answers with `status`. */
async function standIn(): Promise<{
  url: string;
  received: Received[];
  status: number;
  before?: () => Promise<void>;
  server: Server;
}> {
  const state = {
    url: "",
    received: [] as Received[],
    status: 200,
    before: undefined as (() => Promise<void>) | undefined,
    server: undefined as unknown as Server,
  };
  state.server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", async () => {
      state.received.push({ headers: req.headers, body });
      await state.before?.();
      res.statusCode = state.status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => state.server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as { port: number }).port}/purge`;
  return state;
}

const quiet = { warn: () => {} };

describe.each(testDatabases)("purging the shared cache on %s", (_name, open) => {
  let database: TestDatabase;
  let cdn: Awaited<ReturnType<typeof standIn>>;
  const queued = async () =>
    (
      await database.db.execute<{ key: string; attempts: number; last_error: string | null; follow_up: boolean }>(
        sql`select key, attempts, last_error, follow_up from cdn_purges order by key`,
      )
    ).rows;
  /** Skips the wait before a follow-up or a retry. */
  const dueNow = () => database.db.execute(sql`update cdn_purges set next_attempt_at = now()`);
  const changeReviews = () =>
    database.db.execute(sql`update reviews set review = review || '.' where id = (select min(id) from reviews)`);

  beforeAll(async () => {
    database = await open();
    cdn = await standIn();
  });
  afterAll(async () => {
    await new Promise((resolve) => cdn?.server.close(resolve));
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from cdn_purges`);
    cdn.received.length = 0;
    cdn.status = 200;
    cdn.before = undefined;
  });

  const fastly = () => ({
    CDN_PURGE_URL: cdn.url,
    CDN_PURGE_FORMAT: "surrogate-key" as const,
    CDN_PURGE_TOKEN: "fastly-token",
  });

  it("queues a changed table's key with the change, and nothing for a change rolled back", async () => {
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update stylists set para_1 = 'rolled back' where id = (select min(id) from stylists)`);
        throw new Error("roll back");
      })
      .catch(() => {});
    expect(await queued()).toEqual([]);
    await changeReviews();
    expect((await queued()).map((r) => r.key)).toEqual(["reviews"]);
  });

  it("sends the keys as Fastly takes them, once more a little later for pages rendered meanwhile, then forgets them", async () => {
    await changeReviews();
    await database.db.execute(sql`update salons set name = name where id = (select min(id) from salons)`);
    expect(await purgeDue(database.db, fastly(), quiet)).toBe(2);
    expect(cdn.received).toHaveLength(1);
    expect(cdn.received[0]?.headers["surrogate-key"]).toBe("reviews salons");
    expect(cdn.received[0]?.headers["fastly-key"]).toBe("fastly-token");
    // The follow-up waits.
    expect((await queued()).map((r) => [r.key, r.follow_up])).toEqual([
      ["reviews", true],
      ["salons", true],
    ]);
    expect(await purgeDue(database.db, fastly(), quiet)).toBe(0);
    await dueNow();
    expect(await purgeDue(database.db, fastly(), quiet)).toBe(2);
    expect(cdn.received.map((r) => r.headers["surrogate-key"])).toEqual(["reviews salons", "reviews salons"]);
    expect(await queued()).toEqual([]);
  });

  it("sends the keys as Cloudflare takes them", async () => {
    await changeReviews();
    await purgeDue(database.db, { ...fastly(), CDN_PURGE_FORMAT: "cache-tag", CDN_PURGE_TOKEN: "cf-token" }, quiet);
    expect(JSON.parse(cdn.received[0]?.body ?? "")).toEqual({ tags: ["reviews"] });
    expect(cdn.received[0]?.headers.authorization).toBe("Bearer cf-token");
  });

  it("keeps a key the CDN refused and sends it again once its retry is due", async () => {
    await changeReviews();
    cdn.status = 503;
    await purgeDue(database.db, fastly(), quiet);
    expect(await queued()).toEqual([
      { key: "reviews", attempts: 1, last_error: "the purge address answered 503", follow_up: false },
    ]);
    // Not due yet: the backoff holds it back.
    expect(await purgeDue(database.db, fastly(), quiet)).toBe(0);
    cdn.status = 200;
    await dueNow();
    expect(await purgeDue(database.db, fastly(), quiet)).toBe(1);
    expect(cdn.received.map((r) => r.headers["surrogate-key"])).toEqual(["reviews", "reviews"]);
    expect(await queued()).toEqual([{ key: "reviews", attempts: 0, last_error: null, follow_up: true }]);
  });

  it("keeps a key when the CDN cannot be reached at all", async () => {
    await changeReviews();
    await purgeDue(database.db, { ...fastly(), CDN_PURGE_URL: "http://127.0.0.1:1/purge" }, quiet);
    expect((await queued()).map((r) => r.key)).toEqual(["reviews"]);
  });

  it("sends a key again when it changed while its purge was on the way", async () => {
    await changeReviews();
    cdn.before = async () => {
      cdn.before = undefined;
      await changeReviews();
    };
    await purgeDue(database.db, fastly(), quiet);
    // Queued again while on the way: due at once, as a first send.
    expect((await queued()).map((r) => [r.key, r.follow_up])).toEqual([["reviews", false]]);
    expect(await purgeDue(database.db, fastly(), quiet)).toBe(1);
    expect(cdn.received).toHaveLength(2);
  });

  it("without a purge address, forgets the keys and sends nothing", async () => {
    await changeReviews();
    await purgeDue(database.db, { ...fastly(), CDN_PURGE_URL: undefined }, quiet);
    expect(cdn.received).toEqual([]);
    expect(await queued()).toEqual([]);
  });
});
