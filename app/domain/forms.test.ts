import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { EMAILS, MOBILES, NAMES } from "../../tests/corpus/text/typed-text";
import {
  APPRENTICE_POSITIONS,
  FEEDBACK_MESSAGES,
  FEEDBACK_QUESTIONS,
  FEEDBACK_RATING_FIELDS,
  FEEDBACK_SUCCESS,
  FEEDBACK_SUMMARY_MESSAGE,
  feedbackSchema,
  HONEYPOT_FIELD,
  honeypotFilled,
  JOB_SUCCESS,
  jobApplicationSchema,
  modelApplicationSchema,
  QUOTE_SUCCESS,
  quoteDetailsSchema,
  REFERRAL_OPTIONS,
  STYLIST_POSITIONS,
  saturdayApplicationSchema,
  staffPersonSchema,
} from "./forms";
import { normaliseUkMobile, withoutUntypeable } from "./typed-text";

/** Field → messages, the way a form shows them. */
function messagesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".");
    byField[field] = [...(byField[field] ?? []), issue.message];
  }
  return byField;
}

function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

const validJob = {
  name: "Ada Lovelace",
  mobile: "07700 900123",
  email: "ada@example.com",
  position: "3 - 5 years",
  about: "Six years behind the chair.",
  why_hair: "I love making people feel good.",
  why_us: "Your academy.",
  role: "Stylist",
};

const validModel = { name: "Mia Stone", mobile: "07700 900456", info: "Shoulder-length, natural brown." };

const validFeedback = {
  name: "Sam Lee",
  mobile: "07700 900789",
  intro: "5",
  consultation: "4",
  cleanliness: "5",
  appearance: "5",
  products: "3",
  styling: "4",
  value: "4",
  experience: "5",
  result: "5",
  return: "I moved away.",
  repeat: "Maybe",
};

const validQuote = { name: "Jo Bloggs", mobile: "07700 900321", email: "jo@example.com", referral: "Google" };

// The messages visitors see, written out letter for letter here (not taken from the module under test).
const REQUIRED_MESSAGES: ReadonlyArray<[string, z.ZodType, Record<string, string>]> = [
  [
    "job application (Stylist/Apprentice)",
    jobApplicationSchema,
    {
      name: "Full Name is required",
      mobile: "Mobile number is required",
      email: "Email Address is required",
      position: "Position is required",
      about: "About yourself is required",
      why_hair: "Why hairdressing required",
      why_us: "Why us required",
    },
  ],
  [
    "Saturday/evening application",
    saturdayApplicationSchema,
    {
      name: "Full Name is required",
      mobile: "Mobile number is required",
      email: "Email Address is required",
      about: "About yourself is required",
      why_hair: "Why hairdressing required",
      why_us: "Why us required",
    },
  ],
  [
    "model application",
    modelApplicationSchema,
    { name: "Name is required", mobile: "Mobile number is required", info: "Additional Information required" },
  ],
  [
    "feedback",
    feedbackSchema,
    {
      name: "Full Name is required",
      mobile: "Mobile number is required",
      intro: "Please select an option",
      consultation: "Please select an option",
      cleanliness: "Please select an option",
      appearance: "Please select an option",
      products: "Please select an option",
      styling: "Please select an option",
      value: "Please select an option",
      experience: "Please select an option",
      result: "Please select an option",
      return: "Please Answer",
      repeat: "Please select an option",
    },
  ],
  [
    "quote details",
    quoteDetailsSchema,
    {
      name: "Your name is required",
      mobile: "Your mobile number is required",
      email: "Email Address is required",
      referral: "How did you hear about us is required",
    },
  ],
];

describe.each(REQUIRED_MESSAGES)("%s: required messages", (_form, schema, expected) => {
  const blanks: Array<[string, unknown]> = [
    ["missing", undefined],
    ["empty", ""],
    ["all spaces", "   "],
    ["null (JSON)", null],
  ];

  it.each(blanks)("%s values give exactly the required-field messages", (_case, blank) => {
    const input = blank === undefined ? {} : Object.fromEntries(Object.keys(expected).map((key) => [key, blank]));
    // Only the required fields are in error, each with its single message.
    const wanted = Object.fromEntries(Object.entries(expected).map(([field, message]) => [field, [message]]));
    const got = messagesOf(schema, input);
    // The job form's hidden role is not a visitor-facing field; leave it out of this comparison.
    delete got.role;
    expect(got).toEqual(wanted);
  });
});

