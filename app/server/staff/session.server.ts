/**
 * Staff sessions: a random token in a cookie, its SHA-256 in a database row,
 * so a session is listed, revoked and expired by changing a row and a stolen
 * database holds nothing a browser could present.
 *
 * The cookie is `__Host-staff-session` when the request came over HTTPS:
 * the prefix makes the browser refuse it unless it is Secure, host-only and
 * for Path=/. Browsers refuse a `__Host-` cookie over plain HTTP, so on
 * http://localhost (development and tests) it is `staff-session`, without
 * Secure. Either way it is HttpOnly and SameSite=Lax, and only /staff
 * answers ever set it (decision 011).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db.server";
import { staffSessions, staffUsers } from "../schema.server";

/** Signed out after this long without a request. */
export const IDLE_MINUTES = 120;
/** Signed out after this long whatever happens. */
export const SESSION_DAYS = 30;
/** Destructive actions want a sign-in no older than this. */
export const FRESH_MINUTES = 10;
/**
 * A page whose forms want a recent sign-in asks for one as it opens when less than this is left of it, so the
 * time to fill its forms in is not cut short by a sign-in that runs out while typing.
 */
export const FORM_MINUTES = 5;
/** lastSeenAt is written at most this often, so reading pages costs no write each time. */
const TOUCH_SECONDS = 60;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";
const cookieName = (request: Request) => (isHttps(request) ? "__Host-staff-session" : "staff-session");

function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=") || null;
  }
  return null;
}

/**
 * Whether the request carries a staff session cookie at all (not whether it is
 * valid): enough to leave staff's look at a client's quote page out of the
 * client's views without a database read on a public page. Someone who forged
 * the cookie only stops their own views being counted.
 */
export const carriesStaffSession = (request: Request) => readCookie(request, cookieName(request)) !== null;

function sessionCookie(request: Request, token: string): string {
  const secure = isHttps(request) ? "; Secure" : "";
  return `${cookieName(request)}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_DAYS * 86400}${secure}`;
}

export function clearedSessionCookie(request: Request): string {
  const secure = isHttps(request) ? "; Secure" : "";
  return `${cookieName(request)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

export interface SessionUser {
  sessionId: number;
  staffId: number;
  email: string;
  name: string;
  role: string;
  /** staff_users.salon_ids: the salons the account covers, null for all. */
  salonIds: number[] | null;
  signedInAt: Date;
}

/** Starts a session for a member of staff; returns the Set-Cookie header to send. */
export async function startSession(
  db: Database,
  request: Request,
  staffId: number,
  method: "passkey" | "email" | "setup" | "invite",
): Promise<{ cookie: string; sessionId: number }> {
  const token = newToken();
  const [row] = await db
    .insert(staffSessions)
    .values({
      tokenHash: hashToken(token),
      staffId,
      method,
      userAgent: (request.headers.get("user-agent") ?? "").slice(0, 300),
    })
    .returning({ id: staffSessions.id });
  await db.update(staffUsers).set({ lastSignInAt: new Date() }).where(eq(staffUsers.id, staffId));
  return { cookie: sessionCookie(request, token), sessionId: row?.id ?? 0 };
}

/** A signed-in member of staff proved it again on this session (before something destructive). */
export async function refreshSignIn(db: Database, sessionId: number, method: "passkey" | "email"): Promise<void> {
  await db
    .update(staffSessions)
    .set({ signedInAt: new Date(), lastSeenAt: new Date(), method })
    .where(eq(staffSessions.id, sessionId));
}

/** The live session this request's cookie names, if any: not revoked, not idle too long, not too old, account active. */
export async function readSession(db: Database, request: Request): Promise<SessionUser | null> {
  const token = readCookie(request, cookieName(request));
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      staffId: staffUsers.id,
      email: staffUsers.email,
      name: staffUsers.name,
      role: staffUsers.role,
      salonIds: staffUsers.salonIds,
      signedInAt: staffSessions.signedInAt,
      lastSeenAt: staffSessions.lastSeenAt,
      createdAt: staffSessions.createdAt,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(
      and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.revokedAt), eq(staffUsers.active, true)),
    )
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  if (now - row.lastSeenAt.getTime() > IDLE_MINUTES * 60_000) return null;
  if (now - row.createdAt.getTime() > SESSION_DAYS * 86_400_000) return null;
  if (now - row.lastSeenAt.getTime() > TOUCH_SECONDS * 1000)
    await db.update(staffSessions).set({ lastSeenAt: sql`now()` }).where(eq(staffSessions.id, row.sessionId));
  return {
    sessionId: row.sessionId,
    staffId: row.staffId,
    email: row.email,
    name: row.name,
    role: row.role,
    salonIds: row.salonIds,
    signedInAt: row.signedInAt,
  };
}

export async function revokeSession(db: Database, sessionId: number, staffId?: number): Promise<boolean> {
  const where = staffId
    ? and(eq(staffSessions.id, sessionId), eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt))
    : and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt));
  const done = await db
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(where)
    .returning({ id: staffSessions.id });
  return done.length > 0;
}
