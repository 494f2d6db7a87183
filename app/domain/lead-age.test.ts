import { describe, expect, it } from "vitest";
import { leadAge, openMinutesBetween } from "./lead-age";
import type { DayHours } from "./salon-info";

const at = (iso: string) => new Date(iso);

describe("leadAge", () => {
  it.each([
    ["2030-01-14T09:00:20Z", "just now"],
    ["2030-01-14T09:45:00Z", "45 min"],
    ["2030-01-14T11:00:00Z", "2 h"],
    ["2030-01-14T11:10:59Z", "2 h 10 min"],
    ["2030-01-15T09:00:00Z", "1 day"],
    ["2030-01-17T10:00:00Z", "3 days"],
  ])("at %s a lead from 09:00 is %s old", (now, words) => {
    expect(leadAge(at("2030-01-14T09:00:00Z"), at(now))).toBe(words);
  });
});

describe("openMinutesBetween", () => {
  // Monday to Saturday 09:00–17:00, closed on Sunday.
  const week: DayHours[] = [...Array(6).fill({ opens: "09:00", closes: "17:00" }), null];

  it("counts only the hours the salon is open, across the night", () => {
    // Monday 14 January 2030, 16:30 GMT: half an hour left that day.
    const from = at("2030-01-14T16:30:00Z");
    expect(openMinutesBetween(week, from, at("2030-01-14T20:00:00Z"))).toBe(30);
    expect(openMinutesBetween(week, from, at("2030-01-15T09:00:00Z"))).toBe(30);
    expect(openMinutesBetween(week, from, at("2030-01-15T10:30:00Z"))).toBe(120);
  });

  it("skips a closed day, and reads the hours in UK summer time", () => {
    // Saturday 6 July 2030, 16:00 BST (15:00 UTC) to Monday 8 July, 10:00 BST (09:00 UTC).
    expect(openMinutesBetween(week, at("2030-07-06T15:00:00Z"), at("2030-07-08T09:00:00Z"))).toBe(120);
  });

  it("counts plain minutes for a salon without hours", () => {
    const from = at("2030-01-14T22:00:00Z");
    expect(openMinutesBetween(null, from, at("2030-01-15T00:00:00Z"))).toBe(120);
    expect(openMinutesBetween(Array(7).fill(null), from, at("2030-01-15T00:30:00Z"))).toBe(150);
  });
});
