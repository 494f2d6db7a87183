/**
 * What console pages read, through the built site on PostgreSQL.
 *
 * A client's view of her saved quote is counted by the public build and held
 * back to be written in a batch; the console is a build of its own (decision
 * 115), with its own copy of the counting module. A console page must still
 * show the view at once: it writes what the public pages counted before it
 * reads, rather than waiting for the batch's timer.
 *
 * The console home lists clients by name (leads waiting for a reply, colour
 * bookings with no skin test): each look is in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bookedColourTomorrow,
  cuttingQuote,
  limitedSiteBehindProxy,
  type Site,
  signedInStaff,
  type TestPostgres,
} from "../faults/harness";

const hasDatabase = Boolean(process.env.TEST_DATABASE_URL);

/** A phone's browser, as the client opens the link she was texted. */
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

describe.runIf(hasDatabase)("console pages", () => {
  let db: TestPostgres;
  let site: Site;
  let services: Record<string, string>;
  let stop: () => Promise<void>;
  let cookie: string;

  beforeAll(async () => {
    ({ db, site, services, stop } = await limitedSiteBehindProxy());
    cookie = await signedInStaff(db, { role: "owner", name: "Siobhán Ní Dhomhnaill", email: "siobhan@example.com" });
  });
  afterAll(() => stop?.());

  it("the lead's page, opened right after the client's view, has it written", async () => {
    const saved = await fetch(`${site.url}/api/save-quote-details`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": IPHONE_SAFARI },
      body: JSON.stringify({
        ...cuttingQuote(services, { mobile: "07700 900412", email: "zofia@example.com" }),
        name: "Zofia Wójcik",
      }),
    });
    expect(saved.status).toBe(201);
    const { link } = (await saved.json()) as { link: string };
    const [quote] = await db.query<{ id: number }>("select id from quotes where link = $1", [link]);

    const page = await fetch(`${site.url}/quote/${link}`, { headers: { "User-Agent": IPHONE_SAFARI } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Zofia");
    // At once, well inside the half second the public build holds views back for.
    const lead = await fetch(`${site.url}/staff/leads/${quote?.id}`, { headers: { Cookie: cookie } });
    expect(lead.status).toBe(200);
    await lead.text();
    const [row] = await db.query<{ view_count: number; first_viewed_at: Date | null }>(
      "select view_count, first_viewed_at from quotes where link = $1",
      [link],
    );
    expect(Number(row?.view_count)).toBe(1);
    expect(row?.first_viewed_at).not.toBeNull();
  });

  it("the console home's look at clients' names is audited, each list once", async () => {
    await bookedColourTomorrow(db, {
      key: "homeauditcolour1",
      name: "Nguyễn Thị Lan",
      mobile: "+447700900613",
      email: "lan@example.com",
    });
    const before = await db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'quote.list'",
    );
    const home = await fetch(`${site.url}/staff`, { headers: { Cookie: cookie } });
    expect(home.status).toBe(200);
    const html = await home.text();
    // Zofia's quote of the first test is still New; Lan's colour tomorrow has no skin test on record (the
    // lists name clients by the first word of their name).
    expect(html.slice(html.indexOf("Needs a reply"))).toContain("Zofia");
    expect(html.slice(html.indexOf("Skin tests to sort out"))).toContain("Nguyễn");
    const rows = await db.query<{ summary: string; staff_id: number | null }>(
      "select summary, staff_id from audit_log where action = 'quote.list' order by id offset $1",
      [Number(before[0]?.n)],
    );
    expect(rows.map((row) => row.summary).sort()).toEqual([
      "Needs a reply on the console home (1)",
      "Skin tests to sort out on the console home (1)",
    ]);
    expect(rows.every((row) => row.staff_id !== null)).toBe(true);
  });
});
