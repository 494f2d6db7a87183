import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/domain/forms";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/domain/idempotency";
import { config } from "./config.server";
import { DUPLICATE_WINDOW_MINUTES } from "./idempotency.server";
import * as t from "./schema.server";
import { seedDatabase } from "./seed.server";
import {
  RATE_LIMITED_MESSAGE,
  SPAM_MESSAGE,
  SUBMISSION_RATE_LIMITS,
  submitFeedback,
  submitJobApplication,
  submitModelApplication,
} from "./submissions.server";
import { type TestDatabase, testDatabases } from "./test-databases";

const stylistApplication = {
  name: "  Ada Lovelace ",
  mobile: "+44 7700 900 123",
  email: " ada@example.com ",
  position: "3 - 5 years",
  about: " Six years behind the chair. ",
  why_hair: "I love making people feel good.",
  why_us: "Your academy.",
  role: "Stylist",
};

const saturdayApplication = {
  name: "Bea Cole",
  mobile: "07700 900 124",
  email: "bea@example.com",
  about: "Sixth-form student.",
  why_hair: "Always doing my friends' hair.",
  why_us: "The pre-apprenticeship scheme.",
};

const modelApplication = { name: "Mia Stone", mobile: "(07700) 900456", info: " Shoulder-length, natural brown. " };

const feedbackAnswers = {
  name: "Sam Lee",
  mobile: "0044 7700 900789",
  intro: "5",
  consultation: "4",
  cleanliness: 5,
  appearance: "5",
  products: "3",
  styling: "4",
  rec: "on",
  value: "4",
  experience: "5",
  result: "5",
  return: "I moved away.",
  repeat: "Maybe",
  comments: "   ",
};

/** Anything a client might try to set that is not theirs to set. */
const smuggled = {
  id: 999_999,
  created_at: "2001-01-01T00:00:00Z",
  createdAt: "2001-01-01",
  isAdmin: true,
  // As JSON.parse makes it: an own "__proto__" key, not the object's prototype.
  ...(JSON.parse('{"__proto__": {"polluted": 1}}') as object),
};

