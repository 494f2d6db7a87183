import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { type FieldRule, fieldProblems, normaliseUkMobile } from "./field-check";
import {
  feedbackSchema,
  fieldRulesOf,
  jobApplicationSchema,
  modelApplicationSchema,
  positionsForRole,
  quoteDetailsSchema,
  saturdayApplicationSchema,
} from "./forms";

/** The schema's messages by field, as the server answers them: first path segment, no repeats. */
function serverMessages(schema: z.ZodType, values: Record<string, string>): Record<string, string[]> {
  const result = schema.safeParse(values);
  const byField: Record<string, string[]> = {};
  if (result.success) return byField;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "");
    const messages = byField[field] ?? [];
    if (!messages.includes(issue.message)) byField[field] = [...messages, issue.message];
  }
  return byField;
}

const anyText = fc.string({ maxLength: 12, unit: "binary" });

/** What a visitor (or a tampered form) might send in a field with this rule. */
function valuesFor(rule: FieldRule): fc.Arbitrary<string> {
  const edges = ["", "   ", "\u0000", " a\u0001 "];
  const long = rule.max ? ["x".repeat(rule.max[0]), ` ${"x".repeat(rule.max[0])} `, "x".repeat(rule.max[0] + 1)] : [];
  switch (rule.format?.kind) {
    case "email":
      return fc.oneof(
        fc.constantFrom(...edges, ...long, "ada@example.com", " ada@example.com ", "a.b@c.co", "bad@", "a..b@c.co"),
        anyText,
      );
    case "uk-mobile":
      return fc.oneof(
        fc.constantFrom(...edges, "07700 900123", "+44 (0)7700 900123", "0121 496 0000", "12345", "07700 9001234"),
        anyText,
      );
    case "choice": {
      const options = rule.format.options ?? [];
      return fc.oneof(fc.constantFrom(...edges, ...options, ...options.map((o) => ` ${o} `), "nonsense"), anyText);
    }
    default:
      return fc.oneof(fc.constantFrom(...edges, ...long, "Ada Lovelace", " Ada "), anyText);
  }
}

const FORMS: Array<{ name: string; schema: z.ZodObject; fixed: Record<string, fc.Arbitrary<string>> }> = [
  {
    name: "stylist",
    schema: jobApplicationSchema,
    // The page fixes the role and offers only its positions; a position of the other role is the server's to refuse.
    fixed: {
      role: fc.constant("Stylist"),
      position: fc.constantFrom("", "nonsense", ...positionsForRole("Stylist")),
      salon: fc.constant(""),
    },
  },
  {
    name: "saturday",
    schema: saturdayApplicationSchema,
    fixed: { role: fc.constant(""), position: fc.constant(""), salon: fc.constant("") },
  },
  { name: "models", schema: modelApplicationSchema, fixed: {} },
  { name: "feedback", schema: feedbackSchema, fixed: {} },
  { name: "quote", schema: quoteDetailsSchema, fixed: {} },
];

const tickBox = fc.constantFrom("", "on");

describe("the browser's checks say what the server's schema says", () => {
  for (const form of FORMS) {
    it(`${form.name}: the same messages for the same values`, () => {
      const rules = fieldRulesOf(form.schema);
      const fields: Record<string, fc.Arbitrary<string>> = {};
      for (const name of Object.keys(form.schema.shape)) {
        const rule = rules[name];
        fields[name] = form.fixed[name] ?? (rule ? valuesFor(rule) : tickBox);
      }
      fc.assert(
        fc.property(fc.record(fields), (values) => {
          const server = serverMessages(form.schema, values);
          for (const [name, rule] of Object.entries(rules)) {
            expect(fieldProblems(rule, name, values), `${name} = ${JSON.stringify(values[name])}`).toEqual(
              server[name] ?? [],
            );
          }
        }),
        { numRuns: 400 },
      );
    });
  }

  it("every field a visitor fills in has a rule; tick boxes and fixed fields need none", () => {
    expect(Object.keys(fieldRulesOf(quoteDetailsSchema))).toEqual(["name", "mobile", "email", "referral"]);
    expect(Object.keys(fieldRulesOf(modelApplicationSchema))).toEqual(["name", "mobile", "info"]);
    expect(Object.keys(fieldRulesOf(jobApplicationSchema)).sort()).toEqual(
      ["about", "email", "mobile", "name", "position", "role", "why_hair", "why_us"].sort(),
    );
  });

  it("a ticked e-mail box makes the address required, an unticked one does not", () => {
    const rule = fieldRulesOf(feedbackSchema).email!;
    expect(fieldProblems(rule, "email", { email: " ", marketing_email: "on" })).toEqual([
      "Add your email address so we can send you our news, or untick the email box",
    ]);
    expect(fieldProblems(rule, "email", { email: "" })).toEqual([]);
  });

  it("mobile numbers are checked by the same function that normalises them", () => {
    const rule = fieldRulesOf(modelApplicationSchema).mobile!;
    for (const typed of ["07700 900123", "0121 496 0000"]) {
      expect(fieldProblems(rule, "mobile", { mobile: typed }).length === 0).toBe(normaliseUkMobile(typed) !== null);
    }
  });
});
