/**
 * The job, model and feedback forms as a visitor uses them: every message of
 * each field on an empty submit, the thank-you box and the stored row on a
 * valid one, and nothing lost when the server or the connection fails.
 */
import type { Locator, Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { expect, type Site, test } from "./fixtures";
import { expectAccessible, expectOneH1, scriptsReady, trackConsoleErrors } from "./helpers";

const SEND_FAILED =
  "We couldn't send your form. Please check your connection and try again — everything you typed is still here.";
/** The server got the form but failed: the visitor is not told to check their connection. */
const SERVER_FAILED =
  "Sorry, our server couldn't save your form just now: the problem is on our side, not your connection. Please try again in a few minutes — everything you typed is still here. If it keeps happening, please call the salon.";
const CORRECT_FIELDS = "Please correct the highlighted fields";
const FEEDBACK_SUMMARY = "Looks like you've missed something out! Please answer all of the questions (highlighted red)";
const JOB_SUCCESS = "Thanks for applying! We'll be in touch when a position becomes available";
const FEEDBACK_SUCCESS = "Thanks for your feedback! We really appreciate it.";
const MODEL_SUCCESS_START = "Thank you for offering to model for us!";

const QUESTIONS = [
  "How were you welcomed on arrival?",
  "How thorough was your consultation before we started?",
  "How clean and tidy was the salon?",
  "How well presented was your stylist?",
  "How well did we explain the products used on your hair?",
  "How happy were you with the styling and finish?",
  "How would you rate the value for money?",
  "How would you rate your overall experience with us?",
  "How happy were you with the end result?",
];
const REPEAT_QUESTION = "Would you visit us again?";
const RETURN_QUESTION = "What has stopped you coming back to see us?";

// The site runs inside this worker's process: these tests send far more forms
// than one address may, so the limit is lifted while they run (one test has it back).
let savedRateLimits: Site["settings"]["RATE_LIMITS"] = "on";
test.beforeEach(({ site }) => {
  savedRateLimits = site.settings.RATE_LIMITS;
  site.settings.RATE_LIMITS = "off";
});
test.afterEach(({ site }) => {
  site.settings.RATE_LIMITS = savedRateLimits;
});

const unique = () => Math.random().toString(36).slice(2, 8);

async function rows(site: Site, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = (await site.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

// ---------------------------------------------------------------------------
// The five forms
// ---------------------------------------------------------------------------

interface FormCase {
  name: string;
  path: string;
  summary: string;
  /** Accessible name of each control → its message on an empty submit. */
  messages: Array<[string, string]>;
  /** Radio groups (by question) → message. */
  groupMessages?: Array<[string, string]>;
  success: string;
  /** Fills a valid form, the mobile typed as people type it; returns what identifies the row. */
  fill(page: Page): Promise<string>;
  /** The stored row of `key`, or undefined. */
  row(site: Site, key: string): Promise<Record<string, unknown> | undefined>;
  /** Values that must still be in the form after a failed send. */
  kept: Array<[string, string]>;
}

const JOB_MESSAGES: Array<[string, string]> = [
  ["Full Name", "Full Name is required"],
  ["Mobile number", "Mobile number is required"],
  ["Email Address", "Email Address is required"],
  ["About yourself", "About yourself is required"],
  ["Why hairdressing?", "Why hairdressing required"],
  ["Why us?", "Why us required"],
];

function jobCase(name: string, path: string, position: string | null): FormCase {
  return {
    name,
    path,
    summary: CORRECT_FIELDS,
    messages: position
      ? [...JOB_MESSAGES.slice(0, 3), ["Position", "Position is required"], ...JOB_MESSAGES.slice(3)]
      : JOB_MESSAGES,
    success: JOB_SUCCESS,
    async fill(page) {
      const email = `applicant-${unique()}@example.com`;
      await page.getByLabel("Full Name").fill("  Ada Lovelace ");
      await page.getByLabel("Mobile number").fill("+44 7700 900 123");
      await page.getByLabel("Email Address").fill(email);
      if (position) await page.getByLabel("Position").selectOption(position);
      await page.getByLabel("About yourself").fill("Six years behind the chair.");
      await page.getByLabel("Why hairdressing?").fill("I love making people feel good.");
      await page.getByLabel("Why us?").fill("Your academy and your team.");
      return email;
    },
    async row(site, email) {
      return (
        await rows(
          site,
          sql`select name, mobile, email, position, role, salon_id, about, why_hair, why_us from job_applications where email = ${email}`,
        )
      )[0];
    },
    kept: [
      ["Full Name", "  Ada Lovelace "],
      ["Mobile number", "+44 7700 900 123"],
      ["Why us?", "Your academy and your team."],
    ],
  };
}

const stylist = jobCase("stylist", "/recruitment/stylist", "3 - 5 years");
const apprentice = jobCase("apprentice", "/recruitment/apprentice", "partway through");
const saturday = jobCase("saturday", "/recruitment/saturday", null);

const models: FormCase = {
  name: "models-info",
  path: "/models-info",
  summary: CORRECT_FIELDS,
  messages: [
    ["Name", "Name is required"],
    ["Mobile number", "Mobile number is required"],
    ["Additional Information", "Additional Information required"],
  ],
  success: MODEL_SUCCESS_START,
  async fill(page) {
    const info = `Long natural brown hair, free on Tuesdays (${unique()}).`;
    await page.getByLabel("Name", { exact: true }).fill("Mia Stone");
    await page.getByLabel("Mobile number").fill("+44 7700 900 123");
    await page.getByLabel("Additional Information").fill(info);
    return info;
  },
  async row(site, info) {
    return (await rows(site, sql`select name, mobile, info from model_applications where info = ${info}`))[0];
  },
  kept: [
    ["Name", "Mia Stone"],
    ["Mobile number", "+44 7700 900 123"],
  ],
};

const feedback: FormCase = {
  name: "feedback",
  path: "/feedback",
  summary: FEEDBACK_SUMMARY,
  messages: [
    ["Full Name", "Full Name is required"],
    ["Mobile number", "Mobile number is required"],
    [RETURN_QUESTION, "Please Answer"],
  ],
  groupMessages: [
    ...QUESTIONS.map((q): [string, string] => [q, "Please select an option"]),
    [REPEAT_QUESTION, "Please select an option"],
  ],
  success: FEEDBACK_SUCCESS,
  async fill(page) {
    const reason = `I moved away (${unique()}).`;
    await page.getByLabel("Full Name").fill("Sam Lee");
    await page.getByLabel("Mobile number").fill("+44 7700 900 123");
    for (const [index, question] of QUESTIONS.entries()) {
      await page
        .getByRole("radiogroup", { name: question })
        .getByRole("radio", { name: `${(index % 5) + 1} –`, exact: false })
        .check();
    }
    await page.getByLabel("I've been told about the recommend-a-friend scheme").check();
    await page.getByLabel(RETURN_QUESTION).fill(reason);
    await page.getByRole("radiogroup", { name: REPEAT_QUESTION }).getByRole("radio", { name: "Maybe" }).check();
    return reason;
  },
  async row(site, reason) {
    return (
      await rows(
        site,
        sql`select name, mobile, intro, consultation, cleanliness, appearance, products, styling, value, experience, result, rec, points, "return", repeat, comments from feedback where "return" = ${reason}`,
      )
    )[0];
  },
  kept: [
    ["Full Name", "Sam Lee"],
    [RETURN_QUESTION, ""],
  ],
};

const FORMS = [stylist, apprentice, saturday, models, feedback];

function control(page: Page, label: string): Locator {
  return page.getByLabel(label, { exact: true });
}

async function send(page: Page) {
  await page.getByRole("button", { name: /^Send my/ }).click();
}

// ---------------------------------------------------------------------------
// Empty and valid submits
// ---------------------------------------------------------------------------

for (const form of FORMS) {
  test.describe(form.path, () => {
    test("an empty submit shows every field's message, marks the fields and focuses the summary", async ({ page }) => {
      // Two accessibility sweeps of a long form, and every field's message read back: more than the default on a
      // busy machine.
      test.setTimeout(60_000);
      const errors = trackConsoleErrors(page);
      await page.goto(form.path);
      await expectOneH1(page);
      await scriptsReady(page);
      await expectAccessible(page);

      // Nothing is shown before the first submit.
      await expect(page.getByRole("alert")).toHaveCount(0);
      await expect(control(page, form.messages[0]![0])).not.toHaveAttribute("aria-invalid");

      await send(page);
      const summary = page.getByRole("alert").filter({ hasText: form.summary });
      await expect(summary).toBeVisible();
      await expect(summary).toBeFocused();

      for (const [label, message] of form.messages) {
        const field = control(page, label);
        await expect(field, label).toHaveAttribute("aria-invalid", "true");
        await expect(field, label).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(message)}\\b`));
        await expect(summary.getByRole("link", { name: message })).toHaveCount(1);
      }
      for (const [question, message] of form.groupMessages ?? []) {
        const group = page.getByRole("radiogroup", { name: question });
        await expect(group, question).toHaveAttribute("aria-invalid", "true");
        await expect(group, question).toHaveAccessibleDescription(message);
        await expect(summary.getByRole("link", { name: `${question} — ${message}` })).toHaveCount(1);
      }
      const expectedCount = form.messages.length + (form.groupMessages?.length ?? 0);
      await expect(summary.getByRole("listitem")).toHaveCount(expectedCount);

      // A summary link takes the visitor to the field.
      await summary.getByRole("link").first().click();
      await expect(control(page, form.messages[0]![0])).toBeFocused();

      await expectAccessible(page);
      expect(errors).toEqual([]);
    });

    test("a valid submit shows the thank-you box and stores the row, mobile normalised", async ({ page, site }) => {
      const errors = trackConsoleErrors(page);
      await page.goto(form.path);
      await scriptsReady(page);
      const key = await form.fill(page);
      await send(page);

      const thanks = page.getByRole("status").filter({ hasText: form.success });
      await expect(thanks).toBeVisible();
      await expect(thanks).toBeFocused();
      await expect(page.getByRole("button", { name: /^Send my/ })).toHaveCount(0);

      const row = await form.row(site, key);
      expect(row).toBeDefined();
      expect(row!.mobile).toBe("+447700900123");
      await expectAccessible(page);
      expect(errors).toEqual([]);
    });

    test("a lost connection or a server error keeps everything typed, and sending again works", async ({
      page,
      site,
    }) => {
      await page.goto(form.path);
      await scriptsReady(page);
      const key = await form.fill(page);

      for (const failure of ["abort", "500"] as const) {
        // The form's script posts to the page's own address.
        await page.route(
          (url) => url.pathname === form.path,
          (route) => {
            if (route.request().method() !== "POST") return route.continue();
            return failure === "abort"
              ? route.abort("internetdisconnected")
              : route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Bad gateway</h1>" });
          },
        );
        await send(page);
        // Only a request that never got an answer is the connection's fault; an error answer is the server's.
        const notice = page.getByRole("alert").filter({ hasText: failure === "abort" ? SEND_FAILED : SERVER_FAILED });
        await expect(notice, failure).toBeVisible();
        await expect(page.getByRole("alert"), failure).toHaveCount(1);
        await expect(notice, failure).toBeFocused();
        await expect(page.getByRole("button", { name: /^Send my/ }), failure).toBeEnabled();
        for (const [label, value] of form.kept) {
          if (value) await expect(control(page, label), `${failure}: ${label}`).toHaveValue(value);
        }
        expect(await form.row(site, key), failure).toBeUndefined();
        await page.unrouteAll();
      }

      await send(page);
      await expect(page.getByRole("status").filter({ hasText: form.success })).toBeVisible();
      expect(await form.row(site, key)).toBeDefined();
    });
  });
}

// ---------------------------------------------------------------------------
// In the browser: Conform with the server's schema
// ---------------------------------------------------------------------------

test.describe("with JavaScript", () => {
  test("a field's message shows as the visitor leaves it, the server's own, before any request is sent", async ({
    page,
    request,
  }) => {
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.goto("/models-info");
    await scriptsReady(page);
    const mobile = page.getByLabel("Mobile number");
    await page.getByLabel("Name", { exact: true }).fill("Mia Stone");
    await mobile.fill("01632 960123");
    await mobile.press("Tab");
    // What the server answers for the very same value, through the JSON door of the same schema.
    const answer = await request.post("/api/models", {
      data: { name: "Mia Stone", mobile: "01632 960123", info: "x" },
    });
    expect(answer.status()).toBe(422);
    const serverMessage = ((await answer.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.mobile![0]!;
    expect(serverMessage).toBe("Valid Mobile number is required");
    await expect(mobile).toHaveAttribute("aria-invalid", "true");
    await expect(mobile).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(serverMessage)}`));
    // A field not yet visited says nothing; the summary waits for a submit.
    await expect(page.getByLabel("Additional Information")).not.toHaveAttribute("aria-invalid");
    await expect(page.getByRole("alert")).toHaveCount(0);

    // A submit with a problem left is stopped in the browser: the summary, the focus on it, no request.
    await page.getByRole("button", { name: "Send my details" }).click();
    const summary = page.getByRole("alert").filter({ hasText: CORRECT_FIELDS });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link", { name: "Additional Information required" })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Mia Stone");
    expect(posts).toEqual([]);

    // Corrected as the visitor types: the message goes at once.
    await mobile.fill("07700 900123");
    await expect(mobile).not.toHaveAttribute("aria-invalid");
    expect(posts).toEqual([]);
  });

  test("the schemas come with the first touch of the form, and a field left before they arrive is still checked", async ({
    page,
  }) => {
    await page.goto("/models-info");
    await scriptsReady(page);
    await page.waitForLoadState("networkidle");
    // A visitor who only reads fetches nothing more.
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(500);
    expect(scripts).toEqual([]);
    // A slow network: the schemas take a second and a half to come, and the visitor leaves a field meanwhile.
    await page.route("**/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const mobile = page.getByLabel("Mobile number");
    await mobile.fill("01632 960123");
    await mobile.press("Tab");
    expect(scripts.length).toBeGreaterThan(0);
    await expect(mobile).not.toHaveAttribute("aria-invalid");
    await expect(mobile).toHaveAttribute("aria-invalid", "true", { timeout: 5000 });
    await expect(mobile).toHaveAccessibleDescription(/^Valid Mobile number is required/);
  });

  test("a double click sends the form once: one request, one stored row, then the thank-you box", async ({
    page,
    site,
  }) => {
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.goto("/models-info");
    await scriptsReady(page);
    const key = await models.fill(page);
    // The answer is held back a moment, so the second click lands while the first send is on its way.
    await page.route(
      (url) => url.pathname === "/models-info",
      async (route) => {
        if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue();
      },
    );
    await page.getByRole("button", { name: "Send my details" }).dblclick();
    await expect(page.getByRole("status").filter({ hasText: MODEL_SUCCESS_START })).toBeFocused();
    expect(posts).toHaveLength(1);
    const stored = await rows(site, sql`select id from model_applications where info = ${key}`);
    expect(stored).toHaveLength(1);
  });
});

test.describe("when the database fails to store a form", () => {
  /** Makes every insert into model_applications fail in the database, for the length of `run`. */
  async function withFailingStore(site: Site, run: () => Promise<void>) {
    await site.db.execute(sql`create or replace function e2e_refuse_insert() returns trigger language plpgsql as $$
      begin raise exception 'the test refuses this insert'; end $$`);
    await site.db.execute(sql`create trigger e2e_refuse before insert on model_applications
      for each row execute function e2e_refuse_insert()`);
    try {
      await run();
    } finally {
      await site.db.execute(sql`drop trigger if exists e2e_refuse on model_applications`);
      await site.db.execute(sql`drop function if exists e2e_refuse_insert()`);
    }
  }

  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled });

      test("the visitor is told the server failed, not their connection, and keeps what they typed", async ({
        page,
        site,
      }) => {
        await page.goto(models.path);
        if (javaScriptEnabled) await scriptsReady(page);
        const key = await models.fill(page);
        await withFailingStore(site, async () => {
          const answered = page.waitForResponse((r) => r.request().method() === "POST");
          await send(page);
          expect((await answered).status()).toBe(503);
          const notice = page.getByRole("alert").filter({ hasText: SERVER_FAILED });
          await expect(notice).toBeVisible();
          await expect(page.getByText("check your connection")).toHaveCount(0);
          for (const [label, value] of models.kept) if (value) await expect(control(page, label)).toHaveValue(value);
          expect(await models.row(site, key)).toBeUndefined();
        });
        await send(page);
        await expect(page.getByRole("status").filter({ hasText: MODEL_SUCCESS_START })).toBeVisible();
        expect(await models.row(site, key)).toBeDefined();
      });
    });
  }
});

