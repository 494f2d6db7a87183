import { describe, expect, it } from "vitest";
import type { Level } from "./catalogue";
import { levelsInForce, type ScheduledLevelChange } from "./level-changes";

const levels: Level[] = [
  { id: 1, name: "New Starter", adapterBp: -2000 },
  { id: 8, name: "Senior Stylist", adapterBp: 1232 },
];

const change = (id: number, levelId: number, effectiveOn: string, step: number): ScheduledLevelChange => ({
  id,
  levelId,
  effectiveOn,
  scope: "kind-2",
  by: "percent",
  step,
});

describe("the levels in force", () => {
  it("carry no change before its day, and it from its day on, the day itself included", () => {
    const rows = [change(1, 8, "2026-12-07", 300)];
    expect(levelsInForce(levels, rows, "2026-12-06")).toEqual(levels);
    const [starter, senior] = levelsInForce(levels, rows, "2026-12-07");
    expect(senior?.changes).toEqual([{ scope: "kind-2", by: "percent", step: 300 }]);
    expect(starter).toEqual(levels[0]);
  });

  it("apply a level's changes in the order of their days, then of their saving", () => {
    const rows = [change(3, 8, "2027-01-01", 500), change(2, 8, "2026-12-07", 200), change(1, 8, "2026-12-07", 100)];
    const senior = levelsInForce(levels, rows, "2027-06-01")[1];
    expect(senior?.changes?.map((c) => c.step)).toEqual([100, 200, 500]);
  });
});
