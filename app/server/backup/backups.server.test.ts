import { describe, expect, it } from "vitest";
import { backupsToKeep } from "./backups.server";

/** One backup a night at 03:30 UTC for `days` nights ending on `last`, newest first. */
function nightly(last: string, days: number) {
  const end = new Date(`${last}T03:30:00Z`).getTime();
  return Array.from({ length: days }, (_, i) => ({ at: new Date(end - i * 86_400_000) }));
}
const days = (kept: Set<{ at: Date }>) =>
  [...kept].map((b) => b.at.toISOString().slice(0, 10)).sort((a, b) => b.localeCompare(a));

describe("the backup retention rule", () => {
  it("keeps 7 daily, 5 weekly and 12 monthly backups out of two years of nightly ones", () => {
    const all = nightly("2026-11-26", 730);
    const kept = days(backupsToKeep(all, { daily: 7, weekly: 5, monthly: 12 }));
    // The last 7 days, then the newest of each earlier week (Sundays end ISO weeks), then of each month.
    expect(kept.slice(0, 7)).toEqual([
      "2026-11-26",
      "2026-11-25",
      "2026-11-24",
      "2026-11-23",
      "2026-11-22",
      "2026-11-21",
      "2026-11-20",
    ]);
    expect(kept).toContain("2026-11-15");
    expect(kept).toContain("2026-11-08");
    expect(kept).toContain("2026-10-31");
    expect(kept).toContain("2025-12-31");
    expect(kept).not.toContain("2025-11-30");
    expect(kept).not.toContain("2026-11-19");
    expect(kept.length).toBeLessThanOrEqual(7 + 5 + 12);
    expect(kept.length).toBeGreaterThanOrEqual(12);
  });

  it("keeps the newest of several backups a day, and always the newest of all", () => {
    const at = (iso: string) => ({ at: new Date(iso) });
    const all = [at("2026-11-26T15:00:00Z"), at("2026-11-26T03:30:00Z"), at("2026-11-25T03:30:00Z")];
    expect([...backupsToKeep(all, { daily: 1, weekly: 0, monthly: 0 })]).toEqual([all[0]]);
    expect(backupsToKeep(all, { daily: 2, weekly: 0, monthly: 0 })).toEqual(new Set([all[0], all[2]]));
  });
});
