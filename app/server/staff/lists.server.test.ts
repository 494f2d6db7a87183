import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import { listFeedback, listJobApplications, listModelApplications, recordFilterOf } from "./applications.server";
import { auditFilterOf, listAudit } from "./audit.server";
import { leadFilterOf, listLeads } from "./leads.server";
import { containsPattern, dayParam, mobileDigits, searchParam } from "./lists.server";
import { listMessages, messageFilterOf } from "./messages.server";

const params = (query: string) => new URLSearchParams(query);
const PAGE = { limit: 25, offset: 0 };

describe("reading a list's search from its URL", () => {
  it("folds white space, drops an empty search and stops at 100 characters", () => {
    expect(searchParam(params("q=%20%20ada%20%20%20lovelace%20"))).toBe("ada lovelace");
    expect(searchParam(params("q=%20%20"))).toBeUndefined();
    expect(searchParam(params(""))).toBeUndefined();
    expect(searchParam(params(`q=${"a".repeat(300)}`))).toHaveLength(100);
  });

  it("takes a filter's day only in a year PostgreSQL and the calendar agree on, and says why not", () => {
    expect(dayParam(params("from=2026-03-01"), "from")).toBe("2026-03-01");
    expect(dayParam(params("from="), "from")).toBeUndefined();
    for (const bad of ["0000-01-01", "1899-12-31", "2101-01-01", "99999-12-31", "2026-02-30", "1e309"]) {
      let refusal: unknown;
      try {
        dayParam(params(`from=${bad}`), "from");
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toMatchObject({ init: { status: 400 }, data: { error: expect.stringContaining('"from" date') } });
    }
  });

  it("matches %, _ and backslash as themselves", () => {
    expect(containsPattern("100%_a\\b")).toBe("%100\\%\\_a\\\\b%");
  });

  it("reads a typed UK number as the digits of the stored +447… one", () => {
    expect(mobileDigits("07700 900201")).toBe("7700900201");
    expect(mobileDigits("+44 (0)7700 900201")).toBe("7700900201");
    expect(mobileDigits("0044 7700 900201")).toBe("7700900201");
    expect(mobileDigits("+44 7700-900201")).toBe("7700900201");
    expect(mobileDigits("900201")).toBe("900201");
    expect(mobileDigits("12")).toBeUndefined();
    expect(mobileDigits("ada")).toBeUndefined();
  });
});

describe.each(testDatabases)("searching the console's lists on %s", (_name, open) => {
  let database: TestDatabase;
  let desk: number;
  beforeAll(async () => {
    database = await open(seedDatabase);
    const { db } = database;
    const quote = (i: number, extra: Partial<typeof t.quotes.$inferInsert>) => ({
      link: `search-${i}`,
      name: `Client ${i}`,
      mobile: `+4477009${String(i).padStart(5, "0")}`,
      email: `client${i}@example.com`,
      referral: "Google",
      regular: false,
      selector: "Level",
      calculator: "cutting",
      salonId: 1,
      levelId: 2,
      lines: [],
      totalPence: 1000,
      createdAt: new Date(Date.UTC(2026, 5, 1, 9, i)),
      ...extra,
    });
    await db.insert(t.quotes).values([
      quote(1, { name: "Ada Lovelace", mobile: "+447700900201", email: "ada@example.com" }),
      quote(2, { name: "Ben 100% Curly_Hair", status: "contacted" }),
      quote(3, { name: "Ben Tenfold", status: "booked" }),
      quote(4, { name: "Cat Noted" }),
      // Thirty more of one name, to see a search paged like any list.
      ...Array.from({ length: 30 }, (_, i) => quote(100 + i, { name: `Many Namesake ${i}` })),
    ]);
    const [user] = await db
      .insert(t.staffUsers)
      .values({ name: "Fern Desk", email: "fern@example.com", role: "front-desk" })
      .returning();
    desk = user?.id as number;
    const [cat] = await db.select().from(t.quotes).where(eq(t.quotes.name, "Cat Noted"));
    await db.insert(t.staffNotes).values([
      {
        subjectType: "quote",
        subjectId: cat?.id as number,
        staffId: desk,
        kind: "note",
        body: "Wants a balayage in June",
      },
      // A status change is history, not a note: its words are not searched.
      { subjectType: "quote", subjectId: cat?.id as number, staffId: desk, kind: "status", body: "new → lavender" },
    ]);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();
  const leads = (query: string, page = PAGE) => listLeads(database.db, leadFilterOf(params(query)), page, "all");

  it("finds quotes by name, e-mail, mobile as typed, and staff notes, word by word", async () => {
    expect(names(await leads("q=lovelace"))).toEqual(["Ada Lovelace"]);
    expect(names(await leads("q=ADA%40EXAMPLE"))).toEqual(["Ada Lovelace"]);
    expect(names(await leads("q=07700%20900201"))).toEqual(["Ada Lovelace"]);
    expect(names(await leads("q=%2B44%207700%20900201"))).toEqual(["Ada Lovelace"]);
    expect(names(await leads("q=balayage"))).toEqual(["Cat Noted"]);
    expect(names(await leads("q=lavender"))).toEqual([]);
    expect(names(await leads("q=ben%20curly"))).toEqual(["Ben 100% Curly_Hair"]);
    expect(names(await leads("q=ben%20nobody"))).toEqual([]);
  });

  it("finds O’Brien by O'Brien and back, and a decomposed name by its composed spelling", async () => {
    const base = { referral: "Google", regular: false, selector: "Level", calculator: "cutting", salonId: 1 } as const;
    await database.db.insert(t.quotes).values(
      [
        ["Siobhán O’Brien", "+447700900301"],
        ["Liam O'Brien", "+447700900302"],
        // As macOS and some imports hand it over: e + combining diaeresis, e + combining acute.
        ["Zoe\u0308 Le\u0301ger", "+447700900303"],
        ["Łukasz Wróblewski", "+447700900304"],
      ].map(([name, mobile], i) => ({
        ...base,
        link: `search-typed-${i}`,
        name: name as string,
        mobile: mobile as string,
        email: `typed${i}@example.com`,
        levelId: 2,
        lines: [],
        totalPence: 1000,
      })),
    );
    const brien = ["Liam O'Brien", "Siobhán O’Brien"];
    expect(names(await leads("q=O'Brien"))).toEqual(brien);
    expect(names(await leads(`q=${encodeURIComponent("O’Brien")}`))).toEqual(brien);
    expect(names(await leads(`q=${encodeURIComponent("o‘brien")}`))).toEqual(brien);
    expect(names(await leads(`q=${encodeURIComponent("Zoë Léger")}`))).toEqual(["Zoe\u0308 Le\u0301ger"]);
    expect(names(await leads(`q=${encodeURIComponent("Zoe\u0308")}`))).toEqual(["Zoe\u0308 Le\u0301ger"]);
    // Pasted with the marks a phone's contacts add around it.
    expect(names(await leads(`q=${encodeURIComponent("\u202DŁukasz\u202C")}`))).toEqual(["Łukasz Wróblewski"]);
    expect(names(await leads(`q=${encodeURIComponent("\u202D07700 900304\u202C")}`))).toEqual(["Łukasz Wróblewski"]);
  });

  it("takes % and _ in a search literally", async () => {
    expect(names(await leads("q=100%25"))).toEqual(["Ben 100% Curly_Hair"]);
    expect(names(await leads("q=y_h"))).toEqual(["Ben 100% Curly_Hair"]);
    expect(names(await leads("q=%25"))).toEqual(["Ben 100% Curly_Hair"]);
    expect(names(await leads("q=_"))).toEqual(["Ben 100% Curly_Hair"]);
  });

  it("combines the search with the filters", async () => {
    expect(names(await leads("q=ben"))).toEqual(["Ben 100% Curly_Hair", "Ben Tenfold"]);
    expect(names(await leads("q=ben&status=booked"))).toEqual(["Ben Tenfold"]);
    expect(names(await leads("q=ben&salon=2"))).toEqual([]);
  });

  it("pages a search newest first, never reading more than a page", async () => {
    const first = await leads("q=namesake", { limit: 25, offset: 0 });
    const second = await leads("q=namesake", { limit: 25, offset: 25 });
    expect(first).toHaveLength(25);
    expect(second).toHaveLength(5);
    expect(first[0]?.name).toBe("Many Namesake 29");
    expect(new Set([...first, ...second].map((r) => r.id)).size).toBe(30);
  });

  it("finds applications and feedback by their own words and notes, within their status", async () => {
    const { db } = database;
    const [job] = await db
      .insert(t.jobApplications)
      .values({
        name: "Eve Applicant",
        mobile: "+447700900205",
        email: "eve@example.com",
        position: "1 - 3 years",
        about: "x",
        whyHair: "x",
        whyUs: "x",
        role: "Stylist",
        status: "maybe",
      })
      .returning();
    await db.insert(t.staffNotes).values({
      subjectType: "job",
      subjectId: job?.id as number,
      staffId: desk,
      kind: "note",
      body: "Great portfolio",
    });
    await db.insert(t.modelApplications).values({ name: "Fay Model", mobile: "+447700900206", info: "Long red hair" });
    await db.insert(t.feedback).values({
      name: "Gil Guest",
      mobile: "+447700900207",
      ...{ intro: 5, consultation: 5, cleanliness: 5, appearance: 5, products: 5, styling: 5, value: 5 },
      ...{ experience: 5, result: 5, returnReason: "", repeat: "Yes", comments: "Lovely warm welcome" },
    });
    const jobs = (q: string) => listJobApplications(db, recordFilterOf(params(q)), PAGE);
    expect(names(await jobs("q=portfolio"))).toEqual(["Eve Applicant"]);
    expect(names(await jobs("q=900205&status=maybe"))).toEqual(["Eve Applicant"]);
    expect(names(await jobs("q=portfolio&status=no"))).toEqual([]);
    expect(names(await listModelApplications(db, recordFilterOf(params("q=red%20hair")), PAGE))).toEqual(["Fay Model"]);
    expect(names(await listFeedback(db, recordFilterOf(params("q=WARM")), PAGE))).toEqual(["Gil Guest"]);
  });

  it("finds messages by recipient and the audit log by who did what", async () => {
    const { db } = database;
    await db.insert(t.outbox).values([
      {
        channel: "email",
        recipient: "ada@example.com",
        template: "quote-email",
        payload: {},
        messageId: "m1",
        status: "failed",
      },
      {
        channel: "sms",
        recipient: "+447700900201",
        template: "quote-sms",
        payload: {},
        messageId: "m2",
        status: "failed",
      },
      {
        channel: "email",
        recipient: "ben@example.com",
        template: "quote-email",
        payload: {},
        messageId: "m3",
        status: "sent",
      },
    ]);
    const messages = async (q: string) =>
      (await listMessages(db, messageFilterOf(params(q)), PAGE, "all")).map((m) => m.recipient).sort();
    expect(await messages("q=ada")).toEqual(["ada@example.com"]);
    expect(await messages("q=07700%20900201")).toEqual(["+447700900201"]);
    expect(await messages("q=ben")).toEqual([]);
    expect(await messages("show=sent&q=ben")).toEqual(["ben@example.com"]);

    await db.insert(t.auditLog).values([
      { staffId: desk, action: "quote.status", subjectType: "quote", subjectId: "4", summary: "contacted" },
      { staffId: null, action: "outbox.cleanup", summary: "3 rows" },
    ]);
    const audit = async (q: string) => (await listAudit(db, auditFilterOf(params(q)), PAGE)).map((r) => r.action);
    expect(await audit("q=fern")).toEqual(["quote.status"]);
    expect(await audit("q=fern&subject=staff")).toEqual([]);
    expect(await audit("q=cleanup")).toEqual(["outbox.cleanup"]);
  });
});
