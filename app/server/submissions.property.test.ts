/**
 * Random and hostile requests against the three submission endpoints, through
 * the real API route handlers on a real (embedded PostgreSQL) database. Each request's
 * answer is checked against an oracle built from the same Zod schema: the
 * expected status, the expected messages, and for a 201 the exact row stored.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  APPRENTICE_POSITIONS,
  feedbackSchema,
  HONEYPOT_FIELD,
  honeypotFilled,
  jobApplicationSchema,
  modelApplicationSchema,
  REPEAT_OPTIONS,
  STYLIST_POSITIONS,
} from "~/domain/forms";
import { action as feedbackAction } from "~/routes/api/feedback";
import { action as joinusAction } from "~/routes/api/joinus";
import { action as modelsAction } from "~/routes/api/models";
import { config } from "./config.server";
import { seedDatabase } from "./seed.server";
import { SUBMISSION_MAX_BYTES } from "./submission-http.server";
import { fieldErrorsOf } from "./submissions.server";
import { type TestDatabase, testDatabases, testRouterContext } from "./test-databases";

const RUNS_PER_ENDPOINT = 1200;

// ---------------------------------------------------------------------------
// Values: plausible, wrong and hostile
// ---------------------------------------------------------------------------

const HOSTILE_TEXT = [
  "",
  "   ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDC00x",
  "'; drop table job_applications; --",
  "' or '1'='1",
  "1); delete from feedback; --",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "{{7*7}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template syntax stored as plain text is the point
  "${process.exit()}",
  "__proto__",
  "constructor",
  "Please select",
  "null",
  "undefined",
  "NaN",
  "\u202Eevil",
  "Zoë 髪 💇‍♀️ ﷽",
  "\r\n\t",
  "07700 900123",
  "+44 7700 900 123",
  "ada@example.com",
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.nat({ max: 6000 }).map((n) => "x".repeat(n)) },
);

/** Any JSON value, small or deep, plus the hostile strings. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1, 5, 6, 1.5, 1e308, -0) },
  { weight: 1, arbitrary: fc.array(text, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("__proto__", "constructor", "toString", "a"), text) },
);

/** Mostly right, sometimes plausibly wrong, sometimes anything at all. */
const field = <T>(right: fc.Arbitrary<T>, wrong: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 20, arbitrary: right }, { weight: 1, arbitrary: wrong }, { weight: 1, arbitrary: anyValue });

const name = field(
  fc.oneof(fc.constantFrom("Ada Lovelace", "  Zoë O'Neil ", "李小龙"), fc.string({ minLength: 1, maxLength: 100 })),
  fc.constantFrom("", " ", "x".repeat(101)),
);
const mobile = field(
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        "07700 900123",
        "+44 7700 900 123",
        "+44 (0)7700 900123",
        "0044 7700 900123",
        "07624 123456",
        " 07912-345-678 ",
      ),
    },
    { weight: 1, arbitrary: fc.stringMatching(/^\+?[\d ()-]{6,18}$/) },
  ),
  fc.constantFrom("0121 496 0000", "+1 415 555 0100", "07700", "07012 345678", "call me"),
);
const email = field(
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom("ada@example.com", " jo.bloggs+jobs@mail.example.co.uk ", "zoe@example.org"),
    },
    { weight: 1, arbitrary: fc.emailAddress() },
  ),
  fc.constantFrom("ada@", "a@b", "@example.com", "ada example.com"),
);
const longText = field(
  fc.oneof(
    fc.constantFrom("Six years behind the chair.", " Loves colour. "),
    fc.string({ minLength: 1, maxLength: 5000 }),
  ),
  fc.constantFrom("", "\n\t ", "y".repeat(5001)),
);
const rating = field(
  fc.constantFrom("1", "2", "3", "4", "5", 1, 2, 3, 4, 5, " 3 "),
  fc.constantFrom("", "0", "6", "5.0", "Excellent"),
);
const tick = field(fc.constantFrom("on", true, false, "true", undefined), fc.constantFrom("off", "yes", 1));
const honeypot = fc.oneof(
  { weight: 12, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constantFrom("", "  ") },
  { weight: 1, arbitrary: text },
);