describe("present but invalid gives the 'Valid …' message", () => {
  it.each([
    ["job", jobApplicationSchema, validJob, "mobile", "0121 496 0000", "Valid Mobile number is required"],
    ["job", jobApplicationSchema, validJob, "email", "ada@", "Valid Email address is required"],
    ["Saturday", saturdayApplicationSchema, validJob, "email", "not an email", "Valid Email address is required"],
    ["model", modelApplicationSchema, validModel, "mobile", "07700", "Valid Mobile number is required"],
    ["feedback", feedbackSchema, validFeedback, "mobile", "call me", "Valid Mobile number is required"],
    ["quote", quoteDetailsSchema, validQuote, "mobile", "+1 415 555 0100", "A valid mobile number is required"],
    ["quote", quoteDetailsSchema, validQuote, "email", "jo@example", "Valid Email Address is required"],
    ["feedback", feedbackSchema, validFeedback, "intro", "6", "Please select an option"],
    ["feedback", feedbackSchema, validFeedback, "repeat", "Perhaps", "Please select an option"],
    [
      "quote",
      quoteDetailsSchema,
      validQuote,
      "referral",
      "Radio",
      "Please choose how you heard about us from the list",
    ],
  ] as const)("%s %s = %j", (_form, schema, valid, field, value, message) => {
    expect(messagesOf(schema, { ...valid, [field]: value })).toEqual({ [field]: [message] });
  });

  it("the quote really checks the mobile (the old site read the wrong field)", () => {
    expect(messagesOf(quoteDetailsSchema, { ...validQuote, mobile: "abc" })).toEqual({
      mobile: ["A valid mobile number is required"],
    });
  });
});

describe("valid submissions", () => {
  it("job application: trimmed, mobile in E.164, salon defaults to 1", () => {
    expect(
      parsed(jobApplicationSchema, {
        ...validJob,
        name: "  Ada Lovelace ",
        email: " ada@example.com ",
        mobile: " 07700-900-123 ",
        about: "\n Six years. \n",
      }),
    ).toEqual({
      ...validJob,
      mobile: "+447700900123",
      about: "Six years.",
      salon: 1,
      role: "Stylist",
    });
  });

  it.each([
    ["Stylist", STYLIST_POSITIONS],
    ["Apprentice", APPRENTICE_POSITIONS],
  ] as const)("every %s position is accepted for that role", (role, positions) => {
    for (const position of positions) {
      expect(parsed(jobApplicationSchema, { ...validJob, role, position }).position).toBe(position);
    }
  });

  it.each([
    ["1", 1],
    [" 3 ", 3],
    [2, 2],
  ] as const)("salon %j is read as %i", (salon, id) => {
    expect(parsed(jobApplicationSchema, { ...validJob, salon }).salon).toBe(id);
  });

  it.each([0, 4, "1.5", "main"])("salon %j is refused", (salon) => {
    expect(Object.keys(messagesOf(jobApplicationSchema, { ...validJob, salon }))).toEqual(["salon"]);
  });

  it("model application", () => {
    expect(parsed(modelApplicationSchema, validModel)).toEqual({ ...validModel, mobile: "+447700900456" });
  });

  it("feedback: tick boxes are booleans, false until ticked; blank comments are null", () => {
    expect(parsed(feedbackSchema, { ...validFeedback, comments: "   " })).toEqual({
      ...validFeedback,
      mobile: "+447700900789",
      rec: false,
      points: false,
      comments: null,
      email: null,
      marketing_email: false,
      marketing_sms: false,
    });
    const ticked = parsed(feedbackSchema, { ...validFeedback, rec: "on", points: true, comments: " Lovely! " });
    expect([ticked.rec, ticked.points, ticked.comments]).toEqual([true, true, "Lovely!"]);
  });

  it("feedback: a rating sent as a number by a JSON client is read as text", () => {
    expect(parsed(feedbackSchema, { ...validFeedback, intro: 4 }).intro).toBe("4");
  });

  it.each(REFERRAL_OPTIONS)("quote details with referral %s", (referral) => {
    expect(parsed(quoteDetailsSchema, { ...validQuote, referral })).toEqual({
      ...validQuote,
      referral,
      mobile: "+447700900321",
      marketing_email: false,
      marketing_sms: false,
      // No skin-test question was asked (the form says so when it asks), and no consultation was requested.
      skin_test_asked: false,
      consultation: false,
    });
  });
});

