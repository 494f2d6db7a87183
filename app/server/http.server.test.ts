import { describe, expect, it } from "vitest";
import { HttpError, parseJson } from "./http.server";

const refusal = (text: string) => {
  try {
    parseJson(text);
  } catch (error) {
    return error;
  }
  return undefined;
};

describe("reading a JSON body", () => {
  it("refuses nesting deeper than any of the site's clients send, with a 400 that says so", () => {
    const deep = (n: number) => `{"a":${"[".repeat(n)}${"]".repeat(n)}}`;
    expect(parseJson(deep(30))).toBeTruthy();
    for (const n of [40, 20_000]) {
      const error = refusal(deep(n));
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 400, message: expect.stringContaining("nested too deeply") });
    }
  });

  it("refuses U+0000 in a value or a key, however deep, which PostgreSQL cannot store", () => {
    for (const text of ['{"name":"Ann\\u0000Lee"}', '{"a\\u0000":1}', '{"a":[{"b":["x","\\u0000"]}]}']) {
      expect(refusal(text)).toMatchObject({ status: 400, message: expect.stringContaining("NUL") });
    }
    expect(parseJson('{"name":"Ann Lee","n":1e999}')).toEqual({ name: "Ann Lee", n: Number.POSITIVE_INFINITY });
  });

  it("refuses what is not JSON", () => {
    expect(refusal("{")).toMatchObject({ status: 400, message: "The request body is not valid JSON." });
  });
});
