import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, staffTokens, staffUsers } from "../schema.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import { ACCOUNT_EMAIL_LIMIT, LOCKED_OUT_MESSAGE, redeemSignInCode, sendSignInEmail } from "./accounts.server";

/** The code in the newest sign-in e-mail queued for `email`. */
async function latestCode(database: TestDatabase, email: string): Promise<string> {
  const [row] = await database.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.template, "staff-sign-in")))
    .orderBy(sql`${outbox.id} desc`)
    .limit(1);
  const code = row?.payload.code;
  if (typeof code !== "string") throw new Error(`no sign-in code queued for ${email}`);
  return code;
}

const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

describe.each(testDatabases)("e-mail sign-in codes on %s", (_name, open) => {
  let database: TestDatabase;
  let n = 0;
  /** A staff account of its own for each test, so their limits do not meet. */
  const account = async () => {
    const email = `person${++n}@example.com`;
    await database.db.insert(staffUsers).values({ email, name: `Person ${n}`, role: "front-desk" });
    return email;
  };
  beforeAll(async () => {
    database = await open();
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });

  it("a code works only with the attempt it was asked for in, once", async () => {
    const email = await account();
    const sent = await sendSignInEmail(database.db, email, "192.0.2.1");
    if (!sent.ok) throw new Error(sent.error);
    const code = await latestCode(database, email);
    const forged = `${sent.attempt.split(".")[0]}.${"x".repeat(43)}`;
    expect((await redeemSignInCode(database.db, email, code, forged, "192.0.2.9")).ok).toBe(false);
    expect((await redeemSignInCode(database.db, email, code, "", "192.0.2.9")).ok).toBe(false);
    expect((await redeemSignInCode(database.db, email, code, sent.attempt, "192.0.2.1")).ok).toBe(true);
    expect((await redeemSignInCode(database.db, email, code, sent.attempt, "192.0.2.1")).ok).toBe(false);
  });

  it("a code past its expiry does not sign in", async () => {
    const email = await account();
    const sent = await sendSignInEmail(database.db, email, "192.0.2.3");
    if (!sent.ok) throw new Error(sent.error);
    const code = await latestCode(database, email);
    const expire = (at: ReturnType<typeof sql>) =>
      database.db
        .update(staffTokens)
        .set({ expiresAt: at })
        .where(eq(staffTokens.id, Number(sent.attempt.split(".")[0])));
    await expire(sql`now() - interval '1 minute'`);
    expect((await redeemSignInCode(database.db, email, code, sent.attempt, "192.0.2.3")).ok).toBe(false);
    // The same code and attempt within their time: only the expiry refused them.
    await expire(sql`now() + interval '1 minute'`);
    expect((await redeemSignInCode(database.db, email, code, sent.attempt, "192.0.2.3")).ok).toBe(true);
  });

  it("strangers asking for codes and guessing from many addresses do not stop the person's own code", async () => {
    const email = await account();
    const mine = await sendSignInEmail(database.db, email, "192.0.2.50");
    if (!mine.ok) throw new Error(mine.error);
    const code = await latestCode(database, email);
    // Fifteen addresses ask for codes for the account, then guess at them and at forged attempts.
    const theirs: string[] = [];
    for (let i = 1; i <= 15; i++) {
      const sent = await sendSignInEmail(database.db, email, `203.0.113.${i}`);
      if (sent.ok) theirs.push(sent.attempt);
    }
    for (let i = 1; i <= 12; i++) {
      const attempt = theirs[i % theirs.length] as string;
      const guessed = await redeemSignInCode(database.db, email, String(100000 + i), attempt, `198.51.100.${i}`);
      expect(guessed.ok).toBe(false);
    }
    const used = await redeemSignInCode(database.db, email, code, mine.attempt, "192.0.2.50");
    expect(used.ok).toBe(true);
  });

  it("sends one account at most its hourly share of codes, however many addresses ask", async () => {
    const email = await account();
    const answers = [];
    // Forty IPv4 addresses, and thirty addresses of one IPv6 /64 (one client, as the site counts it).
    for (let i = 1; i <= 40; i++) answers.push(await sendSignInEmail(database.db, email, `198.51.100.${i}`));
    for (let i = 1; i <= 30; i++) answers.push(await sendSignInEmail(database.db, email, `2001:db8:7:7::/64`));
    const queued = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.template, "staff-sign-in")));
    expect(queued[0]?.n).toBe(ACCOUNT_EMAIL_LIMIT.limit);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(ACCOUNT_EMAIL_LIMIT.limit);
    // Past the account's share every refusal says why and when to come back; the IPv4 ones point to a passkey.
    for (const answer of answers.slice(ACCOUNT_EMAIL_LIMIT.limit, 40))
      expect(answer).toMatchObject({ ok: false, error: expect.stringMatching(/passkey/) });
    for (const answer of answers.slice(ACCOUNT_EMAIL_LIMIT.limit))
      expect(answer).toMatchObject({ ok: false, retryAfter: expect.any(Number) });
    // The person, signed in on their own browser and asked to prove it again, still gets a code.
    const again = await sendSignInEmail(database.db, email, "192.0.2.60", email);
    if (!again.ok) throw new Error(again.error);
    const code = await latestCode(database, email);
    expect((await redeemSignInCode(database.db, email, code, again.attempt, "192.0.2.60")).ok).toBe(true);
  });

  it("caps codes to an address with no account as to one with, so the cap tells nobody who works here", async () => {
    const answers = [];
    for (let i = 1; i <= ACCOUNT_EMAIL_LIMIT.limit + 1; i++)
      answers.push(await sendSignInEmail(database.db, "nobody-here@example.com", `198.51.101.${i}`));
    expect(answers.slice(0, -1).every((answer) => answer.ok)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ ok: false, error: expect.stringMatching(/passkey/) });
  });

  it("an attempt's own wrong guesses use it up; a new code then works", async () => {
    const email = await account();
    const first = await sendSignInEmail(database.db, email, "192.0.2.2");
    if (!first.ok) throw new Error(first.error);
    const code = await latestCode(database, email);
    for (let i = 0; i < 5; i++)
      expect((await redeemSignInCode(database.db, email, wrongFor(code), first.attempt, "192.0.2.2")).ok).toBe(false);
    expect((await redeemSignInCode(database.db, email, code, first.attempt, "192.0.2.2")).ok).toBe(false);
    const second = await sendSignInEmail(database.db, email, "192.0.2.2");
    if (!second.ok) throw new Error(second.error);
    const fresh = await latestCode(database, email);
    expect((await redeemSignInCode(database.db, email, fresh, second.attempt, "192.0.2.2")).ok).toBe(true);
  });

  it("one address asking too often is slowed; the same account from elsewhere is not", async () => {
    const email = await account();
    for (let i = 0; i < 5; i++) expect((await sendSignInEmail(database.db, email, "192.0.2.3")).ok).toBe(true);
    const slowed = await sendSignInEmail(database.db, email, "192.0.2.3");
    expect(slowed).toEqual({ ok: false, error: LOCKED_OUT_MESSAGE, retryAfter: expect.any(Number) });
    expect((await sendSignInEmail(database.db, email, "192.0.2.4")).ok).toBe(true);
  });

  it("an address with no account gets an answer that looks the same and sends nothing", async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    const sent = await sendSignInEmail(database.db, "nobody@example.com", "192.0.2.5");
    expect(sent.ok).toBe(true);
    if (sent.ok) expect(sent.attempt).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});