/** Keys nobody should be able to set, sometimes added to a payload. */
const smuggled = fc.dictionary(
  fc.constantFrom(
    "id",
    "created_at",
    "createdAt",
    "salon_id",
    "__proto__",
    "constructor",
    "prototype",
    "isAdmin",
    "return_reason",
  ),
  anyValue,
  { maxKeys: 3 },
);

/** All of a form's fields, now and then with a few left out, plus smuggled keys. */
function payload(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(fields);
  const leftOut: fc.Arbitrary<readonly string[]> = fc.oneof(
    { weight: 4, arbitrary: fc.constant([]) },
    { weight: 1, arbitrary: fc.subarray(names, { maxLength: names.length }) },
  );
  return fc
    .tuple(fc.record({ ...fields, [HONEYPOT_FIELD]: honeypot }), leftOut, smuggled)
    .map(([known, missing, extra]) => {
      // JSON.parse-like own keys (an own "__proto__" included), as a real request body has them.
      const body: Record<string, unknown> = {};
      for (const [key, value] of [...Object.entries(extra), ...Object.entries(known)]) {
        if (missing.includes(key)) continue;
        Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
      }
      return body;
    });
}

const jobPayload = payload({
  name,
  mobile,
  email,
  position: field(
    fc.constantFrom(...STYLIST_POSITIONS, ...APPRENTICE_POSITIONS),
    fc.constantFrom("", "Please select", "10 years"),
  ),
  about: longText,
  why_hair: longText,
  why_us: longText,
  salon: field(fc.constantFrom(1, 2, 3, "1", "3", undefined), fc.constantFrom(0, 4, 99, "main", 1.5)),
  role: field(fc.constantFrom("Stylist", "Apprentice"), fc.constantFrom("", "Manager")),
});

const modelPayload = payload({ name, mobile, info: longText });

const feedbackPayload = payload({
  name,
  mobile,
  intro: rating,
  consultation: rating,
  cleanliness: rating,
  appearance: rating,
  products: rating,
  styling: rating,
  rec: tick,
  points: tick,
  value: rating,
  experience: rating,
  result: rating,
  return: longText,
  repeat: field(fc.constantFrom(...REPEAT_OPTIONS), fc.constantFrom("", "Perhaps", "yes")),
  comments: field(fc.option(fc.string({ maxLength: 200 })), fc.constantFrom("z".repeat(5001))),
  email,
  marketing_email: tick,
  marketing_sms: tick,
});

// ---------------------------------------------------------------------------
// Requests: mostly JSON objects, and every way a body can be wrong
// ---------------------------------------------------------------------------

/** "json": the answer follows from what the server will parse out of the body. */
type Expectation = { kind: "json" } | { kind: "status"; status: 400 | 413 | 415 };

interface Probe {
  body: string;
  contentType: string | null;
  expect: Expectation;
}

function requests(objects: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Probe> {
  const json = (value: unknown): Probe => ({
    body: JSON.stringify(value),
    contentType: "application/json",
    expect: { kind: "json" },
  });
  return fc.oneof(
    { weight: 12, arbitrary: objects.map(json) },
    { weight: 1, arbitrary: objects.map((o) => ({ ...json(o), contentType: "application/json; charset=utf-8" })) },
    // Not an object at all: arrays, strings, numbers, null.
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.jsonValue({ maxDepth: 2 }).filter((v) => typeof v !== "object" || v === null || Array.isArray(v)),
          fc.array(objects, { maxLength: 2 }),
        )
        .map(json),
    },
    // Not JSON.
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constantFrom("", "{", "{'name': 1}", "undefined", "[1,", '{"a":1}}', "\u0000"),
          fc.string({ maxLength: 30 }).filter(notJson),
        )
        .map((body): Probe => ({ body, contentType: "application/json", expect: { kind: "status", status: 400 } })),
    },
    // Wrong or missing content type.
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          objects,
          fc.constantFrom(
            null,
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/xml",
          ),
        )
        .map(
          ([o, contentType]): Probe => ({
            body: JSON.stringify(o),
            contentType,
            expect: { kind: "status", status: 415 },
          }),
        ),
    },
    // Too large, however well-formed.
    {
      weight: 1,
      arbitrary: fc.tuple(objects, fc.nat({ max: 100_000 })).map(
        ([o, extra]): Probe => ({
          body: JSON.stringify({ ...o, name: "x".repeat(SUBMISSION_MAX_BYTES + extra) }),
          contentType: "application/json",
          expect: { kind: "status", status: 413 },
        }),
      ),
    },
  );
}

