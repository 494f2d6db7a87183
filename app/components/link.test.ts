import { describe, expect, it } from "vitest";
import { isCurrent } from "./link";

describe("a navigation link knows the page it leads to", () => {
  it.each([
    ["/team", "/team", false, true],
    ["/team/camille", "/team", false, true],
    ["/team/camille", "/team", true, false],
    ["/teams", "/team", false, false],
    ["/Team/", "/team", false, true],
    ["/", "/", true, true],
    ["/about", "/", false, false],
    ["/", "/about", false, false],
  ])("%s with a link to %s (end: %s): %s", (pathname, to, end, expected) => {
    expect(isCurrent(pathname, to, end)).toBe(expected);
  });
});
