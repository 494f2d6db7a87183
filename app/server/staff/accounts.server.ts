/**
 * Staff accounts and the one-time proofs that are not passkeys: e-mail
 * sign-in (a six-digit code and a link, either works once), invitations, and
 * the first owner's setup link printed at start when there is no account.
 */
import { randomInt } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { ROLE_LABELS, type StaffRole } from "~/domain/staff/access";
import { staffPath } from "~/domain/staff/routes";
import { config } from "../config.server";
import type { Database } from "../db.server";
import { mailDomainOf } from "../delivery/delivery.server";
import { inviteEmail, passkeyAddedEmail, signInEmail } from "../delivery/staff-messages.server";
import { enqueue, wakeOutbox } from "../outbox.server";
import { hitRateLimit, type RateLimitRule } from "../rate-limit.server";
import { salons, staffPasskeys, staffSessions, staffTokens, staffUsers } from "../schema.server";
import { type Actor, audit } from "./audit.server";
import { hashToken, IDLE_MINUTES, newToken, sameHash } from "./session.server";

export const SIGN_IN_CODE_MINUTES = 15;
const INVITE_HOURS = 72;
const SETUP_MINUTES = 60;
/** Wrong codes allowed on one e-mail before it is used up. */
const CODE_ATTEMPTS = 5;

/**
 * Limits on signing in. Attempts are keyed by the client (clientKey: an IPv4
 * address or an IPv6 network), so someone elsewhere asking for codes or
 * guessing them slows only themselves, and the real person's own code keeps
 * working (it is bound to the browser that asked for it, see attemptHash).
 * One limit is keyed by the account alone, whoever asks: the code e-mails it
 * receives in an hour, so many addresses together cannot fill a staff inbox.
 * It stops only new e-mails: a passkey, a code already sent and its link
 * still sign in, so strangers reaching it cannot keep the person out.
 */
/** Sign-in attempts of any kind from one client. */
export const SIGN_IN_LIMIT: RateLimitRule = { name: "staff-sign-in", limit: 30, windowSeconds: 900 };
/** Codes one client may ask for one account: enough to retry a few times. */
const EMAIL_SEND_LIMIT: RateLimitRule = { name: "staff-email-send", limit: 5, windowSeconds: 3600 };
/** Code e-mails to one address in an hour, from every client together: a person retrying, not a flood. */
export const ACCOUNT_EMAIL_LIMIT: RateLimitRule = { name: "staff-email-account", limit: 6, windowSeconds: 3600 };
export const LOCKED_OUT_MESSAGE =
  "Too many sign-in attempts from here. Please wait 15 minutes and try again, or ask the owner for help.";
const ACCOUNT_EMAIL_LIMITED_MESSAGE =
  "Several codes have been sent to this address in the last hour. Use the newest one, sign in with a passkey, or ask for a new code later.";

export type StaffUser = typeof staffUsers.$inferSelect;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const codeHash = (tokenId: number, code: string) => hashToken(`${tokenId}:${code}`);

/** What the browser that asked for a code sends back with it: the proof's id and a secret only it was given. */
const attemptOf = (id: number, secret: string) => `${id}.${secret}`;

function parseAttempt(attempt: string): { id: number; secret: string } | null {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{20,100})$/.exec(attempt);
  return match ? { id: Number(match[1]), secret: match[2] as string } : null;
}

async function staffCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staffUsers);
  return Number(row?.n ?? 0);
}

async function findStaffByEmail(db: Database, email: string): Promise<StaffUser | undefined> {
  return db.query.staffUsers.findFirst({ where: (s, { eq }) => eq(s.email, normaliseEmail(email)) });
}

async function newProof(
  tx: Pick<Database, "insert">,
  purpose: "sign-in" | "invite" | "setup",
  staffId: number | null,
  minutes: number,
  withCode = false,
): Promise<{ token: string; code: string | null; attempt: string | null; id: number }> {
  const token = newToken();
  const secret = withCode ? newToken() : null;
  const [row] = await tx
    .insert(staffTokens)
    .values({
      purpose,
      staffId,
      tokenHash: hashToken(token),
      attemptHash: secret ? hashToken(secret) : null,
      expiresAt: new Date(Date.now() + minutes * 60_000),
    })
    .returning({ id: staffTokens.id });
  const id = row?.id ?? 0;
  if (!secret) return { token, code: null, attempt: null, id };
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await (tx as Database)
    .update(staffTokens)
    .set({ codeHash: codeHash(id, code) })
    .where(eq(staffTokens.id, id));
  return { token, code, attempt: attemptOf(id, secret), id };
}

