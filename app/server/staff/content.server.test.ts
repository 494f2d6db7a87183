import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkbox, isoDate, link, optionalText, pounds, requiredText } from "~/domain/staff/content";
import { z } from "~/domain/zod";
import { auditLog, salons } from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import type { StaffContext } from "./auth.server";
import { parseEdit, saveVersioned } from "./content.server";
import { signedInManager } from "./test-manager";

const schema = z.object({
  name: requiredText("the salon's name", 40),
  website: optionalText(),
  open: checkbox,
  price: pounds("the price"),
  from: isoDate("the start date"),
  more: link("the link"),
});

describe("the fields of a content screen", () => {
  it("turns typed strings into stored values", () => {
    const parsed = parseEdit(schema, {
      name: "  Wrenbridge ",
      website: "",
      open: "on",
      price: "£1,045.5",
      from: "2026-12-01",
      more: "/offers",
    });
    expect(parsed).toEqual({
      ok: true,
      value: { name: "Wrenbridge", website: null, open: true, price: 104550, from: "2026-12-01", more: "/offers" },
    });
  });

  it("refuses each wrong field with its own message and keeps what was typed", async () => {
    const typed = { name: " ", price: "forty", from: "2026-02-31x", more: "//evil.example", intent: "save" };
    const parsed = parseEdit(schema, typed);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.refusal.init?.status).toBe(400);
    expect(parsed.refusal.data).toMatchObject({
      values: typed,
      fieldErrors: {
        name: "Please enter the salon's name.",
        price: "Please enter the price in pounds, such as 45 or 45.50.",
        from: "Please enter the start date as a date.",
        more: "Please enter the link as a path on this site (starting with /) or a full https:// address.",
      },
    });
    expect(parseEdit(schema, { ...typed, name: "x".repeat(41) }).ok).toBe(false);
    expect(checkbox.parse(undefined)).toBe(false);
  });
});

describe.each(testDatabases)("saving an edit on %s", (_name, open) => {
  let database: TestDatabase;
  let staff: StaffContext;
  beforeAll(async () => {
    database = await open(seedDatabase);
    staff = await signedInManager(database.db, "t");
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });

  const rename = (name: string, version: string) =>
    saveVersioned(
      database.db,
      staff,
      { version, name },
      {
        table: salons,
        where: eq(salons.id, 1),
        values: { name },
        audit: { action: "salon.update", subject: { type: "salon", id: 1 } },
        missing: "There is no such salon.",
      },
    );

  it("saves against the version it was opened with, and refuses the second of two edits made at once", async () => {
    const [before] = await database.db.select().from(salons).where(eq(salons.id, 1));
    const version = String(before?.version);
    expect(await rename("First Name", version)).toBeNull();
    const second = await rename("Second Name", version);
    expect(second?.init?.status).toBe(409);
    expect(second?.data).toMatchObject({ stale: true, values: { name: "Second Name" } });
    const [after] = await database.db.select().from(salons).where(eq(salons.id, 1));
    expect(after).toMatchObject({ name: "First Name", version: (before?.version ?? 0) + 1 });
    const audited = await database.db.select().from(auditLog).where(eq(auditLog.action, "salon.update"));
    expect(audited).toHaveLength(1);
  });

  it("answers 404 for a row that is gone and 400 for a form without its version", async () => {
    const gone = await saveVersioned(
      database.db,
      staff,
      { version: "1" },
      {
        table: salons,
        where: eq(salons.id, 999),
        values: { name: "x" },
        audit: { action: "salon.update" },
        missing: "There is no such salon.",
      },
    );
    expect(gone?.init?.status).toBe(404);
    expect((await rename("No version", ""))?.init?.status).toBe(400);
  });
});