function notJson(body: string): boolean {
  try {
    JSON.parse(body);
    return false;
  } catch {
    return true;
  }
}

// ---------------------------------------------------------------------------
// Stored rows, read back into the form's own shape
// ---------------------------------------------------------------------------

type Row = Record<string, unknown>;

const jobFromRow = (r: Row) => ({
  name: r.name,
  mobile: r.mobile,
  email: r.email,
  position: r.position,
  about: r.about,
  why_hair: r.why_hair,
  why_us: r.why_us,
  salon: r.salon_id,
  role: r.role,
});
const modelFromRow = (r: Row) => ({ name: r.name, mobile: r.mobile, info: r.info });
const RATINGS = [
  "intro",
  "consultation",
  "cleanliness",
  "appearance",
  "products",
  "styling",
  "value",
  "experience",
  "result",
] as const;
const feedbackFromRow = (r: Row) => ({
  name: r.name,
  mobile: r.mobile,
  ...Object.fromEntries(RATINGS.map((field) => [field, String(r[field])])),
  rec: r.rec,
  points: r.points,
  return: r.return,
  repeat: r.repeat,
  comments: r.comments,
});

interface Endpoint {
  name: string;
  action: (args: { request: Request; context: RouterContextProvider; params: object }) => Promise<Response>;
  table: string;
  schema: z.ZodType;
  fromRow: (row: Row) => Record<string, unknown>;
  /** The part of the accepted value stored in the endpoint's own table (marketing consent has a table of its own). */
  rowPart?: (value: Record<string, unknown>) => Record<string, unknown>;
  payloads: fc.Arbitrary<Record<string, unknown>>;
}

type AnyAction = Endpoint["action"];
const endpoints: Endpoint[] = [
  {
    name: "joinus",
    action: joinusAction as unknown as AnyAction,
    table: "job_applications",
    schema: jobApplicationSchema,
    fromRow: jobFromRow,
    payloads: jobPayload,
  },
  {
    name: "models",
    action: modelsAction as unknown as AnyAction,
    table: "model_applications",
    schema: modelApplicationSchema,
    fromRow: modelFromRow,
    payloads: modelPayload,
  },
  {
    name: "feedback",
    action: feedbackAction as unknown as AnyAction,
    table: "feedback",
    schema: feedbackSchema,
    fromRow: feedbackFromRow,
    rowPart: ({ email: _email, marketing_email: _byEmail, marketing_sms: _byText, ...rest }) => rest,
    payloads: feedbackPayload,
  },
];