// ---------------------------------------------------------------------------
// Form by form
// ---------------------------------------------------------------------------

test("the stylist form stores a trimmed Stylist application for the main salon", async ({ page, site }) => {
  await page.goto(stylist.path);
  await scriptsReady(page);
  const email = await stylist.fill(page);
  await send(page);
  await expect(page.getByText(JOB_SUCCESS)).toBeVisible();
  await expect(page.getByText("covers both our salons and the academy")).toBeVisible();
  expect(await stylist.row(site, email)).toEqual({
    name: "Ada Lovelace",
    mobile: "+447700900123",
    email,
    position: "3 - 5 years",
    role: "Stylist",
    salon_id: 1,
    about: "Six years behind the chair.",
    why_hair: "I love making people feel good.",
    why_us: "Your academy and your team.",
  });
});

test("the position select offers each role's options, and 'Please select' is no answer", async ({ page }) => {
  for (const [path, options] of [
    ["/recruitment/stylist", ["Please select", "less than one year", "1 - 3 years", "3 - 5 years", "5 plus years"]],
    [
      "/recruitment/apprentice",
      ["Please select", "new to hairdressing", "partway through", "already qualified", "other"],
    ],
  ] as const) {
    await page.goto(path);
    await scriptsReady(page);
    await expect(page.getByLabel("Position").locator("option")).toHaveText([...options]);
    await expect(page.getByLabel("Position")).toHaveValue("");
    await send(page);
    await expect(page.getByLabel("Position")).toHaveAccessibleDescription(/^Position is required/);
    // Answering clears its message as the visitor goes.
    await page.getByLabel("Position").selectOption(options[2]);
    await expect(page.getByLabel("Position")).not.toHaveAttribute("aria-invalid");
  }
});

