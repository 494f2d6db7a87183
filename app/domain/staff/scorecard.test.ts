import { describe, expect, it } from "vitest";
import { type ScorecardSums, scorecardBy } from "./scorecard";

const cell = (over: Partial<ScorecardSums>): ScorecardSums => ({
  week: "2026-11-23",
  salonId: 1,
  stylistId: 0,
  levelId: 1,
  leads: 0,
  quotedPence: 0,
  booked: 0,
  bookedPence: 0,
  chargedLeads: 0,
  chargedPence: 0,
  chargedWithinTenPercent: 0,
  replyMinutes: [],
  replyLeads: [],
  ...over,
});
const grid = { weeks: ["2026-11-23"], salonIds: [1] };

describe("the scorecard's figures from kept sums", () => {
  it("takes the median of reply times over every cell of a group, the mean of the middle two when even", () => {
    // Level 1: replies at 10, 10, 40; level 2: 20 and 90. Together 10, 10, 20, 40, 90: median 20.
    const sums = [
      cell({ leads: 4, replyMinutes: [40, 10], replyLeads: [1, 2] }),
      cell({ levelId: 2, leads: 2, replyMinutes: [90, 20], replyLeads: [1, 1] }),
    ];
    const [week] = scorecardBy("salon-week", sums, 30, grid);
    expect(week?.figures).toMatchObject({
      leads: 6,
      replied: 5,
      replyMedianMinutes: 20,
      replyWorstMinutes: 90,
      repliedWithinTarget: 3,
    });
    const byLevel = scorecardBy("level", sums, 30, grid).map((r) => [r.levelId, r.figures.replyMedianMinutes]);
    expect(byLevel).toEqual([
      [1, 10],
      [2, 55],
    ]);
  });

  it("adds up a time given more than once, and leaves out times whose leads came to nothing", () => {
    // A lead first counted at 300 minutes, then moved to 30 (its -1 at 300 not folded in yet).
    const sums = [
      cell({ leads: 1, replyMinutes: [300, 300, 30], replyLeads: [1, -1, 1] }),
      cell({ levelId: 2, leads: 1, replyMinutes: [30], replyLeads: [1] }),
    ];
    const [week] = scorecardBy("salon-week", sums, 60, grid);
    expect(week?.figures).toMatchObject({
      replied: 2,
      replyMedianMinutes: 30,
      replyWorstMinutes: 30,
      repliedWithinTarget: 2,
    });
  });

  it("shows a quiet week as nothing, and no stylist without a lead", () => {
    const rows = scorecardBy("salon-week", [], 60, { weeks: ["2026-11-16", "2026-11-23"], salonIds: [1, 2] });
    expect(rows.map((r) => [r.salonId, r.week, r.figures.leads, r.figures.replyMedianMinutes])).toEqual([
      [1, "2026-11-16", 0, null],
      [1, "2026-11-23", 0, null],
      [2, "2026-11-16", 0, null],
      [2, "2026-11-23", 0, null],
    ]);
    expect(scorecardBy("stylist", [cell({ stylistId: 4, leads: 0 })], 60, grid)).toEqual([]);
  });
});
