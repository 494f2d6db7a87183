/**
 * Test helper: a manager with a session, as the console's server functions
 * are handed one by the gate (requireStaffAction), for data-layer tests.
 */
import type { Database } from "../db.server";
import { staffSessions, staffUsers } from "../schema.server";
import type { StaffContext } from "./auth.server";
import { hashToken } from "./session.server";

export async function signedInManager(db: Database, token: string): Promise<StaffContext> {
  const [user] = await db
    .insert(staffUsers)
    .values({ email: "m@example.com", name: "Manager", role: "manager" })
    .returning();
  const [session] = await db
    .insert(staffSessions)
    .values({ tokenHash: hashToken(token), staffId: user?.id ?? 0, method: "passkey" })
    .returning();
  return {
    staffId: user?.id ?? 0,
    sessionId: session?.id ?? 0,
    role: "manager",
    scope: "all",
    can: () => true,
  } as unknown as StaffContext;
}
