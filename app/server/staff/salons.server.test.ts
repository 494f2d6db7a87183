/**
 * The salons screen for a manager of one salon: only that salon is listed or
 * saved, and a change of where its alerts of new leads go is audited with the
 * addresses before and after.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SALON_IDS } from "~/domain/salon-ids";
import { hoursFormValues } from "~/domain/salon-info";
import { auditLog } from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import type { StaffContext } from "./auth.server";
import { salonsForConsole, saveSalon } from "./salons.server";
import { signedInManager } from "./test-manager";

describe.each(testDatabases)("the salons screen for a manager of one salon on %s", (_name, open) => {
  let database: TestDatabase;
  let kestwickManager: StaffContext;
  beforeAll(async () => {
    database = await open(seedDatabase);
    kestwickManager = { ...(await signedInManager(database.db, "salons")), scope: [SALON_IDS.kestwick] };
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });

  /** The salon's form as the screen fills it, with `changes`, saved by `staff`; answers the refusal, if any. */
  async function save(staff: StaffContext, salonId: number, changes: Record<string, string>) {
    const salon = (await salonsForConsole(database.db, "all")).find((s) => s.id === salonId);
    if (!salon) throw new Error(`no salon ${salonId}`);
    const input = {
      id: String(salon.id),
      version: String(salon.version),
      name: salon.name,
      address: salon.address,
      town: salon.town,
      postcode: salon.postcode,
      telephone: salon.telephone,
      bookingUrl: salon.bookingUrl,
      alertEmail: salon.alertEmail ?? "",
      alertMobile: salon.alertMobile ?? "",
      ...hoursFormValues(salon.openingHours),
      ...changes,
    };
    return saveSalon(database.db, staff, input, {});
  }
  const lastSummary = async (salonId: number) =>
    (
      await database.db
        .select({ summary: auditLog.summary })
        .from(auditLog)
        .where(and(eq(auditLog.action, "salon.update"), eq(auditLog.subjectId, String(salonId))))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0]?.summary;

  it("lists only the manager's salon, and another salon's form is not found and changes nothing", async () => {
    expect((await salonsForConsole(database.db, kestwickManager.scope)).map((s) => s.id)).toEqual([SALON_IDS.kestwick]);
    const refusal = await save(kestwickManager, SALON_IDS.wrenbridge, { alertEmail: "someone@elsewhere.example" });
    expect(refusal?.init).toMatchObject({ status: 404 });
    const wrenbridge = (await salonsForConsole(database.db, "all")).find((s) => s.id === SALON_IDS.wrenbridge);
    expect(wrenbridge?.alertEmail).toBeNull();
    expect(await lastSummary(SALON_IDS.wrenbridge)).toBeUndefined();
  });

  it("audits where the alerts went before and where they go now, and says nothing of alerts left as they were", async () => {
    expect(
      await save(kestwickManager, SALON_IDS.kestwick, {
        alertEmail: " Desk@Kestwick.example ",
        alertMobile: "07700 900321",
      }),
    ).toBeNull();
    expect(await lastSummary(SALON_IDS.kestwick)).toBe(
      "Saved Maison Ivy Kestwick; alert e-mails to desk@kestwick.example (were to the owners); alert texts to +44 7700 900321 (were none)",
    );
    expect(await save(kestwickManager, SALON_IDS.kestwick, { telephone: "01632 960 999" })).toBeNull();
    expect(await lastSummary(SALON_IDS.kestwick)).toBe("Saved Maison Ivy Kestwick");
    expect(await save(kestwickManager, SALON_IDS.kestwick, { alertEmail: "", alertMobile: "" })).toBeNull();
    expect(await lastSummary(SALON_IDS.kestwick)).toBe(
      "Saved Maison Ivy Kestwick; alert e-mails to the owners (were to desk@kestwick.example); alert texts none (were to +44 7700 900321)",
    );
  });
});
