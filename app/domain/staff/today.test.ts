import { describe, expect, it } from "vitest";
import { todayWindows } from "./today";

const iso = (d: Date) => d.toISOString();

describe("todayWindows", () => {
  it("starts today at London's midnight in summer time, an hour before UTC's", () => {
    const w = todayWindows(new Date("2026-07-10T09:15:30Z"));
    expect(w.day).toBe("2026-07-10");
    expect(w.weekday).toBe("Friday");
    expect(w.time).toBe("10:15");
    expect(iso(w.today.from)).toBe("2026-07-09T23:00:00.000Z");
    expect(iso(w.lastWeek.from)).toBe("2026-07-02T23:00:00.000Z");
    expect(iso(w.lastWeek.to)).toBe("2026-07-03T09:15:30.000Z");
  });

  it("counts 00:30 BST as the new day, though UTC still has the day before", () => {
    const w = todayWindows(new Date("2026-07-09T23:30:00Z"));
    expect(w.day).toBe("2026-07-10");
    expect(iso(w.today.from)).toBe("2026-07-09T23:00:00.000Z");
  });

  it("keeps 23:59 GMT in its own day and compares the same wall time across the clock change", () => {
    // Sunday 1 November 2026 is a week after the clocks went back (25 October).
    const w = todayWindows(new Date("2026-11-01T23:59:00Z"));
    expect(w.day).toBe("2026-11-01");
    expect(iso(w.today.from)).toBe("2026-11-01T00:00:00.000Z");
    // A week before was the day the clocks went back: its midnight was still summer time, its 23:59 not.
    expect(iso(w.lastWeek.from)).toBe("2026-10-24T23:00:00.000Z");
    expect(iso(w.lastWeek.to)).toBe("2026-10-25T23:59:00.000Z");
  });
});