describe("marketing opt-ins", () => {
  it("are false unless ticked, on the quote details and the feedback survey alike", () => {
    const quote = parsed(quoteDetailsSchema, { ...validQuote, marketing_email: "on" });
    expect([quote.marketing_email, quote.marketing_sms]).toEqual([true, false]);
    const survey = parsed(feedbackSchema, { ...validFeedback, marketing_sms: "on" });
    expect([survey.marketing_email, survey.marketing_sms]).toEqual([false, true]);
  });

  it("by e-mail on the feedback survey needs an address, which is optional otherwise", () => {
    expect(messagesOf(feedbackSchema, { ...validFeedback, marketing_email: "on" })).toEqual({
      email: [FEEDBACK_MESSAGES.emailForMarketing],
    });
    expect(messagesOf(feedbackSchema, { ...validFeedback, email: "not-an-address" })).toEqual({
      email: [FEEDBACK_MESSAGES.emailInvalid],
    });
    expect(parsed(feedbackSchema, { ...validFeedback, marketing_email: "on", email: " jo@example.com " }).email).toBe(
      "jo@example.com",
    );
  });
});

describe("'Please select' (value \"\") is no answer", () => {
  it.each([
    ["job position", jobApplicationSchema, validJob, "position", "Position is required"],
    ["quote referral", quoteDetailsSchema, validQuote, "referral", "How did you hear about us is required"],
    ["feedback rating", feedbackSchema, validFeedback, "value", "Please select an option"],
    ["feedback repeat", feedbackSchema, validFeedback, "repeat", "Please select an option"],
  ] as const)("%s", (_case, schema, valid, field, message) => {
    expect(messagesOf(schema, { ...valid, [field]: "" })).toEqual({ [field]: [message] });
  });

  it("the old site's option text itself is not an answer either", () => {
    expect(messagesOf(jobApplicationSchema, { ...validJob, position: "Please select" })).toEqual({
      position: ["Please choose one of the listed positions"],
    });
  });

  it.each([
    ["Stylist", "partway through"],
    ["Apprentice", "5 plus years"],
  ])("a %s cannot pick %j (the other role's option)", (role, position) => {
    expect(messagesOf(jobApplicationSchema, { ...validJob, role, position })).toEqual({
      position: ["Please choose one of the listed positions"],
    });
  });
});

describe("Saturday/evening form", () => {
  const { position: _notAsked, role: _hidden, ...saturdayInput } = validJob;

  it("defaults role to Apprentice and position to 'new to hairdressing'", () => {
    expect(parsed(saturdayApplicationSchema, saturdayInput)).toEqual({
      ...saturdayInput,
      mobile: "+447700900123",
      salon: 1,
      role: "Apprentice",
      position: "new to hairdressing",
    });
  });

  it("treats blank role and position as not asked", () => {
    const application = parsed(saturdayApplicationSchema, { ...saturdayInput, role: "", position: " " });
    expect([application.role, application.position]).toEqual(["Apprentice", "new to hairdressing"]);
  });

  it("still checks a position that is sent anyway", () => {
    expect(messagesOf(saturdayApplicationSchema, { ...saturdayInput, position: "5 plus years" })).toEqual({
      position: ["Please choose one of the listed positions"],
    });
  });
});

describe("unknown keys are stripped, never stored", () => {
  it.each([
    ["job", jobApplicationSchema, validJob],
    ["Saturday", saturdayApplicationSchema, validJob],
    ["model", modelApplicationSchema, validModel],
    ["feedback", feedbackSchema, validFeedback],
    ["quote", quoteDetailsSchema, validQuote],
  ] as const)("%s", (_form, schema, valid) => {
    const output = parsed<object>(schema, { ...valid, [HONEYPOT_FIELD]: "http://spam.example", isAdmin: true });
    expect(output).not.toHaveProperty(HONEYPOT_FIELD);
    expect(output).not.toHaveProperty("isAdmin");
  });
});

describe("length limits", () => {
  it.each([
    ["job", jobApplicationSchema, validJob, "name", 101, "Full Name must be 100 characters or fewer"],
    ["job", jobApplicationSchema, validJob, "about", 5001, "About yourself must be 5000 characters or fewer"],
    [
      "model",
      modelApplicationSchema,
      validModel,
      "info",
      5001,
      "Additional Information must be 5000 characters or fewer",
    ],
    ["feedback", feedbackSchema, validFeedback, "comments", 5001, "Comments must be 5000 characters or fewer"],
    ["quote", quoteDetailsSchema, validQuote, "name", 101, "Your name must be 100 characters or fewer"],
  ] as const)("%s %s of %i characters", (_form, schema, valid, field, length, message) => {
    expect(messagesOf(schema, { ...valid, [field]: "a".repeat(length) })).toEqual({ [field]: [message] });
  });

  it("the limit counts what is left after trimming", () => {
    expect(parsed(jobApplicationSchema, { ...validJob, name: ` ${"a".repeat(100)} ` }).name).toHaveLength(100);
  });

  it("an e-mail address longer than 254 characters is too long", () => {
    const email = `${"a".repeat(64)}@${"b".repeat(186)}.com`;
    expect(messagesOf(quoteDetailsSchema, { ...validQuote, email })).toEqual({
      email: ["Email Address must be 254 characters or fewer"],
    });
  });
});

