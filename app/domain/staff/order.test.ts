import { describe, expect, it } from "vitest";
import { inStoredOrder, placeAt, withChanges } from "./order";

const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id);

describe("withChanges", () => {
  const rows = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
  it("applies the moves still on their way, in order, to the stored order", () => {
    expect(
      ids(
        withChanges(rows, [
          { id: 1, direction: "down" },
          { id: 1, direction: "down" },
        ]),
      ),
    ).toEqual([2, 3, 1, 4]);
  });
  it("leaves a row at an end where it is, and ignores a row gone", () => {
    expect(ids(withChanges(rows, [{ id: 1, direction: "up" }]))).toEqual([1, 2, 3, 4]);
    expect(ids(withChanges(rows, [{ id: 9, direction: "down" }]))).toEqual([1, 2, 3, 4]);
  });
  it("puts a row at a place, then steps another, in the order they were sent", () => {
    expect(
      ids(
        withChanges(rows, [
          { id: 4, to: 0 },
          { id: 1, direction: "up" },
        ]),
      ),
    ).toEqual([1, 4, 2, 3]);
  });
  it("never steps a row across the pinned rows' edge", () => {
    const pinned = [{ id: 1, pinned: true }, { id: 2 }, { id: 3 }];
    expect(ids(withChanges(pinned, [{ id: 2, direction: "up" }]))).toEqual([1, 2, 3]);
    expect(ids(withChanges(pinned, [{ id: 1, direction: "down" }]))).toEqual([1, 2, 3]);
  });
});

describe("placeAt", () => {
  const rows = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
  it("puts the row at the place, the others keeping their order", () => {
    expect(ids(placeAt(rows, 1, 2))).toEqual([2, 3, 1, 4]);
    expect(ids(placeAt(rows, 4, 0))).toEqual([4, 1, 2, 3]);
    expect(ids(placeAt(rows, 2, 1))).toEqual([1, 2, 3, 4]);
  });
  it("takes a place past either end as that end", () => {
    expect(ids(placeAt(rows, 2, 99))).toEqual([1, 3, 4, 2]);
    expect(ids(placeAt(rows, 3, -5))).toEqual([3, 1, 2, 4]);
  });
  it("keeps pinned rows first: a row dropped among them lands first of the rest", () => {
    const pinned = [{ id: 1, pinned: true }, { id: 2, pinned: true }, { id: 3 }, { id: 4 }];
    expect(ids(placeAt(pinned, 4, 0))).toEqual([1, 2, 4, 3]);
    expect(ids(placeAt(pinned, 1, 3))).toEqual([2, 1, 3, 4]);
  });
});

describe("inStoredOrder", () => {
  it("puts pinned rows first, then the rest by place, a tie by the older row", () => {
    const rows = [
      { id: 5, order: 1 },
      { id: 2, order: 3 },
      { id: 9, order: 2, pinned: true },
      { id: 1, order: 3 },
      { id: 7, order: 0 },
    ];
    expect(ids(inStoredOrder(rows))).toEqual([9, 7, 5, 1, 2]);
  });
});
