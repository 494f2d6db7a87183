/**
 * Finishing a sign-in, however it was proved: a new session (or, when the
 * same person proves it again before something destructive, a refreshed
 * one), audited, and the cookie to send.
 */
import type { Database } from "../db.server";
import type { StaffUser } from "./accounts.server";
import { audit } from "./audit.server";
import type { StaffContext } from "./auth.server";
import { refreshSignIn, startSession } from "./session.server";

export async function completeSignIn(
  db: Database,
  request: Request,
  current: StaffContext | null,
  user: StaffUser,
  method: "passkey" | "email" | "setup" | "invite",
): Promise<{ cookie: string | null }> {
  if (current && current.staffId === user.id && (method === "passkey" || method === "email")) {
    await refreshSignIn(db, current.sessionId, method);
    await audit(db, current, { action: "session.confirm", subject: { type: "staff", id: user.id }, summary: method });
    return { cookie: null };
  }
  const session = await startSession(db, request, user.id, method);
  await audit(
    db,
    { staffId: user.id, sessionId: session.sessionId },
    { action: "session.sign-in", subject: { type: "staff", id: user.id }, summary: method },
  );
  return { cookie: session.cookie };
}