describe("normaliseUkMobile", () => {
  it.each([
    ["07700900123", "+447700900123"],
    ["07700 900123", "+447700900123"],
    ["07700 900 123", "+447700900123"],
    ["07700-900-123", "+447700900123"],
    ["07700.900.123", "+447700900123"],
    ["(07700) 900123", "+447700900123"],
    ["  07700 900123  ", "+447700900123"],
    ["+447700900123", "+447700900123"],
    ["+44 7700 900123", "+447700900123"],
    ["+44 (0)7700 900123", "+447700900123"],
    ["+44 (0) 7700 900 123", "+447700900123"],
    ["+44-7700-900123", "+447700900123"],
    ["0044 7700 900123", "+447700900123"],
    ["00447700900123", "+447700900123"],
    ["447700900123", "+447700900123"],
    ["7700 900123", "+447700900123"],
    ["07123 456789", "+447123456789"],
    ["07412 345678", "+447412345678"],
    ["07512 345678", "+447512345678"],
    ["07912 345678", "+447912345678"],
    ["07624 123456", "+447624123456"],
  ])("accepts %j as %s", (typed, e164) => {
    expect(normaliseUkMobile(typed)).toBe(e164);
  });

  it.each([
    ["empty", ""],
    ["spaces only", "   "],
    ["too short", "07700 90012"],
    ["too long", "07700 9001234"],
    ["landline (London)", "020 7946 0000"],
    ["landline (Birmingham)", "0121 496 0000"],
    ["landline in international form", "+44 20 7946 0000"],
    ["freephone", "0800 123 4567"],
    ["pager range 076", "07600 123456"],
    ["personal number 070", "07012 345678"],
    ["letters", "07700 9OO123"],
    ["words", "call me"],
    ["foreign number", "+1 415 555 0100"],
    ["foreign mobile with 00", "0033 612345678"],
    ["plus in the middle", "07700+900123"],
    ["two pluses", "++447700900123"],
    ["extension", "07700 900123 ext 2"],
    ["+44 with a second 0", "+44 00 7700 900123"],
    ["absurdly long", `07700 900123${" ".repeat(40)}1`],
  ])("rejects %s (%j)", (_case, typed) => {
    expect(normaliseUkMobile(typed)).toBeNull();
  });
});

describe("through Conform (as the browser and route actions parse a form)", () => {
  function formData(fields: Record<string, string>): FormData {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return data;
  }

  it("empty fields give the required-field messages", () => {
    const submission = parseWithZod(formData({ name: "", mobile: "", email: "", referral: "" }), {
      schema: quoteDetailsSchema,
    });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      name: ["Your name is required"],
      mobile: ["Your mobile number is required"],
      email: ["Email Address is required"],
      referral: ["How did you hear about us is required"],
    });
  });

  it("a valid Saturday form parses with its defaults and without the honeypot", () => {
    const { position: _notAsked, role: _hidden, ...fields } = validJob;
    const submission = parseWithZod(
      formData({ ...fields, mobile: "+44 (0)7700 900123", salon: "1", [HONEYPOT_FIELD]: "" }),
      { schema: saturdayApplicationSchema },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      ...fields,
      mobile: "+447700900123",
      salon: 1,
      role: "Apprentice",
      position: "new to hairdressing",
    });
  });

  it("an unticked feedback box is false, a ticked one true", () => {
    const submission = parseWithZod(formData({ ...validFeedback, rec: "on", comments: "" }), {
      schema: feedbackSchema,
    });
    expect(
      submission.status === "success" && [submission.value.rec, submission.value.points, submission.value.comments],
    ).toEqual([true, false, null]);
  });
});

describe("honeypotFilled", () => {
  it.each([
    [undefined, false],
    [null, false],
    ["", false],
    ["  ", false],
    ["http://spam.example", true],
    [1, true],
  ])("%j → %s", (value, spam) => {
    expect(honeypotFilled(value)).toBe(spam);
  });
});

