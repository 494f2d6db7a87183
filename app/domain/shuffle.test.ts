import { describe, expect, it } from "vitest";
import { shuffled } from "./shuffle";

describe("shuffled", () => {
  it("keeps every item exactly once and leaves the input as it was", () => {
    const items = [1, 2, 3, 4, 5, 6];
    const out = shuffled(items, () => 0.37);
    expect([...out].sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("gives every order of three items when the random numbers cover the range", () => {
    const orders = new Set<string>();
    const steps = [0, 0.34, 0.67, 0.99];
    for (const a of steps) for (const b of steps) orders.add(shuffled(["a", "b", "c"], seq([a, b])).join(""));
    expect([...orders].sort()).toEqual(["abc", "acb", "bac", "bca", "cab", "cba"]);
  });
});

function seq(values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
}