const linkPath = (token: string) => `${staffPath("sign-in/link")}/${token}`;

/** Refused, and what to tell the person. */
export type Refused = { ok: false; error: string };
/** Refused by a limit, with the seconds until they may try again (Retry-After). */
export type Limited = Refused & { retryAfter: number };

const lockedOut = (retryAfter: number): Limited => ({ ok: false, error: LOCKED_OUT_MESSAGE, retryAfter });

/**
 * E-mails a code and a link to an active account at this address, and
 * returns the attempt the code is good with (the page keeps it in the code
 * form). Says the same whether or not there is an account, so the form tells
 * nobody who works here: the per-address cap (ACCOUNT_EMAIL_LIMIT) counts
 * every address typed, an account's or not. `signedInAs`: the e-mail of the
 * account this browser is signed in to, when it proves itself again before
 * a sensitive change; its own account's cap does not stop it.
 */
export async function sendSignInEmail(
  db: Database,
  email: string,
  clientIp: string,
  signedInAs?: string,
): Promise<{ ok: true; attempt: string } | Limited> {
  const address = normaliseEmail(email);
  const byIp = await hitRateLimit(db, SIGN_IN_LIMIT, clientIp);
  if (!byIp.allowed) return lockedOut(byIp.retryAfter);
  const byIpAndAccount = await hitRateLimit(db, EMAIL_SEND_LIMIT, `${clientIp}:${address}`);
  if (!byIpAndAccount.allowed) return lockedOut(byIpAndAccount.retryAfter);
  // Counted only once this client may ask: a client already refused spends nothing of the account's share.
  if (signedInAs === undefined || normaliseEmail(signedInAs) !== address) {
    const byAccount = await hitRateLimit(db, ACCOUNT_EMAIL_LIMIT, address);
    if (!byAccount.allowed)
      return { ok: false, error: ACCOUNT_EMAIL_LIMITED_MESSAGE, retryAfter: byAccount.retryAfter };
  }
  const staff = await findStaffByEmail(db, address);
  // Nobody there: an attempt that looks like any other and matches nothing.
  if (!staff?.active) return { ok: true, attempt: attemptOf(randomInt(1, 1_000_000_000), newToken()) };
  const attempt = await db.transaction(async (tx) => {
    const proof = await newProof(tx, "sign-in", staff.id, SIGN_IN_CODE_MINUTES, true);
    await enqueue(
      tx,
      [
        signInEmail(staff.email, {
          name: staff.name,
          code: proof.code as string,
          path: linkPath(proof.token),
          minutes: SIGN_IN_CODE_MINUTES,
        }),
      ],
      mailDomainOf(config().PUBLIC_URL),
    );
    return proof.attempt as string;
  });
  wakeOutbox();
  return { ok: true, attempt };
}

const WRONG_CODE_MESSAGE = "That code is wrong or has run out. Check the latest e-mail, or ask for a new code.";

/**
 * The account whose code this is, using the code up. Only the attempt the
 * code was asked for in can use it, and only that attempt's wrong guesses
 * count against it (CODE_ATTEMPTS, then it is void), so nobody else's
 * guessing can refuse the real person's code.
 */
