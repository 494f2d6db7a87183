import { describe, expect, it } from "vitest";
import { focusAfterKey, focusAt, focusOf, focusText, objectPosition } from "./picture-focus";

describe("a picture's focal point", () => {
  it("is the middle for a picture stored before there was one", () => {
    expect(focusOf({})).toEqual({ x: 50, y: 50 });
    expect(focusOf({ focusX: 30, focusY: 0 })).toEqual({ x: 30, y: 0 });
    expect(objectPosition({ x: 30, y: 0 })).toBe("30% 0%");
    expect(focusText({ x: 30, y: 20 })).toBe("30% across, 20% down");
  });

  it("is where a click lands on the picture, in whole percentages, never outside it", () => {
    const box = { left: 100, top: 50, width: 200, height: 250 };
    expect(focusAt(box, 100, 50)).toEqual({ x: 0, y: 0 });
    expect(focusAt(box, 300, 300)).toEqual({ x: 100, y: 100 });
    expect(focusAt(box, 161, 101)).toEqual({ x: 31, y: 20 });
    // A tap on the picture's border counts as its edge.
    expect(focusAt(box, 90, 400)).toEqual({ x: 0, y: 100 });
    expect(focusAt({ left: 0, top: 0, width: 0, height: 0 }, 5, 5)).toEqual({ x: 50, y: 50 });
  });

  it("moves by one percent per arrow key, ten with Shift, and stops at the edges", () => {
    const at = { x: 50, y: 5 };
    expect(focusAfterKey(at, "ArrowLeft", false)).toEqual({ x: 49, y: 5 });
    expect(focusAfterKey(at, "ArrowRight", true)).toEqual({ x: 60, y: 5 });
    expect(focusAfterKey(at, "ArrowUp", true)).toEqual({ x: 50, y: 0 });
    expect(focusAfterKey(at, "ArrowDown", false)).toEqual({ x: 50, y: 6 });
    expect(focusAfterKey({ x: 100, y: 100 }, "ArrowRight", true)).toEqual({ x: 100, y: 100 });
    expect(focusAfterKey(at, "Home", false)).toEqual({ x: 50, y: 50 });
    expect(focusAfterKey(at, "Enter", false)).toBeNull();
  });
});
