/**
 * A price change for one level: "Senior Stylist, all colour, +3% from
 * 7 December". A level is one uplift over the whole list, so a change that
 * concerns one level cannot be written into the list's prices; it is kept
 * beside the level instead and applied to the level's price of each service
 * it covers, after the uplift, in the order the changes came into force.
 * Like scheduled service prices (price-schedule.ts) it is read by the day:
 * nothing runs at midnight, and a test clock moves it like the real one.
 * Pure, without Zod: the calculator prices with it in the browser.
 */
import type { Level, LevelChange } from "./catalogue";

export interface ScheduledLevelChange extends LevelChange {
  id: number;
  levelId: number;
  /** yyyy-mm-dd: the first London day the change applies. */
  effectiveOn: string;
}

/** A price after a change, in whole pence: a percentage rounded once, halves up; never below £0. */
export function changedPricePence(pricePence: number, change: Pick<LevelChange, "by" | "step">): number {
  const after =
    change.by === "amount"
      ? pricePence + change.step
      : Math.floor((2 * pricePence * (10_000 + change.step) + 10_000) / 20_000);
  return Math.max(0, after);
}

/** Each level with the changes whose day has come, earliest first (the order they compound in). */
export function levelsInForce<L extends Level>(
  levels: readonly L[],
  changes: readonly ScheduledLevelChange[],
  today: string,
): L[] {
  const due = changes
    .filter((change) => change.effectiveOn <= today)
    .sort((a, b) => (a.effectiveOn === b.effectiveOn ? a.id - b.id : a.effectiveOn < b.effectiveOn ? -1 : 1));
  if (due.length === 0) return [...levels];
  return levels.map((level) => {
    const own = due.filter((change) => change.levelId === level.id);
    return own.length === 0 ? level : { ...level, changes: own.map(({ scope, by, step }) => ({ scope, by, step })) };
  });
}
