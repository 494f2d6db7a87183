/**
 * Limits attacked from many addresses, for real against the built site
 * behind a proxy (TRUST_PROXY, the visitor's address in X-Forwarded-For as
 * the documented proxy sends it): one IPv6 /64 spread over many addresses,
 * many IPv4 addresses aiming at one staff inbox, one quote's Book button
 * clicked over and over, strangers spending the day's texts. Each limit
 * holds for the people it protects, and whoever is refused is told why,
 * with a Retry-After, never a 500.
 */
import { createHash, createSign, generateKeyPairSync, randomBytes } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cuttingQuote, limitedSiteBehindProxy, type Site, type TestPostgres } from "./harness";

/** A browser's User-Agent: crawlers' clicks are not counted, so the attack wears a real one. */
const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Safari/604.1";

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown> | null;
}

/** A quote saved through the JSON API by a visitor at `from` (as the proxy reports them). */
async function saveQuote(
  url: string,
  services: Record<string, string>,
  from: string,
  contact: { mobile: string; email: string },
): Promise<Answer> {
  const response = await fetch(`${url}/api/save-quote-details`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": from, "User-Agent": BROWSER },
    body: JSON.stringify(cuttingQuote(services, contact)),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: (await response.json().catch(() => null)) as Answer["body"],
  };
}

/** A mobile and e-mail address of their own for visitor `i` of a run. */
const person = (run: number, i: number) => ({
  mobile: `07700 9${String(run * 1000 + i).padStart(5, "0")}`,
  email: `visitor${run}-${i}@example.com`,
});

/**
 * A passkey held in this process, as a phone or laptop holds one: an ES256
 * key pair whose public half is registered on the account (as the console's
 * "Add a passkey" stores it), and which answers the site's challenges.
 */
function softPasskey() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const id = randomBytes(16).toString("base64url");
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // key type: EC2
      [3, -7], // algorithm: ES256
      [-1, 1], // curve: P-256
      [-2, Buffer.from(jwk.x ?? "", "base64url")],
      [-3, Buffer.from(jwk.y ?? "", "base64url")],
    ]),
  );
  let counter = 0;
  return {
    id,
    publicKey: Buffer.from(cose).toString("base64url"),
    /** The authenticator's answer to a sign-in challenge from `origin`. */
    answer(challenge: string, origin: string) {
      const clientDataJSON = Buffer.from(
        JSON.stringify({ type: "webauthn.get", challenge, origin, crossOrigin: false }),
      );
      const count = Buffer.alloc(4);
      count.writeUInt32BE(++counter);
      const rpIdHash = createHash("sha256").update(new URL(origin).hostname).digest();
      // Flags: user present and user verified.
      const authenticatorData = Buffer.concat([rpIdHash, Buffer.from([0x05]), count]);
      const signature = createSign("sha256")
        .update(Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]))
        .sign(privateKey);
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: clientDataJSON.toString("base64url"),
          authenticatorData: authenticatorData.toString("base64url"),
          signature: signature.toString("base64url"),
        },
        clientExtensionResults: {},
      };
    },
  };
}

/** Asks for a sign-in code e-mail for `email`, as the sign-in page's form does, from `from`. */
async function askForCode(
  url: string,
  email: string,
  from: string,
): Promise<{ status: number; retryAfter: string | null }> {
  const response = await fetch(`${url}/staff/sign-in`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": from, "User-Agent": BROWSER },
    body: new URLSearchParams({ intent: "email-send", email }).toString(),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return { status: response.status, retryAfter: response.headers.get("retry-after") };
}

/** Runs `tasks` a few at a time, as a script on a few connections would. */
async function inBatches<T>(tasks: (() => Promise<T>)[], size = 8): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < tasks.length; i += size)
    results.push(...(await Promise.all(tasks.slice(i, i + size).map((t) => t()))));
  return results;
}

