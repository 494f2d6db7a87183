import { describe, expect, it } from "vitest";
import { describeSubject, parseSubject, rightsCountsInWords } from "./privacy";

describe("who a rights request is about", () => {
  it("reads an e-mail address in lower case and a UK mobile in E.164, however typed", () => {
    expect(parseSubject("  Jo.Quill@Example.COM ")).toEqual({ kind: "email", value: "jo.quill@example.com" });
    expect(parseSubject("0044 (0)7700-900-111")).toEqual({ kind: "mobile", value: "+447700900111" });
    // A day given with an address or number changes nothing.
    expect(parseSubject("07700 900111", "2026-11-26")).toEqual({ kind: "mobile", value: "+447700900111" });
  });

  it("takes a name only with a real calendar day, white space folded", () => {
    expect(parseSubject("  Joanna   Quill ", "2026-11-26")).toEqual({
      kind: "name",
      value: "Joanna Quill",
      day: "2026-11-26",
    });
    expect(parseSubject("Joanna Quill")).toBeNull();
    expect(parseSubject("Joanna Quill", "")).toBeNull();
    expect(parseSubject("Joanna Quill", "2026-02-30")).toBeNull();
    expect(parseSubject("Joanna Quill", "26/11/2026")).toBeNull();
  });

  it("refuses what is no identifier at all: a bad address, a number that is not a UK mobile, one letter", () => {
    expect(parseSubject("jo@", "2026-11-26")).toBeNull();
    expect(parseSubject("01632 960214", "2026-11-26")).toBeNull();
    expect(parseSubject("J", "2026-11-26")).toBeNull();
    expect(parseSubject("x".repeat(101), "2026-11-26")).toBeNull();
  });

  it("says who it is about as staff read it", () => {
    expect(describeSubject({ kind: "email", value: "jo@example.com" })).toBe("jo@example.com");
    expect(describeSubject({ kind: "name", value: "Jo Quill", day: "2026-11-26" })).toBe(
      "Jo Quill (records of 2026-11-26)",
    );
  });
});

describe("a rights request's counts in the audit log", () => {
  it("reads as words, the kinds with none left out", () => {
    expect(
      rightsCountsInWords(
        '{"quotes":2,"jobApplications":1,"modelApplications":0,"identifiers":3,"auditEntries":1,"digests":0}',
      ),
    ).toBe("Saved quotes 2 · Job applications 1 · Addresses and numbers gathered 3 · Audit entries redacted 1");
  });

  it("says nothing was held when every count is 0, and leaves other text alone", () => {
    expect(rightsCountsInWords('{"quotes":0,"identifiers":0}')).toBe("nothing held");
    expect(rightsCountsInWords("Booked")).toBe("Booked");
    expect(rightsCountsInWords("[1,2]")).toBe("[1,2]");
  });
});