test("the apprentice form stores an Apprentice, the Saturday form an Apprentice new to hairdressing", async ({
  page,
  site,
}) => {
  await page.goto(apprentice.path);
  await scriptsReady(page);
  const apprenticeEmail = await apprentice.fill(page);
  await send(page);
  await expect(page.getByText(JOB_SUCCESS)).toBeVisible();
  expect(await apprentice.row(site, apprenticeEmail)).toMatchObject({
    role: "Apprentice",
    position: "partway through",
  });

  await page.goto(saturday.path);
  await expect(page.getByRole("heading", { name: "The Pre Apprenticeship Scheme" })).toBeVisible();
  await expect(page.getByLabel("Position")).toHaveCount(0);
  await scriptsReady(page);
  const saturdayEmail = await saturday.fill(page);
  await send(page);
  await expect(page.getByText(JOB_SUCCESS)).toBeVisible();
  expect(await saturday.row(site, saturdayEmail)).toMatchObject({
    role: "Apprentice",
    position: "new to hairdressing",
    salon_id: 1,
  });
});

test("the model page links back to models and to the academy", async ({ page }) => {
  await page.goto(models.path);
  await expect(page.getByRole("link", { name: "Back to models" })).toHaveAttribute("href", "/models");
  const academy = page.getByRole("link", { name: /Visit the training academy website/ });
  await expect(academy).toHaveAttribute("href", /^(https?:\/\/|\/models$)/);
});

