import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isOptOutText, MARKETING_CONSENT_WORDING, parseSubject } from "~/domain/privacy";
import * as t from "../schema.server";
import { type TestDatabase, testDatabases } from "../test-databases";
import {
  consentState,
  marketingText,
  recordMarketingConsents,
  unsubscribePathFor,
  unsubscribeTokenFor,
  unsubscribeWithToken,
} from "./consents.server";
import { twilioSignature, validTwilioSignature } from "./twilio-signature.server";

describe("Twilio's webhook signature", () => {
  // The worked example Twilio publishes with its webhook security guide.
  const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
  const params: [string, string][] = [
    ["To", "+18005551212"],
    ["CallSid", "CA1234567890ABCDE"],
    ["Digits", "1234"],
    ["From", "+12349013030"],
    ["Caller", "+12349013030"],
  ];

  it("matches Twilio's published example, whatever order the parameters come in", () => {
    expect(twilioSignature("12345", url, params)).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
    expect(validTwilioSignature("12345", "0/KCTR6DLpKmkAf8muzZqo1nDgQ=", url, params)).toBe(true);
  });

  it("refuses a changed parameter, another URL, another token, no token and no signature", () => {
    const signature = "0/KCTR6DLpKmkAf8muzZqo1nDgQ=";
    const tampered = params.map(([k, v]): [string, string] => [k, k === "Digits" ? "9999" : v]);
    expect(validTwilioSignature("12345", signature, url, tampered)).toBe(false);
    expect(validTwilioSignature("12345", signature, "https://mycompany.com/myapp.php", params)).toBe(false);
    expect(validTwilioSignature("54321", signature, url, params)).toBe(false);
    expect(validTwilioSignature(undefined, signature, url, params)).toBe(false);
    expect(validTwilioSignature("12345", null, url, params)).toBe(false);
    expect(validTwilioSignature("12345", signature.slice(0, -1), url, params)).toBe(false);
  });
});

describe("opt-out texts", () => {
  it.each(["STOP", "stop", " Stop. ", "UNSUBSCRIBE", "cancel", "End", "QUIT", "stopall", "OPTOUT", "revoke"])(
    "%j opts out",
    (body) => expect(isOptOutText(body)).toBe(true),
  );
  it.each(["START", "YES", "UNSTOP", "Please stop by at 3", "stop it", ""])("%j does not", (body) =>
    expect(isOptOutText(body)).toBe(false),
  );

  // Replies as clients send them: 12 of these 18 opt-outs were missed.
  it.each([
    "Stop please",
    "STOP 🛑",
    "stop.",
    "Stop!!!",
    "Please stop",
    "STOP THANKS",
    "Stop 😡😡",
    "ＳＴＯＰ",
    "\u202DStop\u202C",
    "Unsubscribe me",
    "please stop texting me",
    "Stop sending me messages",
    "Stop texting me!",
    "No more texts please",
    "Don't text me again",
    "Opt out",
    "remove me from your list",
    "STOPALL",
  ])("%j opts out", (body) => expect(isOptOutText(body)).toBe(true));

  it.each([
    "Don't stop the appointment",
    "Don't stop texting me, love the offers!",
    "Can I cancel my appointment?",
    "I need to cancel, sorry",
    "Is it ok to stop by a bit earlier?",
    "Can you stop the colour at the roots?",
    "See you at the end of the week",
    "Thanks, see you Friday x",
    "Stop it, you're making me blush 😂",
    "How much to quit the fringe and grow it out?",
  ])("%j does not", (body) => expect(isOptOutText(body)).toBe(false));
});

describe("rights request identifiers", () => {
  it.each([
    ["  Jo@Example.COM ", { kind: "email", value: "jo@example.com" }],
    ["jo@MÜNCHEN.de\u200B", { kind: "email", value: "jo@xn--mnchen-3ya.de" }],
    ["07700 900123", { kind: "mobile", value: "+447700900123" }],
    ["+44 (0)7700 900123", { kind: "mobile", value: "+447700900123" }],
    ["0044 7700 900123", { kind: "mobile", value: "+447700900123" }],
  ])("%j is %j", (typed, expected) => expect(parseSubject(typed)).toEqual(expected));
  it.each(["jo@", "01632 960214", "hello", ""])("%j is neither", (typed) => expect(parseSubject(typed)).toBeNull());
});

describe("marketing texts", () => {
  it("always end with the way to stop them, once", () => {
    expect(marketingText("20% off colour this week!")).toBe("20% off colour this week! Reply STOP to opt out.");
    expect(marketingText("Hi. Reply STOP to opt out.")).toBe("Hi. Reply STOP to opt out.");
  });
});

describe.each(testDatabases)("consents on %s", (_kind, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("records only what was ticked, with its wording and source", async () => {
    const stored = await recordMarketingConsents(
      database.db,
      { email: { address: "Ann@Example.com", granted: true }, sms: { mobile: "+447700900333", granted: false } },
      "quote-form",
      "quotes/7",
    );
    expect(stored).toBe(1);
    const rows = await database.db.select().from(t.consents);
    expect(rows).toEqual([
      expect.objectContaining({
        subject: "ann@example.com",
        channel: "email",
        granted: true,
        wording: MARKETING_CONSENT_WORDING.email,
        source: "quote-form",
        sourceRef: "quotes/7",
      }),
    ]);
    expect(await consentState(database.db, "+447700900333", "sms")).toMatchObject({ granted: false, since: null });
  });

  it("a marketing e-mail's unsubscribe link is one per address, and using it withdraws the consent", async () => {
    const path = await unsubscribePathFor(database.db, "ANN@example.com");
    const token = /^\/unsubscribe\/([A-Za-z0-9_-]{22})$/.exec(path)?.[1];
    expect(token).toBeDefined();
    // One token per address, the same in every e-mail.
    expect(await unsubscribePathFor(database.db, "ann@example.com")).toBe(path);
    expect(await unsubscribeTokenFor(database.db, "ann@example.com")).toBe(token);

    expect(await unsubscribeWithToken(database.db, token as string)).toBe(true);
    expect(await consentState(database.db, "ann@example.com", "email")).toMatchObject({
      granted: false,
      source: "unsubscribe-link",
    });
    await expect(unsubscribePathFor(database.db, "ann@example.com")).rejects.toThrow(/No e-mail marketing consent/);
    expect(await unsubscribeWithToken(database.db, "A".repeat(22))).toBe(false);
  });
});