describe("limits behind the proxy, attacked from many addresses", () => {
  let db: TestPostgres;
  let site: Site;
  let services: Record<string, string>;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, site, services, stop } = await limitedSiteBehindProxy());
  });
  afterAll(() => stop?.());

  it("40 IPv6 addresses of one /64 save as one visitor: refused past the limit, with a reason and Retry-After", async () => {
    const answers: Answer[] = [];
    for (let i = 1; i <= 40; i++)
      answers.push(await saveQuote(site.url, services, `2001:db8:40:1::${i.toString(16)}`, person(1, i)));
    const saved = answers.filter((a) => a.status === 201).length;
    // One IPv4 address gets 20 an hour; one /64 the same, however many of its addresses it uses.
    expect(saved).toBe(20);
    const refused = answers.filter((a) => a.status !== 201);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(String(answer.body?.error)).toMatch(/a lot of quotes/);
    }
    const [stored] = await db.query<{ n: number }>(
      "select count(*)::int as n from quotes where email like 'visitor1-%'",
    );
    expect(stored?.n).toBe(20);
    // Another /64 is someone else, and is served.
    expect((await saveQuote(site.url, services, "2001:db8:40:2::1", person(1, 99))).status).toBe(201);
  });

  it("70 addresses asking for one staff member's codes fill the inbox with no more than its hourly share; their passkey still signs them in", async () => {
    const email = "stylist.limits@example.com";
    const passkey = softPasskey();
    const [user] = await db.query<{ id: number }>(
      "insert into staff_users (email, name, role) values ($1, 'Stylist', 'front-desk') returning id",
      [email],
    );
    await db.query("insert into staff_passkeys (id, staff_id, public_key, label) values ($1, $2, $3, 'Phone')", [
      passkey.id,
      user?.id,
      passkey.publicKey,
    ]);
    // Thirty addresses of one /64 once each, then forty IPv4 addresses five times each.
    const asks = [
      ...Array.from(
        { length: 30 },
        (_, i) => () => askForCode(site.url, email, `2001:db8:50:1::${(i + 1).toString(16)}`),
      ),
      ...Array.from({ length: 200 }, (_, i) => () => askForCode(site.url, email, `198.51.100.${(i % 40) + 1}`)),
    ];
    const answers = await inBatches(asks);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    for (const answer of answers.filter((a) => a.status === 429)) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    const [queued] = await db.query<{ n: number }>(
      "select count(*)::int as n from outbox where template = 'staff-sign-in' and recipient = $1",
      [email],
    );
    expect(queued?.n).toBeGreaterThan(0);
    expect(queued?.n).toBeLessThanOrEqual(6);

    // The person, at their own address, signs in with their passkey.
    const own = { "Content-Type": "application/json", "X-Forwarded-For": "192.0.2.77", "User-Agent": BROWSER };
    const optionsResponse = await fetch(`${site.url}/staff/passkey`, {
      method: "POST",
      headers: own,
      body: JSON.stringify({ intent: "sign-in-options" }),
    });
    expect(optionsResponse.status).toBe(200);
    const { options, challengeId } = (await optionsResponse.json()) as {
      options: { challenge: string };
      challengeId: string;
    };
    const verified = await fetch(`${site.url}/staff/passkey`, {
      method: "POST",
      headers: own,
      body: JSON.stringify({
        intent: "sign-in-verify",
        challengeId,
        response: passkey.answer(options.challenge, `http://localhost:${site.port}`),
        next: "/staff",
      }),
    });
    expect(verified.status).toBe(200);
    expect(verified.headers.get("set-cookie")).toMatch(/staff-session=/);
    const [session] = await db.query<{ n: number }>(
      "select count(*)::int as n from staff_sessions where staff_id = $1 and method = 'passkey'",
      [user?.id],
    );
    expect(session?.n).toBe(1);
  });

  it("a quote's Book button clicked 20 times from each of 5 addresses counts 5 clicks", async () => {
    const saved = await saveQuote(site.url, services, "203.0.113.60", person(2, 1));
    expect(saved.status).toBe(201);
    const link = String(saved.body?.link);
    const statuses: number[] = [];
    for (let round = 0; round < 20; round++)
      for (let i = 1; i <= 5; i++) {
        const response = await fetch(`${site.url}/quote/${link}/book`, {
          headers: { "X-Forwarded-For": `203.0.113.${70 + i}`, "User-Agent": BROWSER },
          redirect: "manual",
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
    // Every click still goes on to book.
    expect(new Set(statuses)).toEqual(new Set([303]));
    const [quote] = await db.query<{ book_clicks: number }>("select book_clicks from quotes where link = $1", [link]);
    expect(quote?.book_clicks).toBe(5);
  });
});

describe("the day's texts, spent by strangers", () => {
  let db: TestPostgres;
  let site: Site;
  let services: Record<string, string>;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, site, services, stop } = await limitedSiteBehindProxy({ SMS_DAILY_LIMIT: "10" }));
  });
  afterAll(() => stop?.());

  const quoteTexts = async (mobile?: string) =>
    (
      await db.query<{ n: number }>(
        "select count(*)::int as n from outbox where channel = 'sms' and template = 'quote-sms' and ($1::text is null or recipient = $1)",
        [mobile ?? null],
      )
    )[0]?.n;

  it("cannot use the share kept for the salon's existing leads", async () => {
    // A client the salon is already dealing with: their quote, which the front desk has replied to.
    const lead = { mobile: "07700 900501", email: "lead@example.com" };
    expect((await saveQuote(site.url, services, "192.0.2.10", lead)).status).toBe(201);
    await db.query("update quotes set status = 'contacted' where email = 'lead@example.com'");
    // Strangers from thirty addresses save quotes for thirty fresh numbers.
    const strangers = await inBatches(
      Array.from({ length: 30 }, (_, i) => () => saveQuote(site.url, services, `198.18.0.${i + 1}`, person(3, i))),
      4,
    );
    expect(strangers.every((answer) => answer.status === 201)).toBe(true);
    // The texts they caused stop short of the ceiling: 30% of it is kept.
    expect(await quoteTexts()).toBe(7);
    // The lead's next quote is still texted.
    const again = await saveQuote(site.url, services, "192.0.2.10", lead);
    expect(again.status).toBe(201);
    expect(again.body?.messages_sent).toBe(true);
    expect(await quoteTexts("+447700900501")).toBe(2);
  });
});
