import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SALON_IDS } from "~/domain/salon-ids";
import { auditLog, jobApplications, outbox, staffNotes } from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import { sendReply } from "./applications.server";
import type { StaffContext } from "./auth.server";
import { signedInManager } from "./test-manager";

describe.each(testDatabases)("a reply to a job applicant on %s", (_name, open) => {
  let database: TestDatabase;
  let manager: StaffContext;
  let applicationId: number;

  beforeAll(async () => {
    database = await open(seedDatabase);
    manager = await signedInManager(database.db, "applications-token");
    const [row] = await database.db
      .insert(jobApplications)
      .values({
        name: "Zoë Ó Briain",
        mobile: "+447700900500",
        email: "zoe@example.com",
        position: "3 - 5 years",
        about: "Colour work.",
        whyHair: "Love it.",
        whyUs: "The team.",
        salonId: SALON_IDS.kestwick,
        role: "Stylist",
      })
      .returning({ id: jobApplications.id });
    applicationId = row!.id;
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const countFor = async () => ({
    mails: (await database.db.select().from(outbox).where(eq(outbox.recipient, "zoe@example.com"))).length,
    notes: (await database.db.select().from(staffNotes).where(eq(staffNotes.subjectId, applicationId))).filter(
      (n) => n.kind === "reply",
    ).length,
    audited: (await database.db.select().from(auditLog).where(eq(auditLog.action, "job.reply"))).length,
  });

  it("goes once however often its form is sent, and moves the application to the reply's decision", async () => {
    const key = randomUUID();
    // A double tap, or the form sent again after its answer was lost: the same key each time.
    const answers = await Promise.all([
      sendReply(database.db, manager, applicationId, "invite-to-interview", key),
      sendReply(database.db, manager, applicationId, "invite-to-interview", key),
    ]);
    for (const answer of answers)
      expect(answer).toMatchObject({ ok: true, label: "Invite to interview", to: "zoe@example.com" });
    expect(answers.map((a) => a.ok && a.movedTo).sort()).toEqual(["Definitely", null]);
    expect(await countFor()).toEqual({ mails: 1, notes: 1, audited: 1 });
    const [stored] = await database.db.select().from(jobApplications).where(eq(jobApplications.id, applicationId));
    expect(stored?.status).toBe("definitely");

    // Another reply is another form, with a key of its own.
    expect(await sendReply(database.db, manager, applicationId, "keep-on-file", randomUUID())).toMatchObject({
      ok: true,
      label: "Keep on file",
      movedTo: "Maybe",
    });
    expect(await countFor()).toEqual({ mails: 2, notes: 2, audited: 2 });
  });
});
