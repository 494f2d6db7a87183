/**
 * The quote's save is answered ahead of React Router (http/json-api.ts) at
 * POST /api/save-quote-details. The same address spelt with an escaped
 * letter (`save%2Dquote-details`) is not that handler's, so React Router
 * matches it to the API route, whose action calls the same save. Each case
 * sends the same request both ways to the built site and expects the same
 * status, the headers a client reads, and body: good input, each kind of bad
 * input, a repeated Idempotency-Key and the rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cuttingQuote, limitedSiteBehindProxy, newKey, type Site, type TestPostgres } from "./harness";

/** The plain handler's address, and React Router's spelling of the same. */
const DIRECT = "/api/save-quote-details";
const THROUGH_ROUTER = "/api/save%2Dquote-details";

/** The headers an API client or a cache reads. */
const HEADERS = ["content-type", "cache-control", "retry-after", "vary", "content-encoding", "allow"];

interface Answer {
  status: number;
  headers: Record<string, string | null>;
  body: unknown;
}

describe("the quote's save ahead of React Router answers as the route does", () => {
  let db: TestPostgres;
  let site: Site;
  let services: Record<string, string>;
  let visitor = 0;

  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, site, services, stop } = await limitedSiteBehindProxy());
  });
  afterAll(() => stop?.());

  /** A visitor of their own (address, mobile, e-mail), so one case's limits never touch another's. */
  const newVisitor = () => {
    visitor += 1;
    return {
      from: `198.51.100.${visitor}`,
      mobile: `07700 9${String(visitor).padStart(5, "0")}`,
      email: `save-path-${visitor}@example.com`,
    };
  };

  const quote = (contact: { mobile: string; email: string }) => cuttingQuote(services, contact);

  async function post(
    path: string,
    from: string,
    body: string,
    headers: Record<string, string> = { "Content-Type": "application/json" },
  ): Promise<Answer> {
    const response = await fetch(`${site.url}${path}`, {
      method: "POST",
      headers: { "X-Forwarded-For": from, "Accept-Encoding": "gzip, br", ...headers },
      body,
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: compared as text.
    }
    return {
      status: response.status,
      headers: Object.fromEntries(HEADERS.map((name) => [name, response.headers.get(name)])),
      body: parsed,
    };
  }

  /** The same request both ways, from one visitor. */
  async function both(from: string, body: string, headers?: Record<string, string>) {
    return [await post(DIRECT, from, body, headers), await post(THROUGH_ROUTER, from, body, headers)] as const;
  }

  it("a good quote: 201, its link, the same headers", async () => {
    const [direct, routed] = await both(newVisitor().from, JSON.stringify(quote(newVisitor())));
    expect(direct.status).toBe(201);
    const body = direct.body as { link: string; url: string; messages_sent: unknown };
    expect(body.url).toContain(body.link);
    // Each save has a link of its own: the rest of the answer is the same.
    const { link: _a, url: _b, ...restDirect } = body;
    const { link: _c, url: _d, ...restRouted } = routed.body as typeof body;
    expect({ ...direct, body: restDirect }).toEqual({ ...routed, body: restRouted });
    expect(direct.headers["cache-control"]).toBe("no-store");
    expect(direct.headers["content-type"]).toMatch(/^application\/json\b/);
  });

  it.each([
    ["not JSON by its type", "name=Sam", { "Content-Type": "application/x-www-form-urlencoded" }, 415],
    ["broken JSON", "{", undefined, 400],
    ["a JSON array", "[1, 2]", undefined, 400],
    ["a NUL in a field", JSON.stringify({ name: "Sam\u0000" }), undefined, 400],
    ["nested too deeply", `${"[".repeat(40)}${"]".repeat(40)}`, undefined, 400],
    ["the honeypot filled", JSON.stringify({ website: "http://spam.example" }), undefined, 400],
    [
      "a malformed idempotency key",
      JSON.stringify({ name: "Sam" }),
      { "Content-Type": "application/json", "Idempotency-Key": "x" },
      400,
    ],
    [
      "invalid answers",
      JSON.stringify({ type: "cutting", name: "", mobile: "123", email: "not an address" }),
      undefined,
      422,
    ],
  ])("%s: the same 4xx and message", async (_case, body, headers, status) => {
    const [direct, routed] = await both(newVisitor().from, body, headers);
    expect(direct.status).toBe(status);
    expect(typeof (direct.body as { error?: unknown }).error).toBe("string");
    expect(direct).toEqual(routed);
  });

  it("a repeated Idempotency-Key: the first answer again, one quote stored; the key on other answers is a conflict", async () => {
    const visitor = newVisitor();
    const key = newKey();
    const keyed = { "Content-Type": "application/json", "Idempotency-Key": key };
    const body = JSON.stringify(quote(visitor));
    const first = await post(DIRECT, visitor.from, body, keyed);
    expect(first.status).toBe(201);
    const [again, routed] = await both(visitor.from, body, keyed);
    expect(again).toEqual(first);
    expect(routed).toEqual(first);
    const [stored] = await db.query<{ n: number }>("select count(*)::int as n from quotes where email = $1", [
      visitor.email,
    ]);
    expect(stored?.n).toBe(1);

    const other = JSON.stringify({ ...quote(visitor), name: "Someone Else" });
    const [reusedDirect, reusedRouted] = await both(visitor.from, other, keyed);
    expect(reusedDirect.status).toBe(409);
    expect(reusedDirect).toEqual(reusedRouted);
  });

  it("past the rate limit: the same 429, reason and Retry-After", async () => {
    const from = newVisitor().from;
    // Twenty saves an hour from one address, each for a contact of its own.
    for (let i = 0; i < 20; i++)
      expect((await post(DIRECT, from, JSON.stringify(quote(newVisitor())))).status).toBe(201);
    const [direct, routed] = await both(from, JSON.stringify(quote(newVisitor())));
    expect(direct.status).toBe(429);
    expect(Number(direct.headers["retry-after"])).toBeGreaterThan(0);
    expect(String((direct.body as { error?: unknown }).error)).toMatch(/a lot of quotes/);
    // Retry-After counts down: a second apart at most.
    expect(Math.abs(Number(direct.headers["retry-after"]) - Number(routed.headers["retry-after"]))).toBeLessThanOrEqual(
      1,
    );
    expect({ ...direct, headers: { ...direct.headers, "retry-after": null } }).toEqual({
      ...routed,
      headers: { ...routed.headers, "retry-after": null },
    });
  });
});
