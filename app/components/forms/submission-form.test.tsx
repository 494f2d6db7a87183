// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { answerIn } from "./submission-form";

const page = (island: string, json: string) =>
  `<!doctype html><html><body><div data-island="${island}"></div><script type="application/json" data-island-props="${island}">${json}</script></body></html>`;

describe("answerIn: the server's answer to a form sent in the browser", () => {
  it("reads the form island's props from the page the server sends back", () => {
    const actionData = {
      status: "invalid",
      result: { status: "error", error: { name: ["Name is required"] } },
      key: "k",
    };
    expect(answerIn(page("model-form", JSON.stringify({ actionData, formKey: "abc" })), "model-form")).toEqual({
      actionData,
      formKey: "abc",
    });
  });

  it("finds nothing in a page without that island, a proxy's error page or broken JSON", () => {
    expect(answerIn(page("job-form", '{"formKey":"abc"}'), "model-form")).toBeNull();
    expect(answerIn("<h1>Bad gateway</h1>", "model-form")).toBeNull();
    expect(answerIn(page("model-form", "{not json"), "model-form")).toBeNull();
  });
});
