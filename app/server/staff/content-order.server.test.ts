import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsItemSchema } from "~/domain/staff/site-content";
import { blogPostPage, listNewsItems } from "../queries/content.server";
import { auditLog, blogPosts, newsItems, stylists } from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import type { StaffContext } from "./auth.server";
import { listPostsForConsole, NEWS, type OrderedScreen, orderedAction, pinPost } from "./site-content.server";
import { moveMember } from "./team-content.server";
import { signedInManager } from "./test-manager";

const screen: OrderedScreen<typeof newsItemSchema> = {
  rows: NEWS,
  schema: newsItemSchema,
  noun: "news item",
  summary: (value) => value.title,
  slugged: true,
};

describe.each(testDatabases)("putting news in order and pinning on %s", (_name, open) => {
  let database: TestDatabase;
  let staff: StaffContext;
  beforeAll(async () => {
    database = await open(seedDatabase);
    staff = await signedInManager(database.db, "t");
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });

  const order = async () => (await listNewsItems(database.db)).map((item) => item.id);
  const act = (verb: string, input: Record<string, string>) =>
    orderedAction(database.db, staff, screen, verb, { intent: verb, ...input });
  const lastAudit = async () => (await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

  it("puts an item at a place with one request, the others keeping their order, and audits it", async () => {
    const before = await order();
    expect(before.length).toBeGreaterThanOrEqual(4);
    const [a, b, c, d] = before as [number, number, number, number];
    expect(await act("place", { id: String(a), to: "3" })).toEqual({ done: "Moved the news item to place 3." });
    expect((await order()).slice(0, 4)).toEqual([b, c, a, d]);
    expect(await lastAudit()).toMatchObject({ action: "news_item.move", subjectId: String(a), summary: "to place 3" });
    // The home page's first three follow at once.
    expect((await listNewsItems(database.db, 3)).map((i) => i.id)).toEqual([b, c, a]);
  });

  it("takes a place past the end as the last, and refuses a place that is not one", async () => {
    const before = await order();
    const first = before[0] as number;
    expect(await act("place", { id: String(first), to: "999" })).toEqual({
      done: `Moved the news item to place ${before.length}.`,
    });
    expect((await order()).at(-1)).toBe(first);
    for (const to of ["0", "-1", "two", ""])
      expect(await act("place", { id: String(first), to })).toMatchObject({ init: { status: 400 } });
    expect(await act("place", { id: "999999", to: "1" })).toMatchObject({ init: { status: 404 } });
  });

  it("applies two places sent together one after the other, never both to one place", async () => {
    const before = await order();
    const [x, y] = [before.at(-1) as number, before.at(-2) as number];
    await Promise.all([act("place", { id: String(x), to: "1" }), act("place", { id: String(y), to: "1" })]);
    const after = await order();
    expect(new Set(after).size).toBe(before.length);
    expect(after.slice(0, 2).sort()).toEqual([x, y].sort());
    const places = await database.db.select({ o: newsItems.displayOrder }).from(newsItems);
    expect(new Set(places.map((p) => p.o)).size).toBe(places.length);
  });

  it("puts a row among the places another move has just given, after waiting for that move", async () => {
    const before = await order();
    const [x, y] = [before.at(-1) as number, before.at(-2) as number];
    // Someone else's move holds the list: x goes first, everything renumbered, not yet committed.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const other = database.db.transaction(async (tx) => {
      await tx.select({ id: newsItems.id }).from(newsItems).for("update");
      for (const [index, id] of [x, ...before.filter((id) => id !== x)].entries())
        await tx
          .update(newsItems)
          .set({ displayOrder: index + 1 })
          .where(eq(newsItems.id, id));
      locked();
      await held;
    });
    await holding;
    const mine = act("place", { id: String(y), to: "2" });
    // Only once the console's move is waiting for the lock does the other one commit.
    for (let waiting = false; !waiting; ) {
      const [row] = (
        await database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )
      ).rows as { n: number }[];
      waiting = (row?.n ?? 0) > 0;
      if (!waiting) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();
    await other;
    expect(await mine).toEqual({ done: "Moved the news item to place 2." });
    expect(await order()).toEqual([x, y, ...before.filter((id) => id !== x && id !== y)]);
  });

  it("pins an item first whatever is added after, up and down staying within the pinned ones", async () => {
    const before = await order();
    const last = before.at(-1) as number;
    expect(await act("pin", { id: String(last), pinned: "1" })).toMatchObject({
      done: expect.stringContaining("Pinned"),
    });
    expect(await lastAudit()).toMatchObject({ action: "news_item.pin", subjectId: String(last), summary: "pinned" });
    await act("add", {
      title: "Late nights",
      slug: "late-nights-pin-test",
      image: "/images/news/salon.webp",
      alt: "The salon",
      body: "Open late.",
      version: "1",
    });
    const after = await listNewsItems(database.db);
    expect(after[0]?.id).toBe(last);
    expect(after[0]?.pinned).toBe(true);
    expect(after[1]?.slug).toBe("late-nights-pin-test");
    // Neither a step nor a place takes an unpinned item above a pinned one.
    await act("move", { id: String(after[1]?.id), direction: "up" });
    await act("place", { id: String(after[1]?.id), to: "1" });
    expect((await order()).slice(0, 2)).toEqual([last, after[1]?.id]);
    // Pinning twice changes nothing and writes no second row; unpinning lets it go back among the rest.
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.action, "news_item.pin"));
    await act("pin", { id: String(last), pinned: "1" });
    expect(await database.db.select().from(auditLog).where(eq(auditLog.action, "news_item.pin"))).toHaveLength(
      rows.length,
    );
    await act("pin", { id: String(last), pinned: "0" });
    expect((await listNewsItems(database.db))[0]?.pinned).toBe(false);
    expect(await lastAudit()).toMatchObject({ action: "news_item.pin", summary: "unpinned" });
  });

  it("puts a team member at a place among those on the site, renumbering the team, and audits it", async () => {
    const team = async () =>
      (
        await database.db
          .select({ id: stylists.id, retired: stylists.retiredAt })
          .from(stylists)
          .orderBy(stylists.displayOrder, stylists.id)
      )
        .filter((m) => m.retired === null)
        .map((m) => m.id);
    const before = await team();
    const last = before.at(-1) as number;
    expect(await moveMember(database.db, staff, last, { to: 0 })).toEqual({ place: 0 });
    expect(await team()).toEqual([last, ...before.slice(0, -1)]);
    expect(await lastAudit()).toMatchObject({ action: "team.reorder", summary: "moved to place 1" });
    expect(await moveMember(database.db, staff, last, { direction: "up" })).toEqual({ place: 0 });
    expect(await moveMember(database.db, staff, 999_999, { to: 0 })).toMatchObject({ init: { status: 404 } });
  });

  it("puts a pinned post first on the blog and in the console, however old, and audits it", async () => {
    const posts = await listPostsForConsole(database.db);
    const oldest = posts.at(-1);
    if (!oldest) throw new Error("the seed has posts");
    expect(await pinPost(database.db, staff, oldest.id, true)).toBe(true);
    expect((await listPostsForConsole(database.db))[0]).toMatchObject({ id: oldest.id, pinned: true });
    expect((await blogPostPage(database.db, 1))?.items[0]?.slug).toBe(oldest.slug);
    const [row] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "blog.pin"), eq(auditLog.subjectId, String(oldest.id))));
    expect(row?.summary).toBe("pinned");
    expect(await pinPost(database.db, staff, 999_999, true)).toBe(false);
    await pinPost(database.db, staff, oldest.id, false);
    const [stored] = await database.db.select().from(blogPosts).where(eq(blogPosts.id, oldest.id));
    expect(stored?.pinned).toBe(false);
  });
});
