/**
 * A portrait's focal point is saved with the picture from the member form:
 * set with a new upload, moved later without one, refused out of range, and
 * audited like every other team edit.
 */
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadedFileOf } from "../multipart.server";
import { auditLog, pictures } from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import type { StaffContext } from "./auth.server";
import { getMemberForStaff, memberFormValues, updateMember } from "./team-content.server";
import { signedInManager } from "./test-manager";

const portrait = () =>
  sharp({ create: { width: 300, height: 400, channels: 3, background: "#aa5533" } })
    .jpeg()
    .toBuffer();

describe.each(testDatabases)("a portrait's focal point on %s", (_name, open) => {
  let database: TestDatabase;
  let staff: StaffContext;
  beforeAll(async () => {
    database = await open(seedDatabase);
    staff = await signedInManager(database.db, "focus");
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });

  /** Saves member 1's (Harriet Vale's) form as it stands, with `changes`; answers the refusal, if any. */
  async function save(changes: Record<string, string>, withPhoto = false) {
    const member = await getMemberForStaff(database.db, 1);
    const input = { ...memberFormValues(member), version: String(member?.version), ...changes };
    return updateMember(
      database.db,
      staff,
      1,
      input,
      withPhoto ? { photo: await uploadedFileOf(await portrait()) } : {},
    );
  }
  const lastSummary = async () =>
    (
      await database.db
        .select({ summary: auditLog.summary })
        .from(auditLog)
        .where(and(eq(auditLog.action, "team.update"), eq(auditLog.subjectId, "1")))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0]?.summary;

  it("is the middle on the form while the member shows the illustration, and a save without a photo stores none", async () => {
    const member = await getMemberForStaff(database.db, 1);
    expect(member?.photo).toBeNull();
    expect(memberFormValues(member)).toMatchObject({ photoFocusX: "50", photoFocusY: "50" });
    expect(await save({ photoFocusX: "10", photoFocusY: "10" })).toBeNull();
    expect((await getMemberForStaff(database.db, 1))?.photo).toBeNull();
    expect(await lastSummary()).not.toMatch(/focal point/);
  });

  it("is stored with a new photo and read back wherever the photo is", async () => {
    expect(await save({ photoAlt: "Harriet at the mirror", photoFocusX: "30", photoFocusY: "20" }, true)).toBeNull();
    const member = await getMemberForStaff(database.db, 1);
    expect(member?.photo).toMatchObject({ alt: "Harriet at the mirror", focusX: 30, focusY: 20 });
    expect(memberFormValues(member)).toMatchObject({ photoFocusX: "30", photoFocusY: "20" });
    expect(await lastSummary()).toBe("Harriet Vale, new photo, portrait's focal point 30% across, 20% down");
  });

  it("moves without a new upload, on the same picture, and is audited only when it moved", async () => {
    const before = (await getMemberForStaff(database.db, 1))?.photo?.id;
    expect(await save({ photoFocusX: "75", photoFocusY: "5" })).toBeNull();
    const [row] = await database.db
      .select()
      .from(pictures)
      .where(eq(pictures.id, before as string));
    expect([row?.focusX, row?.focusY]).toEqual([75, 5]);
    expect((await getMemberForStaff(database.db, 1))?.photo?.id).toBe(before);
    expect(await lastSummary()).toBe("Harriet Vale, portrait's focal point 75% across, 5% down");
    expect(await save({ para3: "A third paragraph." })).toBeNull();
    expect(await lastSummary()).toBe("Harriet Vale, changed third paragraph");
    // A rename says the name it had; the columns changed are named, never their text.
    expect(
      await save({ firstName: "Hárriet", lastName: "O’Vale-Smith", para3: "", instagram: "", levelId: "4" }),
    ).toBeNull();
    expect(await lastSummary()).toBe(
      "Hárriet O’Vale-Smith (was Harriet Vale), changed level, third paragraph and Instagram",
    );
    expect(await save({ firstName: "Harriet", lastName: "Vale" })).toBeNull();
    expect(await lastSummary()).toBe("Harriet Vale (was Hárriet O’Vale-Smith)");
  });

  it("refuses a point off the picture with a message on the field, changing nothing", async () => {
    const refusal = await save({ photoFocusX: "140" });
    expect(refusal?.init?.status).toBe(400);
    expect(refusal?.data).toMatchObject({
      fieldErrors: { photoFocusX: "Please choose the focal point's position across between 0 and 100%." },
    });
    expect((await getMemberForStaff(database.db, 1))?.photo).toMatchObject({ focusX: 75, focusY: 5 });
  });
});