export async function redeemSignInCode(
  db: Database,
  email: string,
  code: string,
  attempt: string,
  clientIp: string,
): Promise<{ ok: true; staff: StaffUser } | Refused | Limited> {
  const byIp = await hitRateLimit(db, SIGN_IN_LIMIT, clientIp);
  if (!byIp.allowed) return lockedOut(byIp.retryAfter);
  const staff = await findStaffByEmail(db, normaliseEmail(email));
  const asked = parseAttempt(attempt);
  if (!staff?.active || !asked || !/^\d{6}$/.test(code)) return { ok: false, error: WRONG_CODE_MESSAGE };
  return db.transaction(async (tx) => {
    const [proof] = await tx
      .select()
      .from(staffTokens)
      .where(
        and(
          eq(staffTokens.id, asked.id),
          eq(staffTokens.staffId, staff.id),
          eq(staffTokens.purpose, "sign-in"),
          isNull(staffTokens.usedAt),
          gt(staffTokens.expiresAt, sql`now()`),
        ),
      )
      .limit(1)
      .for("update");
    if (!proof?.codeHash || !proof.attemptHash || !sameHash(proof.attemptHash, hashToken(asked.secret)))
      return { ok: false as const, error: WRONG_CODE_MESSAGE };
    if (proof.attempts >= CODE_ATTEMPTS) return { ok: false as const, error: WRONG_CODE_MESSAGE };
    if (!sameHash(proof.codeHash, codeHash(proof.id, code))) {
      await tx
        .update(staffTokens)
        .set({ attempts: sql`${staffTokens.attempts} + 1` })
        .where(eq(staffTokens.id, proof.id));
      return { ok: false as const, error: WRONG_CODE_MESSAGE };
    }
    await tx.update(staffTokens).set({ usedAt: new Date() }).where(eq(staffTokens.id, proof.id));
    return { ok: true as const, staff };
  });
}

export interface LinkProof {
  id: number;
  purpose: "sign-in" | "invite";
  staff: StaffUser;
}

/** What a one-time link is for, without using it (the page asks for a click first: mail scanners follow links). */
export async function peekLink(db: Database, token: string): Promise<LinkProof | null> {
  if (token.length > 100) return null;
  const [row] = await db
    .select({ id: staffTokens.id, purpose: staffTokens.purpose, staff: staffUsers })
    .from(staffTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, staffTokens.staffId))
    .where(
      and(
        eq(staffTokens.tokenHash, hashToken(token)),
        isNull(staffTokens.usedAt),
        gt(staffTokens.expiresAt, sql`now()`),
        eq(staffUsers.active, true),
      ),
    )
    .limit(1);
  if (!row || (row.purpose !== "sign-in" && row.purpose !== "invite")) return null;
  return { id: row.id, purpose: row.purpose, staff: row.staff };
}

/** Uses a one-time link; null when it was used, ran out or never existed. */
export async function redeemLink(db: Database, token: string, clientIp: string): Promise<LinkProof | Limited | null> {
  const byIp = await hitRateLimit(db, SIGN_IN_LIMIT, clientIp);
  if (!byIp.allowed) return lockedOut(byIp.retryAfter);
  const proof = await peekLink(db, token);
  if (!proof) return null;
  const used = await db
    .update(staffTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(staffTokens.id, proof.id), isNull(staffTokens.usedAt)))
    .returning({ id: staffTokens.id });
  return used.length > 0 ? proof : null;
}

// ── the first owner ─────────────────────────────────────────────────────

/**
 * On a fresh install (no staff account at all), a one-time link to create the
 * first owner, valid for an hour. Returns its path, or null when there are accounts.
 */
export async function createSetupLink(db: Database): Promise<string | null> {
  if ((await staffCount(db)) > 0) return null;
  const proof = await newProof(db, "setup", null, SETUP_MINUTES);
  return `${staffPath("setup")}/${proof.token}`;
}

/** Whether a setup link can still be used: unused, in time, and still no account. */
export async function setupLinkValid(db: Database, token: string): Promise<boolean> {
  if (token.length > 100 || (await staffCount(db)) > 0) return false;
  const row = await db.query.staffTokens.findFirst({
    where: (t, { and, eq, isNull, gt }) =>
      and(eq(t.tokenHash, hashToken(token)), eq(t.purpose, "setup"), isNull(t.usedAt), gt(t.expiresAt, new Date())),
  });
  return row !== undefined;
}

