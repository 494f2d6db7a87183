/**
 * The whole database and the server's own network, against the built site:
 * the backup download wants a recent sign-in and this site's own pages, and
 * the console's forms refuse addresses the server must never call.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, startSite, type TestPostgres } from "./harness";

/** The addresses the issue found accepted. */
const INTERNAL = [
  "https://127.0.0.1:8443/hooks",
  "https://169.254.169.254/latest/meta-data/",
  "https://10.0.0.1/",
  "https://0x7f.1/",
  "https://2130706433/",
];

describe("the backup download and the addresses staff give the server", () => {
  let db: TestPostgres;
  let site: Awaited<ReturnType<typeof startSite>>;
  let ownerId = 0;
  const backup = randomBytes(4096);
  const newSession = async (signedInHoursAgo: number) => {
    const token = randomBytes(32).toString("base64url");
    const [session] = await db.query<{ id: number }>(
      `insert into staff_sessions (token_hash, staff_id, method, signed_in_at)
       values ($1, $2, 'passkey', now() - make_interval(hours => $3)) returning id`,
      [createHash("sha256").update(token).digest("hex"), ownerId, signedInHoursAgo],
    );
    return { id: session?.id ?? 0, cookie: `staff-session=${token}` };
  };
  const download = (cookie: string, headers: Record<string, string> = {}) =>
    fetch(`${site.url}/staff/settings/backup`, { headers: { Cookie: cookie, ...headers }, redirect: "manual" });

  beforeAll(async () => {
    db = await createTestDatabase();
    // OUTBOUND_ALLOW_PRIVATE is left unset: off, as on a real site.
    site = await startSite({ DATABASE_URL: db.url });
    const [owner] = await db.query<{ id: number }>(
      "insert into staff_users (email, name, role) values ('owner@example.com', 'Owner', 'owner') returning id",
    );
    ownerId = owner?.id ?? 0;
    // A backup where the site keeps them (DATA_DIR/backups): the download serves the newest file as it is.
    await mkdir(path.join(site.dataDir, "backups"), { recursive: true });
    await writeFile(path.join(site.dataDir, "backups", "maison-ivy-20261128T033000000Z.backup"), backup);
  });
  afterAll(async () => {
    await site?.stop();
    await db?.drop();
  });

  it("sends an owner signed in three hours ago to confirm it's them, and serves the file once they have", async () => {
    const stale = await newSession(3);
    const refused = await download(stale.cookie, { "Sec-Fetch-Site": "same-origin" });
    expect(refused.status).toBe(302);
    const location = new URL(refused.headers.get("location") ?? "", site.url);
    expect(location.pathname).toBe("/staff/sign-in");
    expect(location.searchParams.get("fresh")).toBe("1");
    expect(location.searchParams.get("next")).toBe("/staff/settings/backup");
    // The settings page offers to confirm first rather than a link that would bounce.
    const page = await (await fetch(`${site.url}/staff/settings`, { headers: { Cookie: stale.cookie } })).text();
    expect(page).toContain("Confirm it&#x27;s you to download the latest backup");

    // Confirming it's them renews the session's sign-in time (session.server.ts refreshSignIn).
    await db.query("update staff_sessions set signed_in_at = now() where id = $1", [stale.id]);
    const served = await download(stale.cookie, { "Sec-Fetch-Site": "same-origin" });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(backup)).toBe(true);
    const typedIn = await download(stale.cookie, { "Sec-Fetch-Site": "none" });
    expect(typedIn.status).toBe(200);
    await typedIn.arrayBuffer();
  });

  it("refuses the download at another site's bidding, even to an owner just signed in", async () => {
    const fresh = await newSession(0);
    const downloadsAudited = async () =>
      (
        await db.query<{ n: number }>(
          "select count(*)::int as n from audit_log where action = 'backup.download' and staff_id = $1",
          [ownerId],
        )
      )[0]?.n;
    const before = await downloadsAudited();
    for (const headers of [
      { "Sec-Fetch-Site": "cross-site" } as Record<string, string>,
      { "Sec-Fetch-Site": "same-site" },
      { Origin: "https://evil.example" },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" },
    ]) {
      const answer = await download(fresh.cookie, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      const body = Buffer.from(await answer.arrayBuffer());
      expect(body.includes(backup.subarray(0, 64))).toBe(false);
      // Nor under the address the router's data requests use.
      const data = await fetch(`${site.url}/staff/settings/backup.data`, {
        headers: { Cookie: fresh.cookie, ...headers },
        redirect: "manual",
      });
      expect(Buffer.from(await data.arrayBuffer()).includes(backup.subarray(0, 64)), JSON.stringify(headers)).toBe(
        false,
      );
    }
    expect(await downloadsAudited()).toBe(before);
  });

  it("refuses internal addresses in the webhook and booking-link forms, saying why, and keeps none", async () => {
    const fresh = await newSession(0);
    const post = (page: string, fields: Record<string, string>) =>
      fetch(`${site.url}${page}`, {
        method: "POST",
        headers: { Cookie: fresh.cookie, Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify(fields),
      });
    const [stylist] = await db.query<{ id: number }>("select id from stylists order by id limit 1");
    for (const url of INTERNAL) {
      const webhook = await post("/staff/settings", { intent: "webhook", url });
      expect(webhook.status, url).toBe(400);
      expect(await webhook.text(), url).toMatch(/That address is .*public internet/);
      const link = await post("/staff/booking-links", {
        intent: "link",
        stylistId: String(stylist?.id),
        serviceId: "",
        url,
      });
      expect(link.status, url).toBe(400);
      expect(await link.text(), url).toMatch(/That address is .*public internet/);
    }
    expect(await db.query("select value from site_settings where key = 'webhookUrl'")).toEqual([]);
    expect(await db.query("select url from booking_links")).toEqual([]);
  });
});
