/**
 * A replaced picture goes with the save that replaces it, unless something
 * else still shows it; an upload nothing ever showed goes with the prune
 * job after a day.
 */
import { count, eq, getTableName, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { variantBytes } from "../../../tests/corpus/stored-pictures";
import { uploadedFileOf } from "../multipart.server";
import { dropUnusedPictures, PICTURE_USES, pruneUnusedPictures } from "../pictures.server";
import { pictures, pictureVariants, stylists } from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import type { StaffContext } from "./auth.server";
import { getMemberForStaff, memberFormValues, updateMember } from "./team-content.server";
import { signedInManager } from "./test-manager";

const photo = (background: string) =>
  sharp({ create: { width: 400, height: 500, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe.each(testDatabases)("cleaning up replaced pictures on %s", (_name, open) => {
  let database: TestDatabase;
  let staff: StaffContext;
  beforeAll(async () => {
    database = await open(seedDatabase);
    staff = await signedInManager(database.db, "cleanup");
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });

  /** Saves member `id`'s form as it stands with a new portrait; answers the refusal, if any. */
  async function newPortrait(id: number, colour: string, version?: number) {
    const member = await getMemberForStaff(database.db, id);
    const input = {
      ...memberFormValues(member),
      version: String(version ?? member?.version),
      photoAlt: `A portrait in ${colour}`,
    };
    return updateMember(database.db, staff, id, input, { photo: await uploadedFileOf(await photo(colour)) });
  }
  const photoOf = async (id: number) => (await getMemberForStaff(database.db, id))?.photo?.id ?? null;
  const rowsOf = async (pictureId: string) => ({
    pictures: (await database.db.select({ n: count() }).from(pictures).where(eq(pictures.id, pictureId)))[0]?.n,
    variants: (
      await database.db.select({ n: count() }).from(pictureVariants).where(eq(pictureVariants.pictureId, pictureId))
    )[0]?.n,
  });

  it("names every column that points at a picture", async () => {
    const result = await database.db.execute(sql`
      select cl.relname as "table", a.attname as "column"
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = 'pictures'::regclass and cl.relname <> 'picture_variants'`);
    const rows = (result as unknown as { rows: { table: string; column: string }[] }).rows;
    const inDatabase = rows.map((r) => `${r.table}.${r.column}`).sort();
    const listed = PICTURE_USES.map(({ table, column }) => `${getTableName(table)}.${column.name}`).sort();
    expect(listed).toEqual(inDatabase);
  });

  // 400 pixels wide: made at 320 and 400, in three formats each.
  it("removes a replaced portrait and its variants in the save, and serves the new one", async () => {
    expect(await newPortrait(1, "#aa5533")).toBeNull();
    const first = (await photoOf(1)) as string;
    expect(await rowsOf(first)).toEqual({ pictures: 1, variants: 6 });

    expect(await newPortrait(1, "#3355aa")).toBeNull();
    const second = (await photoOf(1)) as string;
    expect(second).not.toBe(first);
    expect(await rowsOf(first)).toEqual({ pictures: 0, variants: 0 });
    expect(await variantBytes(database.db, first, 320, "avif")).toBeUndefined();
    expect((await variantBytes(database.db, second, 320, "avif"))?.length).toBeGreaterThan(0);
  });

  it("keeps a replaced picture that something else still shows", async () => {
    const shared = (await photoOf(1)) as string;
    // The same picture as another member's montage.
    await database.db.update(stylists).set({ montageId: shared }).where(eq(stylists.id, 2));
    expect(await newPortrait(1, "#55aa33")).toBeNull();
    expect(await photoOf(1)).not.toBe(shared);
    expect(await rowsOf(shared)).toEqual({ pictures: 1, variants: 6 });
    expect(await dropUnusedPictures(database.db, [shared])).toEqual([]);
    // Once nothing shows it, it can go.
    await database.db.update(stylists).set({ montageId: null }).where(eq(stylists.id, 2));
    expect(await dropUnusedPictures(database.db, [shared, null])).toEqual([shared]);
  });

  it("changes nothing on a refused save; its upload goes with the prune job a day later", async () => {
    const shown = (await photoOf(1)) as string;
    const stale = await newPortrait(1, "#999999", 1);
    expect(stale?.init?.status).toBe(409);
    expect(await photoOf(1)).toBe(shown);
    const [orphan] = await database.db
      .select({ id: pictures.id })
      .from(pictures)
      .where(sql`${pictures.alt} = 'A portrait in #999999'`);
    expect(orphan).toBeDefined();
    // Within the day it stays: the person may be about to save again.
    expect(await pruneUnusedPictures(database.db, new Date())).toBe(0);
    expect(await pruneUnusedPictures(database.db, new Date(Date.now() + 25 * 3_600_000))).toBe(1);
    expect(await rowsOf(orphan?.id as string)).toEqual({ pictures: 0, variants: 0 });
    expect(await rowsOf(shown)).toEqual({ pictures: 1, variants: 6 });
  });
});
