import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
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
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir, prepare: seedDatabase });
    const [salons] = await again.db.select({ n: count() }).from(t.salons);
    expect(salons?.n).toBeGreaterThan(0);
    await again.close();
  });

  it("refuses a folder holding only the data of the engine before it, rather than seed a new salon beside it", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "salon-embedded-"));
    await mkdir(path.join(dataDir, "pglite"));
    await writeFile(path.join(dataDir, "pglite", "PG_VERSION"), "17\n");
    await expect(openDatabase({ dataDir, prepare: seedDatabase })).rejects.toMatchObject({
      name: "OldDataFolderError",
      message: expect.stringContaining("docs/upgrading.md"),
    });
    expect(existsSync(path.join(dataDir, "postgres"))).toBe(false);
  });
});
