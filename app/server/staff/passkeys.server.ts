/**
 * Passkeys (WebAuthn) through SimpleWebAuthn: the relying party is the site's
 * public host. Challenges are rows used once, so no cookie is needed before
 * sign-in and any process can check an answer another one asked for.
 */
import { randomBytes } from "node:crypto";
import type { AuthenticationResponseJSON, RegistrationResponseJSON, WebAuthnCredential } from "@simplewebauthn/server";
import { and, eq, lt } from "drizzle-orm";
import { config } from "../config.server";
import type { Database } from "../db.server";
import { staffChallenges, staffPasskeys, staffUsers } from "../schema.server";
import type { StaffUser } from "./accounts.server";

const CHALLENGE_MINUTES = 5;

/** Loaded when a passkey is first used rather than at every start: it takes most of a second to load. */
const webAuthn = () => import("@simplewebauthn/server");

function relyingParty() {
  const url = new URL(config().PUBLIC_URL);
  return { rpID: url.hostname, origin: url.origin, rpName: "Maison Ivy staff" };
}

async function keepChallenge(db: Database, challenge: string, staffId: number | null): Promise<string> {
  const id = randomBytes(16).toString("base64url");
  await db.delete(staffChallenges).where(lt(staffChallenges.expiresAt, new Date()));
  await db
    .insert(staffChallenges)
    .values({ id, challenge, staffId, expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000) });
  return id;
}

/** Takes a challenge back, once; null when unknown, used or stale. */
async function takeChallenge(db: Database, id: string, staffId: number | null): Promise<string | null> {
  const [row] = await db.delete(staffChallenges).where(eq(staffChallenges.id, id)).returning();
  if (!row || row.expiresAt < new Date() || row.staffId !== staffId) return null;
  return row.challenge;
}

export async function registrationOptions(db: Database, staff: Pick<StaffUser, "id" | "email" | "name">) {
  const { rpID, rpName } = relyingParty();
  const existing = await db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, staff.id));
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: staff.email,
    userDisplayName: staff.name,
    userID: new TextEncoder().encode(`staff-${staff.id}`),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    // Discoverable, so signing in needs no e-mail address typed first.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  const challengeId = await keepChallenge(db, options.challenge, staff.id);
  return { options, challengeId };
}

export async function registerPasskey(
  db: Database,
  staffId: number,
  challengeId: string,
  response: RegistrationResponseJSON,
  label: string,
): Promise<boolean> {
  const challenge = await takeChallenge(db, challengeId, staffId);
  if (!challenge) return false;
  const { rpID, origin } = relyingParty();
  const { verifyRegistrationResponse } = await webAuthn();
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) return false;
  const { credential } = verification.registrationInfo;
  await db.insert(staffPasskeys).values({
    id: credential.id,
    staffId,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: credential.transports ?? [],
    label: label.slice(0, 100),
  });
  return true;
}

export async function authenticationOptions(db: Database) {
  const { rpID } = relyingParty();
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({ rpID, userVerification: "preferred" });
  const challengeId = await keepChallenge(db, options.challenge, null);
  return { options, challengeId };
}

/** The active account whose passkey answered this challenge, or null. */
export async function verifyPasskey(
  db: Database,
  challengeId: string,
  response: AuthenticationResponseJSON,
): Promise<StaffUser | null> {
  const challenge = await takeChallenge(db, challengeId, null);
  if (!challenge || typeof response?.id !== "string") return null;
  const [row] = await db
    .select({ passkey: staffPasskeys, staff: staffUsers })
    .from(staffPasskeys)
    .innerJoin(staffUsers, eq(staffUsers.id, staffPasskeys.staffId))
    .where(and(eq(staffPasskeys.id, response.id), eq(staffUsers.active, true)))
    .limit(1);
  if (!row) return null;
  const { rpID, origin } = relyingParty();
  const { verifyAuthenticationResponse } = await webAuthn();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
    credential: {
      id: row.passkey.id,
      publicKey: Buffer.from(row.passkey.publicKey, "base64url"),
      counter: row.passkey.counter,
      transports: row.passkey.transports as WebAuthnCredential["transports"],
    },
  }).catch(() => null);
  if (!verification?.verified) return null;
  await db
    .update(staffPasskeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(staffPasskeys.id, row.passkey.id));
  return row.staff;
}

export async function listPasskeys(db: Database, staffId: number) {
  return db
    .select({
      id: staffPasskeys.id,
      label: staffPasskeys.label,
      createdAt: staffPasskeys.createdAt,
      lastUsedAt: staffPasskeys.lastUsedAt,
    })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, staffId));
}

export async function removePasskey(db: Database, staffId: number, id: string): Promise<boolean> {
  const gone = await db
    .delete(staffPasskeys)
    .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.staffId, staffId)))
    .returning({ id: staffPasskeys.id });
  return gone.length > 0;
}