describe.each(testDatabases)("hostile submissions on %s", (_name, open) => {
  let database: TestDatabase;
  const previousRateLimits = config().RATE_LIMITS;

  beforeAll(async () => {
    config().RATE_LIMITS = "off";
    database = await open(seedDatabase);
  });
  afterAll(async () => {
    await database?.destroy();
    config().RATE_LIMITS = previousRateLimits;
  });

  async function rows(table: string): Promise<Row[]> {
    return (await database.db.execute<Row>(sql.raw(`select * from ${table} order by id`))).rows;
  }
  async function count(table: string): Promise<number> {
    return (await database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n;
  }

  it.each(endpoints)(
    "POST /api/$name: never a 5xx or a throw, and exactly what the schema accepts is stored",
    async (endpoint) => {
      const statuses = new Map<number, number>();

      await fc.assert(
        fc.asyncProperty(requests(endpoint.payloads), async (probe) => {
          const before = await count(endpoint.table);
          const headers = new Headers();
          if (probe.contentType) headers.set("Content-Type", probe.contentType);
          const request = new Request(`http://localhost/api/${endpoint.name}`, {
            method: "POST",
            headers,
            body: probe.body,
          });

          const response = await endpoint.action({
            request,
            context: testRouterContext(database.db),
            params: {},
          });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect([201, 400, 413, 415, 422]).toContain(response.status);
          const answer = (await response.json()) as {
            ok?: boolean;
            error?: string;
            fieldErrors?: Record<string, string[]>;
          };
          const after = await count(endpoint.table);

          // The oracle: what the same schema says about the same input.
          let expected: { status: number; fieldErrors?: Record<string, string[]>; stored?: unknown };
          if (probe.expect.kind === "status") expected = { status: probe.expect.status };
          else {
            const input: unknown = JSON.parse(probe.body);
            if (typeof input !== "object" || input === null || Array.isArray(input)) expected = { status: 400 };
            // U+0000 anywhere in a JSON body is refused as it is read, before any schema (http.server.ts parseJson).
            else if (JSON.stringify(input).includes("\\u0000")) expected = { status: 400 };
            else if (honeypotFilled((input as Row)[HONEYPOT_FIELD])) expected = { status: 400 };
            else {
              const parsed = endpoint.schema.safeParse(input);
              expected = parsed.success
                ? { status: 201, stored: parsed.data }
                : { status: 422, fieldErrors: fieldErrorsOf(parsed.error) };
            }
          }

          expect(response.status).toBe(expected.status);
          if (expected.status === 201) {
            expect(answer).toEqual({ ok: true });
            expect(after).toBe(before + 1);
            const last = (
              await database.db.execute<Row>(sql.raw(`select * from ${endpoint.table} order by id desc limit 1`))
            ).rows[0]!;
            const accepted = expected.stored as Record<string, unknown>;
            expect(endpoint.fromRow(last)).toEqual(endpoint.rowPart?.(accepted) ?? accepted);
            if (endpoint.name === "feedback") {
              // Exactly the boxes ticked became consents, each tied to this survey.
              const consents = await database.db.execute<Row>(
                sql`select subject, channel from consents where source_ref = ${`feedback/${last.id}`} order by channel`,
              );
              expect(consents.rows).toEqual([
                ...(accepted.marketing_email
                  ? [{ subject: String(accepted.email).toLowerCase(), channel: "email" }]
                  : []),
                ...(accepted.marketing_sms ? [{ subject: accepted.mobile, channel: "sms" }] : []),
              ]);
            }
          } else {
            expect(typeof answer.error).toBe("string");
            expect(after).toBe(before);
            if (expected.fieldErrors) expect(answer.fieldErrors).toEqual(expected.fieldErrors);
          }
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );

      // Some of everything was tried, successes included.
      for (const status of [201, 400, 413, 415, 422])
        expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);

      // Every stored row is one the schema accepts, and is already in its normal form.
      const stored = await rows(endpoint.table);
      expect(stored.length).toBe(statuses.get(201));
      for (const row of stored) {
        const asInput = endpoint.fromRow(row);
        const reparsed = endpoint.schema.safeParse(asInput);
        expect(reparsed.success, JSON.stringify(asInput)).toBe(true);
        const reparsedData = reparsed.data as Record<string, unknown>;
        expect(endpoint.rowPart?.(reparsedData) ?? reparsedData).toEqual(asInput);
      }

      // Nothing leaked onto Object.prototype.
      expect(({} as Row).polluted).toBeUndefined();
      expect(Object.keys(Object.prototype)).toEqual([]);
    },
    600_000,
  );

  it.each(endpoints)("GET and other methods on /api/$name answer 405", async (endpoint) => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const request = new Request(`http://localhost/api/${endpoint.name}`, {
        method,
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
      const response = await endpoint.action({
        request,
        context: testRouterContext(database.db),
        params: {},
      });
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
    }
  });
});