describe.each(testDatabases)("submissions on %s", (_name, open) => {
  let database: TestDatabase;
  let ip = 0;
  /** A fresh client address per test, so rate limits never leak between tests. */
  const client = () => ({ clientIp: `192.0.2.${++ip}` });

  beforeAll(async () => {
    database = await open(seedDatabase);
  });
  afterAll(async () => {
    await database?.destroy();
  });
  afterEach(() => {
    config().RATE_LIMITS = "on";
  });

  const count = async (table: string) => {
    const result = await database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
    return result.rows[0]!.n;
  };

  describe("idempotency keys", () => {
    const withKey = (key: string) => ({ ...modelApplication, [IDEMPOTENCY_FIELD]: key });

    it("answers a retry with the same key as the first time, storing and queueing once", async () => {
      const key = newIdempotencyKey();
      const [rows, messages] = [await count("model_applications"), await count("outbox")];
      const first = await submitModelApplication(database.db, withKey(key), client());
      const again = await submitModelApplication(database.db, withKey(key), client());
      expect(first).toMatchObject({ ok: true });
      expect(again).toEqual(first);
      expect(await count("model_applications")).toBe(rows + 1);
      // The note to staff and the applicant's text, once each.
      expect(await count("outbox")).toBe(messages + 2);
    });

    it("answers the same answers sent again with a new key (Back, then Send again) as the first time", async () => {
      // A form page fetched again carries a new key; without JavaScript that is what Back gives.
      const answers = { name: "Zoë Ó Briain", mobile: "07700 900461", info: "Curly, to the shoulders." };
      const sendFromForm = (values: object) =>
        submitModelApplication(database.db, { ...values, [IDEMPOTENCY_FIELD]: newIdempotencyKey() }, client());
      const [rows, messages] = [await count("model_applications"), await count("outbox")];
      const sent = await sendFromForm(answers);
      const again = await sendFromForm(answers);
      expect(sent).toMatchObject({ ok: true });
      expect(again).toEqual(sent);
      expect(await count("model_applications")).toBe(rows + 1);
      // The note to staff and the applicant's text, once each.
      expect(await count("outbox")).toBe(messages + 2);
      // Other answers are another submission; so is each request of an API client that sends no key.
      const changed = await sendFromForm({ ...answers, info: "Curly, cut short." });
      const keyless = await submitModelApplication(database.db, answers, client());
      expect(changed.ok && sent.ok && changed.id !== sent.id).toBe(true);
      expect(keyless.ok && sent.ok && keyless.id !== sent.id).toBe(true);
    });

    it("stores the same answers again once the window has passed", async () => {
      const answers = { name: "Siobhán Ní Dhomhnaill", mobile: "07700 900462", info: "Long, hennaed." };
      const sendFromForm = () =>
        submitModelApplication(database.db, { ...answers, [IDEMPOTENCY_FIELD]: newIdempotencyKey() }, client());
      const first = await sendFromForm();
      await database.db.execute(
        sql`update idempotency_keys set created_at = now() - make_interval(mins => ${DUPLICATE_WINDOW_MINUTES + 1})
            where key like 'models:same:%'`,
      );
      const later = await sendFromForm();
      expect(first.ok && later.ok && later.id !== first.id).toBe(true);
      // The window now runs from the later one.
      expect(await sendFromForm()).toEqual(later);
    });

    it("stores once when the same key arrives many times at once", async () => {
      const key = newIdempotencyKey();
      const rows = await count("model_applications");
      const outcomes = await Promise.all(
        Array.from({ length: 5 }, () => submitModelApplication(database.db, withKey(key), client())),
      );
      expect(new Set(outcomes.map((o) => (o.ok ? o.id : -1))).size).toBe(1);
      expect(outcomes.every((o) => o.ok)).toBe(true);
      expect(await count("model_applications")).toBe(rows + 1);
    });

    it("refuses a key reused for different answers instead of taking it for the first submission", async () => {
      const key = newIdempotencyKey();
      // Answers no other test sends (the same answers within minutes would be answered, not stored).
      const first = { ...withKey(key), name: "Adébáyọ̀ Olúwaṣeun" };
      expect(await submitModelApplication(database.db, first, client())).toMatchObject({ ok: true });
      const other = await submitModelApplication(database.db, { ...first, name: "Someone Else" }, client());
      expect(other).toMatchObject({ ok: false, status: 409 });
    });

    it("refuses a malformed key with 400", async () => {
      expect(
        await submitFeedback(database.db, { ...feedbackAnswers, [IDEMPOTENCY_FIELD]: "x" }, client()),
      ).toMatchObject({
        ok: false,
        status: 400,
      });
    });

    it("keeps a key per kind of form: a job application never replays a feedback answer", async () => {
      const key = newIdempotencyKey();
      const survey = await submitFeedback(database.db, { ...feedbackAnswers, [IDEMPOTENCY_FIELD]: key }, client());
      const job = await submitJobApplication(
        database.db,
        { ...stylistApplication, [IDEMPOTENCY_FIELD]: key },
        client(),
      );
      expect(survey).toMatchObject({ ok: true });
      expect(job).toMatchObject({ ok: true });
    });
  });

  describe("job applications", () => {
    it("stores a Stylist application trimmed, with the mobile in E.164 and salon 1", async () => {
      const outcome = await submitJobApplication(database.db, stylistApplication, client());
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      const [row] = await database.db.select().from(t.jobApplications).where(sql`id = ${outcome.id}`);
      expect(row).toMatchObject({
        name: "Ada Lovelace",
        mobile: "+447700900123",
        email: "ada@example.com",
        position: "3 - 5 years",
        about: "Six years behind the chair.",
        whyHair: "I love making people feel good.",
        whyUs: "Your academy.",
        salonId: 1,
        role: "Stylist",
      });
      expect(row!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it("the Saturday form stores an Apprentice who is new to hairdressing", async () => {
      const outcome = await submitJobApplication(database.db, saturdayApplication, { ...client(), form: "saturday" });
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      const [row] = await database.db.select().from(t.jobApplications).where(sql`id = ${outcome.id}`);
      expect([row!.role, row!.position, row!.mobile]).toEqual(["Apprentice", "new to hairdressing", "+447700900124"]);
      // Told apart from an apprenticeship, and its messages name the scheme applied for.
      expect(row!.saturdayEvening).toBe(true);
      const sent = await database.db.execute<{ template: string; role: string }>(
        sql`select template, payload->>'role' as role from outbox
            where template in ('job-thank-you', 'staff-job') and payload->>'id' = ${String(outcome.id)} order by template`,
      );
      expect(sent.rows).toEqual([
        { template: "job-thank-you", role: "Saturday/evening (pre-apprenticeship)" },
        { template: "staff-job", role: "Saturday/evening (pre-apprenticeship)" },
      ]);

      const apprentice = await submitJobApplication(
        database.db,
        { ...saturdayApplication, role: "Apprentice", position: "new to hairdressing", mobile: "07700 900125" },
        client(),
      );
      if (!apprentice.ok) throw new Error(JSON.stringify(apprentice));
      const [other] = await database.db.select().from(t.jobApplications).where(sql`id = ${apprentice.id}`);
      expect(other!.saturdayEvening).toBe(false);
    });

    it("the Stylist and Apprentice forms (and the API) require a position", async () => {
      const before = await count("job_applications");
      const outcome = await submitJobApplication(database.db, saturdayApplication, client());
      expect(outcome).toMatchObject({ ok: false, status: 422, fieldErrors: { position: ["Position is required"] } });
      expect(await count("job_applications")).toBe(before);
    });

    it("an empty application gets every field's message and stores nothing", async () => {
      const before = await count("job_applications");
      const outcome = await submitJobApplication(database.db, { role: "Stylist", position: "" }, client());
      expect(outcome).toEqual({
        ok: false,
        status: 422,
        error: "Some answers need attention.",
        fieldErrors: {
          name: ["Full Name is required"],
          mobile: ["Mobile number is required"],
          email: ["Email Address is required"],
          position: ["Position is required"],
          about: ["About yourself is required"],
          why_hair: ["Why hairdressing required"],
          why_us: ["Why us required"],
        },
      });
      expect(await count("job_applications")).toBe(before);
    });

    it("present but wrong values get the 'Valid …' messages", async () => {
      const outcome = await submitJobApplication(
        database.db,
        { ...stylistApplication, mobile: "0121 496 0000", email: "ada@" },
        client(),
      );
      expect(outcome).toMatchObject({
        status: 422,
        fieldErrors: { mobile: ["Valid Mobile number is required"], email: ["Valid Email address is required"] },
      });
    });

    it("ignores ids, dates and other unknown fields, and refuses a salon that is not ours", async () => {
      const outcome = await submitJobApplication(database.db, { ...stylistApplication, ...smuggled }, client());
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      expect(outcome.id).not.toBe(999_999);
      const [row] = await database.db.select().from(t.jobApplications).where(sql`id = ${outcome.id}`);
      expect(row!.createdAt.getFullYear()).toBeGreaterThan(2001);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();

      const before = await count("job_applications");
      const wrongSalon = await submitJobApplication(database.db, { ...stylistApplication, salon: 99 }, client());
      expect(wrongSalon).toMatchObject({
        status: 422,
        fieldErrors: { salon: ["Please choose one of our salons or the academy"] },
      });
      expect(await count("job_applications")).toBe(before);
    });
  });

  describe("model applications", () => {
    it("stores a valid application with the mobile normalised", async () => {
      const outcome = await submitModelApplication(database.db, modelApplication, client());
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      const [row] = await database.db.select().from(t.modelApplications).where(sql`id = ${outcome.id}`);
      expect(row).toMatchObject({
        name: "Mia Stone",
        mobile: "+447700900456",
        info: "Shoulder-length, natural brown.",
      });
    });

    it("an empty application gets the three required-field messages", async () => {
      expect(await submitModelApplication(database.db, { name: " ", mobile: "", info: null }, client())).toMatchObject({
        status: 422,
        fieldErrors: {
          name: ["Name is required"],
          mobile: ["Mobile number is required"],
          info: ["Additional Information required"],
        },
      });
    });
  });

  describe("feedback", () => {
    it("stores ratings as numbers, tick boxes as booleans and blank comments as null", async () => {
      const outcome = await submitFeedback(database.db, feedbackAnswers, client());
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      const [row] = await database.db.select().from(t.feedback).where(sql`id = ${outcome.id}`);
      expect(row).toMatchObject({
        name: "Sam Lee",
        mobile: "+447700900789",
        intro: 5,
        consultation: 4,
        cleanliness: 5,
        products: 3,
        rec: true,
        points: false,
        returnReason: "I moved away.",
        repeat: "Maybe",
        comments: null,
      });
    });

    it("an empty survey gets every question's message", async () => {
      const outcome = await submitFeedback(database.db, {}, client());
      const select = ["Please select an option"];
      expect(outcome).toMatchObject({
        status: 422,
        fieldErrors: {
          name: ["Full Name is required"],
          mobile: ["Mobile number is required"],
          intro: select,
          consultation: select,
          cleanliness: select,
          appearance: select,
          products: select,
          styling: select,
          value: select,
          experience: select,
          result: select,
          return: ["Please Answer"],
          repeat: select,
        },
      });
      if (!outcome.ok && outcome.status === 422) expect(Object.keys(outcome.fieldErrors)).toHaveLength(13);
    });

    it("refuses a rating outside 1 to 5", async () => {
      expect(await submitFeedback(database.db, { ...feedbackAnswers, value: "6" }, client())).toMatchObject({
        status: 422,
        fieldErrors: { value: ["Please select an option"] },
      });
    });
  });

  describe("messages", () => {
    const messagesAbout = async (id: number) =>
      (
        await database.db.execute<{ channel: string; recipient: string; template: string }>(
          sql`select channel, recipient, template from outbox where payload->>'id' = ${String(id)} order by id`,
        )
      ).rows;

    it("a job application queues the applicant's thank-you and a note to staff in its transaction", async () => {
      const outcome = await submitJobApplication(database.db, stylistApplication, client());
      if (!outcome.ok) throw new Error("not stored");
      // Ids are per table: a model application may share this number, so only the job's messages are compared.
      expect((await messagesAbout(outcome.id)).filter((m) => m.template.includes("job"))).toEqual([
        { channel: "email", recipient: "ada@example.com", template: "job-thank-you" },
        { channel: "email", recipient: "team@maisonivy.example", template: "staff-job" },
      ]);
    });

    it("a model application and a feedback survey each queue a note to staff", async () => {
      const model = await submitModelApplication(database.db, modelApplication, client());
      if (!model.ok) throw new Error("not stored");
      expect(await messagesAbout(model.id)).toContainEqual({
        channel: "email",
        recipient: "team@maisonivy.example",
        template: "staff-model",
      });
      const survey = await submitFeedback(database.db, feedbackAnswers, client());
      if (!survey.ok) throw new Error("not stored");
      expect(await messagesAbout(survey.id)).toContainEqual({
        channel: "email",
        recipient: "team@maisonivy.example",
        template: "staff-feedback",
      });
    });

    it("a model application texts the applicant what happens next, once a day per mobile", async () => {
      // A number no other test uses, so the day's allowance is this test's own.
      const applicant = { ...modelApplication, mobile: "07700 900789" };
      const first = await submitModelApplication(database.db, applicant, client());
      if (!first.ok) throw new Error("not stored");
      expect(await messagesAbout(first.id)).toContainEqual({
        channel: "sms",
        recipient: "+447700900789",
        template: "model-thank-you",
      });
      const again = await submitModelApplication(database.db, applicant, client());
      if (!again.ok) throw new Error("the second application must be stored too");
      const second = await messagesAbout(again.id);
      expect(second).toContainEqual({ channel: "email", recipient: "team@maisonivy.example", template: "staff-model" });
      expect(second.filter((m) => m.template === "model-thank-you")).toEqual([]);
    });

    it("model thank-yous, caused by anyone's form, stop at the share of texts not kept for existing leads", async () => {
      const settings = config();
      const before = { limit: settings.SMS_DAILY_LIMIT, reserved: settings.SMS_RESERVED_PERCENT };
      // The day's texts so far, whatever they were.
      const sent = Number(
        (
          await database.db.execute<{ n: string }>(
            sql`select count(*) as n from outbox where channel = 'sms' and created_at > now() - interval '24 hours'`,
          )
        ).rows[0]?.n,
      );
      // Half of the ceiling kept for leads, the other half leaving room for three more texts.
      settings.SMS_RESERVED_PERCENT = 50;
      settings.SMS_DAILY_LIMIT = 2 * (sent + 3);
      try {
        const thanked = [];
        for (let i = 0; i < 6; i++) {
          const stored = await submitModelApplication(
            database.db,
            { ...modelApplication, mobile: `07700 9011${String(i).padStart(2, "0")}` },
            client(),
          );
          if (!stored.ok) throw new Error("not stored");
          thanked.push((await messagesAbout(stored.id)).some((m) => m.template === "model-thank-you"));
        }
        expect(thanked).toEqual([true, true, true, false, false, false]);
      } finally {
        settings.SMS_DAILY_LIMIT = before.limit;
        settings.SMS_RESERVED_PERCENT = before.reserved;
      }
    });

    it("an invalid submission queues nothing", async () => {
      const before = await count("outbox");
      await submitModelApplication(database.db, { name: "", mobile: "", info: "" }, client());
      expect(await count("outbox")).toBe(before);
    });
  });

  describe("abuse", () => {
    it.each([
      [
        "job",
        (input: object) => submitJobApplication(database.db, { ...stylistApplication, ...input }, client()),
        "job_applications",
      ],
      [
        "model",
        (input: object) => submitModelApplication(database.db, { ...modelApplication, ...input }, client()),
        "model_applications",
      ],
      [
        "feedback",
        (input: object) => submitFeedback(database.db, { ...feedbackAnswers, ...input }, client()),
        "feedback",
      ],
    ] as const)("a filled honeypot on the %s form stores nothing and answers 400", async (_form, submit, table) => {
      const before = await count(table);
      expect(await submit({ [HONEYPOT_FIELD]: "http://spam.example" })).toEqual({
        ok: false,
        status: 400,
        error: SPAM_MESSAGE,
      });
      expect(await count(table)).toBe(before);
      // Blank is how people leave it.
      expect((await submit({ [HONEYPOT_FIELD]: "  " })).ok).toBe(true);
    });

    it("refuses anything but an object", async () => {
      for (const input of [null, [], "text", 42]) {
        expect(await submitModelApplication(database.db, input, client())).toMatchObject({ ok: false, status: 400 });
      }
    });

    it.each([
      [
        "joinus",
        (ip: string) => submitJobApplication(database.db, stylistApplication, { clientIp: ip }),
        "job_applications",
      ],
      [
        "models",
        (ip: string) => submitModelApplication(database.db, modelApplication, { clientIp: ip }),
        "model_applications",
      ],
      ["feedback", (ip: string) => submitFeedback(database.db, feedbackAnswers, { clientIp: ip }), "feedback"],
    ] as const)(
      "%s: 429 once an address has sent its allowance, counted in the database",
      async (kind, submit, table) => {
        const { limit } = SUBMISSION_RATE_LIMITS[kind];
        const ip = client().clientIp;
        for (let i = 0; i < limit; i++) expect((await submit(ip)).ok).toBe(true);
        const before = await count(table);
        const refused = await submit(ip);
        expect(refused).toMatchObject({ ok: false, status: 429, error: RATE_LIMITED_MESSAGE });
        if (!refused.ok && refused.status === 429) expect(refused.retryAfter).toBeGreaterThan(0);
        expect(await count(table)).toBe(before);
        // Another address is not affected, and the counter is a row any process can see.
        expect((await submit(`${ip}-other`)).ok).toBe(true);
        const counted = await database.db.execute<{ count: number }>(
          sql`select count from rate_limits where key = ${`${SUBMISSION_RATE_LIMITS[kind].name}:${ip}`}`,
        );
        expect(counted.rows[0]?.count).toBe(limit + 1);
      },
    );

    it("invalid attempts do not use up the allowance", async () => {
      const { clientIp: ip } = client();
      for (let i = 0; i < 10; i++)
        expect((await submitModelApplication(database.db, {}, { clientIp: ip })).ok).toBe(false);
      expect((await submitModelApplication(database.db, modelApplication, { clientIp: ip })).ok).toBe(true);
    });

    it("RATE_LIMITS=off lifts the limit", async () => {
      config().RATE_LIMITS = "off";
      const { clientIp: ip } = client();
      for (let i = 0; i < SUBMISSION_RATE_LIMITS.models.limit + 2; i++) {
        expect((await submitModelApplication(database.db, modelApplication, { clientIp: ip })).ok).toBe(true);
      }
    });
  });
});
