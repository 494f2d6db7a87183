import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, staffPasskeys, staffSessions, staffUsers } from "../schema.server";
import { type TestDatabase, testDatabases, testRouterContext } from "../test-databases";
import { recordNewPasskey, signOutEverywhere } from "./accounts.server";
import { requireStaff, staffAction } from "./auth.server";
import { FORM_MINUTES, FRESH_MINUTES, hashToken, readSession } from "./session.server";

const SITE = "http://localhost:3000";

/** What the gate threw, as the router would answer it. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; location: string | null; body: unknown }> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location"), body: null };
    const data = thrown as { init?: { status?: number }; data?: unknown };
    if (data?.init?.status) return { status: data.init.status, location: null, body: data.data };
    throw thrown;
  }
  return { status: 200, location: null, body: null };
}

describe.each(testDatabases)("changes of who can get in, on %s", (_name, open) => {
  let database: TestDatabase;
  let ownerId = 0;
  let sessionId = 0;
  const token = "owner-session-token";
  const form = (fields: Record<string, string>) =>
    new Request(`${SITE}/staff/team`, {
      method: "POST",
      headers: { Cookie: `staff-session=${token}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  const passkeyJson = (intent: string) =>
    new Request(`${SITE}/staff/passkey`, {
      method: "POST",
      headers: {
        Cookie: `staff-session=${token}`,
        "Content-Type": "application/json",
        Referer: `${SITE}/staff/devices`,
      },
      body: JSON.stringify({ intent }),
    });
  const signedInMinutesAgo = (minutes: number) =>
    database.db
      .update(staffSessions)
      .set({ signedInAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(staffSessions.id, sessionId));

  beforeAll(async () => {
    database = await open();
    const [owner] = await database.db
      .insert(staffUsers)
      .values({ email: "owner@example.com", name: "Owner", role: "owner" })
      .returning();
    ownerId = owner?.id ?? 0;
    const [session] = await database.db
      .insert(staffSessions)
      .values({ tokenHash: hashToken(token), staffId: ownerId, method: "passkey" })
      .returning();
    sessionId = session?.id ?? 0;
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });

  it("an owner's invite and a new passkey on a sign-in older than the window go to sign in again first", async () => {
    const context = testRouterContext(database.db);
    await signedInMinutesAgo(FRESH_MINUTES + 1);
    const invite = await refusal(
      staffAction({ request: form({ intent: "invite", email: "new@example.com", role: "owner" }), context }, "team"),
    );
    expect(invite.status).toBe(302);
    expect(invite.location).toContain("fresh=1");
    expect(invite.location).toContain(encodeURIComponent("/staff/team"));
    const passkey = await refusal(staffAction({ request: passkeyJson("register-options"), context }, "passkey"));
    expect(passkey.status).toBe(401);
    expect(passkey.body).toMatchObject({ signIn: expect.stringContaining("fresh=1") });
    expect((passkey.body as { signIn: string }).signIn).toContain(encodeURIComponent("/staff/devices"));

    // Signed in again just now: the same requests pass the gate.
    await signedInMinutesAgo(0);
    const granted = await staffAction(
      { request: form({ intent: "invite", email: "new@example.com", role: "owner" }), context },
      "team",
    );
    expect(granted.intent).toBe("invite");
    expect((await staffAction({ request: passkeyJson("register-options"), context }, "passkey")).intent).toBe(
      "register-options",
    );
  });

  it("the privacy page asks for the recent sign-in as it opens, before anything is typed into it", async () => {
    const context = testRouterContext(database.db);
    const page = () =>
      requireStaff(
        { request: new Request(`${SITE}/staff/privacy`, { headers: { Cookie: `staff-session=${token}` } }), context },
        "privacy",
      );
    await signedInMinutesAgo(FRESH_MINUTES + 1);
    const stale = await refusal(page());
    expect(stale.status).toBe(302);
    expect(stale.location).toBe(`/staff/sign-in?${new URLSearchParams({ next: "/staff/privacy", fresh: "1" })}`);
    // With less than FORM_MINUTES of the sign-in left, it is asked for as the page opens too: the time to type
    // into its forms is not cut short by a sign-in running out before they are sent.
    await signedInMinutesAgo(FRESH_MINUTES - FORM_MINUTES + 1);
    expect((await refusal(page())).location).toContain("fresh=1");
    // Once confirmed, the page opens and its searches go through without another sign-in.
    await signedInMinutesAgo(0);
    expect((await page()).staffId).toBe(ownerId);
  });

  it("signing a member out everywhere can take their passkeys too; a new passkey is e-mailed to its account", async () => {
    const [member] = await database.db
      .insert(staffUsers)
      .values({ email: "member@example.com", name: "Member", role: "manager" })
      .returning();
    const memberId = member?.id ?? 0;
    const memberToken = "member-session-token";
    const [memberSession] = await database.db
      .insert(staffSessions)
      .values({ tokenHash: hashToken(memberToken), staffId: memberId, method: "passkey" })
      .returning();
    await database.db
      .insert(staffPasskeys)
      .values({ id: "credential-1", staffId: memberId, publicKey: "key", label: "Someone's phone" });
    await recordNewPasskey(
      database.db,
      { staffId: memberId, sessionId: memberSession?.id ?? 0, email: "member@example.com", name: "Member" },
      "Someone's phone",
    );
    const mails = await database.db.select().from(outbox).where(eq(outbox.recipient, "member@example.com"));
    expect(mails.map((m) => m.template)).toContain("staff-passkey-added");

    const owner = { staffId: ownerId, sessionId };
    expect(await signOutEverywhere(database.db, owner, memberId, { passkeys: true })).toBeNull();
    const request = new Request(`${SITE}/staff`, { headers: { Cookie: `staff-session=${memberToken}` } });
    expect(await readSession(database.db, request)).toBeNull();
    expect(await database.db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, memberId))).toEqual([]);
  });
});
