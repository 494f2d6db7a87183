import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SALON_IDS } from "~/domain/salon-ids";
import { renderMessage } from "../delivery/messages.server";
import { loadCatalogue } from "../queries/catalogue.server";
import { saveQuote } from "../queries/quotes.server";
import { auditLog, outbox, quotes, staffNotes } from "../schema.server";
import { seedDatabase } from "../seed.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import type { StaffContext } from "./auth.server";
import { leadWork, resendLeadMessage, sendLeadReply } from "./lead-work.server";
import { signedInManager } from "./test-manager";

const CLIENT = { name: "Ada Lovelace", mobile: "07700 900123", email: "ada@example.com", referral: "Google" };

describe.each(testDatabases)("working a lead on %s", (_name, open) => {
  let database: TestDatabase;
  let manager: StaffContext;
  let cutting: Record<string, unknown>;

  beforeAll(async () => {
    database = await open(seedDatabase);
    manager = await signedInManager(database.db, "lead-work-token");
    const catalogue = await loadCatalogue(database.db);
    const id = (name: string, cat1: number, cat2: number) =>
      catalogue.services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && s.service === name)!.id;
    cutting = {
      type: "cutting",
      mode: "level",
      level: "6",
      salon: String(SALON_IDS.kestwick),
      finish: id("Cut, Dry & Style", 1, 0),
      finishAddon: id("None", 4, 0),
      treatment: id("None", 5, 2),
    };
  });
  afterAll(async () => {
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from staff_notes`);
    await database.db.execute(sql`delete from outbox`);
  });

  const save = async (extra: Record<string, unknown> = {}) => {
    const saved = await saveQuote(database.db, { ...CLIENT, ...cutting, regular: "no", ...extra });
    if (!saved.ok) throw new Error(saved.error);
    const [quote] = await database.db.select().from(quotes).where(eq(quotes.link, saved.link));
    return quote!;
  };

  it("shows the consent given per channel with its words, the offer promised and the lines by category", async () => {
    const quote = await save({ marketing_email: "on" });
    const work = await leadWork(database.db, quote);
    expect(work.consent?.email.granted).toBe(true);
    expect(work.consent?.email.wording).toMatch(/e-mail/i);
    expect(work.consent?.sms).toMatchObject({ granted: false, since: null });
    // A new client's quote promises 20% off for four weeks.
    expect(work.offer).toMatchObject({ code: "QG20", percent: 20, ended: false });
    expect(work.offer!.totalPence).toBe(Math.floor((quote.totalPence * 80 * 2 + 100) / 200));
    expect(work.offer!.validUntil.getTime() - quote.createdAt.getTime()).toBe(28 * 86_400_000);
    // "Finish: …", the step each service was chosen in, not the bare menu name.
    expect(work.lines[0]!.label).toMatch(/^Finish: /);
    expect(work.lines.reduce((sum, l) => sum + l.pricePence, 0)).toBe(quote.totalPence);
    expect(work.messages.map((m) => [m.template, m.status])).toEqual([
      ["quote-email", "pending"],
      ["quote-sms", "pending"],
    ]);
    expect(work.clientHref).toBe(`/quote/${quote.link}`);
    // The salon's wording, filled in with this quote's details.
    expect(work.replies!.sms.body).toContain("Ada");
    expect(work.replies!.sms.body).toContain(`/quote/${quote.link}`);
    expect(work.replies!.email.subject).toContain("Kestwick");

    const returning = await save({ regular: "yes" });
    expect((await leadWork(database.db, returning)).offer).toBeNull();
  });

  it("sends a reply once through the outbox, records it and marks a New lead Contacted", async () => {
    const quote = await save();
    const key = randomUUID();
    const reply = {
      channel: "sms" as const,
      subject: "",
      body: "Hi Ada, we have Friday at 10. Shall we book it?",
      key,
    };
    // Pressed twice, or sent again after a lost answer: one text.
    const [first, second] = await Promise.all([
      sendLeadReply(database.db, manager, quote.id, reply),
      sendLeadReply(database.db, manager, quote.id, reply),
    ]);
    expect(first).toEqual({ ok: true, done: "Text queued to send." });
    expect(second).toEqual(first);
    const replies = await database.db.select().from(outbox).where(eq(outbox.template, "quote-reply-sms"));
    expect(replies).toHaveLength(1);
    expect(replies[0]!.recipient).toBe(quote.mobile);
    const rendered = renderMessage(replies[0]!, "http://localhost:3000");
    expect(rendered).toEqual({ channel: "sms", sms: { body: reply.body } });

    const [after] = await database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(after!.status).toBe("contacted");
    const notes = await database.db.select().from(staffNotes).where(eq(staffNotes.subjectId, quote.id));
    expect(notes.map((n) => n.kind).sort()).toEqual(["reply", "status"]);
    expect(notes.find((n) => n.kind === "reply")!.outboxId).toBe(replies[0]!.id);
    const audited = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.subjectType} = 'quote' and ${auditLog.subjectId} = ${String(quote.id)}`);
    expect(audited.map((a) => a.action).sort()).toEqual(["quote.reply", "quote.status"]);
    // The lead's page lists it with the quote's own messages.
    expect((await leadWork(database.db, quote)).messages.map((m) => m.what)).toContain("A reply, by text");
  });

  it("refuses an empty or too long reply with a reason, and sends nothing", async () => {
    const quote = await save();
    const tooLong = await sendLeadReply(database.db, manager, quote.id, {
      channel: "sms",
      subject: "",
      body: "x".repeat(460),
      key: randomUUID(),
    });
    expect(tooLong).toMatchObject({ ok: false, status: 400 });
    const noSubject = await sendLeadReply(database.db, manager, quote.id, {
      channel: "email",
      subject: " ",
      body: "Hello",
      key: randomUUID(),
    });
    expect(noSubject).toMatchObject({ ok: false, status: 400, error: expect.stringMatching(/subject/) });
    const missing = await sendLeadReply(database.db, manager, 999_999, {
      channel: "email",
      subject: "Hi",
      body: "Hello",
      key: randomUUID(),
    });
    expect(missing).toMatchObject({ ok: false, status: 404 });
    expect(await database.db.select().from(outbox).where(sql`${outbox.template} like 'quote-reply%'`)).toHaveLength(0);
  });

  it("records and sends an e-mail reply's subject on one line, a name typed with line breaks and all", async () => {
    const quote = await save();
    const sent = await sendLeadReply(database.db, manager, quote.id, {
      channel: "email",
      subject: "About your quote, Ann\r\nBcc: all@evil.example\u2028x",
      body: "Hello",
      key: randomUUID(),
    });
    expect(sent).toMatchObject({ ok: true });
    const [reply] = await database.db.select().from(outbox).where(eq(outbox.template, "quote-reply-email"));
    expect(reply!.payload).toMatchObject({ subject: "About your quote, Ann Bcc: all@evil.example x" });
    const notes = await database.db.select().from(staffNotes).where(eq(staffNotes.subjectId, quote.id));
    expect(notes.find((n) => n.kind === "reply")!.body).toContain(': "About your quote, Ann Bcc: all@evil.example x"');
  });

  it("sends a failed message of this quote again, and no other quote's", async () => {
    const quote = await save();
    const other = await save({ email: "someone@example.com", mobile: "07700 900456" });
    await database.db.execute(sql`update outbox set status = 'failed', failed_at = now(), last_error = 'mailbox full'`);
    const mine = (await leadWork(database.db, quote)).messages[0]!;
    const theirs = (await leadWork(database.db, other)).messages[0]!;
    expect(await resendLeadMessage(database.db, manager, quote.id, theirs.id)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await resendLeadMessage(database.db, manager, quote.id, mine.id)).toMatchObject({ ok: true });
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, mine.id));
    expect(row!.status).toBe("pending");
    // Only a failed one goes again.
    expect(await resendLeadMessage(database.db, manager, quote.id, mine.id)).toMatchObject({ ok: false, status: 400 });
  });

  it("finds a quote's messages through the index, not by reading the whole outbox", async () => {
    const plan = await database.db.execute<{ "QUERY PLAN": string }>(sql`
      explain select id from outbox where (payload->>'link') = 'abc'
        and template in ('quote-email', 'quote-sms', 'quote-reply-email', 'quote-reply-sms')`);
    await database.db.execute(sql`set enable_seqscan = off`);
    const forced = await database.db.execute<{ "QUERY PLAN": string }>(sql`
      explain select id from outbox where (payload->>'link') = 'abc'
        and template in ('quote-email', 'quote-sms', 'quote-reply-email', 'quote-reply-sms')`);
    await database.db.execute(sql`set enable_seqscan = on`);
    // With a near-empty table the planner may read it whole; the index must still be usable for this query.
    expect([...plan.rows, ...forced.rows].map((r) => r["QUERY PLAN"]).join("\n")).toContain("outbox_quote_link_idx");
  });
});
