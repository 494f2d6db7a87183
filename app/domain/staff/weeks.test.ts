import { describe, expect, it } from "vitest";
import { byWeek, lastWeeks, weekLabel, weekOf } from "./weeks";

describe("weeks in London time", () => {
  it("starts a week on Monday", () => {
    expect(weekOf(new Date("2026-11-23T12:00:00Z"))).toBe("2026-11-23"); // a Monday
    expect(weekOf(new Date("2026-11-29T12:00:00Z"))).toBe("2026-11-23"); // the Sunday after
    expect(weekOf(new Date("2026-11-30T00:00:00Z"))).toBe("2026-11-30");
  });

  it("counts just after midnight on a summer Monday in that week, not the UTC Sunday", () => {
    // 00:30 BST on Monday 6 July is 23:30 UTC on Sunday 5 July.
    expect(weekOf(new Date("2026-07-05T23:30:00Z"))).toBe("2026-07-06");
    // In winter London is UTC.
    expect(weekOf(new Date("2026-11-29T23:30:00Z"))).toBe("2026-11-23");
  });

  it("crosses the clock changes and the new year with whole weeks", () => {
    expect(weekOf(new Date("2026-03-29T12:00:00Z"))).toBe("2026-03-23"); // the Sunday clocks go forward
    expect(weekOf(new Date("2027-01-01T09:00:00Z"))).toBe("2026-12-28");
    expect(lastWeeks(new Date("2026-04-01T12:00:00Z"), 3)).toEqual(["2026-03-16", "2026-03-23", "2026-03-30"]);
  });

  it("names the window's Mondays oldest first, this week last", () => {
    const weeks = lastWeeks(new Date("2026-11-25T08:00:00Z"));
    expect(weeks).toHaveLength(12);
    expect(weeks[11]).toBe("2026-11-23");
    expect(weeks[0]).toBe("2026-09-07");
    expect(weeks.at(-2)).toBe("2026-11-16");
  });

  it("fills the weeks with no rows with zeros, per series", () => {
    const weeks = ["2026-11-09", "2026-11-16", "2026-11-23"];
    const rows = [
      { week: "2026-11-09", salon: "Brixton", n: 2 },
      { week: "2026-11-23", salon: "Brixton", n: 1 },
      { week: "2026-11-16", salon: "Clapham", n: 4 },
      { week: "2026-08-03", salon: "Clapham", n: 9 }, // outside the window
    ];
    const series = byWeek(
      weeks,
      rows,
      (r) => r.salon,
      (r) => r.n,
    );
    expect(Object.fromEntries(series)).toEqual({ Brixton: [2, 0, 1], Clapham: [0, 4, 0] });
  });

  it("labels a week by its Monday", () => {
    expect(weekLabel("2026-11-02")).toBe("2 Nov");
  });
});