describe("texts", () => {
  it("success and summary texts are the agreed wording", () => {
    expect(JOB_SUCCESS).toBe("Thanks for applying! We'll be in touch when a position becomes available");
    expect(FEEDBACK_SUCCESS).toBe("Thanks for your feedback! We really appreciate it.");
    expect(QUOTE_SUCCESS).toBe("Great! You'll receive your estimated quote via email and text message very soon!");
    expect(FEEDBACK_SUMMARY_MESSAGE).toBe(
      "Looks like you've missed something out! Please answer all of the questions (highlighted red)",
    );
  });

  it("every rating field has a question", () => {
    for (const field of FEEDBACK_RATING_FIELDS) expect(FEEDBACK_QUESTIONS[field]).toMatch(/\?$/);
  });
});

describe("text nobody types is dropped before validation (PostgreSQL refuses NUL)", () => {
  it("NUL and other control characters are removed, tabs and line breaks kept (as one \\n each)", () => {
    const application = parsed(modelApplicationSchema, {
      ...validModel,
      name: "Mia\u0000 Stone\u0007",
      info: "Line one\r\n\tLine two\u001f",
    });
    expect(application.name).toBe("Mia Stone");
    expect(application.info).toBe("Line one\n\tLine two");
  });

  it("a value of nothing but control characters counts as missing", () => {
    expect(messagesOf(modelApplicationSchema, { ...validModel, name: " \u0000\u0001 " })).toEqual({
      name: ["Name is required"],
    });
  });

  it("lone surrogates are dropped, real pairs (emoji) kept", () => {
    expect(
      parsed(feedbackSchema, { ...validFeedback, return: "Moved \uD800away \u{1F487}", comments: "\uDC00" }),
    ).toMatchObject({
      return: "Moved away \u{1F487}",
      comments: null,
    });
  });

  it("withoutUntypeable leaves ordinary text alone", () => {
    const text = "Zoë’s “balayage” — 5★, ça va? 髪\n";
    expect(withoutUntypeable(text)).toBe(text);
  });
});

describe("numbers, addresses and names as people paste them", () => {
  const forms = [
    ["job application", jobApplicationSchema, validJob],
    ["model application", modelApplicationSchema, validModel],
    ["feedback", feedbackSchema, validFeedback],
    ["quote details", quoteDetailsSchema, validQuote],
  ] as const;

  it.each(forms)("the %s takes every mobile of the corpus", (_form, schema, valid) => {
    for (const { typed, e164 } of MOBILES) {
      const result = schema.safeParse({ ...valid, mobile: typed });
      expect(result.error?.issues ?? [], typed).toEqual([]);
      expect((result.data as { mobile: string }).mobile).toBe(e164);
    }
  });

  it.each([
    ["job application", jobApplicationSchema, validJob],
    ["quote details", quoteDetailsSchema, validQuote],
  ] as const)("the %s takes every e-mail of the corpus, stored so it delivers", (_form, schema, valid) => {
    for (const { typed, stored } of EMAILS) {
      const result = schema.safeParse({ ...valid, email: typed });
      expect(result.error?.issues ?? [], typed).toEqual([]);
      expect((result.data as { email: string }).email).toBe(stored);
    }
  });

  it("a staff account's person takes every name and e-mail of the corpus, and refuses what cannot be an address", () => {
    for (const [name, email] of NAMES.map((n, i) => [n, EMAILS[i % EMAILS.length]] as const)) {
      const result = staffPersonSchema.safeParse({ name: name.typed, email: email?.typed });
      expect(result.error?.issues ?? [], `${name.typed} ${email?.typed}`).toEqual([]);
      expect(result.data).toEqual({ name: name.stored, email: email?.stored });
    }
    for (const email of [
      "",
      "olivia@",
      "olivia.example.com",
      "olivia@example",
      "@example.com",
      `${"o".repeat(250)}@example.com`,
    ])
      expect(staffPersonSchema.safeParse({ name: "Olivia Owner", email }).success, email).toBe(false);
    expect(staffPersonSchema.safeParse({ name: " \u200B ", email: "olivia@example.com" }).success).toBe(false);
  });

  it("names are stored in NFC with the invisible marks gone, long answers keep their lines", () => {
    for (const { typed, stored } of NAMES)
      expect(parsed(quoteDetailsSchema, { ...validQuote, name: typed }).name).toBe(stored);
    expect(parsed(jobApplicationSchema, { ...validJob, about: "Line one\u200B\r\nLine two" }).about).toBe(
      "Line one\nLine two",
    );
  });

  it("a value of nothing but invisible marks counts as missing", () => {
    expect(messagesOf(quoteDetailsSchema, { ...validQuote, name: "\u200B\u202D", mobile: "\u202D\u202C" })).toEqual({
      name: ["Your name is required"],
      mobile: ["Your mobile number is required"],
    });
  });
});
