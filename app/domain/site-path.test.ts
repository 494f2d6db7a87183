import { describe, expect, it } from "vitest";
import { isSitePath } from "./site-path";

describe("a path on this site", () => {
  it.each(["/", "/offers", "/team/amelia-hart", "/staff/leads?status=new", "/images/offers/general.svg", "/a%20b"])(
    "takes %s",
    (path) => {
      expect(isSitePath(path)).toBe(true);
    },
  );

  it.each([
    "",
    "offers",
    "//evil.example/x",
    "/\\evil.example/x",
    "\\\\evil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5cevil.example/x",
    "/ok\\..\\x",
    "/tab\there",
    "/line\nbreak",
    "/%0d%0aSet-Cookie:x",
    "/%E0%A4%A",
    "https://evil.example",
    "javascript:alert(1)",
  ])("refuses %j", (path) => {
    expect(isSitePath(path)).toBe(false);
  });
});