test("the feedback survey: headline, intro, nine 1–5 questions, tick boxes, Yes/No/Maybe; stores what was answered", async ({
  page,
  site,
}) => {
  await page.goto(feedback.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your feedback is important to us");
  await expect(page.getByText(/appointment with one of our stylists last year/)).toBeVisible();
  for (const question of QUESTIONS) {
    const group = page.getByRole("radiogroup", { name: question });
    await expect(group.getByRole("radio")).toHaveCount(5);
    for (const label of ["1 – Poor", "2 – Fair", "3 – Good", "4 – Very good", "5 – Excellent"]) {
      await expect(group.getByRole("radio", { name: label, exact: true })).toHaveCount(1);
    }
  }
  const repeat = page.getByRole("radiogroup", { name: REPEAT_QUESTION });
  for (const answer of ["Yes", "No", "Maybe"])
    await expect(repeat.getByRole("radio", { name: answer, exact: true })).toHaveCount(1);
  await expect(page.getByLabel("I've been told about the loyalty points scheme")).not.toBeChecked();

  await scriptsReady(page);
  const reason = await feedback.fill(page);
  await page.getByLabel(/Anything else you'd like to tell us/).fill("  Lovely staff.  ");
  await send(page);
  await expect(page.getByText(FEEDBACK_SUCCESS)).toBeVisible();
  expect(await feedback.row(site, reason)).toEqual({
    name: "Sam Lee",
    mobile: "+447700900123",
    intro: 1,
    consultation: 2,
    cleanliness: 3,
    appearance: 4,
    products: 5,
    styling: 1,
    value: 2,
    experience: 3,
    result: 4,
    rec: true,
    points: false,
    return: reason,
    repeat: "Maybe",
    comments: "Lovely staff.",
  });
});

test("a wrong mobile number gets the 'Valid …' message, and the honeypot is out of sight and reach", async ({
  page,
}) => {
  await page.goto(models.path);
  await scriptsReady(page);
  await page.getByLabel("Mobile number").fill("0121 496 0000");
  await send(page);
  await expect(page.getByLabel("Mobile number")).toHaveAccessibleDescription(/^Valid Mobile number is required/);

  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot).toHaveAttribute("autocomplete", "off");
  const box = await honeypot.boundingBox();
  expect(box === null || box.x + box.width <= 0).toBe(true);
});

test("a filled honeypot stores nothing and says so, keeping what was typed", async ({ page, site }) => {
  await page.goto(models.path);
  await scriptsReady(page);
  const info = await models.fill(page);
  await page.locator('input[name="website"]').fill("http://spam.example", { force: true });
  await send(page);
  await expect(page.getByRole("alert").filter({ hasText: "Your request could not be processed." })).toBeVisible();
  await expect(page.getByLabel("Additional Information")).toHaveValue(info);
  expect(await models.row(site, info)).toBeUndefined();
});

test("past the rate limit the visitor is told to wait, and keeps what they typed", async ({ page, site }) => {
  site.settings.RATE_LIMITS = "on";
  // This address has already sent its allowance in the current ten-minute window.
  const windowMs = 600_000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  // The next window too, should the clock cross into it before the form is sent.
  const windows = [windowStart, new Date(windowStart.getTime() + windowMs)];
  for (const address of ["127.0.0.1", "::ffff:127.0.0.1", "::1"]) {
    for (const start of windows) {
      await site.db.execute(
        sql`insert into rate_limits (key, window_start, count) values (${`submit:models:${address}`}, ${start.toISOString()}, 5)
            on conflict (key, window_start) do update set count = 5`,
      );
    }
  }
  try {
    await page.goto(models.path);
    await scriptsReady(page);
    const info = await models.fill(page);
    await send(page);
    await expect(
      page.getByRole("alert").filter({ hasText: "Please wait a few minutes, then try again." }),
    ).toBeVisible();
    await expect(page.getByLabel("Additional Information")).toHaveValue(info);
    expect(await models.row(site, info)).toBeUndefined();
  } finally {
    await site.db.execute(sql`delete from rate_limits where key like 'submit:models:%'`);
  }
});

test("the JSON API: 201 once stored, 422 with each field's messages, 405, 413 and 415", async ({ request, site }) => {
  const info = `Bob cut, happy to go shorter (${unique()}).`;
  const created = await request.post("/api/models", {
    data: { name: " Mia Stone ", mobile: "07700 900 123", info, id: 1, created_at: "2001-01-01" },
  });
  expect(created.status()).toBe(201);
  expect(await created.json()).toEqual({ ok: true });
  expect(await models.row(site, info)).toEqual({ name: "Mia Stone", mobile: "+447700900123", info });

  const invalid = await request.post("/api/joinus", { data: { role: "Stylist", position: "" } });
  expect(invalid.status()).toBe(422);
  expect((await invalid.json()).fieldErrors).toEqual({
    name: ["Full Name is required"],
    mobile: ["Mobile number is required"],
    email: ["Email Address is required"],
    position: ["Position is required"],
    about: ["About yourself is required"],
    why_hair: ["Why hairdressing required"],
    why_us: ["Why us required"],
  });

  expect((await request.get("/api/feedback")).status()).toBe(405);
  expect((await request.post("/api/feedback", { form: { name: "Sam" } })).status()).toBe(415);
  expect(
    (
      await request.post("/api/feedback", {
        headers: { "Content-Type": "application/json" },
        data: JSON.stringify({ name: "x".repeat(70_000) }),
      })
    ).status(),
  ).toBe(413);
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("every form page fits the screen, with its errors shown too", async ({ page }) => {
    for (const form of FORMS) {
      await page.goto(form.path);
      await scriptsReady(page);
      await send(page);
      await expect(page.getByRole("alert").filter({ hasText: form.summary })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, form.path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the model form shows the messages, keeps what was typed, then thanks the visitor", async ({ page, site }) => {
    await page.goto(models.path);
    await page.getByLabel("Name", { exact: true }).fill("Mia Stone");
    await send(page);

    await expect(page.getByRole("alert").filter({ hasText: CORRECT_FIELDS })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Mia Stone");
    await expect(page.getByLabel("Name", { exact: true })).not.toHaveAttribute("aria-invalid");
    await expect(page.getByLabel("Mobile number")).toHaveAccessibleDescription(/^Mobile number is required/);
    await expect(page.getByLabel("Additional Information")).toHaveAccessibleDescription(
      /^Additional Information required/,
    );

    const info = await models.fill(page);
    await send(page);
    await expect(page.getByText(MODEL_SUCCESS_START)).toBeVisible();
    expect(await models.row(site, info)).toEqual({ name: "Mia Stone", mobile: "+447700900123", info });
  });

  test("the feedback form keeps chosen ratings and ticks across a failed submit", async ({ page }) => {
    await page.goto(feedback.path);
    await page.getByRole("radiogroup", { name: QUESTIONS[0]! }).getByRole("radio", { name: "4 – Very good" }).check();
    await page.getByLabel("I've been told about the loyalty points scheme").check();
    await send(page);
    await expect(page.getByRole("alert").filter({ hasText: FEEDBACK_SUMMARY })).toBeVisible();
    await expect(
      page.getByRole("radiogroup", { name: QUESTIONS[0]! }).getByRole("radio", { name: "4 – Very good" }),
    ).toBeChecked();
    await expect(page.getByRole("radiogroup", { name: QUESTIONS[0]! })).not.toHaveAttribute("aria-invalid");
    await expect(page.getByLabel("I've been told about the loyalty points scheme")).toBeChecked();
    await expect(page.getByRole("radiogroup", { name: QUESTIONS[1]! })).toHaveAttribute("aria-invalid", "true");
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
