/**
 * The site through a real PgBouncer (Debian's package) in transaction mode,
 * configured as deploy/pgbouncer.ini is (its defaults otherwise), with two
 * processes of the built site: DATABASE_URL through PgBouncer,
 * DIRECT_DATABASE_URL to the server (decision 117). Both start at once and
 * the migrations apply once; a staff edit through one process reaches the
 * other's pages; the console home's skin-test lookup (an array-bound
 * statement) answers on both; saves go through.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bookedColourTomorrow,
  createTestDatabase,
  newKey,
  type Site,
  signedInStaff,
  startSite,
  storedModelKeys,
  submitModel,
  type TestPostgres,
  until,
} from "../faults/harness";
import { type Bouncer, startBouncer } from "./parts";

describe("the site through PgBouncer in transaction mode", () => {
  let db: TestPostgres;
  let bouncer: Bouncer;
  let sites: Site[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    bouncer = await startBouncer(new URL(db.url));
    const env = { DATABASE_URL: db.via(bouncer.port), DIRECT_DATABASE_URL: db.url };
    // Both at once: each migrates (or waits for the other) before it answers.
    sites = await Promise.all([startSite(env), startSite(env)]);
  });
  afterAll(async () => {
    await Promise.all(sites.map((site) => site.stop()));
    await bouncer?.stop();
    await db?.drop();
  });

  it("starts two processes at once, applying each migration once", async () => {
    const journal = JSON.parse(await readFile("drizzle/meta/_journal.json", "utf8")) as { entries: unknown[] };
    const [applied] = await db.query<{ rows: number; hashes: number }>(
      "select count(*)::int as rows, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations",
    );
    expect(applied).toEqual({ rows: journal.entries.length, hashes: journal.entries.length });
    // The sites' pools really went through PgBouncer (it logs each client's login).
    const logins = bouncer.lines.join("").match(new RegExp(`login attempt: db=${db.name} `, "g")) ?? [];
    expect(logins.length).toBeGreaterThanOrEqual(2);
  });

  it("shows a staff edit made through one process on the other's pages", async () => {
    const [first, second] = sites as [Site, Site];
    const cookie = await signedInStaff(db, { role: "owner", name: "Owner", email: "owner@example.com" });
    const about = async (site: Site) => (await fetch(`${site.url}/about`)).text();
    const line = `a family of salons ${randomBytes(4).toString("hex")}`;
    // Each process has drawn the page, and keeps it, before the edit.
    expect(await about(second)).not.toContain(line);
    expect(await about(first)).not.toContain(line);

    const [setting] = await db.query<{ version: number }>(
      "select version from site_settings where key = 'brandGroupLine'",
    );
    const saved = await fetch(`${first.url}/staff/content/brand`, {
      method: "POST",
      headers: { Cookie: cookie, Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "group-line", groupLine: line, version: String(setting?.version) }),
    });
    expect(saved.status, await saved.text()).toBe(200);
    // Well within the caches' 30-second lifetime: the other process heard the change.
    await until(async () => (await about(second)).includes(line), "the edit on the second process's page", 5000);
    expect(await about(first)).toContain(line);
  });

  it("lists tomorrow's colour with no skin test on the console home of either process", async () => {
    const cookie = await signedInStaff(db, { role: "manager", name: "Manager", email: "manager@example.com" });
    // Booked from her quote for tomorrow; her only test on record is her sister's, on the mobile they share.
    await bookedColourTomorrow(db, {
      key: "pooler-colour",
      name: "Mehreen Qureshi",
      mobile: "+447700900321",
      email: "mehreen@example.com",
    });
    await db.query(`insert into appointments (source, external_id, starts_at, service, client_name, client_mobile)
      values ('test', 'pooler-sister', now() - interval '5 days', 'Skin test', 'Ayesha Qureshi', '+447700900321')`);
    for (const site of sites) {
      const home = await fetch(`${site.url}/staff`, { headers: { Cookie: cookie } });
      const html = await home.text();
      expect(home.status, html).toBe(200);
      const list = html.slice(html.indexOf("Skin tests to sort out"));
      expect(list).toContain("Mehreen");
    }
  });

  it("stores what visitors send through either process, once each", async () => {
    const keys = [newKey(), newKey(), newKey(), newKey()];
    const answers = await Promise.all(keys.map((key, i) => submitModel((sites[i % 2] as Site).url, key)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    const stored = await storedModelKeys(db);
    for (const key of keys) expect(stored.has(key), key).toBe(true);
  });

  it("saves quotes through either process, one after another and at once", async () => {
    // Rounds of saves: the save's statement runs again on connections PgBouncer hands out in turn.
    const save = async (site: Site, i: number) => {
      const response = await fetch(`${site.url}/api/save-quote-details`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": newKey() },
        body: JSON.stringify({
          name: "Ada Pooler",
          mobile: `07700 9${String(i).padStart(5, "0")}`,
          email: `pooler${i}@example.com`,
          referral: "Google",
          regular: "no",
          ...{ type: "colour", level: 6, colour: 11, addon: 35, plex: 51, finish: 2, finishAddon: 49 },
        }),
      });
      return `${response.status} ${response.status === 201 ? "" : await response.text()}`.trim();
    };
    const answers: string[] = [];
    for (let round = 0; round < 3; round++)
      answers.push(...(await Promise.all([0, 1, 2, 3].map((n) => save(sites[n % 2] as Site, round * 4 + n)))));
    expect(answers).toEqual(Array(12).fill("201"));
    const [saved] = await db.query<{ n: number }>(
      "select count(distinct email)::int as n from quotes where email like 'pooler%@example.com'",
    );
    expect(saved?.n).toBe(12);
  });
});
