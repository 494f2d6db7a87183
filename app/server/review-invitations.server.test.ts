import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SALON_IDS } from "~/domain/salon-ids";
import { renderMessage } from "./delivery/messages.server";
import { recordMarketingConsents, recordWithdrawal } from "./privacy/consents.server";
import { invitationForToken, reviewInvitationJob, submitVisitReview } from "./review-invitations.server";
import { runJobIfDue } from "./scheduler.server";
import { appointments, bookingMatches, outbox, quotes, reviewInvitations, reviews } from "./schema.server";
import { seedDatabase } from "./seed.server";
import { type TestDatabase, testDatabases } from "./test-databases";

const NOW = new Date("2026-11-20T18:00:00Z");
const hoursBefore = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

describe.each(testDatabases)("review invitations after matched visits on %s", (_name, open) => {
  let database: TestDatabase;
  let n = 0;
  beforeAll(async () => {
    database = await open(seedDatabase);
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });
  beforeEach(async () => {
    const db = database.db;
    for (const table of ["reviews", "review_invitations", "booking_matches", "appointments", "outbox", "consents"])
      await db.execute(sql.raw(`delete from ${table}`));
    await db.execute(sql`delete from quotes`);
    await db.execute(sql`delete from scheduled_jobs where name = 'review-invitations'`);
  });

  /** A client's quote, her appointment (matched, applied) `hours` before NOW with Isla, and her consents. */
  async function visit(
    name: string,
    consent: { email?: boolean; sms?: boolean },
    hours = 5,
    state: "applied" | "review" = "applied",
  ) {
    const db = database.db;
    const i = ++n;
    const email = `${name.split(" ")[0]?.toLowerCase()}${i}@example.com`;
    const mobile = `+4477009${String(i).padStart(5, "0")}`;
    const [quote] = await db
      .insert(quotes)
      .values({
        link: `invite${String(i).padStart(8, "0")}`,
        name,
        mobile,
        email,
        referral: "Google",
        regular: false,
        selector: "Level",
        calculator: "cutting",
        salonId: SALON_IDS.kestwick,
        levelId: 1,
        lines: [],
        totalPence: 4500,
        createdAt: hoursBefore(hours + 48),
      })
      .returning({ id: quotes.id });
    await db.transaction((tx) =>
      recordMarketingConsents(
        tx,
        {
          email: { address: email, granted: consent.email ?? false },
          sms: { mobile, granted: consent.sms ?? false },
        },
        "quote-form",
        `quotes/${quote!.id}`,
      ),
    );
    const [appointment] = await db
      .insert(appointments)
      .values({
        source: "webhook",
        externalId: `A-${i}`,
        startsAt: hoursBefore(hours),
        stylistName: "Isla",
        service: "Cut and finish",
        clientName: name,
        clientMobile: mobile,
        clientEmail: email,
      })
      .returning({ id: appointments.id });
    await db
      .insert(bookingMatches)
      .values({ appointmentId: appointment!.id, quoteId: quote!.id, state, reason: "same-person" });
    return { quoteId: quote!.id, appointmentId: appointment!.id, email, mobile };
  }

  const sent = () => database.db.select().from(outbox).orderBy(outbox.id);

  it("invites each consenting client once, by her channel, however many passes run; none without consent", async () => {
    const byEmail = await visit("Wanda Webb", { email: true, sms: true });
    const byText = await visit("Tess Tran", { sms: true });
    await visit("Nora Noconsent", {});
    await visit("Rita Review", { email: true }, 5, "review"); // not a confident match: no visit known
    await visit("Ursula Upcoming", { email: true }, 1); // the visit is not over
    const withdrawn = await visit("Will Withdrawn", { email: true });
    await recordWithdrawal(database.db, withdrawn.email, "email", "unsubscribe-link");

    const first = await runJobIfDue(database.db, reviewInvitationJob, NOW);
    expect(first).toMatchObject({ ran: true, result: { invited: 2 } });
    // The next passes find nobody new.
    await runJobIfDue(database.db, reviewInvitationJob, new Date(NOW.getTime() + 301_000));
    await runJobIfDue(database.db, reviewInvitationJob, new Date(NOW.getTime() + 602_000));

    const messages = await sent();
    expect(messages.map((m) => [m.channel, m.recipient, m.template])).toEqual([
      ["email", byEmail.email, "review-invitation-email"],
      ["sms", byText.mobile, "review-invitation-sms"],
    ]);
    const email = renderMessage(messages[0]!, "https://salon.example");
    if (email.channel !== "email") throw new Error("expected an e-mail");
    expect(email.email.text).toContain("your Cut and finish with Isla on 20 November 2026");
    expect(email.email.text).toMatch(/https:\/\/salon\.example\/review\/[A-Za-z0-9_-]{43}/);
    const text = renderMessage(messages[1]!, "https://salon.example");
    if (text.channel !== "sms") throw new Error("expected a text");
    expect(text.sms.body).toMatch(/Isla/);
    expect(text.sms.body).toMatch(/STOP/);

    // Once Ursula's visit is over she is invited too, and only she.
    await runJobIfDue(database.db, reviewInvitationJob, new Date(NOW.getTime() + 3 * 3_600_000));
    expect((await sent()).map((m) => m.recipient).slice(2)).toEqual([expect.stringMatching(/^ursula/)]);
  });

  it("refuses a second invitation for an appointment at the database, not only in the job", async () => {
    const v = await visit("Wanda Webb", { email: true });
    await runJobIfDue(database.db, reviewInvitationJob, NOW);
    const [row] = await database.db.select().from(reviewInvitations);
    await expect(
      database.db.insert(reviewInvitations).values({ ...row!, id: undefined, tokenHash: "another", quoteId: null }),
    ).rejects.toMatchObject({ cause: { constraint: "review_invitations_appointment_key" } });
    expect(row!.appointmentId).toBe(v.appointmentId);
  });

  it("the link stores one review, as a verified visit, and refuses a reused, forged or expired one", async () => {
    await visit("Wanda Webb", { email: true });
    await runJobIfDue(database.db, reviewInvitationJob, NOW);
    const [message] = await sent();
    const token = String((message!.payload as { link: string }).link)
      .split("/")
      .pop() as string;
    const review = { review: "Isla listened and the cut is just right.", rating: "5", client: "Wanda W." };

    expect(await invitationForToken(database.db, token, NOW)).toMatchObject({
      kind: "open",
      invitation: { service: "Cut and finish", visitedOn: "2026-11-20" },
      stylist: { slug: "isla" },
    });
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await submitVisitReview(database.db, forged, review, NOW)).toMatchObject({ ok: false, status: 404 });
    expect(await submitVisitReview(database.db, "not-a-token", review, NOW)).toMatchObject({ ok: false, status: 404 });

    const stored = await submitVisitReview(database.db, token, review, NOW);
    expect(stored.ok).toBe(true);
    const [row] = await database.db.select().from(reviews);
    expect(row).toMatchObject({ source: "visit", visitedOn: "2026-11-20", stylistSlug: "isla", rating: 5 });

    // The same review sent again (its answer lost) is the one stored; another one is refused.
    expect(await submitVisitReview(database.db, token, review, NOW)).toMatchObject({ ok: true, id: row!.id });
    expect(await submitVisitReview(database.db, token, { ...review, review: "Second go" }, NOW)).toMatchObject({
      ok: false,
      status: 410,
    });
    expect(await database.db.select().from(reviews)).toHaveLength(1);
    expect(await invitationForToken(database.db, token, NOW)).toEqual({ kind: "used" });
  });

  it("an expired link is refused", async () => {
    await visit("Wanda Webb", { email: true });
    await runJobIfDue(database.db, reviewInvitationJob, NOW);
    const [message] = await sent();
    const token = String((message!.payload as { link: string }).link)
      .split("/")
      .pop() as string;
    const later = new Date(NOW.getTime() + 31 * 86_400_000);
    expect(await invitationForToken(database.db, token, later)).toEqual({ kind: "expired" });
    expect(
      await submitVisitReview(database.db, token, { review: "Late but lovely", rating: "4", client: "W." }, later),
    ).toMatchObject({ ok: false, status: 410 });
    expect(await database.db.select().from(reviews).where(eq(reviews.source, "visit"))).toHaveLength(0);
  });
});
