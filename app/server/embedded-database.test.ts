import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { count, eq, max } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "./db.server";
import { openDatabase } from "./db.server";
import * as t from "./schema.server";
import { seedDatabase } from "./seed.server";

let dataDir: string | undefined;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

describe("the embedded database", () => {
  it("is PostgreSQL run by the site under DATA_DIR, refuses a second opener of the same folder, and frees it on close", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "salon-embedded-"));
    const first = await openDatabase({ dataDir, prepare: seedDatabase });
    try {
      expect(first.kind).toBe("embedded");
      expect(existsSync(path.join(dataDir, "postgres", "PG_VERSION"))).toBe(true);
      await expect(openDatabase({ dataDir })).rejects.toMatchObject({ name: "DataDirInUseError" });
      await expect(openDatabase({ dataDir, engine: "pglite" })).rejects.toMatchObject({ name: "DataDirInUseError" });
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir, prepare: seedDatabase });
    const [salons] = await again.db.select({ n: count() }).from(t.salons);
    expect(salons?.n).toBeGreaterThan(0);
    await again.close();
  });

  it("imports an older install's PGlite data once, keeps the old folder as a backup, and continues its id sequences", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "salon-embedded-"));
    const migrationsFolder = path.resolve("drizzle");
    const old = await PGlite.create(path.join(dataDir, "pglite"));
    const oldDb = drizzle(old, { schema: t });
    await migrate(oldDb, { migrationsFolder });
    await seedDatabase(oldDb as unknown as Database);
    const [first] = await oldDb.select().from(t.stylists).limit(1);
    if (!first) throw new Error("the seed has no stylists");
    await oldDb.update(t.stylists).set({ firstName: "Imported" }).where(eq(t.stylists.id, first.id));
    const [before] = await oldDb.select({ n: count(), last: max(t.reviews.id) }).from(t.reviews);
    await old.close();

    const database = await openDatabase({ dataDir, prepare: seedDatabase });
    try {
      const [stylist] = await database.db.select().from(t.stylists).where(eq(t.stylists.id, first.id));
      expect(stylist?.firstName).toBe("Imported");
      const [after] = await database.db.select({ n: count() }).from(t.reviews);
      expect(after?.n).toBe(before?.n);
      const [review] = await database.db.select().from(t.reviews).limit(1);
      if (!review) throw new Error("no reviews imported");
      const { id: _id, ...copy } = review;
      const [added] = await database.db.insert(t.reviews).values(copy).returning({ id: t.reviews.id });
      expect(added?.id).toBeGreaterThan(before?.last ?? 0);
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
    expect(existsSync(path.join(dataDir, "pglite-imported", "PG_VERSION"))).toBe(true);

    // Started again, nothing is imported twice.
    const again = await openDatabase({ dataDir, prepare: seedDatabase });
    const [twice] = await again.db.select({ n: count() }).from(t.reviews);
    expect(twice?.n).toBe((before?.n ?? 0) + 1);
    await again.close();
  }, 120_000);
});