/** Creates the first owner through a setup link; null when the link cannot be used (any more). */
export async function createFirstOwner(
  db: Database,
  token: string,
  owner: { name: string; email: string },
): Promise<StaffUser | null> {
  return db.transaction(async (tx) => {
    // Two setup links used at once must not make two first owners.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff-first-owner'))`);
    if ((await staffCount(tx as unknown as Database)) > 0) return null;
    const used = await tx
      .update(staffTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(staffTokens.tokenHash, hashToken(token)),
          eq(staffTokens.purpose, "setup"),
          isNull(staffTokens.usedAt),
          gt(staffTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: staffTokens.id });
    if (used.length === 0) return null;
    const [user] = await tx
      .insert(staffUsers)
      .values({ name: owner.name, email: normaliseEmail(owner.email), role: "owner" })
      .returning();
    if (!user) return null;
    await audit(tx, null, {
      action: "staff.setup",
      subject: { type: "staff", id: user.id },
      summary: `First owner ${user.email}`,
    });
    return user;
  });
}

// ── invitations and accounts ────────────────────────────────────────────

const ALREADY_STAFF_MESSAGE = "That e-mail address already has an account.";

/**
 * Creates an account and e-mails it a one-time link to sign in for the first
 * time. Returns the link's path (the command line prints it too).
 */
export async function inviteStaff(
  db: Database,
  invitee: { email: string; name: string; role: StaffRole; salonIds?: readonly number[] | null },
  by: Actor | null,
): Promise<{ ok: true; path: string; staffId: number } | Refused> {
  const email = normaliseEmail(invitee.email);
  const salonIds = await accountSalons(db, invitee.role, invitee.salonIds ?? null);
  if (typeof salonIds === "string") return { ok: false, error: salonIds };
  if (await findStaffByEmail(db, email)) return { ok: false, error: ALREADY_STAFF_MESSAGE };
  const result = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(staffUsers)
      .values({ email, name: invitee.name, role: invitee.role, salonIds })
      .onConflictDoNothing()
      .returning();
    if (!user) return null;
    const proof = await newProof(tx, "invite", user.id, INVITE_HOURS * 60);
    const path = linkPath(proof.token);
    await enqueue(
      tx,
      [inviteEmail(email, { name: user.name, role: ROLE_LABELS[invitee.role], path, hours: INVITE_HOURS })],
      mailDomainOf(config().PUBLIC_URL),
    );
    await audit(tx, by, {
      action: "staff.invite",
      subject: { type: "staff", id: user.id },
      summary: `Invited ${email} as ${ROLE_LABELS[invitee.role]} of ${await salonsLabel(tx, salonIds)}`,
    });
    return { path, staffId: user.id };
  });
  if (!result) return { ok: false, error: ALREADY_STAFF_MESSAGE };
  wakeOutbox();
  return { ok: true, ...result };
}

export async function listStaff(db: Database) {
  return db.select().from(staffUsers).orderBy(asc(staffUsers.name));
}

export async function listSessions(db: Database, staffId: number) {
  return db
    .select()
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.lastSeenAt, new Date(Date.now() - IDLE_MINUTES * 60_000)),
      ),
    )
    .orderBy(desc(staffSessions.lastSeenAt));
}

const OWN_ACCOUNT_MESSAGE = "You can't change your own account here: ask another owner.";

/**
 * Changes someone's role and salons (never one's own, so the salon cannot lose its last owner by accident).
 * `salonIds`: the salons whose records the account sees (salons.id), or null for all; an owner always has all.
 * Returns what is wrong, or null when done.
 */
export async function changeRole(
  db: Database,
  actor: Actor,
  staffId: number,
  role: StaffRole,
  salonIds: readonly number[] | null = null,
): Promise<string | null> {
  if (staffId === actor.staffId) return OWN_ACCOUNT_MESSAGE;
  const salons = await accountSalons(db, role, salonIds);
  if (typeof salons === "string") return salons;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(staffUsers)
      .set({ role, salonIds: salons })
      .where(eq(staffUsers.id, staffId))
      .returning();
    if (!user) return "There is no such account.";
    await audit(tx, actor, {
      action: "staff.role",
      subject: { type: "staff", id: staffId },
      summary: `${ROLE_LABELS[role]} of ${await salonsLabel(tx, salons)}`,
    });
    return null;
  });
}

