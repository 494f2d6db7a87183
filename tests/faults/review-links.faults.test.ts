/**
 * Review links (decision 112) tried for real against the built site: a
 * forged token, one tampered with by a character, one of the wrong shape or
 * length, an expired one and a used one, each opened and posted to. Every
 * answer is a 4xx page that says why, never a 500, and no review is stored.
 */
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type Site, startSite, type TestPostgres } from "./harness";

const token = () => randomBytes(32).toString("base64url");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** One character changed, the length and alphabet kept. */
const tampered = (text: string) => `${text.slice(0, 10)}${text[10] === "A" ? "B" : "A"}${text.slice(11)}`;

describe("review links over HTTP", () => {
  let db: TestPostgres;
  let site: Site;
  const open = token();
  const expired = token();
  const used = token();

  beforeAll(async () => {
    db = await createTestDatabase();
    site = await startSite({ DATABASE_URL: db.url, PUBLIC_URL: "http://127.0.0.1" });
    let i = 0;
    for (const [link, expiresAt, usedAt] of [
      [open, "2999-01-01T00:00:00Z", null],
      [expired, "2020-01-01T00:00:00Z", null],
      [used, "2999-01-01T00:00:00Z", "2026-01-01T00:00:00Z"],
    ] as const) {
      i++;
      const [appointment] = await db.query<{ id: number }>(
        `insert into appointments (source, external_id, starts_at, stylist_name, service, client_name)
         values ('webhook', $1, now() - interval '1 day', 'Isla', 'Cut and finish', 'Wanda Webb') returning id`,
        [`LINK-${i}`],
      );
      await db.query(
        `insert into review_invitations (appointment_id, channel, client_name, stylist_slug, service, visited_on,
           token_hash, expires_at, used_at)
         values ($1, 'email', 'Wanda W.', 'isla', 'Cut and finish', current_date - 1, $2, $3, $4)`,
        [appointment!.id, sha256(link), expiresAt, usedAt],
      );
    }
  }, 180_000);

  afterAll(async () => {
    await site?.stop();
    await db?.drop();
  });

  const review = new URLSearchParams({ rating: "5", review: "Lovely cut, thank you", client: "Wanda W." });
  const get = (path: string) => fetch(`${site.url}${path}`);
  const post = (path: string) =>
    fetch(`${site.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.url },
      body: review,
    });

  const refused: [string, string, number, RegExp][] = [
    ["forged", `/review/${token()}`, 404, /not valid/],
    ["tampered by one character", `/review/${tampered(open)}`, 404, /not valid/],
    ["cut short", `/review/${open.slice(0, 20)}`, 404, /not valid/],
    ["too long", `/review/${open}${"A".repeat(5000)}`, 404, /not valid/],
    ["of other characters", `/review/${encodeURIComponent("'; drop table reviews; --")}`, 404, /not valid/],
    ["with a NUL", "/review/%00abc", 400, /./],
    ["expired", `/review/${expired}`, 410, /expired/],
    ["used", `/review/${used}`, 410, /been used/],
  ];

  for (const [what, path, status, says] of refused) {
    it(`a ${what} link is refused with ${status} on opening and on posting`, async () => {
      const opened = await get(path);
      expect(opened.status).toBe(status);
      expect(await opened.text()).toMatch(says);
      const posted = await post(path);
      expect(posted.status).toBeGreaterThanOrEqual(400);
      expect(posted.status).toBeLessThan(500);
    });
  }

  it("none of them stored a review, and the good link still works once", async () => {
    expect(await db.query("select id from reviews where source = 'visit'")).toEqual([]);
    expect((await get(`/review/${open}`)).status).toBe(200);
    // Missing answers are a 422 naming them, not a stored review.
    const empty = await fetch(`${site.url}/review/${open}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.url },
      body: new URLSearchParams({ rating: "9", review: "   " }),
    });
    expect(empty.status).toBe(422);
    expect((await post(`/review/${open}`)).status).toBe(201);
    expect((await post(`/review/${open}`)).status).toBe(201); // the same review again: the one stored
    const another = await fetch(`${site.url}/review/${open}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.url },
      body: new URLSearchParams({ rating: "1", review: "Another one", client: "W." }),
    });
    expect(another.status).toBe(410);
    expect(await db.query("select review from reviews where source = 'visit'")).toEqual([
      { review: "Lovely cut, thank you" },
    ]);
    expect(site.lines.filter((line) => /"level":50|statusCode":5\d\d/.test(line))).toEqual([]);
  });
});