/**
 * The salons an account of this role is stored with (decision 109): null (all) for an owner or when none are
 * named, else the ids, each one of the salons; a message when an id is not a salon's.
 */
async function accountSalons(
  db: Database,
  role: StaffRole,
  salonIds: readonly number[] | null,
): Promise<number[] | null | string> {
  if (role === "owner" || salonIds === null) return null;
  const wanted = [...new Set(salonIds)].sort((a, b) => a - b);
  if (wanted.length === 0) return "Choose the salons this account is for, or all salons.";
  const known = await db.select({ id: salons.id }).from(salons).where(inArray(salons.id, wanted));
  if (known.length !== wanted.length) return "Choose salons from the list.";
  return wanted;
}

/** "all salons", or the salons' short names, for the audit log. */
async function salonsLabel(db: Pick<Database, "select">, salonIds: readonly number[] | null): Promise<string> {
  if (salonIds === null) return "all salons";
  const rows = await db
    .select({ name: salons.shortName })
    .from(salons)
    .where(inArray(salons.id, [...salonIds]))
    .orderBy(salons.id);
  return rows.map((r) => r.name).join(", ");
}

/**
 * Salons named on the command line by id or short name (any case), as ids; a message naming the first unknown.
 */
export async function salonIdsNamed(db: Database, names: readonly string[]): Promise<number[] | string> {
  const rows = await db.select({ id: salons.id, shortName: salons.shortName }).from(salons);
  const ids: number[] = [];
  for (const name of names) {
    const found = rows.find((r) => String(r.id) === name || r.shortName.toLowerCase() === name.toLowerCase());
    if (!found) return `There is no salon called "${name}". Salons: ${rows.map((r) => r.shortName).join(", ")}.`;
    ids.push(found.id);
  }
  return ids;
}

/** Disables an account and signs it out everywhere at once. */
export async function disableStaff(db: Database, actor: Actor, staffId: number): Promise<string | null> {
  if (staffId === actor.staffId) return OWN_ACCOUNT_MESSAGE;
  return db.transaction(async (tx) => {
    const [user] = await tx.update(staffUsers).set({ active: false }).where(eq(staffUsers.id, staffId)).returning();
    if (!user) return "There is no such account.";
    await tx
      .update(staffSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
    await audit(tx, actor, { action: "staff.disable", subject: { type: "staff", id: staffId }, summary: user.email });
    return null;
  });
}

/**
 * Signs a member out of every device at once and, when the owner asks,
 * removes every passkey they have, so a lost phone or a passkey someone else
 * added no longer gets in. The account stays, and can sign in again by e-mail.
 */
export async function signOutEverywhere(
  db: Database,
  actor: Actor,
  staffId: number,
  options: { passkeys: boolean },
): Promise<string | null> {
  if (staffId === actor.staffId) return OWN_ACCOUNT_MESSAGE;
  return db.transaction(async (tx) => {
    const user = await tx.query.staffUsers.findFirst({ where: (s, { eq }) => eq(s.id, staffId) });
    if (!user) return "There is no such account.";
    const sessions = await tx
      .update(staffSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
      .returning({ id: staffSessions.id });
    const passkeys = options.passkeys
      ? await tx.delete(staffPasskeys).where(eq(staffPasskeys.staffId, staffId)).returning({ id: staffPasskeys.id })
      : [];
    await audit(tx, actor, {
      action: "staff.sign-out-everywhere",
      subject: { type: "staff", id: staffId },
      summary: `${sessions.length} sessions ended, ${passkeys.length} passkeys removed`,
    });
    return null;
  });
}

/** A passkey just added: audited, and its owner told by e-mail. */
export async function recordNewPasskey(db: Database, me: Actor & { email: string; name: string }, label: string) {
  const when = new Intl.DateTimeFormat("en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Europe/London",
  }).format(new Date());
  await db.transaction(async (tx) => {
    await audit(tx, me, { action: "passkey.add", subject: { type: "staff", id: me.staffId }, summary: label });
    await enqueue(tx, [passkeyAddedEmail(me.email, { name: me.name, label, when })], mailDomainOf(config().PUBLIC_URL));
  });
  wakeOutbox();
}
